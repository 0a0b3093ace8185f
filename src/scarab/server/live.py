"""A table loaded in this process, the sockets watching it, and the server's own tasks.

``Live`` is what serves one table here: its lock (one change at a time), the
sockets watching it, the bot thinking for it, the turn timer's alarm, and what
the other processes said of who sits where. ``Connection`` is one socket's
outbox. ``Background`` holds the tasks the server runs on its own.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any

from scarab.server.chat import ChatGate, LinesSeen
from scarab.server.seats import SeatInfo
from scarab.server.table import Table

MAX_OUTBOX = 32  # replies waiting for one slow client; state messages coalesce anyway
PRESENCE_BEAT = 30.0  # each process says which seats it holds this often (PostgreSQL)
PRESENCE_TTL = 3 * PRESENCE_BEAT  # a process not heard from this long holds no seat


class Connection:
    """One WebSocket watching a table as a seat (or a spectator).

    Sends go through an outbox drained by one task, so a slow client never
    holds up a table, and only the newest state is kept for it.
    """

    def __init__(
        self, send: Callable[[str], Any], seat: int | None, chat_gate: ChatGate | None = None
    ) -> None:
        self.send = send
        self.seat = seat
        self.last = ""  # the last state text sent: unchanged states are not sent again
        self.state: str | None = None
        self.replies: deque[str] = deque(maxlen=MAX_OUTBOX)
        self.chat_gate = chat_gate or ChatGate()  # shared by one client's sockets at a table
        self.chat_seen = LinesSeen()  # the chat lines passed to this socket
        self.wake = asyncio.Event()
        self.closed = False

    def push_state(self, text: str) -> None:
        if text != self.last:
            self.last = self.state = text
            self.wake.set()

    def push(self, text: str) -> None:
        self.replies.append(text)
        self.wake.set()

    async def run(self) -> None:
        while not self.closed:
            await self.wake.wait()
            self.wake.clear()
            while self.replies or self.state is not None:
                if self.replies:
                    text = self.replies.popleft()
                elif self.state is not None:
                    text, self.state = self.state, None
                await self.send(text)


class Live:
    """A table loaded in this process, with what serves it here: its lock, the sockets
    watching it, the bot thinking for it and the turn timer's alarm."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.lock = asyncio.Lock()
        self.watchers: set[Connection] = set()
        self.thinking: asyncio.Task[None] | None = None
        self.alarm: asyncio.TimerHandle | None = None
        self.used = time.monotonic()
        self.shown = time.monotonic()  # when a change of the table was last shown
        # process: (the seats it holds, when it said so)
        self.elsewhere: dict[str, tuple[frozenset[int], float]] = {}
        self.hint: tuple[str, int, str] | None = None  # (version, seat, reply) last given
        self.hinting = False  # a hint is being worked out (one at a time per table)
        self.chat_seen = LinesSeen()  # the chat lines this process has passed to its sockets
        self.hints_asked: dict[int, deque[float]] = {}  # seat: when its recent hints were asked
        # (client, seat): the chat rate of one seat's sockets from one client
        self.chat_gates: dict[tuple[str, int | None], ChatGate] = {}

    def chat_gate(self, client: str, seat: int | None) -> ChatGate:
        """The chat rate of one seat (or of the watchers) from one client at this table:
        more sockets send no more lines, and friends behind one address who sit at
        different seats each have their own (one client holds at most every seat's)."""
        return self.chat_gates.setdefault((client, seat), ChatGate())

    def here(self) -> frozenset[int]:
        """The seats with a socket on this process."""
        return frozenset(c.seat for c in self.watchers if c.seat is not None)

    def online(self, now: float | None = None) -> set[int]:
        """The seats with a socket on any process (as last said, within PRESENCE_TTL)."""
        now = time.monotonic() if now is None else now
        seats = set(self.here())
        for held, when in self.elsewhere.values():
            if now - when < PRESENCE_TTL:
                seats |= held
        return seats

    def idle(self, since: float) -> bool:
        return (
            not self.watchers
            and self.thinking is None
            and not self.lock.locked()
            and self.used < since
        )

    def cancel_alarm(self) -> None:
        """Stop the turn timer's (or a retry's) alarm, if one is set."""
        if self.alarm is not None:
            self.alarm.cancel()
            self.alarm = None

    def follow_seats(self, old: list[SeatInfo]) -> None:
        """After open seats went, each connection follows its seat to its new number (names
        are unique at a table; an open seat had no one connected)."""
        names = [s.name for s in self.table.seats]
        for conn in self.watchers:
            if conn.seat is not None:
                name = old[conn.seat].name if conn.seat < len(old) else None
                conn.seat = names.index(name) if name in names else None


class Background:
    """The tasks the server runs on its own, held until done (the loop keeps only weak
    references to its tasks)."""

    def __init__(self) -> None:
        self.tasks: set[asyncio.Task[None]] = set()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
