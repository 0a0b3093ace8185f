"""How arena throughput scales: 1 against 2 workers, with the CPU time each game cost.

Each run plays the same games (the same spec and seed) into a fresh temporary
folder, starting its workers (a local pool's start is counted; with
``--backend ray`` the cluster is started once beforehand, as it is usually up
already, and its start is reported alone). Runs of 1 and 2 workers alternate,
``--repeats`` times, and the speed-up is the median of the paired ratios. On a
shared machine wall-clock ratios swing, so each size also times a control,
``alone``: two processes each playing half the games with no pool, which shows
what two workers could give on this machine just now; and CPU ms a game (this
process and its workers, so not Ray's), which shows the pool's own cost whatever
the load:

    python tools/arena_scaling.py --game luxor --players random,random --games 100,400
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from scarab.arena import ArenaSpec, play_game, run_arena
from scarab.arena.spec import parse_players

Run = Callable[[ArenaSpec], None]


def measured(run: Run, spec: ArenaSpec) -> tuple[float, float]:
    """Wall seconds and CPU ms a game (this process and its reaped children) of one run."""
    before = _cpu()
    start = time.perf_counter()
    run(spec)
    wall = time.perf_counter() - start
    return wall, (_cpu() - before) * 1000 / spec.games


def _cpu() -> float:
    own, children = (
        resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def arena(backend: str, workers: int) -> Run:
    def run(spec: ArenaSpec) -> None:
        with tempfile.TemporaryDirectory() as folder:
            run_arena(spec, Path(folder), workers, backend, progress=False)

    return run


def alone(spec: ArenaSpec) -> None:
    """The control: two forked processes, each playing every other game, nothing sent back."""
    ctx = multiprocessing.get_context("fork")
    halves = [ctx.Process(target=_play_every_other, args=(spec, first)) for first in (0, 1)]
    for p in halves:
        p.start()
    for p in halves:
        p.join()


def _play_every_other(spec: ArenaSpec, first: int) -> None:
    for index in range(first, spec.games, 2):
        play_game(spec.job(index))


def compare(
    spec: ArenaSpec, runs: dict[str, Run], repeats: int
) -> dict[str, list[tuple[float, float]]]:
    """Each run ``repeats`` times, their order turned about each round so that a change
    in the machine's load falls on all of them alike."""
    order = list(runs)
    out: dict[str, list[tuple[float, float]]] = {name: [] for name in order}
    runs[order[0]](spec)  # warm the caches and imports first
    for r in range(repeats):
        for name in order if r % 2 == 0 else order[::-1]:
            out[name].append(measured(runs[name], spec))
    return out


def rows(games: int, times: dict[str, list[tuple[float, float]]], base: str) -> list[str]:
    out = []
    for name, runs in times.items():
        walls = [w for w, _ in runs]
        ratios = [b / w for (b, _), w in zip(times[base], walls, strict=True)]
        cpu = statistics.median(c for _, c in runs)
        out.append(
            f"| {games} | {name} | {statistics.median(walls):.2f} | "
            f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}) | "
            f"{cpu:.2f} |"
        )
    return out


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
    p.add_argument("--players", default="random,random")
    p.add_argument("--games", default="100,400", help="comma-separated run sizes")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--backend", choices=("local", "ray"), default="local", help="for 2 workers")
    args = p.parse_args()
    runs = {"1 worker": arena("local", 1), "2 workers": arena(args.backend, 2), "alone": alone}
    if args.backend == "ray":
        import ray

        print(f"starting a local 2-CPU Ray takes {ray_start_seconds():.1f} s")
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    print(f"{args.game}, {args.players}, {args.repeats} runs each, alternating")
    print("| games | run | seconds (median) | speed-up (min-max) | CPU ms a game |")
    print("|---|---|---|---|---|")
    for games in map(int, args.games.split(",")):
        spec = ArenaSpec(args.game, parse_players(args.players), games, seed=1)
        print("\n".join(rows(games, compare(spec, runs, args.repeats), "1 worker")), flush=True)


if __name__ == "__main__":
    main()
