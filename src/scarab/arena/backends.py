"""Where arena games run: local processes (default) or Ray tasks on a cluster.

Each backend starts its workers once, when its block is entered, and then plays
any jobs handed to it, yielding results as games finish, in any order; a game's
result depends only on its job, so the backends agree line for line.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import AbstractContextManager, contextmanager
from multiprocessing.context import BaseContext
from typing import Any, TypeVar, cast

from scarab.arena.play import play_game
from scarab.arena.spec import Job
from scarab.core.errors import BadOption

BACKENDS = ("local", "ray")
TASK_SECONDS = 0.2  # of play per task; sending a task and taking its games back costs ~0.5 ms
Result = dict[str, Any]
Play = Callable[[Iterable[Job]], Iterator[Result]]
Handle = TypeVar("Handle")
Futures = list[Future[list[Result]]]


def start(backend: str, workers: int, address: str | None) -> AbstractContextManager[Play]:
    """The backend's workers, started on entering the block and kept until it ends."""
    return ray_workers(workers, address) if backend == "ray" else local_workers(workers)


def _in_flight(
    jobs: Iterable[Job],
    workers: int,
    submit: Callable[[list[Job]], Handle],
    first_done: Callable[[list[Handle]], tuple[list[Handle], list[Handle]]],
    results: Callable[[Handle], list[Result]],
) -> Iterator[Result]:
    """Results as games finish, keeping two tasks a worker submitted, so none waits."""
    tasks = _Tasks(jobs, workers)
    running = [submit(tasks.take()) for _ in range(min(2 * workers, len(tasks.todo)))]
    while running:
        finished, running = first_done(running)
        for handle in finished:
            games = results(handle)
            tasks.learn(games)
            yield from games
            if tasks.todo:
                running.append(submit(tasks.take()))


class _Tasks:
    """Cuts the jobs into tasks of about TASK_SECONDS of play, learning how long a game
    takes from the results: quick games go many to a task, so that sending them does not
    cost more than playing them, but never so many that a worker idles at the end."""

    def __init__(self, jobs: Iterable[Job], workers: int) -> None:
        self.todo = deque(jobs)
        self.workers = workers
        self.games = 0
        self.seconds = 0.0

    def take(self) -> list[Job]:
        by_time = round(TASK_SECONDS * self.games / self.seconds) if self.seconds else 1
        size = max(1, min(by_time, len(self.todo) // (4 * self.workers)))
        return [self.todo.popleft() for _ in range(min(size, len(self.todo)))]

    def learn(self, games: list[Result]) -> None:
        self.games += len(games)
        self.seconds += sum(g["seconds"] for g in games)


def play_games(jobs: list[Job]) -> list[Result]:
    """One task, in a worker."""
    return [play_game(job) for job in jobs]


def _one_by_one(jobs: Iterable[Job]) -> Iterator[Result]:
    for job in jobs:
        yield play_game(job)


@contextmanager
def local_workers(workers: int) -> Iterator[Play]:
    """``workers`` processes (1: this process, no pool), all started before the block runs:
    forked there, they are ready in milliseconds with every module already imported."""
    if workers <= 1:
        yield _one_by_one
        return
    others = set(multiprocessing.active_children())  # the caller's own, left alone
    with ProcessPoolExecutor(workers, mp_context=_context()) as pool:

        def submit(jobs: list[Job]) -> Future[list[Result]]:
            return pool.submit(play_games, jobs)

        def play(jobs: Iterable[Job]) -> Iterator[Result]:
            return _in_flight(jobs, workers, submit, _first_done, Future.result)

        try:
            pool.submit(int).result()  # a forking pool starts every worker at its first job
            yield play
        except KeyboardInterrupt:
            # Ctrl-C: the games under way are dropped (a resumed run plays them again),
            # rather than waited for, which took half a minute of expert games.
            pool.shutdown(wait=False, cancel_futures=True)
            ours = [p for p in multiprocessing.active_children() if p not in others]
            for worker in ours:
                worker.terminate()
            for worker in ours:
                worker.join()
            raise


def _first_done(running: Futures) -> tuple[Futures, Futures]:
    done, rest = wait(running, return_when=FIRST_COMPLETED)
    return list(done), list(rest)


def _context() -> BaseContext:
    """Fork where it is safe, else a fork server that has imported the arena once, else spawn
    (which imports everything again in each worker: a quarter second or more apiece)."""
    if _single_threaded():
        return multiprocessing.get_context("fork")
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload([play_game.__module__])
        return ctx
    return multiprocessing.get_context("spawn")


def _single_threaded() -> bool:
    """Whether this process has one thread (counted by Linux, native threads included):
    a child forked beside another thread can inherit a lock that thread held, for ever."""
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:
        return False


@contextmanager
def ray_workers(workers: int, address: str | None) -> Iterator[Play]:
    """Games as Ray tasks on ``workers`` CPUs; a local Ray unless ``address``."""
    try:
        import ray
    except ImportError:
        needs = "the ray backend needs Ray: pip install '.[cluster]' in Scarab's folder"
        raise BadOption(needs) from None
    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        started = True
    remote = ray.remote(num_cpus=1)(play_games)

    def first_done(refs: list[ray.ObjectRef[Any]]) -> tuple[list[Any], list[Any]]:
        done, rest = ray.wait(refs, num_returns=1)
        return done, rest

    def results(ref: ray.ObjectRef[Any]) -> list[Result]:
        return cast(list[Result], ray.get(ref))

    def play(jobs: Iterable[Job]) -> Iterator[Result]:
        return _in_flight(jobs, workers, remote.remote, first_done, results)

    try:
        yield play
    finally:
        if started:
            ray.shutdown()
