"""The live tables of a server process: acting, storing, telling watchers, bots and timers.

One asyncio lock per table orders its changes; each change is worked out on
a copy, committed by a storage thread, and only then shown to anyone. Bots and
zombies think in a worker pool and come back through the same path as a
person's move, so a bot's move that lost a race is simply thrown away and
thought again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
import time
from collections import deque
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from functools import partial
from typing import Any, TypeVar

from sqlalchemy.exc import DBAPIError

from scarab.agents import agent_names
from scarab.agents.hints import HINT_LEVEL
from scarab.agents.unseen import run_seconds
from scarab.core.errors import BadOption, ScarabError, brief
from scarab.core.game import JSON
from scarab.core.registry import games, load
from scarab.server.bots import bot_seed, choose_run, hint, make_pool
from scarab.server.chat import (
    HISTORY,
    PLAYERS,
    WATCHERS,
    ChatGate,
    LinesSeen,
    channels_for,
    check_text,
    line_json,
)
from scarab.server.listen import Listener
from scarab.server.memory import give_back
from scarab.server.protocol import BadRequest, field, given_name, issued_id, timer_field
from scarab.server.ratings import settle
from scarab.server.store import Conflict, Store, StoredTable, read_move
from scarab.server.table import (
    BOT,
    HUMAN,
    OPEN,
    NoTable,
    Rebuilt,
    SeatInfo,
    Stale,
    StoreUnavailable,
    Table,
    TableError,
    left_note,
    stored_seats,
    summary,
    timer_note,
    token_hash,
)

T = TypeVar("T")
log = logging.getLogger("scarab.server")
MAX_OUTBOX = 32  # replies waiting for one slow client; state messages coalesce anyway
IDLE_SECONDS = 60.0  # a table nobody watches or plays leaves memory after this long
TICK_SECONDS = 1.0  # how often due tables are looked for and idle ones evicted
DUE_BATCH = 100  # due tables loaded per tick at most
STORE_THREADS = 8  # storage calls at once: different tables' writes don't queue
CLAIM_SECONDS = 8.0  # a claim on a table's bot lapses this long after its last renewal
CLAIM_RENEW = 2.0  # seconds between renewals while the bot thinks (a process that dies stops)
CLAIM_RETRY = 2.0  # seconds before a bot blocked by another's claim, or failed, tries again
GIVE_BACK_SECONDS = 60.0  # after evictions, memory is handed back to the system this often
STOP_BOTS_SECONDS = 5.0  # at shutdown, how long a bot's search under way may take to end
PRESENCE_BEAT = 30.0  # each process says which seats it holds this often (PostgreSQL)
PRESENCE_TTL = 3 * PRESENCE_BEAT  # a process not heard from this long holds no seat
HINTS_PER_MINUTE = 6  # hints one seat of a table may ask for (a repeated one is free)
STORE_WARN_SECONDS = 30.0  # how often a store that stays down is said in the log


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
        self.elsewhere: dict[str, tuple[frozenset[int], float]] = {}  # process: seats, heard
        self.hint: tuple[str, int, str] | None = None  # (version, seat, reply) last given
        self.hinting = False  # a hint is being worked out (one at a time per table)
        self.chat_seen = LinesSeen()  # the chat lines this process has passed to its sockets
        self.asked: dict[int, deque[float]] = {}  # seat: when its recent hints were asked
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

    def online(self, now: float) -> set[int]:
        """The seats with a socket on any process (as last heard, within PRESENCE_TTL)."""
        seats = set(self.here())
        for heard, when in self.elsewhere.values():
            if now - when < PRESENCE_TTL:
                seats |= heard
        return seats

    def idle(self, since: float) -> bool:
        return (
            not self.watchers
            and self.thinking is None
            and not self.lock.locked()
            and self.used < since
        )


class Hub:
    """The tables this process serves: loaded on first use, evicted when idle.

    The store is the truth. Memory holds only live tables; a table's due time
    (a bot's or zombie's move, a turn timer) is kept in the store, so a table
    nobody watches is evicted and loaded again when its turn comes. Several
    processes may serve one PostgreSQL store: a change is written only against
    the revision it was made from, LISTEN/NOTIFY tells the others a table moved,
    and a claim row lets one process at a time run a table's bot.
    """

    def __init__(
        self,
        store: Store,
        bot_workers: int = 1,
        *,
        idle_seconds: float = IDLE_SECONDS,
        tick: float = TICK_SECONDS,
        pace: float = 1.0,
        step: float = 0.0,
    ) -> None:
        self.store = store
        self.pace = pace  # times run_seconds: how long a bot's run of unseen moves takes
        self.step = step  # the least seconds from a change shown to a bot's next seen move
        self.live: dict[str, Live] = {}
        self.loading: dict[str, asyncio.Task[Live]] = {}
        self.missed: dict[str, int] = {}  # a table's newest revision told while it loaded
        self.io = ThreadPoolExecutor(max_workers=STORE_THREADS, thread_name_prefix="scarab-store")
        self.pool = make_pool(bot_workers)
        self.owner = secrets.token_hex(8)  # this process, in claims
        self.idle_seconds = idle_seconds
        self.tick = tick
        self.chores: list[asyncio.Task[None]] = []
        self.background: set[asyncio.Task[None]] = set()
        self.listener: Listener | None = None
        self.warned = -math.inf  # when the store was last said to be down (_store_down)

    @property
    def tables(self) -> dict[str, Table]:
        """The live tables by id."""
        return {k: v.table for k, v in self.live.items()}

    # ---- life ---------------------------------------------------------------
    async def start(self) -> None:
        """Start the chores; nothing is read per table (due tables are found as they come)."""
        if not self.store.postgres:
            await self._io(self.store.release_all)  # one process: no claim outlives it
        else:
            self.listener = Listener(self.store, self.moved, self.heard, self.chatted, self.resumed)
            self.listener.start()
        self.chores.append(asyncio.get_running_loop().create_task(self._chores()))

    async def stop(self) -> None:
        for task in self.chores:
            task.cancel()
        thinking = [live.thinking for live in self.live.values() if live.thinking is not None]
        for live in self.live.values():
            if live.alarm is not None:
                live.alarm.cancel()
        for task in thinking:
            task.cancel()
        if self.listener is not None:
            self.listener.stop()
        # Each bot gives back its table's claim while the storage threads still run (it
        # crashed with a trace when they had stopped); a search under way ends (the
        # expert's within its 1.5 s) and the workers with it (left running, they made
        # the process warn of leaked semaphores as it exited).
        await asyncio.gather(*thinking, return_exceptions=True)
        ending = asyncio.to_thread(partial(self.pool.shutdown, wait=True, cancel_futures=True))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ending, STOP_BOTS_SECONDS)
        self.io.shutdown(wait=True)
        with contextlib.suppress(Exception):  # a store that is down keeps them till they lapse
            self.store.release_all(self.owner)
        self.store.close()

    def _store_down(self, what: str) -> None:
        """A warning that the store failed, at most once in STORE_WARN_SECONDS: an outage of
        a minute is a few lines in the log, not one per table every two seconds."""
        now = time.monotonic()
        if now - self.warned >= STORE_WARN_SECONDS:
            self.warned = now
            log.warning(
                "the store is unavailable (%s); said again in %g s at most if it goes on",
                what,
                STORE_WARN_SECONDS,
            )

    async def _io(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.io, fn, *args)

    async def storage(self, fn: Callable[..., T], *args: Any) -> T:
        """A storage call on the hub's storage threads (StoreUnavailable if it fails)."""
        try:
            return await self._io(fn, *args)
        except Exception as exc:
            self._store_down(str(exc)[:200])
            raise StoreUnavailable("the game store is unavailable; try again soon") from None

    async def _write(self, what: str, fn: Callable[..., T], *args: Any) -> T:
        """A storage call that changes a table; StoreUnavailable (saying ``what`` was not done)
        if the store failed, Conflict if another process changed the table first."""
        try:
            return await self._io(fn, *args)
        except Conflict:
            raise
        except Exception as exc:
            self._store_down(str(exc)[:200])
            raise StoreUnavailable(f"the game store is unavailable; {what}") from None

    async def _chores(self) -> None:
        """Every tick: load the tables whose turn has come, and evict the idle ones; now and
        then, say again which seats this process holds."""
        beat = trimmed = time.monotonic()
        evicted = False
        while True:
            await asyncio.sleep(self.tick)
            try:
                await self._due()
            except Exception as exc:
                self._store_down(f"could not read the due tables: {str(exc)[:200]}")
            now = time.monotonic()
            evicted = self._evict(now - self.idle_seconds) or evicted
            if evicted and now - trimmed >= GIVE_BACK_SECONDS:
                trimmed, evicted = now, False
                give_back()
            if now - beat >= PRESENCE_BEAT:
                beat = now
                for live in self.live.values():
                    if live.here():
                        self._announce(live)

    async def _due(self) -> None:
        for table_id in await self._io(self.store.due, time.time(), DUE_BATCH):
            if table_id not in self.live and table_id not in self.loading:
                with contextlib.suppress(ScarabError):
                    await self.get(table_id)

    def _evict(self, since: float) -> bool:
        """Drop the tables idle since ``since``; True if there were any."""
        idle = [table_id for table_id, live in self.live.items() if live.idle(since)]
        for table_id in idle:
            live = self.live.pop(table_id)
            if live.alarm is not None:
                live.alarm.cancel()
        return bool(idle)

    # ---- finding ------------------------------------------------------------
    async def get(self, table_id: object) -> Live:
        """The live table with this id, loaded from the store if need be; NoTable if none."""
        if not issued_id(table_id):  # checked before the store: no id of another shape exists
            raise NoTable("there is no table with that id; check the link", "ui.err.no_table")
        live = self.live.get(table_id)
        if live is None:
            task = self.loading.get(table_id)
            if task is None:
                task = asyncio.get_running_loop().create_task(self._load(table_id))
                self.loading[table_id] = task
                task.add_done_callback(partial(self._loaded, table_id))
            live = await asyncio.shield(task)
        elif self.store.postgres:  # another process may have moved it: read your own writes
            await self._fresh(live)
        live.used = time.monotonic()
        if self.live.get(table_id) is not live:  # evicted while this call waited
            live = self._reinstate(table_id, live)
        return live

    def _reinstate(self, table_id: str, live: Live) -> Live:
        """The table that left memory while a caller waited for it: the copy loaded since,
        or this one back (a watcher must never join a copy that no longer gets moves)."""
        current = self.live.get(table_id)
        if current is not None:
            return current
        self.live[table_id] = live
        self.kick(live)
        return live

    def _loaded(self, table_id: str, task: asyncio.Task[Live]) -> None:
        """A load ended: forget it, and take its error (its caller may have gone)."""
        self.loading.pop(table_id, None)
        self.missed.pop(table_id, None)
        if not task.cancelled():
            task.exception()

    async def _fresh(self, live: Live) -> None:
        """Catch ``live`` up if the store is ahead of it (the NOTIFY may still be on its way)."""
        try:
            rev = await self._io(self.store.revision, live.table.id)
        except Exception as exc:
            log.warning("could not read table %s: %s", live.table.id, str(exc)[:200])
            raise StoreUnavailable("the game store is unavailable; try again soon") from None
        if rev is not None and rev != live.table.rev:
            await self._refresh(live)

    async def _load(self, table_id: str) -> Live:
        try:
            table = await self._io(self._build, table_id)
        except ScarabError:
            raise
        except Exception as exc:
            log.warning("could not load table %s: %s", table_id, str(exc)[:200])
            raise StoreUnavailable("the game store is unavailable; try again soon") from None
        live = self.live[table_id] = Live(table)
        if self.missed.pop(table_id, -1) > table.rev:  # told of a change its read missed
            self._spawn(self._refresh(live))
        self._announce(live, "?")  # who holds its seats elsewhere?
        self.kick(live)
        return live

    def _build(self, table_id: str) -> Table:
        """The table rebuilt from the store (runs on a store thread)."""
        stored = self.store.load(table_id)
        if stored is None:
            raise NoTable("there is no table with that id; check the link", "ui.err.no_table")
        return Table(stored)

    async def summaries(self, ids: list[str]) -> list[dict[str, JSON]]:
        """The list entries of these tables, from the store's headers alone."""
        try:
            headers = await self._io(self.store.headers, ids)
        except Exception:
            raise StoreUnavailable("the game store is unavailable; try again soon") from None
        found = {h.id: summary(h) for h in headers}
        return [found[i] for i in dict.fromkeys(ids) if i in found]

    # ---- other processes ----------------------------------------------------
    def moved(self, table_id: str, rev: int, told: str | None = None) -> None:
        """Another process (or this one) changed a table to revision ``rev`` (by the move
        ``told``, where the notice told it: ``store.move_news``): catch up if it is live
        here."""
        live = self.live.get(table_id)
        if live is not None and rev > live.table.rev:
            self._spawn(self._refresh(live, rev, told))
        elif live is None and table_id in self.loading:  # its read may be from before this
            self.missed[table_id] = max(rev, self.missed.get(table_id, -1))

    def resumed(self) -> None:
        """The notices came back after a lost connection: catch every live table up, since
        a move made elsewhere meanwhile told no one here."""
        for live in list(self.live.values()):
            self._spawn(self._refresh(live))

    def _announce(self, live: Live, seats: str | None = None) -> None:
        """Tell the other processes which seats of ``live`` this one holds (or ask theirs:
        ``seats`` "?"), so every process shows who is online wherever they connected."""
        if self.store.postgres:
            held = seats or ",".join(map(str, sorted(live.here()))) or "-"
            self._spawn(self._notify(f"{live.table.id} @{self.owner} {held}"))

    async def _notify(self, payload: str) -> None:
        try:
            await self._io(self.store.notify, payload)
        except Exception as exc:
            log.warning("could not tell the other processes: %s", str(exc)[:200])

    def heard(self, table_id: str, owner: str, seats: str) -> None:
        """Another process said which seats of a table it holds, or asked for ours ("?")."""
        live = self.live.get(table_id)
        if live is None or owner == self.owner:
            return
        if seats == "?":
            if live.here():
                self._announce(live)
            return
        before = self.online(live)
        held = frozenset(int(s) for s in seats.split(",") if s.isdigit())
        live.elsewhere[owner] = (held, time.monotonic())
        if self.online(live) != before:
            self.broadcast(live)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on its own, held until done (the loop keeps only weak references)."""
        task = asyncio.get_running_loop().create_task(work)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def _refresh(self, live: Live, rev: int | None = None, told: str | None = None) -> None:
        """Catch ``live`` up with the store (to revision ``rev``, where a notice told it), then
        tell and kick as after any change. A notice's move that follows on from this table
        is played on without reading the store."""
        async with live.lock:
            if rev is not None and live.table.rev >= rev:
                return  # caught up meanwhile (this process's own move, or a read since)
            fits = told is not None and rev == live.table.rev + 1 and self._play_on(live, told)
            changed = fits or await self._catch_up(live)
        if changed:
            self.broadcast(live)
        if self.live.get(live.table.id) is live:
            self.kick(live)

    @staticmethod
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

    async def _catch_up(self, live: Live) -> bool:
        """Bring ``live`` level with the store if the store is ahead; True if it was (lock
        held). Moves another process added are played on; after an undo, rebuild."""
        table = live.table
        since = max(0, len(table.moves) - 1)  # one move we have, to see that ours still stand
        try:
            tail = await self._io(self.store.load, table.id, since)
            if tail is None or tail.rev == table.rev:
                return False
            with contextlib.suppress(ScarabError):  # a move that does not read: rebuild
                if table.follow(tail, since):
                    return True
            stored = await self._io(self.store.load, table.id)
        except Exception as exc:
            log.warning("could not reload table %s: %s", table.id, str(exc)[:200])
            return False
        if stored is not None:
            old = live.table.seats
            live.table = Table(stored)
            if len(old) != len(live.table.seats):
                _renumber(live, old)
        return stored is not None

    async def create(
        self, spec: dict[str, Any], player: tuple[str, str] | None = None
    ) -> dict[str, JSON]:
        """A new table from a checked spec; the answer holds each person's seat token. A seat
        ``{"kind": "human", "me": true}`` is the creating ``player``'s (id, name)."""
        name = field(spec, "game", str)
        if name not in games():
            raise BadRequest(f"there is no game {brief(name)}; the games are {', '.join(games())}")
        game = load(name)
        raw_seats = field(spec, "seats", list)
        if not game.min_players <= len(raw_seats) <= game.max_players:
            raise BadRequest(
                f"{game.title} seats {game.min_players} to {game.max_players} players, "
                f"not {len(raw_seats)}"
            )
        options = field(spec, "options", dict, {})
        zombie = _level(field(spec, "zombie", str, "greedy"), "zombie")
        seats, tokens = _seats(raw_seats, player)
        public = field(spec, "public", bool, False)
        rated = field(spec, "rated", bool, False)
        if rated and not public:
            raise BadRequest(
                'a rated table is a public one: add "public": true', "ui.err.rated_public"
            )
        if any(s["kind"] == OPEN for s in seats) and not public:
            raise BadRequest(
                'open seats are for public tables: add "public": true', "ui.err.open_public"
            )
        stored = StoredTable(
            id=secrets.token_urlsafe(12),
            game=name,
            options=options,
            seed=secrets.randbits(63),
            seats=seats,
            timer=timer_field(spec),
            zombie=zombie,
            created=time.time(),
            public=public,
            rated=rated,
        )
        try:
            table = Table(stored)  # new_game checks the options
        except BadOption as exc:
            raise BadRequest(str(exc)) from None
        head = table.header()
        stored.current, stored.over, stored.due = head.current, head.over, head.due
        await self._write("no table was made", self.store.create, stored)
        live = self.live[table.id] = Live(table)
        self.kick(live)
        return {
            "table": table.id,
            "watch": f"/t/{table.id}#watch",
            "seats": [
                {
                    "seat": i,
                    "name": s["name"],
                    "kind": s["kind"],
                    "level": s["level"],
                    "token": tokens.get(i),
                    "link": f"/t/{table.id}#seat={tokens[i]}" if i in tokens else None,
                }
                for i, s in enumerate(seats)
            ],
        }

    # ---- acting -------------------------------------------------------------
    async def act(
        self, live: Live, seat: int, notation: object, version: object, note: str | None = None
    ) -> None:
        """Play a move: checked, committed, and only then shown to anyone."""
        async with live.lock:
            table = live.table
            played = table.play(seat, notation, version, note)
            head = table.header(played.state, turn_started=table.started_after(played))
            await self._change(
                live,
                "your move was not made",
                self.store.append,
                table.rev,
                len(table.moves),
                played.move,
                head,
            )
            table.accept(played)
        self._after_change(live)
        if table.rated and table.state.is_over:  # once, at the end: the answer waits for it
            await self._settle(live)

    async def rematch(self, live: Live, seat: int) -> dict[str, JSON]:
        """A seat of a finished table offers the same seats a new game (a new secret seed,
        the seats one place on); everyone's link or key opens it, and anyone may decline
        their seat there. A second request gets the same rematch."""
        old = live.table
        if not old.state.is_over:
            raise TableError("a rematch is offered once the game is over", "ui.err.rematch_early")
        if old.rematch is None:
            new = StoredTable(
                id=secrets.token_urlsafe(12),
                game=old.game.name,
                options=old.options,
                seed=secrets.randbits(63),
                seats=old.rematch_seats(),
                timer=old.timer,
                zombie=old.zombie,
                created=time.time(),
                public=old.public,
                rated=old.rated,
            )
            head = Table(new).header()
            new.current, new.over, new.due = head.current, head.over, head.due
            old.rematch = await self.storage(self.store.offer_rematch, old.id, new)
            self.broadcast(live)
        return {"table": old.rematch, "watch": f"/t/{old.rematch}#watch"}

    async def fill(
        self, live: Live, host: int, seat: object, level: object, name: object = None
    ) -> None:
        """The table's maker fills an open seat, or that of a person who has not come, with a
        bot at ``level``, named ``name`` (the page names it in its reader's language) or by
        its level."""
        if not isinstance(level, str):
            raise BadRequest(f"level names a bot: one of {', '.join(agent_names())}")
        chosen = _level(level, "seat")
        if name is not None and not isinstance(name, str):
            raise BadRequest(f"name is the bot's name, a text, not {brief(name)}")
        named = None if name is None else given_name(name, "the bot's name")
        async with live.lock:
            seats, rebuilt = live.table.fill(host, seat, chosen, named, self.online(live))
            assert isinstance(seat, int)  # table.fill checked it
            gone = seats[seat].player != live.table.seats[seat].player  # a person's, given up
            await self._reseat(live, "the seat was not filled", seats, rebuilt, None, gone)
        self._after_change(live)

    async def start_now(self, live: Live, host: int) -> None:
        """The table's maker starts with the players seated; its open seats go."""
        async with live.lock:
            old = live.table.seats
            seats, rebuilt = live.table.start_now(host)
            await self._reseat(live, "the table was not started", seats, rebuilt, None, True)
            _renumber(live, old)
        self._after_change(live)

    async def _reseat(
        self,
        live: Live,
        what: str,
        seats: list[SeatInfo],
        rebuilt: Rebuilt,
        sitting: tuple[int, str] | None,
        renumber: bool = False,
    ) -> None:
        """Store seats that renamed the game (a seat taken or filled) or renumbered it
        (started with fewer), then show them (the table's lock held)."""
        table = live.table
        head = table.header(rebuilt.state, seats=seats)
        stored = stored_seats(seats)
        seed = rebuilt.state.seed if rebuilt.state.seed != table.seed else None
        await self._change(
            live, what, self.store.set_seats, table.rev, stored, head, sitting, renumber, seed
        )
        table.accept_sit(seats, rebuilt)

    async def decline(self, live: Live, seat: int) -> None:
        """A person declines the seat a rematch offered them (before it is theirs to play):
        the zombie's bot takes it, so the others can play on. A seat taken is left, not
        declined; and a rated game's seats change no hands once it has begun."""
        table = live.table
        info = table.seats[seat]
        if info.kind != HUMAN:
            raise TableError("only a person's seat can be declined", "ui.err.decline_bot")
        if not info.offered:
            raise TableError(
                "only a seat a rematch offered you can be declined: leave the table instead",
                "ui.err.decline_offer",
            )
        if table.played(seat) or (table.rated and table.moves):  # a loss in sight, unrated
            raise TableError(
                "the game is on for you: leave it for good instead (the zombie plays on, "
                "and a rated result stays yours)",
                "ui.err.decline_played",
            )
        await self.set_seat(
            live,
            seat,
            kind=BOT,
            level=table.zombie,
            token_hash=None,
            player=None,
            left=False,
            offered=False,
            seen=(),
        )

    async def _settle(self, live: Live) -> None:
        """Rate a rated table that just ended (the store makes sure it happens once)."""
        try:
            await self._io(settle, self.store, live.table)
        except Exception as exc:
            log.warning("could not rate table %s: %s", live.table.id, str(exc)[:200])

    # ---- chat -------------------------------------------------------------------
    async def chat(self, live: Live, conn: Connection, text: object) -> None:
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
        line["id"] = await self.storage(self.store.add_chat, dict(line))
        self._deliver(live, [line])
        if self.store.postgres:
            self._spawn(self._notify(f"{live.table.id} #chat {line['id']}"))

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

    async def chat_history(self, live: Live, conn: Connection) -> None:
        """The newest lines a newcomer may read, sent once after its first state (nothing
        when nobody has spoken), less any passed to it live while they were read: each line
        reaches a socket once. They count as passed to this socket only: the read may see a
        line that the others here have yet to be passed."""
        rows = await self.storage(
            self.store.chat, live.table.id, channels_for(conn.seat), 0, HISTORY
        )
        lines = [line_json(r) for r in rows if conn.chat_seen.add(r["id"])]
        if lines:
            conn.push(json.dumps({"type": "chat_history", "lines": lines}))

    def chatted(self, table_id: str, line_id: int) -> None:
        """Another process kept a chat line: pass on what this one has not yet, that line
        and any after the newest passed on here (a line told of may be older than lines
        already passed on: the other process's line can commit after them)."""
        live = self.live.get(table_id)
        if live is not None and line_id not in live.chat_seen:
            after = min(line_id - 1, live.chat_seen.newest)
            self._spawn(self._catch_up_chat(live, after))

    async def _catch_up_chat(self, live: Live, after: int) -> None:
        try:
            rows = await self._io(
                self.store.chat, live.table.id, (PLAYERS, WATCHERS), after, HISTORY
            )
        except Exception as exc:
            log.warning("could not read the chat: %s", str(exc)[:200])
            return
        self._deliver(live, rows)

    async def hint(self, live: Live, seat: int) -> str:
        """The hint bot's top actions for ``seat``'s decision, as a ``hint`` message for
        that seat alone: searched in the bot pool from what the seat may see. The same
        position's hint is kept; a new one is refused while another is being worked out
        at this table, or beyond HINTS_PER_MINUTE for the seat."""
        table = live.table
        if table.state.current_player != seat:
            raise TableError(
                "a hint is for your own decision: wait for your turn", "ui.err.hint_turn"
            )
        version = table.version
        if live.hint is not None and live.hint[:2] == (version, seat):
            return live.hint[2]
        if live.hinting:
            raise TableError(
                "a hint is being worked out at this table; it comes in a moment", "ui.err.hint_busy"
            )
        asked = live.asked.setdefault(seat, deque(maxlen=HINTS_PER_MINUTE))
        now = time.monotonic()
        if len(asked) == HINTS_PER_MINUTE and now - asked[0] < 60:
            raise TableError(
                f"at most {HINTS_PER_MINUTE} hints a minute: try again shortly",
                "ui.err.hint_rate",
                n=HINTS_PER_MINUTE,
            )
        asked.append(now)
        live.hinting = True
        try:
            copy = table.state.clone()
            loop = asyncio.get_running_loop()
            top, searches = await loop.run_in_executor(
                self.pool, hint, copy, seat, HINT_LEVEL, bot_seed()
            )
        finally:
            live.hinting = False
        reply = json.dumps(hint_message(table, seat, version, top, searches))
        live.hint = (version, seat, reply)
        return reply

    async def sit(self, live: Live, seat: object, player: tuple[str, str]) -> dict[str, JSON]:
        """A player takes an open seat: stored, then shown to everyone at the table."""
        async with live.lock:
            table = live.table
            seats, rebuilt, token = table.sit(seat, *player)
            assert isinstance(seat, int)
            sitting = (seat, player[0])
            await self._reseat(live, "you did not get the seat", seats, rebuilt, sitting)
        self._after_change(live)
        return {
            "table": table.id,
            "seat": seat,
            "token": token,
            "link": f"/t/{table.id}#seat={token}",
        }

    async def undo(self, live: Live, seat: int, version: object) -> None:
        async with live.lock:
            table = live.table
            rebuilt = table.undo(seat, version)
            head = table.header(rebuilt.state)
            await self._change(
                live,
                "nothing was undone",
                self.store.truncate,
                table.rev,
                len(rebuilt.moves),
                head,
            )
            table.accept_undo(rebuilt)
        self._after_change(live)

    async def set_seat(self, live: Live, seat: int, **changes: Any) -> None:
        """Change a person's seat settings (leave for good, allow undo, its player) and
        store them."""
        async with live.lock:
            await self._store_seats(live, live.table.seat_change(seat, **changes))
        self._after_change(live)

    async def seen(self, live: Live, seat: int, address: str, device: str | None = None) -> None:
        """Keep where a rated game's seat was opened or played from (its address, and the
        device id its page keeps), so that one person on two seats plays it unrated. Most
        calls find nothing new and change nothing; one that loses a race to another change
        is left for the next visit."""
        if live.table.with_origin(seat, address, device) is None:
            return
        async with live.lock:
            seats = live.table.with_origin(seat, address, device)
            if seats is None:
                return
            with contextlib.suppress(Stale):
                await self._store_seats(live, seats)
        self._after_change(live)

    async def bind(self, live: Live, seat: int, player: str) -> None:
        """A person who opens their seat by its link while known as a player: the seat is
        theirs on every device from now on (My tables, the count of tables waiting for
        them), unless it has its player or the player sits here already."""
        if live.table.bound(seat, player) is None:  # most hellos: nothing to do, no lock
            return
        async with live.lock:
            seats = live.table.bound(seat, player)
            if seats is None:
                return
            await self._store_seats(live, seats)
        self._after_change(live)

    async def _store_seats(self, live: Live, seats: list[SeatInfo]) -> None:
        """Store seat settings (the table's lock held), and who sits where if a seat's
        player changed, then take them."""
        table = live.table
        moved = any(a.player != b.player for a, b in zip(table.seats, seats, strict=True))
        head = table.header(seats=seats)
        await self._change(
            live,
            "your seat was not changed",
            self.store.set_seats,
            table.rev,
            stored_seats(seats),
            head,
            None,
            moved,
        )
        table.accept_seats(seats)

    async def _change(self, live: Live, what: str, fn: Callable[..., None], *args: Any) -> None:
        """Store a change to ``live`` (its lock held). If another process changed the table
        first, catch up with the store and say so (Stale): nothing of this change is kept."""
        try:
            await self._write(what, fn, live.table.id, *args)
        except Conflict:
            if await self._catch_up(live):
                self._after_change(live)
            raise Stale(
                "the table moved on since you looked (another move came first); "
                "here is the current state",
                "ui.err.stale",
            ) from None

    def _after_change(self, live: Live) -> None:
        current = self.live.get(live.table.id)
        live.shown = time.monotonic()
        if current is live:
            self.broadcast(live)
            self.kick(live)
        elif current is not None:  # changed through a copy evicted meanwhile: catch up
            self._spawn(self._refresh(current))

    # ---- telling ------------------------------------------------------------
    @staticmethod
    def online(live: Live) -> set[int]:
        return live.online(time.monotonic())

    def message(self, live: Live, seat: int | None) -> str:
        return json.dumps(live.table.message(seat, self.online(live)), separators=(",", ":"))

    def broadcast(self, live: Live) -> None:
        texts: dict[int | None, str] = {}
        for conn in list(live.watchers):
            if conn.seat not in texts:
                texts[conn.seat] = self.message(live, conn.seat)
            conn.push_state(texts[conn.seat])

    def join(self, live: Live, conn: Connection) -> None:
        was_online = conn.seat in self.online(live)
        here = live.here()
        live.watchers.add(conn)
        if live.here() != here:
            self._announce(live)
        if conn.seat is not None and not was_online:
            self.broadcast(live)  # the others see the seat come online
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
            self._announce(live)
        if conn.seat is not None and conn.seat not in self.online(live):
            self.broadcast(live)

    # ---- bots and timers ----------------------------------------------------
    def kick(self, live: Live) -> None:
        """Start whatever must happen next on its own: a bot's move or a turn timer."""
        if live.alarm is not None:
            live.alarm.cancel()
            live.alarm = None
        table = live.table
        seat = table.state.current_player
        if seat is None or live.thinking is not None or self.live.get(table.id) is not live:
            return
        level = table.bot_level(seat)
        if level is not None:
            left = table.seats[seat].left
            note = left_note(level, table.seats[seat].name) if left else None
            self._think(live, seat, level, note)
            return
        deadline = table.deadline()
        if deadline is not None:
            delay = max(0.0, deadline - time.time())
            live.alarm = asyncio.get_running_loop().call_later(delay, self._time_out, live, seat)

    def _time_out(self, live: Live, seat: int) -> None:
        live.alarm = None
        if live.table.state.current_player != seat or live.thinking is not None:
            return
        note = timer_note(live.table.zombie)
        self._think(live, seat, live.table.zombie, note)

    def _think(self, live: Live, seat: int, level: str, note: str | None) -> None:
        loop = asyncio.get_running_loop()
        live.thinking = loop.create_task(self._bot_move(live, seat, level, note))

    async def _bot_move(self, live: Live, seat: int, level: str, note: str | None) -> None:
        """One bot decision, if this process holds the table's claim; then what comes next."""
        retry: float | None = None
        table_id, rev = live.table.id, live.table.rev
        try:
            if await self._io(
                self.store.claim, table_id, rev, self.owner, time.time(), CLAIM_SECONDS
            ):
                held = asyncio.get_running_loop().create_task(self._hold(table_id, rev))
                try:
                    await self._decide(live, seat, level, note)
                finally:
                    held.cancel()
                    await self._io(self.store.release, table_id, self.owner)
            else:  # another process thinks for this table, or moved it: look again later
                retry = CLAIM_RETRY
        except ScarabError as exc:  # a bot that failed leaves the seat to a later kick
            log.warning("bot %s at table %s failed: %s", level, table_id, exc)
            retry = CLAIM_RETRY
        except DBAPIError as exc:  # the store is down: said once a while, not a trace a table
            self._store_down(f"bots wait: {str(exc.orig)[:200]}")
            retry = CLAIM_RETRY
        except Exception:
            log.exception("bot %s at table %s crashed", level, table_id)
            retry = CLAIM_RETRY
        finally:
            live.thinking = None
        if retry is None:
            self.kick(live)
        elif self.live.get(table_id) is live:
            live.alarm = asyncio.get_running_loop().call_later(
                retry, lambda: self._spawn(self._refresh(live))
            )

    async def _hold(self, table_id: str, rev: int) -> None:
        """Renew this process's claim on a table's bot while it thinks (a decision queued
        behind others' may take longer than a claim), so that the claim of a process killed
        mid-thought lapses within CLAIM_SECONDS, not one long enough for any decision."""
        with contextlib.suppress(DBAPIError):  # a store that is down: the claim lapses
            while True:
                await asyncio.sleep(CLAIM_RENEW)
                now = time.time()
                if not await self._io(
                    self.store.claim, table_id, rev, self.owner, now, CLAIM_SECONDS
                ):
                    return  # the table moved on (the bot's move is in), or another holds it

    async def _decide(self, live: Live, seat: int, level: str, note: str | None) -> None:
        table = live.table
        version = table.version
        copy = table.state.clone()
        loop = asyncio.get_running_loop()
        began = time.monotonic()
        moves, unseen = await loop.run_in_executor(
            self.pool, choose_run, copy, seat, level, bot_seed()
        )
        if unseen:  # shown when the run's time is up, however many moves it made
            await asyncio.sleep(began + run_seconds(level) * self.pace - time.monotonic())
        else:  # a move at a time that people can follow, not a turn's five at once
            await asyncio.sleep(live.shown + self.step - time.monotonic())
        with contextlib.suppress(Stale, TableError):  # the table moved on: think again
            for notation in moves:
                await self.act(live, seat, notation, version, note)
                version = live.table.version


def hint_message(
    table: Table, seat: int, version: str, top: list[tuple[str, float, int]], searches: int
) -> dict[str, JSON]:
    """A hint as the seat's page reads it: each action with its words and fields."""
    game, view = table.game, table.state.view(seat)
    actions = []
    for notation, win, visits in top:
        act = game.parse(notation)
        fields = game.fields(view, act)
        msg, args = game.phrase(view, act, fields)
        actions.append(
            {
                "action": notation,
                "text": game.describe(view, act, fields),
                "msg": msg,
                "args": args,
                "fields": fields,
                "win": round(win, 3),
                "visits": visits,
            }
        )
    return {
        "type": "hint",
        "version": version,
        "level": HINT_LEVEL,
        "searches": searches,
        "top": actions,
    }


def _renumber(live: Live, old: list[SeatInfo]) -> None:
    """After open seats went, each connection follows its seat to its new number (names
    are unique at a table; an open seat had no one connected)."""
    names = [s.name for s in live.table.seats]
    for conn in live.watchers:
        if conn.seat is not None:
            name = old[conn.seat].name if conn.seat < len(old) else None
            conn.seat = names.index(name) if name in names else None


def _level(value: str, what: str) -> str:
    level = value.strip().lower()
    if level not in agent_names():
        raise BadRequest(f"no bot level {brief(value)} for the {what}: {', '.join(agent_names())}")
    return level


def _seat_field(entry: dict[str, Any], i: int, name: str, kind: type, default: Any = ...) -> Any:
    """A seat's field, a refusal naming the seat."""
    try:
        return field(entry, name, kind, default)
    except BadRequest as exc:
        raise BadRequest(f"seat {i + 1}: {exc}") from None


def _seats(
    raw: list[Any], player: tuple[str, str] | None
) -> tuple[list[dict[str, Any]], dict[int, str]]:
    """Seat dicts to store, and each person's fresh token (only its hash is stored)."""
    seats: list[dict[str, Any]] = []
    tokens: dict[int, str] = {}
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise BadRequest(f'seat {i + 1} must be an object like {{"kind": "human"}}')
        kind = _seat_field(entry, i, "kind", str)
        if kind == HUMAN:
            mine = _seat_field(entry, i, "me", bool, False)
            if mine and player is None:
                raise BadRequest(f"seat {i + 1} is yours ('me'): send your X-Player-Key")
            if mine and any(s["player"] for s in seats):
                raise BadRequest("one seat at most is yours ('me')")
            who = player if mine and player is not None else (None, f"player {i + 1}")
            name = _seat_field(entry, i, "name", str, who[1])
            token = secrets.token_urlsafe(18)
            info = SeatInfo(name=name, kind=HUMAN, token_hash=token_hash(token), player=who[0])
            tokens[i] = token
        elif kind == OPEN:
            info = SeatInfo(
                name=_seat_field(entry, i, "name", str, f"open seat {i + 1}"), kind=OPEN
            )
        elif kind == BOT:
            level = _level(_seat_field(entry, i, "level", str, "greedy"), f"seat {i + 1}")
            info = SeatInfo(
                name=_seat_field(entry, i, "name", str, f"{level} bot {i + 1}"),
                kind=BOT,
                level=level,
            )
        else:
            raise BadRequest(
                f"seat {i + 1} is a 'human', a 'bot' or (at a public table) 'open', "
                f"not {brief(kind)}"
            )
        info.name = given_name(info.name, f"seat {i + 1}", seat=i + 1)
        seats.append(asdict(info))
    people = [s for s in seats if s["kind"] == HUMAN]
    makers = [s for s in people if s["player"]] or people[:1]
    for s in makers[:1]:
        s["host"] = True
    names = [s["name"] for s in seats]
    if len(set(names)) != len(names):
        raise BadRequest(
            "two seats have the same name; give each seat its own name", "ui.err.same_name"
        )
    return seats, tokens
