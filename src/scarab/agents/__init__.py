"""Bots: they play a game through a Seat, seeing only what that seat may see.

>>> from scarab.agents import make_agent
>>> make_agent("greedy", seed=1).name
'greedy'
"""

from __future__ import annotations

from collections.abc import Callable

from scarab.agents.base import Agent, NotYourTurn, Seat
from scarab.agents.greedy import GreedyAgent, heuristic_for
from scarab.agents.random_bot import RandomAgent
from scarab.core.errors import BadOption, brief

_MAKERS: dict[str, Callable[[int | None], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}


def agent_names() -> list[str]:
    """The names make_agent accepts."""
    return sorted(_MAKERS)


def make_agent(name: str, seed: int | None = None) -> Agent:
    """A bot by name ("random", "greedy"), seeded; BadOption for an unknown name."""
    maker = _MAKERS.get(name.strip().lower()) if isinstance(name, str) else None
    if maker is None:
        raise BadOption(f"no bot named {brief(name)}; the bots are: {', '.join(agent_names())}")
    return maker(seed)


__all__ = [
    "Agent",
    "GreedyAgent",
    "NotYourTurn",
    "RandomAgent",
    "Seat",
    "agent_names",
    "heuristic_for",
    "make_agent",
]
