"""Bots at the table: each decision is computed in a worker process, off the event loop.

The worker is handed a copy of the state and builds the bot's Seat there, so
the bot sees what a player at that seat sees and nothing else; it answers
with the action's notation, which the table then plays like any other move.
"""

from __future__ import annotations

import multiprocessing
import os
import secrets
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from scarab.agents import make_agent
from scarab.agents.hints import top_actions
from scarab.agents.unseen import unseen_run
from scarab.core.game import State
from scarab.server.memory import bots_on_own_allocator

PARENT_POLL_SECONDS = 0.5


def choose_run(state: State[Any], seat: int, level: str, seed: int) -> tuple[list[str], bool]:
    """The notations of the moves the bot at ``level`` makes for ``seat`` (one, or, where
    it chooses unseen, all of them until it is done: scarab.agents.unseen), and whether
    they were unseen. ``state`` is a copy, played on here."""
    acts, unseen = unseen_run(make_agent(level, seed=seed), state, seat)
    return [str(a) for a in acts], unseen


def hint(
    state: State[Any], seat: int, level: str, seed: int
) -> tuple[list[tuple[str, float, int]], int]:
    """``level``'s top actions for ``seat`` as (notation, win chance, visits), and how many
    searches that took; worked out from the seat's view, like a bot's move."""
    found = top_actions(state, seat, level, seed)
    return [(str(a), win, visits) for a, win, visits in found.top], found.searches


def bot_seed() -> int:
    return secrets.randbits(63)


def make_pool(workers: int) -> Executor:
    """Worker processes for bots (spawned: no copy of the server's sockets or threads);
    ``workers`` 0 runs bots on one thread instead, for tests and small machines."""
    if workers <= 0:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="scarab-bot")
    bots_on_own_allocator()
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=follow_parent,
        initargs=(os.getpid(),),
    )


def follow_parent(parent: int) -> None:
    """Pool initializer: the worker ends when the server does, even by kill -9.

    A worker blocks on its task queue, whose pipe it holds both ends of, so it
    would never see the server go and would live on as an orphan. A daemon
    thread watches for the worker being handed to another parent instead.
    (Linux's PR_SET_PDEATHSIG is not used: it fires when the *thread* that
    started the worker ends, and the pool starts workers from whichever thread
    submits.)"""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="scarab-follow-parent", daemon=True).start()
