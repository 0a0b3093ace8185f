"""What a learned position value reads in Luxor: numbers about one seat, about its
strongest rival, and about how near the end is, computed from a state.

The numbers are those the hand-written heuristic works out (the track, the value with
the walls and sets, adventurers, keys, Horus cards), plus the lead scaled by how near
the game is to its end (adventurers in the chamber, the deepest adventurer): a lead
decides more when the game is about to end, and a fitted model (tools/train_value.py)
can weigh that where a fixed value scale cannot. Like the heuristic, it reads only what
the state holds; a bot passes a determinized state.
"""

from __future__ import annotations

from scarab.core.features import leads, with_rival
from scarab.core.game import State
from scarab.games.luxor import data as D
from scarab.games.luxor import heuristic as V
from scarab.games.luxor.actions import LuxorAction
from scarab.games.luxor.state import LuxorState

SEAT = ("score", "value", "active", "depth", "keys", "treasures", "horus_cards")
NAMES: tuple[str, ...] = (
    *(f"me_{n}" for n in SEAT),
    *(f"rival_{n}" for n in SEAT),
    "value_lead",
    "score_lead",
    "value_lead_late",
    "score_lead_late",
    "late",
    "players",
)
END_AT = 2  # adventurers in the chamber that end the game (LUX-END-CHAMBER)


def _seat(s: LuxorState, p: int) -> list[float]:
    advs = s.adv[p]
    return [
        s.score[p] / 10,
        V.evaluate(s, p) / 10,
        len(advs) / 5,
        sum(advs) / D.CHAMBER / 5,
        s.keys[p] / 3,
        len(s.treasures[p]) / 10,
        sum(1 for c in s.hands[p] if c >= D.NUM_BASIC) / 3,
    ]


def _late(s: LuxorState) -> float:
    """How near the end is, 0 to 1: adventurers in the chamber, or the deepest one's way."""
    deepest = max((a for advs in s.adv for a in advs), default=0)
    return max(len(s.chamber) / END_AT, deepest / D.CHAMBER / END_AT)


def features(state: State[LuxorAction], seat: int) -> list[float]:
    """The numbers a learned value reads for ``seat``, in the order of ``NAMES``."""
    if not isinstance(state, LuxorState):
        raise TypeError(f"Luxor features need a Luxor state, not {type(state).__name__}")
    s = state
    pair = with_rival([_seat(s, p) for p in range(len(s.names))], seat, by=1)
    return [*pair, *leads(pair, len(SEAT), min(_late(s), 1.0), len(s.names) / 4)]
