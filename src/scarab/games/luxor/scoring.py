"""Luxor's final scoring, in the order of the scoring board (LUX-SCORE-*)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scarab.games.luxor import data as D

if TYPE_CHECKING:
    from scarab.core.game import JSON
    from scarab.games.luxor.state import LuxorState


@dataclass(frozen=True)
class Breakdown:
    adventurers: int
    sarcophagi: int
    keys: int
    sets: int
    set_points: int
    scarabs: int

    @property
    def total(self) -> int:
        return self.adventurers + self.sarcophagi + self.keys + self.set_points + self.scarabs

    def rows(self) -> list[tuple[str, int]]:
        return [
            ("adventurers", self.adventurers),
            ("sarcophagi", self.sarcophagi),
            ("keys", self.keys),
            (f"treasure sets ({self.sets})", self.set_points),
            ("scarabs", self.scarabs),
        ]

    def text(self) -> str:
        return ", ".join(f"{name} {vp}" for name, vp in self.rows()) + f"; {self.total} in all"

    def to_json(self) -> dict[str, JSON]:
        return {
            "adventurers": self.adventurers,
            "sarcophagi": self.sarcophagi,
            "keys": self.keys,
            "sets": self.sets,
            "set_points": self.set_points,
            "scarabs": self.scarabs,
            "total": self.total,
        }


def adventurer_points(positions: list[int]) -> int:
    """LUX-SCORE-WALL: the wall scarab beside each active adventurer; stairs score 0."""
    return sum(D.WALL_VP[a] for a in positions)


def max_sets(counts: list[int], wild: int) -> int:
    """LUX-SCORE-SETS: the most complete sets, each with at most MAX_WILD_PER_SET wild tiles.

    k sets are possible when the missing tiles fit in the wild tiles and every
    set can still hold at least one real tile.
    """
    best = 0
    k = 1
    while 3 * k <= sum(counts) + wild:
        missing = sum(max(0, k - c) for c in counts)
        real = sum(min(c, k) for c in counts)
        if missing <= wild and real >= k * (3 - D.MAX_WILD_PER_SET):
            best = k
        k += 1
    return best


def set_points(sets: int) -> int:
    """The set table: 1..8 sets, 8 and more score the same."""
    if sets == 0:
        return 0
    return D.SET_POINTS[min(sets, len(D.SET_POINTS)) - 1]


def final_scoring(s: LuxorState, p: int) -> Breakdown:
    counts = [0] * len(D.TREASURE_TYPES)
    for tid in s.treasures[p]:
        counts[D.TREASURES[tid].type] += 1
    sets = max_sets(counts, s.wilds[p])
    return Breakdown(
        adventurers=adventurer_points(s.adv[p]),
        sarcophagi=sum(s.sarcs[p]),
        keys=s.keys[p],
        sets=sets,
        set_points=set_points(sets),
        scarabs=sum(s.scarabs[p]),
    )
