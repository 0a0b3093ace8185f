"""Measured openings: how to break a tie a search cannot.

Where a game's heuristic reads several first decisions alike (in Horus every adventurer
and both entrances), the search visits them alike and would take the first listed.
Played out they differ, so a level with ``book`` takes, of the actions its search rated
exactly alike, the one that won most often in measured play (``openings.toml``, one
table per game, from the tuning tool). The book never overrides a difference the search
can see.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path

OPENINGS_FILE = Path(__file__).with_name("openings.toml")


@cache
def book_for(game: str) -> Mapping[str, float]:
    """The game's measured first decisions (notation -> share of games won), or none."""
    with OPENINGS_FILE.open("rb") as f:
        table = tomllib.load(f).get(game, {}).get("shares", {})
    for text, share in table.items():
        if not isinstance(share, float) or not 0.0 <= share <= 1.0:
            raise ValueError(f"{OPENINGS_FILE} [{game}.shares] {text!r}: a share from 0 to 1")
    return dict(table)
