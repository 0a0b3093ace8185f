"""How arena throughput scales: games/s with 1 and 2 workers, on local processes and on Ray.

Each configuration plays the same games (the same spec and seed) into a fresh
temporary folder; the time includes starting a local pool, but not a local Ray
cluster (its start is reported alone). Run it on an otherwise idle machine:

    python tools/arena_scaling.py --game luxor --players casual,greedy --games 48
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from scarab.arena import ArenaSpec, run_arena
from scarab.arena.spec import parse_players


def timed(spec: ArenaSpec, backend: str, workers: int) -> float:
    """Seconds to play the spec; a Ray cluster is started first and not counted (a
    cluster is usually up already), a local pool's start is counted."""
    if backend == "ray":
        import ray

        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    try:
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            run_arena(spec, Path(folder), workers, backend, progress=False)
            return time.perf_counter() - start
    finally:
        if backend == "ray":
            ray.shutdown()


def ray_start_seconds() -> float:
    import ray

    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    took = time.perf_counter() - start
    ray.shutdown()
    return took


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="luxor")
    p.add_argument("--players", default="casual,greedy")
    p.add_argument("--games", type=int, default=48)
    p.add_argument("--backends", default="local,ray")
    args = p.parse_args()
    spec = ArenaSpec(args.game, parse_players(args.players), args.games, seed=1)
    print(f"{args.game}, {args.players}, {args.games} games")
    print("| backend | workers | seconds | games/s | speed-up |")
    print("|---|---|---|---|---|")
    for backend in args.backends.split(","):
        base = 0.0
        for workers in (1, 2):
            seconds = timed(spec, backend, workers)
            base = base or seconds
            rate = args.games / seconds
            print(f"| {backend} | {workers} | {seconds:.1f} | {rate:.2f} | {base / seconds:.2f}x |")
    if "ray" in args.backends:
        print(f"starting a local 2-CPU Ray alone takes {ray_start_seconds():.1f} s")


if __name__ == "__main__":
    main()
