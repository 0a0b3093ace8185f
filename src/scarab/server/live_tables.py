"""The tables in this process's memory: loaded on first use, evicted when idle, and caught
up with the store when another process moved them.

The store is the truth: a table here is a copy, rebuilt from its stored header
and moves (replayed from the seed), and a copy that another process moved on
plays on the moves it was told of, or reads the store again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from functools import partial

from scarab.core.errors import ScarabError
from scarab.core.game import JSON
from scarab.server.live import Background, Live
from scarab.server.protocol import issued_id
from scarab.server.storage import StoreCalls
from scarab.server.stored import read_move
from scarab.server.table import NoTable, StoreUnavailable, Table, summary

log = logging.getLogger("scarab.server")


def no_table() -> NoTable:
    return NoTable("there is no table with that id; check the link", "ui.err.no_table")


class LiveTables:
    """The cache of live tables, by id, and what loads, evicts and catches them up.

    ``ask_seats`` asks the other processes who sits at a table just loaded;
    ``show`` sends a changed table to its watchers; ``start_next`` starts what
    the table does on its own next (a bot's move, a turn timer).
    """

    def __init__(
        self,
        calls: StoreCalls,
        background: Background,
        *,
        ask_seats: Callable[[Live], None],
        show: Callable[[Live], None],
        start_next: Callable[[Live], None],
    ) -> None:
        self.calls = calls
        self.store = calls.store
        self.background = background
        self.ask_seats = ask_seats
        self.show = show
        self.start_next = start_next
        self.by_id: dict[str, Live] = {}
        self.loading: dict[str, asyncio.Task[Live]] = {}
        self.missed: dict[str, int] = {}  # a table's newest revision told while it loaded

    def is_current(self, live: Live) -> bool:
        """Whether ``live`` is the copy in memory (not one evicted meanwhile)."""
        return self.by_id.get(live.table.id) is live

    def add(self, live: Live) -> None:
        """A table just made here."""
        self.by_id[live.table.id] = live
        self.start_next(live)

    # ---- finding ------------------------------------------------------------
    async def get(self, table_id: object) -> Live:
        """The live table with this id, loaded from the store if need be; NoTable if none."""
        if not issued_id(table_id):  # checked before the store: no id of another shape exists
            raise no_table()
        live = self.by_id.get(table_id)
        if live is None:
            task = self.loading.get(table_id)
            if task is None:
                task = asyncio.get_running_loop().create_task(self.load(table_id))
                self.loading[table_id] = task
                task.add_done_callback(partial(self._load_ended, table_id))
            live = await asyncio.shield(task)
        elif self.store.postgres:  # another process may have moved it: read your own writes
            await self._catch_up_if_behind(live)
        live.used = time.monotonic()
        if self.by_id.get(table_id) is not live:  # evicted while this call waited
            live = self._reinstate(table_id, live)
        return live

    def _reinstate(self, table_id: str, live: Live) -> Live:
        """The table that left memory while a caller waited for it: the copy loaded since,
        or this one back (a watcher must never join a copy that no longer gets moves)."""
        current = self.by_id.get(table_id)
        if current is not None:
            return current
        self.by_id[table_id] = live
        self.start_next(live)
        return live

    def _load_ended(self, table_id: str, task: asyncio.Task[Live]) -> None:
        """A load ended: forget it, and take its error (its caller may have gone)."""
        self.loading.pop(table_id, None)
        self.missed.pop(table_id, None)
        if not task.cancelled():
            task.exception()

    async def _catch_up_if_behind(self, live: Live) -> None:
        """Catch ``live`` up if the store is ahead of it (the NOTIFY may still be on its way)."""
        try:
            rev = await self.calls.run(self.store.revision, live.table.id)
        except Exception as exc:
            log.warning("could not read table %s: %s", live.table.id, str(exc)[:200])
            raise StoreUnavailable("the game store is unavailable; try again soon") from None
        if rev is not None and rev != live.table.rev:
            await self.refresh(live)

    async def load(self, table_id: str) -> Live:
        """Read a table from the store and replay it into memory."""
        try:
            table = await self.calls.run(self._replay, table_id)
        except ScarabError:
            raise
        except Exception as exc:
            log.warning("could not load table %s: %s", table_id, str(exc)[:200])
            raise StoreUnavailable("the game store is unavailable; try again soon") from None
        live = self.by_id[table_id] = Live(table)
        if self.missed.pop(table_id, -1) > table.rev:  # told of a change its read missed
            self.background.spawn(self.refresh(live))
        self.ask_seats(live)  # who holds its seats elsewhere?
        self.start_next(live)
        return live

    def _replay(self, table_id: str) -> Table:
        """The table rebuilt from the store (runs on a store thread)."""
        stored = self.store.load(table_id)
        if stored is None:
            raise no_table()
        return Table(stored)

    async def load_due(self, now: float, batch: int) -> None:
        """Load the tables whose bot, zombie or turn timer is due (at most ``batch``)."""
        for table_id in await self.calls.run(self.store.due, now, batch):
            if table_id not in self.by_id and table_id not in self.loading:
                with contextlib.suppress(ScarabError):
                    await self.get(table_id)

    def evict_idle(self, since: float) -> bool:
        """Drop the tables idle since ``since``; True if there were any."""
        idle = [table_id for table_id, live in self.by_id.items() if live.idle(since)]
        for table_id in idle:
            self.by_id.pop(table_id).cancel_alarm()
        return bool(idle)

    async def summaries(self, ids: list[str]) -> list[dict[str, JSON]]:
        """The list entries of these tables, from the store's headers alone."""
        try:
            headers = await self.calls.run(self.store.headers, ids)
        except Exception:
            raise StoreUnavailable("the game store is unavailable; try again soon") from None
        found = {h.id: summary(h) for h in headers}
        return [found[i] for i in dict.fromkeys(ids) if i in found]

    # ---- catching up --------------------------------------------------------
    def moved(self, table_id: str, rev: int, told: str | None = None) -> None:
        """A table changed to revision ``rev`` (by the move ``told``, where the notice told
        it: ``store.move_news``): catch up if it is live here."""
        live = self.by_id.get(table_id)
        if live is not None and rev > live.table.rev:
            self.background.spawn(self.refresh(live, rev, told))
        elif live is None and table_id in self.loading:  # its read may be from before this
            self.missed[table_id] = max(rev, self.missed.get(table_id, -1))

    def refresh_all(self) -> None:
        """Catch every live table up with the store."""
        for live in list(self.by_id.values()):
            self.background.spawn(self.refresh(live))

    async def refresh(self, live: Live, rev: int | None = None, told: str | None = None) -> None:
        """Catch ``live`` up with the store (to revision ``rev``, where a notice told it), then
        show it and start what comes next, as after any change. A notice's move that follows
        on from this table is played on without reading the store."""
        async with live.lock:
            if rev is not None and live.table.rev >= rev:
                return  # caught up meanwhile (this process's own move, or a read since)
            fits = told is not None and rev == live.table.rev + 1 and _play_on(live, told)
            changed = fits or await self.catch_up(live)
        if changed:
            self.show(live)
        if self.is_current(live):
            self.start_next(live)

    async def catch_up(self, live: Live) -> bool:
        """Bring ``live`` level with the store if the store is ahead; True if it was (lock
        held). Moves another process added are played on; after an undo, rebuild."""
        table = live.table
        since = max(0, len(table.moves) - 1)  # one move we have, to see that ours still stand
        try:
            tail = await self.calls.run(self.store.load, table.id, since)
            if tail is None or tail.rev == table.rev:
                return False
            with contextlib.suppress(ScarabError):  # a move that does not read: rebuild
                if table.follow(tail, since):
                    return True
            stored = await self.calls.run(self.store.load, table.id)
        except Exception as exc:
            log.warning("could not reload table %s: %s", table.id, str(exc)[:200])
            return False
        if stored is not None:
            old = live.table.seats
            live.table = Table(stored)
            if len(old) != len(live.table.seats):
                live.follow_seats(old)
        return stored is not None


def _play_on(live: Live, told: str) -> bool:
    """Play on the move told that took the table one revision on; False if it does not
    read or fit (then the store is read)."""
    move = read_move(told)
    if move is None or move[0] != len(live.table.moves):
        return False
    try:
        live.table.follow_one(move[1])
    except ScarabError:
        return False
    return True
