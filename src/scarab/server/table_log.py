"""A table's log: what each viewer may learn of each move, in English words and as a
message for the reader's language, and the notes on the moves the zombie played."""

from __future__ import annotations

import re
from collections import deque
from typing import Any

from scarab.core.clauses import clauses_for
from scarab.core.game import JSON, Event, Game
from scarab.server.stored import StoredMove
from scarab.server.turn_timers import TIMER_RAN_OUT

# The record's note on a move the zombie played for a seat, and the same for the log.
ZOMBIE_NOTE = re.compile(r"played by the zombie \((?P<level>[a-z_]+)\): (?P<why>.*)")


def left_note(level: str, name: str) -> str:
    """The note on a move the zombie played for a seat whose person left for good."""
    return f"played by the zombie ({level}): {name} left"


def note_phrase(note: str | None, seat: int) -> dict[str, JSON] | None:
    """A move's note as a message for the reader's language: the zombie (at its level)
    played it for ``seat``, whose person left or whose turn timer ran out; None for no
    note or one of another kind (a record's own, kept as it is written)."""
    found = ZOMBIE_NOTE.fullmatch(note) if note is not None else None
    if found is None:
        return None
    why = "timer" if found["why"] == TIMER_RAN_OUT else "left"
    args: dict[str, JSON] = {"who": f"#{seat}", "level": f"@ui.level.{found['level']}"}
    return {"msg": f"ui.log.by_zombie_{why}", "args": args}


def log_events(
    logs: dict[int | None, deque[dict[str, JSON]]],
    events: list[Event],
    in_round: int,
    game: Game[Any],
    move: StoredMove,
) -> None:
    """Add what each viewer may learn of ``events`` to that viewer's log, in English words
    and as a message for the reader's language (made from that viewer's copy only), with
    the event's kind, its round (the move's, until a ``round`` event begins the next:
    what the closing move sets going belongs under the new round's heading), and the
    clauses behind it.
    Viewers who see the same copy share one line (the public copy of a hidden event is
    the same for every viewer but its owner). A move the zombie played (its note) is
    said so on the first line of the mover's that each viewer sees."""
    note = note_phrase(move.note, move.seat)
    noted: set[int | None] = set()  # the viewers told of the note already
    for e in events:
        if e.kind == "final":
            continue
        if e.kind == "round" and isinstance(e.data.get("round"), int):
            in_round = e.data["round"]
        made: dict[bool, dict[str, JSON]] = {}  # whole (True) or public (False) copy
        for viewer, lines in logs.items():
            seen = e.for_viewer(viewer)
            if seen is None or not seen.text:
                continue
            line = made.get(seen is e)
            if line is None:
                msg, args = game.event_phrase(seen.kind, dict(seen.data))
                line = made[seen is e] = {
                    "seat": seen.player,
                    "text": seen.text,
                    "msg": msg,
                    "args": args,
                    "kind": seen.kind,
                    "round": in_round,
                    "clauses": list(clauses_for(game.name, seen.kind, seen.data)),
                }
            if note is not None and seen.player == move.seat and viewer not in noted:
                noted.add(viewer)
                line = {**line, "note": note}
            lines.append(line)
