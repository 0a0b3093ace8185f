"""The chat of the live tables: lines kept in the store, passed to each socket here that
may read them, once, and told to the other processes (which read them from the store)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import Any

from scarab.server.chat import HISTORY, PLAYERS, WATCHERS, channels_for, check_text, line_json
from scarab.server.live import Background, Connection, Live
from scarab.server.live_tables import LiveTables
from scarab.server.storage import StoreCalls

log = logging.getLogger("scarab.server")


class ChatRoom:
    """What is said at the live tables. ``tell`` sends a notice to the other processes."""

    def __init__(
        self,
        calls: StoreCalls,
        tables: LiveTables,
        background: Background,
        *,
        tell: Callable[[str], None],
    ) -> None:
        self.calls = calls
        self.store = calls.store
        self.tables = tables
        self.background = background
        self.tell = tell

    async def say(self, live: Live, conn: Connection, text: object) -> None:
        """A line from a seat (the players' channel) or a watcher (the watchers'): kept,
        then passed to whoever may read it here and told to the other processes."""
        line_text = check_text(text)
        conn.chat_gate.check()
        seat = conn.seat
        line: dict[str, Any] = {
            "table_id": live.table.id,
            "channel": PLAYERS if seat is not None else WATCHERS,
            "seat": seat,
            "name": live.table.seats[seat].name if seat is not None else "a watcher",
            "text": line_text,
            "at": time.time(),
        }
        line["id"] = await self.calls.call(self.store.add_chat, dict(line))
        self._deliver(live, [line])
        self.tell(f"{live.table.id} #chat {line['id']}")

    def _deliver(self, live: Live, lines: list[dict[str, Any]]) -> None:
        """Each line to every socket here that may read it and has not had it (a newcomer
        may have had it in its history), in whatever order the lines come."""
        for line in lines:
            live.chat_seen.add(line["id"])
            text = ""  # written for the first socket that has not had it
            for conn in list(live.watchers):
                if line["channel"] in channels_for(conn.seat) and conn.chat_seen.add(line["id"]):
                    text = text or json.dumps({"type": "chat", **line_json(line)})
                    conn.push(text)

    async def history(self, live: Live, conn: Connection) -> None:
        """The newest lines a newcomer may read, sent once after its first state (nothing
        when nobody has spoken), less any passed to it live while they were read: each line
        reaches a socket once. They count as passed to this socket only: the read may see a
        line that the others here have yet to be passed."""
        rows = await self.calls.call(
            self.store.chat, live.table.id, channels_for(conn.seat), 0, HISTORY
        )
        lines = [line_json(r) for r in rows if conn.chat_seen.add(r["id"])]
        if lines:
            conn.push(json.dumps({"type": "chat_history", "lines": lines}))

    def kept_elsewhere(self, table_id: str, line_id: int) -> None:
        """Another process kept a chat line: pass on what this one has not yet, that line
        and any after the newest passed on here (a line told of may be older than lines
        already passed on: the other process's line can commit after them)."""
        live = self.tables.by_id.get(table_id)
        if live is not None and line_id not in live.chat_seen:
            after = min(line_id - 1, live.chat_seen.newest)
            self.background.spawn(self._catch_up(live, after))

    async def _catch_up(self, live: Live, after: int) -> None:
        try:
            rows = await self.calls.run(
                self.store.chat, live.table.id, (PLAYERS, WATCHERS), after, HISTORY
            )
        except Exception as exc:
            log.warning("could not read the chat: %s", str(exc)[:200])
            return
        self._deliver(live, rows)
