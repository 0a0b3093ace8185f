"""Bots at the table: each decision is computed in a worker process, off the event loop.

The worker is handed a copy of the state and builds the bot's Seat there, so
the bot sees what a player at that seat sees and nothing else; it answers
with the action's notation, which the table then plays like any other move.
"""

from __future__ import annotations

import multiprocessing
import secrets
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from scarab.agents import Seat, make_agent
from scarab.core.game import State


def choose(state: State, seat: int, level: str, seed: int) -> str:
    """The notation of the move the bot at ``level`` makes for ``seat``."""
    agent = make_agent(level, seed=seed)
    return str(agent.choose(Seat(state, seat)))


def bot_seed() -> int:
    return secrets.randbits(63)


def make_pool(workers: int) -> Executor:
    """Worker processes for bots (spawned: no copy of the server's sockets or threads);
    ``workers`` 0 runs bots on one thread instead, for tests and small machines."""
    if workers <= 0:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="scarab-bot")
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
