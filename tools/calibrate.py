"""Calibrate the named bot levels: a ladder per game, 2-player, anchored to random and greedy.

For every game it plays novice against random, each level against the one below, and
expert against greedy; each pair in an arena (seats rotated, seeds derived from --seed)
into OUT/<game>-<upper>-<lower>/, and prints a Markdown table: the upper bot's share of
wins with its 95% Wilson interval, the aim (75% against an anchor, 65% against the
level below) and each bot's slowest decision. Runs resume, so a longer run adds games
to the same folders.

    python tools/calibrate.py --games 200 --workers 2 --out results/calibration
    python tools/calibrate.py --games 40 --only horus --pairs strong-expert
    python tools/calibrate.py --games 200 --players 4   # expert against three greedy seats

With ``--players`` above 2 it plays expert against greedy in every other seat, and the
aim is a win share whose whole 95% interval lies above the fair share 1/n.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from scarab.agents import LEVELS
from scarab.arena import ArenaSpec, run_arena
from scarab.arena.ratings import win_shares
from scarab.arena.results import read_games
from scarab.arena.stats import wilson
from scarab.cli import count
from scarab.core.registry import games, load

TARGET = 0.65  # a level against the one below
ANCHOR_TARGET = 0.75  # novice against random, expert against greedy
ANCHORS = ("random", "greedy")


def pairs() -> list[tuple[str, str]]:
    """(upper, lower): novice-random, each level over the one below, expert-greedy."""
    names = list(LEVELS)
    ladder = list(zip(names[1:], names[:-1], strict=True))
    return [(names[0], "random"), *ladder, (names[-1], "greedy")]


def measure(
    game: str, upper: str, lower: str, count: int, seed: int, workers: int, out: Path
) -> str:
    folder = out / f"{game}-{upper}-{lower}"
    run_arena(ArenaSpec(game, (upper, lower), count, seed), folder, workers)
    return row(game, f"{upper} vs {lower}", folder, upper, lower, count)


def measure_many(game: str, players: int, count: int, seed: int, workers: int, out: Path) -> str:
    """Expert in one seat (rotating), greedy in the others: expert's share of the wins."""
    folder = out / f"{game}-expert-greedy-{players}p"
    seats = ("expert", *["greedy"] * (players - 1))
    run_arena(ArenaSpec(game, seats, count, seed), folder, workers)
    return row(game, f"expert vs {players - 1} greedy", folder, "expert", "greedy1", count)


def row(game: str, match: str, folder: Path, upper: str, lower: str, count: int) -> str:
    """A table row: the upper bot's win share, its interval, the aim, the slowest thinking."""
    lines = [g for g in read_games(folder) if g["index"] < count]
    wins = sum(win_shares(g)[g["seats"].index(upper)] for g in lines)
    n = len(lines)
    low, high = wilson(wins, n)
    slowest = {
        name: max(g["think_max"][g["seats"].index(name)] for g in lines) for name in (upper, lower)
    }
    players = len(lines[0]["seats"]) if lines else 2
    if players > 2:
        fair = 1 / players
        aim, verdict = f"> {fair:.0%}", "yes" if n and low > fair else "**no**"
    else:
        target = ANCHOR_TARGET if lower in ANCHORS else TARGET
        aim, verdict = f"{target:.0%}", "yes" if n and wins / n >= target else "**no**"
    return (
        f"| {game} | {match} | {n} | {wins:g} | {wins / n:.0%} "
        f"| {low:.0%} to {high:.0%} | {aim} | {verdict} "
        f"| {slowest[upper]:.2f} s | {slowest[lower]:.2f} s |"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=count(1, 1_000_000, "a number of games"), default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=count(1, 256, "a number of workers"), default=2)
    p.add_argument("--out", type=Path, default=Path("results/calibration"))
    p.add_argument("--only", choices=games(), action="append")
    p.add_argument("--pairs", action="append", help="lower-upper, e.g. strong-expert")
    p.add_argument("--players", type=int, default=2, help="above 2: expert against greedy seats")
    args = p.parse_args()
    known = {f"{lo}-{u}": (u, lo) for u, lo in pairs()}
    unknown = sorted(set(args.pairs or []) - set(known))
    if unknown:
        p.error(f"no pair {', '.join(unknown)}: give lower-upper, one of {', '.join(known)}")
    wanted = [known[name] for name in known if not args.pairs or name in args.pairs]
    print(
        "| game | match | games | upper's wins | win rate | 95% interval | aim | met "
        "| upper slowest | lower slowest |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for game in args.only or games():
        if args.players > 2:
            if args.players <= load(game).max_players:
                print(
                    measure_many(game, args.players, args.games, args.seed, args.workers, args.out),
                    flush=True,
                )
            continue
        for upper, lower in wanted:
            print(
                measure(game, upper, lower, args.games, args.seed, args.workers, args.out),
                flush=True,
            )


if __name__ == "__main__":
    main()
