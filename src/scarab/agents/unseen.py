"""A bot's unseen choices, made in one go so that nothing counts them.

Where a seat chooses unseen (``State.choosing_unseen``: Pyramids' keeping, and its
marks with the cells of their red crosses), the others learn only that it is done. A
bot's thinking time would count its choices, two taking about twice as long as one. So
a front end works out the whole run at once and shows it a fixed time after it began
(``run_seconds``), however many choices it holds.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from scarab.agents import LEVELS
from scarab.agents.base import Agent, Seat
from scarab.agents.ismcts import IsmctsAgent
from scarab.core.game import State

RUN_SECONDS = 1.0  # the time a run of unseen choices takes, at the least
RUN_SPARE = 0.5  # a level with a time cap: its cap for the run's first search, then this


def run_seconds(bot: str) -> float:
    """How long after it began a run of the bot's unseen choices is shown."""
    cap = LEVELS[bot].seconds if bot in LEVELS else None
    return RUN_SECONDS if cap is None else max(RUN_SECONDS, cap + RUN_SPARE)


def unseen_run(agent: Agent, state: State[Any], seat: int) -> tuple[list[Any], bool]:
    """``agent``'s choices for ``seat`` from ``state`` (a copy: they are played on it), and
    whether the seat made them unseen. One choice; or, where the seat chooses unseen, every
    one until it is done, all within run_seconds(agent.name) of wall time (each search's
    clock is cut to what is left of it), so that a front end can show the run when that
    time is up, however many choices it holds."""
    unseen = state.choosing_unseen
    search = agent if isinstance(agent, IsmctsAgent) else None
    level = None if search is None else search.level
    end = time.monotonic() + run_seconds(agent.name)
    acts: list[Any] = []
    try:
        while True:
            if unseen and search is not None and level is not None:  # the run's clock
                own = level.for_game(state.game.name).budget
                left = max(0.0, end - time.monotonic())
                search.level = level.with_budget(
                    replace(own, seconds=min(own.seconds or left, left))
                )
            act = agent.choose(Seat(state, seat))
            acts.append(act)
            state.apply(act)
            if not (unseen and state.choosing_unseen and state.current_player == seat):
                return acts, unseen
    finally:
        if search is not None and level is not None:
            search.level = level
