"""The live tables of a server process, put together from their parts.

The store is the truth. Memory holds only live tables (``live_tables``); a
table's due time (a bot's or zombie's move, a turn timer) is kept in the store,
so a table nobody watches is evicted and loaded again when its turn comes.
Several processes may serve one PostgreSQL store: a change is written only
against the revision it was made from (``table_changes``), LISTEN/NOTIFY tells
the others a table moved (``news``), and a claim row lets one process at a time
run a table's bot (``bot_turns``). Each change is worked out on a copy,
committed on a storage thread (``storage``), and only then shown to anyone
(``watchers``).

    hub.live_tables  the cache: get, load, evict, catch up (LiveTables)
    hub.changes      moves, undo, seats (TableChanges)
    hub.new_tables   create, rematch (NewTables)
    hub.watchers     the sockets here: join, leave, message (Watchers)
    hub.chat         chat lines (ChatRoom)
    hub.hints        hints (Hints)
    hub.bots         bots, zombies and turn timers (BotTurns)
    hub.news         the other processes (News)
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable
from typing import Any, TypeVar

from scarab.server.bot_turns import BotTurns
from scarab.server.bots import make_pool
from scarab.server.chat_room import ChatRoom
from scarab.server.config import ServerConfig
from scarab.server.hints import Hints
from scarab.server.links import Links
from scarab.server.live import PRESENCE_BEAT, Background, Live
from scarab.server.live_tables import LiveTables
from scarab.server.memory import give_back
from scarab.server.new_tables import NewTables
from scarab.server.news import News
from scarab.server.storage import StoreCalls
from scarab.server.store import Store
from scarab.server.table import Table
from scarab.server.table_changes import TableChanges
from scarab.server.watchers import Watchers

T = TypeVar("T")
DUE_BATCH = 100  # due tables loaded per tick at most
GIVE_BACK_SECONDS = 60.0  # after evictions, memory is handed back to the system this often


class Hub:
    """The tables this process serves, and the chores that keep them: each tick, load the
    tables whose turn has come and evict the idle ones."""

    def __init__(self, store: Store, config: ServerConfig, links: Links) -> None:
        self.store = store
        self.links = links  # the page addresses the answers hand out
        self.idle_seconds = config.idle_seconds  # a table nobody watches leaves memory then
        self.tick = config.tick  # how often due tables are looked for and idle ones evicted
        self.owner = secrets.token_hex(8)  # this process, in claims and seats notices
        self.calls = StoreCalls(store)
        self.background = Background()
        pool = make_pool(config.bot_workers)
        # the parts, each handed what it calls; a lambda calls a part made further down
        self.watchers = Watchers(lambda live: self.news.tell_seats(live))
        self.live_tables = LiveTables(
            self.calls,
            self.background,
            ask_seats=lambda live: self.news.ask_seats(live),
            show=self.watchers.show,
            start_next=lambda live: self.bots.start_next(live),
        )
        self.chat = ChatRoom(
            self.calls, self.live_tables, self.background, tell=lambda text: self.news.tell(text)
        )
        self.news = News(
            self.calls,
            self.live_tables,
            self.background,
            self.owner,
            show=self.watchers.show,
            chat_kept=self.chat.kept_elsewhere,
        )
        self.changes = TableChanges(
            self.calls,
            self.live_tables,
            self.background,
            links,
            show=self.watchers.show,
            start_next=lambda live: self.bots.start_next(live),
        )
        self.bots = BotTurns(
            self.calls,
            self.live_tables,
            pool,
            self.owner,
            pace=config.pace,
            step=config.bot_step,
            play=self.changes.act,
        )
        self.new_tables = NewTables(self.calls, self.live_tables, links, show=self.watchers.show)
        self.hints = Hints(pool)
        self.chores: list[asyncio.Task[None]] = []

    @property
    def live(self) -> dict[str, Live]:
        """The live tables by id."""
        return self.live_tables.by_id

    @property
    def tables(self) -> dict[str, Table]:
        """The live tables' games by id."""
        return {k: v.table for k, v in self.live.items()}

    async def get(self, table_id: object) -> Live:
        """The live table with this id, loaded from the store if need be; NoTable if none."""
        return await self.live_tables.get(table_id)

    async def storage(self, fn: Callable[..., T], *args: Any) -> T:
        """A storage call on the hub's storage threads (StoreUnavailable if it fails)."""
        return await self.calls.call(fn, *args)

    # ---- life ---------------------------------------------------------------
    async def start(self) -> None:
        """Start the chores; nothing is read per table (due tables are found as they come)."""
        if not self.store.postgres:
            await self.calls.run(self.store.release_all)  # one process: no claim outlives it
        self.news.start()
        self.chores.append(asyncio.get_running_loop().create_task(self._chores()))

    async def stop(self) -> None:
        for task in self.chores:
            task.cancel()
        self.news.stop()
        await self.bots.stop()
        self.calls.close()
        with contextlib.suppress(Exception):  # a store that is down keeps them till they lapse
            self.store.release_all(self.owner)
        self.store.close()

    async def _chores(self) -> None:
        """Every tick: load the tables whose turn has come, and evict the idle ones; now and
        then, say again which seats this process holds."""
        beat = trimmed = time.monotonic()
        evicted = False
        while True:
            await asyncio.sleep(self.tick)
            try:
                await self.live_tables.load_due(time.time(), DUE_BATCH)
            except Exception as exc:
                self.calls.warn_down(f"could not read the due tables: {str(exc)[:200]}")
            now = time.monotonic()
            evicted = self.live_tables.evict_idle(now - self.idle_seconds) or evicted
            if evicted and now - trimmed >= GIVE_BACK_SECONDS:
                trimmed, evicted = now, False
                give_back()
            if now - beat >= PRESENCE_BEAT:
                beat = now
                self.news.tell_all_seats()
