"""Turn timers: a table's timer gives each person's decision so many seconds, after which
the table's zombie bot decides for them.

A table keeps when the current turn started (``Table.turn_started``, replayed
with its moves: a seat's own further decisions do not restart its clock); here
is when the server must act on its own (``due_time``, which the store keeps),
what a seat's page is told of the timer, and the alarm that wakes the server
then. The alarm is only a wake-up: the store keeps the due time, so a table
nobody watches is loaded again when its timer runs out.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from scarab.core.game import JSON
from scarab.server.seats import OPEN

if TYPE_CHECKING:
    from scarab.server.live import Live
    from scarab.server.seats import SeatInfo
    from scarab.server.table import Table

TIMER_RAN_OUT = "the turn timer ran out"


def timer_note(level: str) -> str:
    """The note on a move the zombie played for a seat whose turn timer ran out."""
    return f"played by the zombie ({level}): {TIMER_RAN_OUT}"


def due_time(
    table: Table, current: int | None, started: float, seats: list[SeatInfo] | None = None
) -> float | None:
    """When the server must act on its own at a position whose decider ``current``'s turn
    began at ``started`` (with ``seats``, by default the table's): at once for a bot (or
    the zombie of a seat left for good), when the timer runs out for a person; None when
    nothing is due (the game over, no timer, or an open seat, which waits for a person)."""
    if current is None:
        return None
    if table.bot_level(current, seats) is not None:
        return started
    if table.timer is not None and (seats or table.seats)[current].kind != OPEN:
        return started + table.timer
    return None


def timer_shown(table: Table, current: int | None) -> dict[str, JSON] | None:
    """The timer as a page shows it: its seconds a turn and when this turn's are up; None
    when no person is deciding under a timer."""
    if table.timer is None or current is None or table.bot_level(current) is not None:
        return None
    return {"seconds": table.timer, "deadline": table.turn_started + table.timer}


def turn_deadline(table: Table) -> float | None:
    """When the zombie takes over the current decision; None if no timer applies."""
    timer = timer_shown(table, table.state.current_player)
    return None if timer is None else float(timer["deadline"])


def set_turn_alarm(live: Live, ran_out: Callable[[Live, int], None]) -> None:
    """Wake ``ran_out(live, seat)`` when the current seat's turn timer runs out, if one runs."""
    deadline = turn_deadline(live.table)
    seat = live.table.state.current_player
    if deadline is not None and seat is not None:
        delay = max(0.0, deadline - time.time())
        live.alarm = asyncio.get_running_loop().call_later(delay, ran_out, live, seat)
