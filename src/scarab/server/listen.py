"""Hearing from the other server processes: PostgreSQL LISTEN/NOTIFY on one connection.

Every change to a table notifies ``table_id revision`` when it commits (a move
tells itself too: see ``store.move_news``), and each process says which seats
of a table it holds sockets for. A thread here listens on its own connection
and hands each notice to the event loop, where the hub catches the table up,
or notes who is online.
A lost connection is opened again, and then every table live here is checked against
the store (``resumed``): notices missed meanwhile would leave its sockets showing an
old position.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable

from scarab.server.store import NOTIFY_CHANNEL, Store

log = logging.getLogger("scarab.server")
POLL_SECONDS = 0.5  # how soon the thread notices it should stop
RECONNECT_SECONDS = 1.0


class Listener:
    def __init__(
        self,
        store: Store,
        moved: Callable[[str, int, str | None], None],
        seats_told: Callable[[str, str, str], None],
        chatted: Callable[[str, int], None],
        resumed: Callable[[], None],
    ) -> None:
        self.url = store.engine.url.set(drivername="postgresql").render_as_string(
            hide_password=False
        )
        self.moved = moved
        self.seats_told = seats_told
        self.chatted = chatted
        self.resumed = resumed
        self.loop = asyncio.get_running_loop()
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="scarab-listen", daemon=True)

    def start(self) -> None:
        self.thread.start()
        self.ready.wait(10)  # changes made once start() returns are heard

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(5)

    def _run(self) -> None:
        import psycopg

        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    if self.ready.is_set():  # listening again: what moved meanwhile?
                        self.loop.call_soon_threadsafe(self.resumed)
                    self.ready.set()
                    while not self.stopping.is_set():
                        for notice in conn.notifies(timeout=POLL_SECONDS):
                            self._tell(notice.payload)
            except Exception as exc:
                log.warning("listening for other processes failed: %s", exc)
                self.stopping.wait(RECONNECT_SECONDS)

    def _tell(self, payload: str) -> None:
        """``table rev``: a table moved (``table rev [move]``: by that move, read only by a
        hub that needs it); ``table @process seats``: who is online where; ``table #chat
        id``: a chat line was said at the table."""
        parts = payload.split(" ", 2)
        if len(parts) >= 2 and parts[1].isdigit():
            told = parts[2] if len(parts) == 3 else None
            self.loop.call_soon_threadsafe(self.moved, parts[0], int(parts[1]), told)
        elif len(parts) == 3 and parts[1].startswith("@"):
            self.loop.call_soon_threadsafe(self.seats_told, parts[0], parts[1][1:], parts[2])
        elif len(parts) == 3 and parts[1] == "#chat" and parts[2].isdigit():
            self.loop.call_soon_threadsafe(self.chatted, parts[0], int(parts[2]))
