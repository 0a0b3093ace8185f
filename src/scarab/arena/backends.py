"""Where arena games run: local processes (default) or Ray tasks on a cluster.

Both take jobs and yield results as games finish, in any order; a game's
result depends only on its job, so the backends agree line for line.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from itertools import islice
from typing import Any

from scarab.arena.play import play_game
from scarab.arena.spec import Job
from scarab.core.errors import BadOption

BACKENDS = ("local", "ray")


def run_local(jobs: Iterable[Job], workers: int) -> Iterator[dict[str, Any]]:
    """Games in ``workers`` processes (1: in this process, no pool)."""
    if workers <= 1:
        for job in jobs:
            yield play_game(job)
        return
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=ctx) as pool:
        queue = iter(jobs)
        # a few games queued per worker, not all of them
        running = {pool.submit(play_game, job) for job in islice(queue, 2 * workers)}
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()
                nxt = next(queue, None)
                if nxt is not None:
                    running.add(pool.submit(play_game, nxt))


def run_ray(jobs: Iterable[Job], workers: int, address: str | None) -> Iterator[dict[str, Any]]:
    """Games as Ray tasks, at most ``workers`` in flight; a local Ray unless ``address``."""
    try:
        import ray
    except ImportError:
        raise BadOption("the ray backend needs Ray: pip install 'scarab[cluster]'") from None
    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        started = True
    remote = ray.remote(num_cpus=1)(play_game)
    try:
        queue = iter(jobs)
        running = [remote.remote(job) for job in islice(queue, 2 * workers)]
        while running:
            finished, running = ray.wait(running, num_returns=1)
            for ref in finished:
                yield ray.get(ref)
                nxt = next(queue, None)
                if nxt is not None:
                    running.append(remote.remote(nxt))
    finally:
        if started:
            ray.shutdown()
