"""Where arena games run: local processes (default) or Ray tasks on a cluster.

Both take jobs and yield results as games finish, in any order; a game's
result depends only on its job, so the backends agree line for line.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from itertools import islice
from typing import Any, TypeVar, cast

from scarab.arena.play import play_game
from scarab.arena.spec import Job
from scarab.core.errors import BadOption

BACKENDS = ("local", "ray")
Result = dict[str, Any]
Handle = TypeVar("Handle")
Futures = list[Future[Result]]


def _in_flight(
    jobs: Iterable[Job],
    limit: int,
    submit: Callable[[Job], Handle],
    first_done: Callable[[list[Handle]], tuple[list[Handle], list[Handle]]],
    result: Callable[[Handle], Result],
) -> Iterator[Result]:
    """Results as games finish, keeping ``limit`` submitted: a few per worker, not all."""
    queue = iter(jobs)
    running = [submit(job) for job in islice(queue, limit)]
    while running:
        finished, running = first_done(running)
        for handle in finished:
            yield result(handle)
            nxt = next(queue, None)
            if nxt is not None:
                running.append(submit(nxt))


def run_local(jobs: Iterable[Job], workers: int) -> Iterator[Result]:
    """Games in ``workers`` processes (1: in this process, no pool)."""
    if workers <= 1:
        for job in jobs:
            yield play_game(job)
        return
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=ctx) as pool:

        def submit(job: Job) -> Future[Result]:
            return pool.submit(play_game, job)

        def first_done(running: Futures) -> tuple[Futures, Futures]:
            done, rest = wait(running, return_when=FIRST_COMPLETED)
            return list(done), list(rest)

        def result(future: Future[Result]) -> Result:
            return future.result()

        yield from _in_flight(jobs, 2 * workers, submit, first_done, result)


def run_ray(jobs: Iterable[Job], workers: int, address: str | None) -> Iterator[Result]:
    """Games as Ray tasks on ``workers`` CPUs; a local Ray unless ``address``."""
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

        def first_done(refs: list[Any]) -> tuple[list[Any], list[Any]]:
            done, rest = ray.wait(refs, num_returns=1)
            return done, rest

        def result(ref: Any) -> Result:
            return cast(Result, ray.get(ref))

        yield from _in_flight(jobs, 2 * workers, remote.remote, first_done, result)
    finally:
        if started:
            ray.shutdown()
