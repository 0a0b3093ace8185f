"""A hint: a search level's top actions for a seat, with their estimated win chances.

The search runs through the seat's ``Seat`` (never the real state), so a hint knows
only what that seat may know; the terminal and the web table both ask here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scarab.agents.base import Seat
from scarab.agents.ismcts import IsmctsAgent
from scarab.core.errors import BadOption
from scarab.core.game import State

HINT_COUNT = 3
HINT_LEVEL = "expert"  # the strongest level, and it answers within 2 s (a 1.5 s cap)


@dataclass(frozen=True)
class Hint:
    top: list[tuple[Any, float, int]]  # (action, win chance, visits), best first
    searches: int  # the iterations the search ran (0: one legal action, not searched)


def top_actions(
    state: State[Any], seat: int, level: str, seed: int, count: int = HINT_COUNT
) -> Hint:
    """``level``'s ``count`` best actions for ``seat``, by the ratings of its search
    itself (never a temperature draw); a single legal action comes alone, unsearched."""
    from scarab.agents import make_agent  # the registry imports this module's neighbours

    handle = Seat(state, seat)
    legal = handle.legal_actions()
    if len(legal) == 1:
        return Hint([(legal[0], 1.0, 0)], 0)
    agent = make_agent(level, seed)
    if not isinstance(agent, IsmctsAgent):
        raise BadOption(f"a hint needs a searching level, and {level!r} does not search")
    agent.search(handle, legal)
    return Hint(agent.candidates(count), agent.iterations)
