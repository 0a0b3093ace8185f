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
levels with ``win_chances`` do: a cheap reading of what an endgame rule is worth. With
``--opening TEXT`` (one candidate each) the candidate's first decision is one of the legal
actions whose notation starts with TEXT, drawn at random (where none is legal, as when a
rival took that adventurer first, it chooses freely): what a choice at setup is worth
(the expert's opening book, ``src/scarab/agents/openings.toml``, holds shares measured so).

    python tools/tune_heuristic.py --game horus --games 2000 --set decay=0.8 --set decay=0.7
    python tools/tune_heuristic.py --game horus --set decay=0.7 --win-chances
    python tools/tune_heuristic.py --set decay=0.7 --win-chances --opening "choose gore" \
        --opening "choose watanabe"

The searching levels that ask for ``tuned`` weights use the game's ``heuristic.TUNED``;
the greedy bot keeps ``HAND``: it is an anchor of the ladder and must not move.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import importlib
import itertools
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from scarab.agents import GreedyAgent, Seat
from scarab.arena.spec import derived_seed
from scarab.arena.stats import wilson
from scarab.cli import count
from scarab.core.registry import games, load

CHUNK = 50  # games per task handed to a worker
MAX_OPENING = 80  # characters of an --opening text


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


def play(
    game: str, w: Any, seed: int, index: int, endgame: bool = False, opening: str = ""
) -> float:
    """One game: the candidate's share of the win (0 when nobody wins)."""
    share: float = played(game, w, seed, index, endgame, opening).win_share(index % 2)
    return share


def played(game: str, w: Any, seed: int, index: int, endgame: bool, opening: str) -> Any:
    """One game, over: the candidate (weights ``w``; ``endgame``: by win chances where the
    game can tell them; ``opening``: the start of its first action's notation) in seat
    ``index % 2``, greedy in the other."""
    module = _module(game)
    mine = index % 2

    def value(state: Any, seat: int) -> float:
        return float(module.read(state, seat, w).value)

    judge = functools.partial(module.win_chances, w=w) if endgame else None
    candidate = GreedyAgent(derived_seed(seed, index, "candidate"), value, judge)
    bots = {mine: candidate, 1 - mine: GreedyAgent(derived_seed(seed, index, "greedy"))}
    state = load(game).new_game(2, seed=derived_seed(seed, index, "deal"))
    opened = False
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        if seat == mine and not opened:
            opened = True
            first = [a for a in state.legal_actions() if str(a).startswith(opening)]
            if opening and first:
                state.apply(candidate.rng.choice(first))
                continue
        state.apply(bots[seat].choose(Seat(state, seat)))
    return state


def chunk(
    game: str, spec: str, seed: int, start: int, stop: int, endgame: bool, opening: str
) -> float:
    w = weights(game, spec)
    return sum(play(game, w, seed, i, endgame, opening) for i in range(start, stop))


def measure(
    pool: ProcessPoolExecutor,
    game: str,
    spec: str,
    games: int,
    seed: int,
    endgame: bool,
    opening: str,
) -> float:
    parts = [(start, min(start + CHUNK, games)) for start in range(0, games, CHUNK)]
    futures = [pool.submit(chunk, game, spec, seed, a, b, endgame, opening) for a, b in parts]
    return sum(f.result() for f in futures)


def check_opening(game: str, text: str) -> str:
    """``text`` if some seat's first decision has an action whose notation starts with it."""
    if len(text) > MAX_OPENING:
        raise SystemExit(f"an --opening is at most {MAX_OPENING} characters, not {len(text)}")
    state = load(game).new_game(2, seed=0)
    legal = state.legal_actions()
    state.apply(legal[0])
    first = [str(a) for a in legal + state.legal_actions()]
    if not any(a.startswith(text) for a in first):
        shown = ", ".join(dict.fromkeys(first[:6]))
        raise SystemExit(f"no first action starts with {text!r}; they read like: {shown}")
    return text


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
    p.add_argument(
        "--opening",
        action="append",
        default=[],
        help="the start of the candidate's first action, e.g. 'choose gore' (one candidate each)",
    )
    args = p.parse_args()
    specs = args.set or [""]
    for spec in specs:
        weights(args.game, spec)  # refuse a bad name before playing anything
    openings = [check_opening(args.game, text) for text in args.opening] or [""]
    print("| weights | games | wins | share | 95% interval |")
    print("|---|---|---|---|---|")
    with ProcessPoolExecutor(args.workers) as pool:
        for spec, opening in itertools.product(specs, openings):
            wins = measure(pool, args.game, spec, args.games, args.seed, args.win_chances, opening)
            low, high = wilson(wins, args.games)
            label = (spec or "hand-set") + (" + win chances" if args.win_chances else "")
            label += f", opening {opening!r}" if opening else ""
            print(
                f"| {label} | {args.games} | {wins:g} | {wins / args.games:.1%} "
                f"| {low:.1%} to {high:.1%} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
