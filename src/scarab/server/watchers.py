"""Telling the sockets of this process what a table looks like to each of them.

Each seat (and the watchers) gets its own message, worked out once per change
for all of its sockets; a seat coming online or going is shown to everyone.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from scarab.server.live import Connection, Live


class Watchers:
    """The sockets watching the live tables. ``seats_here_changed`` is told when the seats
    with a socket on this process change (the other processes are then told)."""

    def __init__(self, seats_here_changed: Callable[[Live], None]) -> None:
        self.seats_here_changed = seats_here_changed

    @staticmethod
    def message(live: Live, seat: int | None) -> str:
        """The table as ``seat`` (None: a watcher) sees it, as the socket's text."""
        return json.dumps(live.table.message(seat, live.online()), separators=(",", ":"))

    def show(self, live: Live) -> None:
        """Send each socket the table as its seat now sees it."""
        texts: dict[int | None, str] = {}
        for conn in list(live.watchers):
            if conn.seat not in texts:
                texts[conn.seat] = self.message(live, conn.seat)
            conn.push_state(texts[conn.seat])

    def join(self, live: Live, conn: Connection) -> None:
        was_online = conn.seat in live.online()
        here = live.here()
        live.watchers.add(conn)
        if live.here() != here:
            self.seats_here_changed(live)
        if conn.seat is not None and not was_online:
            self.show(live)  # the others see the seat come online
        else:
            conn.push_state(self.message(live, conn.seat))

    def leave(self, live: Live, conn: Connection) -> None:
        conn.closed = True
        conn.wake.set()
        here = live.here()
        live.watchers.discard(conn)
        if all(c.chat_gate is not conn.chat_gate for c in live.watchers):
            live.chat_gates = {k: g for k, g in live.chat_gates.items() if g is not conn.chat_gate}
        live.used = time.monotonic()
        if live.here() != here:
            self.seats_here_changed(live)
        if conn.seat is not None and conn.seat not in live.online():
            self.show(live)
