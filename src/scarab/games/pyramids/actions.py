"""Pyramids actions and their notation.

==================  =============================================================
``keep 5,33``       at setup: keep these two of the four cards dealt to you
``17:b1,b2,c2``     mark these cells on pyramid card 17: the revealed pattern in
                    any rotation or mirror, or one single cell, or (after a red
                    cross) the extra cell
``take 12``         replace a completed card with card 12 from the display
``take deck``       ... or with the top card of the pyramid deck
``pass``            you have no card left to mark
==================  =============================================================

Cells are named a1 (top left) to e5 (bottom right): column letter, row number.
Actions are interned, so equality is identity and creation is rare.
"""

from __future__ import annotations

import re

from scarab.core.refusal import Reason, unreadable
from scarab.games.pyramids.data import cell_index, cell_name, cells_of

DECK = 0  # `take deck`


class PyramidsAction:
    """One decision; equal fields give the very same object."""

    __slots__ = ("card", "cards", "mask", "verb")
    verb: str  # keep, mark, take, pass
    card: int  # the pyramid card marked or taken (DECK for the deck top)
    mask: int  # the cells marked
    cards: tuple[int, ...]  # the cards kept

    def __new__(
        cls, verb: str, card: int = 0, mask: int = 0, cards: tuple[int, ...] = ()
    ) -> PyramidsAction:
        key = (verb, card, mask, cards)
        a = _INTERN.get(key)
        if a is None:
            a = _INTERN[key] = object.__new__(cls)
            for name, value in zip(("verb", "card", "mask", "cards"), key, strict=True):
                object.__setattr__(a, name, value)
        return a

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("PyramidsAction is immutable")

    def __reduce__(self) -> tuple[type[PyramidsAction], tuple[str, int, int, tuple[int, ...]]]:
        return (PyramidsAction, (self.verb, self.card, self.mask, self.cards))

    def __str__(self) -> str:
        if self.verb == "mark":
            return f"{self.card}:{','.join(cell_name(i) for i in cells_of(self.mask))}"
        if self.verb == "keep":
            return f"keep {','.join(map(str, self.cards))}"
        if self.verb == "take":
            return f"take {self.card or 'deck'}"
        return "pass"

    def __repr__(self) -> str:
        return f"<{self}>"


_INTERN: dict[tuple[str, int, int, tuple[int, ...]], PyramidsAction] = {}


def mark(card: int, mask: int) -> PyramidsAction:
    return PyramidsAction("mark", card, mask)


def keep(cards: tuple[int, ...]) -> PyramidsAction:
    return PyramidsAction("keep", cards=tuple(sorted(cards)))


def take(card: int) -> PyramidsAction:
    return PyramidsAction("take", card)


PASS = PyramidsAction("pass")
FORMS = "'keep 5,33', '17:b1,b2,c2', '17:c3', 'take 12', 'take deck', 'pass'"
_MARK = re.compile(r"^(\d{1,2})\s*:\s*([a-e][1-5](?:\s*,\s*[a-e][1-5])*)$")
_KEEP = re.compile(r"^keep\s+(\d{1,2}(?:\s*,\s*\d{1,2})*)$")
_TAKE = re.compile(r"^take\s+(\d{1,2}|deck)$")


def parse(text: str) -> PyramidsAction:
    """Read notation (case, spaces and cell order do not matter); UnreadableAction if unreadable."""
    t = " ".join(text.strip().lower().split())
    if m := _MARK.match(t):
        cells = [cell_index(c.strip()) for c in m.group(2).split(",")]
        if len(set(cells)) != len(cells):
            raise unreadable(Reason("pyramids.refuse.twice", text=repr(text.strip())))
        return mark(int(m.group(1)), sum(1 << i for i in cells))
    if m := _KEEP.match(t):
        return keep(tuple(int(x) for x in m.group(1).split(",")))
    if m := _TAKE.match(t):
        if m.group(1) == "deck":
            return take(DECK)
        if int(m.group(1)) == DECK:
            raise unreadable(Reason("pyramids.refuse.card0"))
        return take(int(m.group(1)))
    if t == "pass":
        return PASS
    raise unreadable(
        Reason("refuse.unreadable", text=repr(text.strip()), game="Pyramids", forms=FORMS)
    )
