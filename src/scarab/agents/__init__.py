"""Bots: they play a game through a Seat, seeing only what that seat may see.

>>> from scarab.agents import make_agent
>>> make_agent("greedy", seed=1).name
'greedy'
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scarab.agents.base import Agent, NotYourTurn, Seat
from scarab.agents.greedy import GreedyAgent, heuristic_for
from scarab.agents.ismcts import DEFAULT_DEPTH, DEFAULT_SCALE, Budget, IsmctsAgent, slip_kinds
from scarab.agents.random_bot import RandomAgent
from scarab.core.errors import BadOption, brief
from scarab.core.game import SLIPS

_MAKERS: dict[str, Callable[[int | None], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}
LEVELS_FILE = Path(__file__).with_name("levels.toml")


def _levels() -> dict[str, dict[str, Any]]:
    with LEVELS_FILE.open("rb") as f:
        return tomllib.load(f)


LEVELS = _levels()


def _slips(never: Any) -> Any:
    """A level's ``never_drawn`` (a list, or lists by game), checked against SLIPS: a
    misspelt kind would leave the draw unchanged without a word."""
    for kinds in never.values() if isinstance(never, dict) else [never]:
        wrong = sorted(slip_kinds(kinds) - set(SLIPS))
        if wrong:
            raise ValueError(f"never_drawn names kinds of slip {', '.join(SLIPS)}, not {wrong}")
    return never


def _level_settings(config: dict[str, Any]) -> dict[str, Any]:
    """IsmctsAgent's keyword arguments for a level of levels.toml."""
    iterations, seconds = config.get("iterations"), config.get("seconds")
    budget: Budget | dict[str, Budget]
    if isinstance(iterations, dict):
        budget = {game: Budget(iterations=n, seconds=seconds) for game, n in iterations.items()}
    else:
        budget = Budget(iterations=iterations, seconds=seconds)
    return {
        "budget": budget,
        "rollout_depth": config.get("rollout_depth", DEFAULT_DEPTH),
        "value_scale": config.get("value_scale", DEFAULT_SCALE),
        "temperature": config.get("temperature", 0.0),
        "own_turn": config.get("own_turn", False),
        "learned": config.get("learned", False),
        "greedy_rollout": config.get("greedy_rollout", False),
        "win_chances": config.get("win_chances", False),
        "tuned": config.get("tuned", False),
        "never_drawn": _slips(config.get("never_drawn", ())),
        "book": config.get("book", False),
    }


def level_agent(name: str, seed: int | None, budget: Budget | None = None) -> IsmctsAgent:
    """The named level's bot; ``budget`` replaces its own (benchmarks search by the clock)."""
    settings = _level_settings(LEVELS[name])
    if budget is not None:
        settings["budget"] = budget
    return IsmctsAgent(seed, name=name, **settings)


def _level_maker(name: str, config: dict[str, Any]) -> Callable[[int | None], Agent]:
    settings = _level_settings(config)

    def make(seed: int | None) -> Agent:
        return IsmctsAgent(seed, name=name, **settings)

    return make


for _name, _config in LEVELS.items():
    _MAKERS[_name] = _level_maker(_name, _config)


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
    "NotYourTurn",
    "RandomAgent",
    "Seat",
    "agent_names",
    "heuristic_for",
    "level_agent",
    "make_agent",
]
