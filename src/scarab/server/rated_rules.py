"""The rules that keep a rated result fair: who sat down and played counts.

A rated table is played unrated when a person's seat left before its person
moved, or ended with no move of its own (lichess aborts such games), or when
two persons' seats came from one address or device (one person on both sides).
A person who left after moving, or let the zombie play more of their moves
than they did, takes last place: leaving never pays.
"""

from __future__ import annotations

from collections import Counter

from scarab.server.seats import HUMAN, SeatInfo
from scarab.server.stored import StoredMove


def unrated_reason(seats: list[SeatInfo], moves: list[StoredMove], over: bool) -> str | None:
    """Why a rated table is played unrated (its message id), or None while it counts."""
    own, _ = moves_by_seat(moves)
    persons = [i for i, s in enumerate(seats) if s.kind == HUMAN]
    if any(not own[i] and (seats[i].left or over) for i in persons):
        return "ui.rated.no_move"
    whose: dict[str, int] = {}
    for i in persons:
        for mark in seats[i].seen:
            if whose.setdefault(mark, i) != i:
                return "ui.rated.one_origin"
    return None


def forfeited_seats(seats: list[SeatInfo], moves: list[StoredMove]) -> set[int]:
    """The persons' seats that count as last in a rated result, whatever the zombie made
    of them: their person left after moving, or let the zombie (a turn timer that ran
    out) play more of their moves than they did."""
    own, zombie = moves_by_seat(moves)
    return {i for i, s in enumerate(seats) if s.kind == HUMAN and (s.left or zombie[i] > own[i])}


def moves_by_seat(moves: list[StoredMove]) -> tuple[Counter[int], Counter[int]]:
    """Each seat's moves of its own, and the zombie's for it (they carry a note)."""
    own: Counter[int] = Counter()
    zombie: Counter[int] = Counter()
    for m in moves:
        (zombie if m.note is not None else own)[m.seat] += 1
    return own, zombie
