"""Luxor actions and their notation.

Positions: ``S`` is the stairs, ``1``..``40`` the spaces, ``C`` the tomb chamber.

=============  ==================================================================
``L S+3``      play the leftmost card, move the adventurer on the stairs 3 forward
``R 12-1``     play the rightmost card (+/-1), move the adventurer on 12 back one
``L die``      play a die card (the roll follows, then a ``12+4`` decision)
``R all``      play an "advance all" Horus card
``L last``     play "last to second-last"
``L pass``     no end card can move anyone: discard it without moving
``12+4``       after a roll: move the adventurer on 12 four tiles
``act 14``     after "advance all": perform the tile action on space 14 (``act C``:
               pick the adventurer in the chamber, so no tile action)
``take key``   choose a reward: ``key``, ``h1``/``h2``/``h3`` (a Horus card), ``scarab``, ``wild``
=============  ==================================================================

Steps count tiles, never empty spaces or statues. Actions are interned: one
object per distinct action, so equality is cheap and creation is rare.
"""

from __future__ import annotations

import re

from scarab.core.refusal import Reason, unreadable
from scarab.games.luxor.data import CHAMBER, MAX_STEPS, STAIRS

REWARDS = ("key", "h1", "h2", "h3", "scarab", "wild")


def pos_text(pos: int) -> str:
    if pos == STAIRS:
        return "S"
    if pos == CHAMBER:
        return "C"
    return str(pos)


class LuxorAction:
    """One decision. Interned: equal fields give the very same object, so equality
    and hashing are identity (fast), and instances are immutable."""

    __slots__ = ("side", "src", "steps", "verb", "what")
    verb: str  # move, die, all, last, pass, go, act, take
    side: str  # "L" or "R" for a card play
    src: int  # the adventurer's position (move, go), or the space (act)
    steps: int  # tiles to move, negative backwards
    what: str  # the reward taken

    def __new__(
        cls, verb: str, side: str = "", src: int = -1, steps: int = 0, what: str = ""
    ) -> LuxorAction:
        key = (verb, side, src, steps, what)
        a = _INTERN.get(key)
        if a is None:
            a = _INTERN[key] = object.__new__(cls)
            for name, value in zip(("verb", "side", "src", "steps", "what"), key, strict=True):
                object.__setattr__(a, name, value)
        return a

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("LuxorAction is immutable")

    def __reduce__(self) -> tuple[type[LuxorAction], tuple[str, str, int, int, str]]:
        return (LuxorAction, (self.verb, self.side, self.src, self.steps, self.what))

    def __str__(self) -> str:
        v = self.verb
        if v == "move":
            return f"{self.side} {pos_text(self.src)}{self.steps:+d}"
        if v == "go":
            return f"{pos_text(self.src)}{self.steps:+d}"
        if v == "act":
            return f"act {pos_text(self.src)}"
        if v == "take":
            return f"take {self.what}"
        return f"{self.side} {v}"

    def __repr__(self) -> str:
        return f"<{self}>"


_INTERN: dict[tuple[str, str, int, int, str], LuxorAction] = {}
action = LuxorAction

# Prebuilt actions for the move generator: FORWARD[side][src][k - 1] moves k tiles,
# BACKWARD[side][src] one tile back, GOES[src][k - 1] moves k after a roll.
_SRCS = range(CHAMBER)
FORWARD = {
    side: [tuple(action("move", side, a, k) for k in range(1, MAX_STEPS + 1)) for a in _SRCS]
    for side in "LR"
}
BACKWARD = {side: [action("move", side, a, -1) for a in _SRCS] for side in "LR"}
GOES = [tuple(action("go", "", a, k) for k in range(1, MAX_STEPS + 1)) for a in _SRCS]
CARD_PLAYS = {(side, v): action(v, side) for side in "LR" for v in ("die", "all", "last", "pass")}


_MOVE = re.compile(r"^([LR])\s*(S|C|\d{1,2})\s*([+-])\s*(\d)$", re.ASCII)
_CARD = re.compile(r"^([LR])\s+(DIE|ALL|LAST|PASS)$", re.ASCII)
_GO = re.compile(r"^(S|C|\d{1,2})\s*([+-])\s*(\d)$", re.ASCII)
_ACT = re.compile(r"^ACT\s+(S|C|\d{1,2})$", re.ASCII)
_TAKE = re.compile(r"^TAKE\s+(\w+)$", re.ASCII)

FORMS = (
    "'L S+3', 'R 12-1', 'L die', 'R all', 'L last', 'L pass', '12+4', 'act 14', 'act C', 'take key'"
)


def _pos(text: str) -> int:
    """A position as written: S, C or a number (0 and 41 read as S and C, so that C is read
    wherever 41 is, and an echoed 'L C+1' reads back)."""
    return STAIRS if text == "S" else CHAMBER if text == "C" else int(text)


def parse(text: str) -> LuxorAction:
    """Read notation (case and extra spaces do not matter); UnreadableAction if unreadable."""
    t = " ".join(text.strip().upper().split())
    if m := _MOVE.match(t):
        return action("move", m.group(1), _pos(m.group(2)), int(m.group(3) + m.group(4)))
    if m := _CARD.match(t):
        return action(m.group(2).lower(), m.group(1))
    if m := _GO.match(t):
        return action("go", "", _pos(m.group(1)), int(m.group(2) + m.group(3)))
    if m := _ACT.match(t):
        return action("act", "", _pos(m.group(1)))
    if m := _TAKE.match(t):
        what = m.group(1).lower()
        if what not in REWARDS:
            raise unreadable(
                Reason("luxor.refuse.reward", what=repr(what), rewards=", ".join(REWARDS))
            )
        return action("take", what=what)
    raise unreadable(
        Reason("refuse.unreadable", text=repr(text.strip()), game="Luxor", forms=FORMS)
    )
