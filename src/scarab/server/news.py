"""News between the processes serving one PostgreSQL store (LISTEN/NOTIFY).

A process tells the others that a table moved (the store does, as it commits),
that a chat line was kept, and which seats of a table it holds sockets for, so
that every process shows who is online wherever they connected. The notices
are words in one channel (``listen.py`` reads them):

    <table> <rev> [move]      a table changed (store.move_news)
    <table> @<process> <seats>  the seats a process holds ("-": none; "?": tell me yours)
    <table> #chat <line id>   a chat line was kept

On SQLite (one process) nothing is told.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from scarab.server.listen import Listener
from scarab.server.live import Background, Live
from scarab.server.live_tables import LiveTables
from scarab.server.storage import StoreCalls

ASK = "?"  # in a seats notice: say which seats you hold


class News:
    """What this process tells the others and hears from them."""

    def __init__(
        self,
        calls: StoreCalls,
        tables: LiveTables,
        background: Background,
        owner: str,
        *,
        show: Callable[[Live], None],
        chat_kept: Callable[[str, int], None],
    ) -> None:
        self.calls = calls
        self.tables = tables
        self.background = background
        self.owner = owner  # this process, in seats notices
        self.show = show
        self.chat_kept = chat_kept
        self.listener: Listener | None = None
        self.on = calls.store.postgres

    def start(self) -> None:
        """Listen to the other processes (PostgreSQL only)."""
        if self.on:
            self.listener = Listener(
                self.calls.store, self.tables.moved, self.seats_told, self.chat_kept, self.resumed
            )
            self.listener.start()

    def stop(self) -> None:
        if self.listener is not None:
            self.listener.stop()

    def resumed(self) -> None:
        """The notices came back after a lost connection: catch every live table up, since
        a move made elsewhere meanwhile told no one here."""
        self.tables.refresh_all()

    def tell(self, payload: str) -> None:
        """Send a notice to the other processes, on its own (PostgreSQL only)."""
        if self.on:
            self.background.spawn(self.calls.notify(payload))

    def tell_seats(self, live: Live) -> None:
        """Tell the other processes which seats of ``live`` this one holds."""
        self.tell(f"{live.table.id} @{self.owner} {_seat_list(live.here())}")

    def ask_seats(self, live: Live) -> None:
        """Ask the other processes which seats of ``live`` they hold."""
        self.tell(f"{live.table.id} @{self.owner} {ASK}")

    def tell_all_seats(self) -> None:
        """Say again which seats this process holds, table by table (a process not heard
        from for PRESENCE_TTL holds none)."""
        for live in self.tables.by_id.values():
            if live.here():
                self.tell_seats(live)

    def seats_told(self, table_id: str, owner: str, seats: str) -> None:
        """Another process said which seats of a table it holds, or asked for ours."""
        live = self.tables.by_id.get(table_id)
        if live is None or owner == self.owner:
            return
        if seats == ASK:
            if live.here():
                self.tell_seats(live)
            return
        before = live.online()
        held = frozenset(int(s) for s in seats.split(",") if s.isdigit())
        live.elsewhere[owner] = (held, time.monotonic())
        if live.online() != before:
            self.show(live)


def _seat_list(seats: frozenset[int]) -> str:
    return ",".join(map(str, sorted(seats))) or "-"
