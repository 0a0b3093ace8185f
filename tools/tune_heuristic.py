"""Tune a game's heuristic weights by play: one-ply bots with other weights against greedy.

For each ``--set`` (``name=value`` pairs, comma-separated, over the game's hand-set
``heuristic.HAND`` weights) it plays ``--games`` 2-player games of a greedy bot that
values positions with those weights against the greedy bot itself (seats alternating;
deals and bot seeds derived from ``--seed``, so every candidate meets the same deals)
and prints the candidate's share of the wins with its 95% Wilson interval. A game
nobody wins counts for neither; ``--set`` with no pairs measures the hand-set weights
against themselves (the noise floor). Greedy games are cheap (about 0.1 s in Horus),
so thousands of games per candidate give intervals of a few points. With
``--win-chances`` the candidate, once the game's ``heuristic.win_chances`` can tell (in
Horus: its rivals are settled), chooses by its chance to win instead, as the searching
levels with ``win_chances`` do: a cheap reading of what an endgame rule is worth.

    python tools/tune_heuristic.py --game horus --games 2000 --set decay=0.8 --set decay=0.7
    python tools/tune_heuristic.py --game horus --set decay=0.7 --win-chances

The searching levels that ask for ``tuned`` weights use the game's ``heuristic.TUNED``;
the greedy bot keeps ``HAND``: it is an anchor of the ladder and must not move.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import importlib
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from scarab.agents import GreedyAgent, Seat
from scarab.arena.spec import derived_seed
from scarab.arena.stats import wilson
from scarab.cli import count
from scarab.core.registry import games, load

CHUNK = 50  # games per task handed to a worker


def _module(game: str) -> Any:
    return importlib.import_module(f"scarab.games.{game}.heuristic")


def weights(game: str, spec: str) -> Any:
    """The game's hand-set weights with ``spec``'s changes (``decay=0.7,name=value``)."""
    module = _module(game)
    base = getattr(module, "HAND", None)
    if base is None:
        raise SystemExit(f"{game}'s heuristic has no weights to tune (no heuristic.HAND)")
    names = {f.name for f in dataclasses.fields(base)}
    changes: dict[str, float] = {}
    for pair in filter(None, spec.split(",")):
        name, _, value = pair.partition("=")
        if name.strip() not in names:
            known = ", ".join(sorted(names))
            raise SystemExit(f"no weight {name.strip()!r}; {game}'s weights: {known}")
        try:
            changes[name.strip()] = float(value)
        except ValueError:
            raise SystemExit(f"{pair!r}: a weight takes a number, e.g. decay=0.7") from None
    return dataclasses.replace(base, **changes)


def play(game: str, w: Any, seed: int, index: int, endgame: bool = False) -> float:
    """One game: the candidate (weights ``w``; ``endgame``: by win chances where the game
    can tell them)'s share of the win (0 when nobody wins)."""
    module = _module(game)
    mine = index % 2

    def value(state: Any, seat: int) -> float:
        return float(module.read(state, seat, w).value)

    judge = functools.partial(module.win_chances, w=w) if endgame else None
    candidate = GreedyAgent(derived_seed(seed, index, "candidate"), value, judge)
    bots = {mine: candidate, 1 - mine: GreedyAgent(derived_seed(seed, index, "greedy"))}
    state = load(game).new_game(2, seed=derived_seed(seed, index, "deal"))
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(Seat(state, seat)))
    return state.win_share(mine)


def chunk(game: str, spec: str, seed: int, start: int, stop: int, endgame: bool) -> float:
    w = weights(game, spec)
    return sum(play(game, w, seed, i, endgame) for i in range(start, stop))


def measure(
    pool: ProcessPoolExecutor, game: str, spec: str, games: int, seed: int, endgame: bool
) -> float:
    parts = [(start, min(start + CHUNK, games)) for start in range(0, games, CHUNK)]
    futures = [pool.submit(chunk, game, spec, seed, a, b, endgame) for a, b in parts]
    return sum(f.result() for f in futures)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="horus", choices=games())
    p.add_argument("--games", type=count(1, 1_000_000, "a number of games"), default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=count(1, 256, "a number of workers"), default=2)
    p.add_argument("--set", action="append", default=[], help="name=value,... (none: HAND)")
    p.add_argument(
        "--win-chances", action="store_true", help="the candidate's endgame by win chances"
    )
    args = p.parse_args()
    specs = args.set or [""]
    for spec in specs:
        weights(args.game, spec)  # refuse a bad name before playing anything
    print("| weights | games | wins | share | 95% interval |")
    print("|---|---|---|---|---|")
    with ProcessPoolExecutor(args.workers) as pool:
        for spec in specs:
            wins = measure(pool, args.game, spec, args.games, args.seed, args.win_chances)
            low, high = wilson(wins, args.games)
            label = (spec or "hand-set") + (" + win chances" if args.win_chances else "")
            print(
                f"| {label} | {args.games} | {wins:g} | {wins / args.games:.1%} "
                f"| {low:.1%} to {high:.1%} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
