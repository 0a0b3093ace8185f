"""Bots: they play a game through a Seat, seeing only what that seat may see.

>>> from scarab.agents import make_agent
>>> make_agent("greedy", seed=1).name
'greedy'
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

from scarab.agents.base import Agent, NotYourTurn, Seat
from scarab.agents.greedy import GreedyAgent, valuation_of
from scarab.agents.ismcts import IsmctsAgent
from scarab.agents.random_bot import RandomAgent
from scarab.agents.settings import Budget, Level, Search, read_level
from scarab.core.errors import BadOption, brief

_MAKERS: dict[str, Callable[[int | None], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}
LEVELS_FILE = Path(__file__).with_name("levels.toml")


def _levels() -> dict[str, Level]:
    with LEVELS_FILE.open("rb") as f:
        return {name: read_level(name, table) for name, table in tomllib.load(f).items()}


LEVELS = _levels()  # the named levels, weakest first


def level_agent(name: str, seed: int | None, budget: Budget | None = None) -> IsmctsAgent:
    """The named level's bot; ``budget`` replaces its own (benchmarks search by the clock)."""
    level = LEVELS[name]
    return IsmctsAgent(seed, level if budget is None else level.with_budget(budget), name)


def _level_maker(level: Level) -> Callable[[int | None], Agent]:
    def make(seed: int | None) -> Agent:
        return IsmctsAgent(seed, level, level.name)

    return make


for _level in LEVELS.values():
    _MAKERS[_level.name] = _level_maker(_level)


def agent_names() -> list[str]:
    """The names make_agent accepts: the plain bots, then the levels from weakest up."""
    return ["random", "greedy", *LEVELS]


def make_agent(name: str, seed: int | None = None) -> Agent:
    """A bot by name (random, greedy, or a level: novice, casual, strong, expert), seeded;
    BadOption for an unknown name."""
    maker = _MAKERS.get(name.strip().lower()) if isinstance(name, str) else None
    if maker is None:
        raise BadOption(f"no bot named {brief(name)}; the bots are: {', '.join(agent_names())}")
    return maker(seed)


__all__ = [
    "LEVELS",
    "Agent",
    "Budget",
    "GreedyAgent",
    "IsmctsAgent",
    "Level",
    "NotYourTurn",
    "RandomAgent",
    "Search",
    "Seat",
    "agent_names",
    "level_agent",
    "make_agent",
    "valuation_of",
]
