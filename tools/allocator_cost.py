"""CPU per move of the engine's work under Python's allocator and under glibc's.

``scarab serve`` runs on ``PYTHONMALLOC=malloc`` so that memory goes back after a busy
spell (scarab.server.memory); this measures what that costs. Each run is a fresh
interpreter that plays ``--games`` random games of each game, two players, cloning the
state and encoding every seat's view as JSON after each move (what a served move
does), and reports its CPU time (``time.process_time``) per move. Runs alternate
between the two allocators, so that a busy machine weighs on both alike; the medians
and their ratio are printed::

    python tools/allocator_cost.py --runs 4 --games 30

Bounded: at most 20 runs of each and 500 games per run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

from scarab.core.registry import games

ALLOCATORS = ("pymalloc", "malloc")
GAMES = tuple(games())  # every registered game


def work(games: int) -> dict[str, float]:
    """Random games with a clone and every seat's view encoded after each move."""
    from scarab.core.registry import load

    start, moves = time.process_time(), 0
    for i in range(games):
        for name in GAMES:
            rng = random.Random(i)
            state = load(name).new_game(2, seed=i)
            while not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
                state.clone()
                for seat in range(2):
                    json.dumps(state.view(seat))
                moves += 1
    return {"cpu": time.process_time() - start, "moves": moves}


def run(allocator: str, games: int) -> float:
    """Microseconds of CPU per move in a fresh interpreter on ``allocator``."""
    env = dict(os.environ, PYTHONMALLOC=allocator)
    cmd = [sys.executable, __file__, "--child", str(games)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, timeout=600)
    result = json.loads(out.stdout)
    return 1e6 * float(result["cpu"]) / int(result["moves"])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=4, choices=range(1, 21), metavar="1..20")
    p.add_argument("--games", type=int, default=30, choices=range(1, 501), metavar="1..500")
    p.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        print(json.dumps(work(args.child)))
        return
    times: dict[str, list[float]] = {a: [] for a in ALLOCATORS}
    for _ in range(args.runs):
        for allocator in ALLOCATORS:
            times[allocator].append(run(allocator, args.games))
            print(f"{allocator:8s} {times[allocator][-1]:7.1f} µs per move", flush=True)
    own, system = (statistics.median(times[a]) for a in ALLOCATORS)
    print(f"median: Python's {own:.1f}, glibc's {system:.1f} µs per move; ratio {system / own:.3f}")


if __name__ == "__main__":
    main()
