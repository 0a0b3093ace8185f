"""Shared shape of the numbers a learned position value reads (``games/<game>/features.py``).

Each game describes one seat in a row of numbers; a value for a seat reads its own row,
the row of its strongest rival, and game-wide numbers after them.
"""

from __future__ import annotations

from collections.abc import Sequence


def with_rival(rows: Sequence[list[float]], seat: int, by: int) -> list[float]:
    """``seat``'s row, then its strongest rival's (the other seat highest at index ``by``;
    zeros for a seat alone)."""
    others = [row for p, row in enumerate(rows) if p != seat]
    rival = max(others, key=lambda row: row[by]) if others else [0.0] * len(rows[seat])
    return [*rows[seat], *rival]


def leads(pair: list[float], size: int, late: float, players: float) -> list[float]:
    """For rows that begin with (score, value): the seat's lead over its rival in value and
    in score, each again weighted by ``late`` (how far the game has gone, 0 to 1: a lead
    decides more near the end), then ``late`` and ``players``."""
    value_lead, score_lead = pair[1] - pair[size + 1], pair[0] - pair[size]
    return [value_lead, score_lead, value_lead * late, score_lead * late, late, players]
