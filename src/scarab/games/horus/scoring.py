"""Scoring an escaped adventurer (HOR-SCORE-*): card values, chests, idols, variety."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scarab.games.horus import data as D
from scarab.games.horus.stages import ESCAPED

if TYPE_CHECKING:
    from collections.abc import Iterable

    from scarab.core.game import JSON
    from scarab.games.horus.state import HorusState


@dataclass(frozen=True)
class Breakdown:
    escaped: bool
    treasures: int  # god treasures, sarcophagus cards included
    necklaces: int
    chests: int
    idols: int
    gods: int
    variety: int

    @property
    def total(self) -> int:
        if not self.escaped:
            return 0
        return self.treasures + self.necklaces + self.chests + self.idols + self.variety

    def rows(self) -> list[tuple[str, int]]:
        return [
            ("treasures", self.treasures),
            ("necklaces", self.necklaces),
            ("chests", self.chests),
            ("idols", self.idols),
            (f"variety ({self.gods} gods)", self.variety),
        ]

    def text(self) -> str:
        if not self.escaped:
            return "did not escape; 0"
        return ", ".join(f"{name} {v}" for name, v in self.rows()) + f"; {self.total} in all"

    def to_json(self) -> dict[str, JSON]:
        return {
            "escaped": self.escaped,
            "treasures": self.treasures,
            "necklaces": self.necklaces,
            "chests": self.chests,
            "idols": self.idols,
            "gods": self.gods,
            "variety": self.variety,
            "total": self.total,
        }


def holdings(s: HorusState, p: int) -> list[int]:
    """Every card the seat holds, bag contents included."""
    return s.cards[p] + [c for _, c in s.bagged[p]]


def breakdown(s: HorusState, p: int) -> Breakdown:
    """HOR-SCORE-VALUES, HOR-SCORE-CHEST, HOR-SCORE-IDOLS, HOR-SCORE-VARIETY."""
    return breakdown_of(holdings(s, p), s.status[p] == ESCAPED, s.chests[p])


def breakdown_of(held: Iterable[int], escaped: bool, chests: Iterable[int]) -> Breakdown:
    """The breakdown of a seat holding the cards ``held`` whose chests rolled ``chests``."""
    cards = [D.CARDS[c] for c in held]
    gods = {c.god for c in cards if c.god}
    return Breakdown(
        escaped=escaped,
        treasures=sum(c.value for c in cards if c.kind == D.TREASURE),
        necklaces=sum(c.value for c in cards if c.kind == D.NECKLACE),
        chests=sum(chests),
        idols=sum(c.value for c in cards if c.kind == D.IDOL),
        gods=len(gods),
        variety=D.VARIETY[len(gods)],
    )


def escaped_total(s: HorusState, p: int) -> int:
    return breakdown(s, p).total


def final_scoring(s: HorusState) -> list[Breakdown]:
    return [breakdown(s, p) for p in range(len(s.names))]


def idol_value(s: HorusState, p: int) -> int:
    return sum(D.CARDS[c].value for c in holdings(s, p) if D.CARDS[c].kind == D.IDOL)


def holds_horus_idol(s: HorusState, p: int) -> bool:
    return D.IDOL_CARD[D.IDOL_GOD.index("horus")] in s.cards[p]
