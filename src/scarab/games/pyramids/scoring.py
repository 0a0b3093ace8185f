"""Pyramids' final scoring, in the rulebook's list (PYR-SCORE-*)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scarab.games.pyramids import data as D

if TYPE_CHECKING:
    from scarab.core.game import JSON
    from scarab.games.pyramids.state import PyramidsState


@dataclass(frozen=True)
class Breakdown:
    pyramids: int  # completed cards
    pyramid_points: int
    torches: int  # torches on the score card
    red: int
    green: int
    worst_skull: int  # the penalty of the worst marked skull (0 if none)

    @property
    def gem_points(self) -> int:
        return gem_points(self.red, self.green)

    @property
    def total(self) -> int:
        return (
            self.pyramids * D.TOMB_VP
            + self.pyramid_points
            + self.torches * D.TORCH_VP
            + self.gem_points
            - self.worst_skull
        )

    def rows(self) -> list[tuple[str, int]]:
        return [
            (f"pyramids ({self.pyramids})", self.pyramids * D.TOMB_VP),
            ("pyramid points", self.pyramid_points),
            (f"torches ({self.torches})", self.torches * D.TORCH_VP),
            (f"gems ({self.red} red, {self.green} green)", self.gem_points),
            ("worst skull", -self.worst_skull),
        ]

    def text(self) -> str:
        return ", ".join(f"{name} {vp}" for name, vp in self.rows()) + f"; {self.total} in all"

    def to_json(self) -> dict[str, JSON]:
        return {
            "pyramids": self.pyramids,
            "pyramid_points": self.pyramid_points,
            "torches": self.torches,
            "red_gems": self.red,
            "green_gems": self.green,
            "gem_points": self.gem_points,
            "worst_skull": -self.worst_skull,
            "total": self.total,
        }


def gem_points(red: int, green: int) -> int:
    """PYR-SCORE-GEMS: 5 per red-green pair, 1 per gem left over."""
    pairs = min(red, green)
    return pairs * D.GEM_PAIR_VP + (red + green - 2 * pairs) * D.GEM_SINGLE_VP


def worst_skull(skulls: int) -> int:
    """PYR-SCORE-SKULL: only the worst marked skull counts (they fill in order)."""
    return D.SKULLS[skulls - 1] if skulls else 0


def points(s: PyramidsState, p: int) -> int:
    """``final_scoring(s, p).total`` without building the breakdown (a search asks often)."""
    return (
        len(s.done[p]) * D.TOMB_VP
        + sum(v for _, v in s.claims[p])
        + bin(s.torches[p]).count("1") * D.TORCH_VP
        + gem_points(s.red[p], s.green[p])
        - worst_skull(s.skulls[p])
    )


def final_scoring(s: PyramidsState, p: int) -> Breakdown:
    return Breakdown(
        pyramids=len(s.done[p]),
        pyramid_points=sum(v for _, v in s.claims[p]),
        torches=bin(s.torches[p]).count("1"),
        red=s.red[p],
        green=s.green[p],
        worst_skull=worst_skull(s.skulls[p]),
    )
