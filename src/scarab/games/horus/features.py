"""What a learned position value reads in the Pyramid of Horus: numbers about one seat,
and about the seat's strongest rival, computed from a state.

The numbers are those the hand-written heuristic already works out (what is carried,
the way out, the chance of being sealed in, what is left to find), so a model fitted
on game outcomes (tools/train_value.py) weighs them by how games end instead of by our
guesses. Like the heuristic, it reads only what the state holds and public facts; a
bot passes a determinized state.
"""

from __future__ import annotations

from scarab.core.features import with_rival
from scarab.core.game import State
from scarab.games.horus import data as D
from scarab.games.horus import hazards as H
from scarab.games.horus import heuristic as V
from scarab.games.horus.actions import HorusAction
from scarab.games.horus.stages import ESCAPED, INSIDE, WAITING
from scarab.games.horus.state import HorusState

SEAT = (
    "escaped",
    "out",
    "waiting",
    "banked",
    "carried",
    "value",
    "way_out",
    "safe",
    "find",
    "wounds",
    "actions",
    "in_hand",
)
NAMES: tuple[str, ...] = (
    *(f"me_{n}" for n in SEAT),
    *(f"rival_{n}" for n in SEAT),
    "value_lead",
    "haul_lead",
    "rival_gone_and_beaten",
    "fallen",
    "players",
)


def _seat(s: HorusState, p: int) -> list[float]:
    st = s.status[p]
    escaped, active = st == ESCAPED, st in (WAITING, INSIDE)
    r = V.read(s, p)
    return [
        float(escaped),
        float(not escaped and not active),
        float(st == WAITING),
        s.score[p] / 10 if escaped else 0.0,
        r.carried / 10,
        r.value / V.ESCAPE,
        r.way_out / 10 if r.way_out >= 0 else 0.0,
        r.safe,
        r.find / 10,
        float(H.wounds(s, p)) if active else 0.0,
        r.per_round / 5,
        r.in_hand / 5,
    ]


def features(state: State[HorusAction], seat: int) -> list[float]:
    """The numbers a learned value reads for ``seat``, in the order of ``NAMES``."""
    if not isinstance(state, HorusState):
        raise TypeError(f"Horus features need a Horus state, not {type(state).__name__}")
    s = state
    pair = with_rival([_seat(s, p) for p in range(len(s.names))], seat, by=5)
    mine, rival = pair[: len(SEAT)], pair[len(SEAT) :]
    haul, rival_haul = mine[3] + mine[4], rival[3] + rival[4]
    return [
        *pair,
        mine[5] - rival[5],
        haul - rival_haul,
        float(rival[0] and haul > rival_haul),
        1 - len(s.box) / len(D.BLOCKS),
        len(s.names) / 6,
    ]
