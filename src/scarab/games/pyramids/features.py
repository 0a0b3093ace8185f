"""What a learned position value reads in Pyramids: numbers about one seat, about its
strongest rival, and about how far the game has gone, computed from a state.

The numbers are those the hand-written heuristic works out (the score card now, the
value with progress toward tombs, the nearest tomb), plus the lead scaled by how much
of the game is played: a five-point lead in the first round decides less than in the
last, and a fitted model (tools/train_value.py) can weigh that where a fixed value
scale cannot. Like the heuristic, it reads only the seat's own cards and public facts;
a bot passes a determinized state.
"""

from __future__ import annotations

from scarab.core.features import leads, with_rival
from scarab.core.game import State
from scarab.games.pyramids import data as D
from scarab.games.pyramids import heuristic as V
from scarab.games.pyramids.actions import PyramidsAction
from scarab.games.pyramids.scoring import final_scoring
from scarab.games.pyramids.state import PyramidsState

SEAT = ("score", "value", "done", "nearest", "gems", "skulls", "torches")
NAMES: tuple[str, ...] = (
    *(f"me_{n}" for n in SEAT),
    *(f"rival_{n}" for n in SEAT),
    "value_lead",
    "score_lead",
    "value_lead_late",
    "score_lead_late",
    "played",
    "players",
)
_TOTAL = D.ROUNDS * D.TURNS_PER_ROUND


def _nearest(s: PyramidsState, p: int) -> float:
    """Cells from the nearest tomb among the seat's active cards, over 10 (1 when none)."""
    best = V.HORIZON
    for c in s.cards[p]:
        card = D.CARDS[c]
        best = min(best, V.distances(card, s.marks.get(c, 0))[card.tomb])
    return min(best, V.HORIZON) / 10


def _seat(s: PyramidsState, p: int) -> list[float]:
    return [
        final_scoring(s, p).total / 10,
        V.evaluate(s, p) / 10,
        len(s.done[p]) / 5,
        _nearest(s, p),
        (s.red[p] + s.green[p]) / 10,
        s.skulls[p] / 5,
        bin(s.torches[p]).count("1") / D.ROUNDS,
    ]


def features(state: State[PyramidsAction], seat: int) -> list[float]:
    """The numbers a learned value reads for ``seat``, in the order of ``NAMES``."""
    if not isinstance(state, PyramidsState):
        raise TypeError(f"Pyramids features need a Pyramids state, not {type(state).__name__}")
    s = state
    pair = with_rival([_seat(s, p) for p in range(len(s.names))], seat, by=1)
    return [*pair, *leads(pair, len(SEAT), 1 - V.turns_left(s, seat) / _TOTAL, len(s.names) / 4)]
