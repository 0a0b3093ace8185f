"""A table as the store hands it over: its header, its seats and its moves; and the notice
that tells the other processes of one move.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

MAX_NEWS = 2000  # characters of a move told in a notice (PostgreSQL allows 8,000 bytes)


class Conflict(Exception):
    """The table changed in the store since this process read it (another process moved)."""


@dataclass
class StoredMove:
    seat: int
    notation: str
    note: str | None
    at: float


@dataclass
class Header:
    """What the store keeps of a table's position, written with every change."""

    current: int | None
    over: bool
    due: float | None


@dataclass
class StoredTable:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    timer: int | None
    zombie: str
    created: float
    over: bool = False
    rev: int = 0
    current: int | None = None
    due: float | None = None
    public: bool = False
    rated: bool = False
    rematch: str | None = None
    moves: list[StoredMove] = field(default_factory=list)

    @property
    def open_seats(self) -> int:
        return sum(1 for s in self.seats if s["kind"] == "open")


def move_news(table_id: str, rev: int, ply: int, move: StoredMove) -> str:
    """The notice of a table moved on to ``rev`` by one move: ``table rev [ply, seat,
    notation, note, at]``, so that the other processes play it on without reading the
    store (that read cost them more than the move). Just ``table rev`` where the move
    is too long to tell."""
    told = json.dumps([ply, move.seat, move.notation, move.note, move.at], separators=(",", ":"))
    return f"{table_id} {rev} {told}" if len(told) <= MAX_NEWS else f"{table_id} {rev}"


def read_move(told: str) -> tuple[int, StoredMove] | None:
    """The (ply, move) a notice told, or None where it does not read as one."""
    if len(told) > MAX_NEWS:
        return None
    try:
        ply, seat, notation, note, at = json.loads(told)
    except (ValueError, TypeError):  # not JSON, or not five things
        return None
    ints = type(ply) is int and type(seat) is int
    if not (ints and isinstance(notation, str) and isinstance(at, (int, float))):
        return None
    if note is not None and not isinstance(note, str):
        return None
    return ply, StoredMove(seat, notation, note, float(at))
