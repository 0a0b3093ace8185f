"""All tables of a running server: acting, storing, telling watchers, bots and timers.

One asyncio lock per table orders its changes; each change is committed by
the single storage thread before anyone hears of it. Bots and zombies think in
a worker pool and come back through the same path as a person's move, so a
bot's move that lost a race is simply thrown away and thought again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from typing import Any, TypeVar

from scarab.agents import agent_names
from scarab.core.errors import BadOption, ScarabError, brief
from scarab.core.game import JSON, check_name
from scarab.core.registry import games, load
from scarab.server.bots import bot_seed, choose, make_pool
from scarab.server.protocol import BadRequest, field, timer_field
from scarab.server.store import Store, StoredTable
from scarab.server.table import (
    BOT,
    HUMAN,
    NoTable,
    SeatInfo,
    Stale,
    Table,
    TableError,
    token_hash,
)

T = TypeVar("T")
log = logging.getLogger("scarab.server")
MAX_OUTBOX = 32  # replies waiting for one slow client; state messages coalesce anyway


class Connection:
    """One WebSocket watching a table as a seat (or a spectator).

    Sends go through an outbox drained by one task, so a slow client never
    holds up a table, and only the newest state is kept for it.
    """

    def __init__(self, send: Callable[[str], Any], seat: int | None) -> None:
        self.send = send
        self.seat = seat
        self.last = ""  # the last state text sent: unchanged states are not sent again
        self.state: str | None = None
        self.replies: deque[str] = deque(maxlen=MAX_OUTBOX)
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


class Hub:
    def __init__(self, store: Store, bot_workers: int = 1) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.watchers: dict[str, set[Connection]] = {}
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="scarab-store")
        self.pool = make_pool(bot_workers)
        self.thinking: dict[str, asyncio.Task[None]] = {}
        self.alarms: dict[str, asyncio.TimerHandle] = {}

    # ---- life ---------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every stored table and set its bots and timers going."""
        for stored in await self._write(self.store.load_all):
            table = Table(stored)
            self._add(table)
        for table in self.tables.values():
            self.kick(table)

    async def stop(self) -> None:
        for task in self.thinking.values():
            task.cancel()
        for alarm in self.alarms.values():
            alarm.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.writer.shutdown(wait=True)
        self.store.close()

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        self.locks[table.id] = asyncio.Lock()
        self.watchers[table.id] = set()

    async def _write(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.writer, fn, *args)

    def table(self, table_id: object) -> Table:
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise NoTable("there is no table with that id; check the link")
        return table

    # ---- creating -----------------------------------------------------------
    async def create(self, spec: dict[str, Any]) -> dict[str, JSON]:
        """A new table from a checked spec; the answer holds each person's seat token."""
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
        seats, tokens = _seats(raw_seats)
        stored = StoredTable(
            id=secrets.token_urlsafe(12),
            game=name,
            options=options,
            seed=secrets.randbits(63),
            seats=seats,
            timer=timer_field(spec),
            zombie=zombie,
            created=time.time(),
        )
        try:
            table = Table(stored)  # new_game checks the options
        except BadOption as exc:
            raise BadRequest(str(exc)) from None
        await self._write(self.store.create, stored)
        self._add(table)
        self.kick(table)
        return {
            "table": table.id,
            "watch": f"/t/{table.id}",
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
        self, table: Table, seat: int, notation: object, version: object, note: str | None = None
    ) -> None:
        """Play a move: checked, committed, then told to every watcher."""
        async with self.locks[table.id]:
            table.play(seat, notation, version, note)
            try:
                await self._write(
                    self.store.append, table.id, len(table.moves) - 1, table.moves[-1], table.over
                )
            except Exception:
                table.forget_last()
                raise
        self._after_change(table)

    async def undo(self, table: Table, seat: int, version: object) -> None:
        async with self.locks[table.id]:
            table.undo(seat, version)
            await self._write(self.store.truncate, table.id, len(table.moves))
        self._after_change(table)

    async def set_seat(self, table: Table, seat: int, **changes: Any) -> None:
        """Change a person's seat settings (leave for good, allow undo) and store them."""
        async with self.locks[table.id]:
            for key, value in changes.items():
                setattr(table.seats[seat], key, value)
            await self._write(self.store.set_seats, table.id, table.stored_seats())
        self._after_change(table)

    def _after_change(self, table: Table) -> None:
        self.broadcast(table)
        self.kick(table)

    # ---- telling ------------------------------------------------------------
    def online(self, table_id: str) -> set[int]:
        return {c.seat for c in self.watchers[table_id] if c.seat is not None}

    def message(self, table: Table, seat: int | None) -> str:
        return json.dumps(table.message(seat, self.online(table.id)), separators=(",", ":"))

    def broadcast(self, table: Table) -> None:
        texts: dict[int | None, str] = {}
        for conn in list(self.watchers[table.id]):
            if conn.seat not in texts:
                texts[conn.seat] = self.message(table, conn.seat)
            conn.push_state(texts[conn.seat])

    def join(self, table: Table, conn: Connection) -> None:
        was_online = conn.seat in self.online(table.id)
        self.watchers[table.id].add(conn)
        if conn.seat is not None and not was_online:
            self.broadcast(table)  # the others see the seat come online
        else:
            conn.push_state(self.message(table, conn.seat))

    def leave(self, table: Table, conn: Connection) -> None:
        conn.closed = True
        conn.wake.set()
        self.watchers[table.id].discard(conn)
        if conn.seat is not None and conn.seat not in self.online(table.id):
            self.broadcast(table)

    # ---- bots and timers ----------------------------------------------------
    def kick(self, table: Table) -> None:
        """Start whatever must happen next on its own: a bot's move or a turn timer."""
        alarm = self.alarms.pop(table.id, None)
        if alarm is not None:
            alarm.cancel()
        seat = table.state.current_player
        if seat is None or table.id in self.thinking:
            return
        level = table.bot_level(seat)
        if level is not None:
            left = table.seats[seat].left
            note = (
                f"played by the zombie ({level}): {table.seats[seat].name} left" if left else None
            )
            self._think(table, seat, level, note)
            return
        deadline = table.deadline()
        if deadline is not None:
            loop = asyncio.get_running_loop()
            delay = max(0.0, deadline - time.time())
            self.alarms[table.id] = loop.call_later(delay, self._time_out, table, seat)

    def _time_out(self, table: Table, seat: int) -> None:
        self.alarms.pop(table.id, None)
        if table.state.current_player != seat or table.id in self.thinking:
            return
        note = f"played by the zombie ({table.zombie}): the turn timer ran out"
        self._think(table, seat, table.zombie, note)

    def _think(self, table: Table, seat: int, level: str, note: str | None) -> None:
        task = asyncio.get_running_loop().create_task(self._bot_move(table, seat, level, note))
        self.thinking[table.id] = task

    async def _bot_move(self, table: Table, seat: int, level: str, note: str | None) -> None:
        try:
            version = table.version
            copy = table.state.clone()
            loop = asyncio.get_running_loop()
            notation = await loop.run_in_executor(self.pool, choose, copy, seat, level, bot_seed())
            with contextlib.suppress(Stale, TableError):  # the table moved on: think again
                await self.act(table, seat, notation, version, note)
        except ScarabError as exc:  # a bot that failed leaves the seat to a later kick
            log.warning("bot %s at table %s failed: %s", level, table.id, exc)
        except Exception:
            log.exception("bot %s at table %s crashed", level, table.id)
        finally:
            self.thinking.pop(table.id, None)
        if self.tables.get(table.id) is table:
            self.kick(table)


def _level(value: str, what: str) -> str:
    level = value.strip().lower()
    if level not in agent_names():
        raise BadRequest(f"no bot level {brief(value)} for the {what}: {', '.join(agent_names())}")
    return level


def _seats(raw: list[Any]) -> tuple[list[dict[str, Any]], dict[int, str]]:
    """Seat dicts to store, and each person's fresh token (only its hash is stored)."""
    seats: list[dict[str, Any]] = []
    tokens: dict[int, str] = {}
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise BadRequest(f'seat {i + 1} must be an object like {{"kind": "human"}}')
        kind = field(entry, "kind", str)
        if kind == HUMAN:
            name = field(entry, "name", str, f"player {i + 1}")
            token = secrets.token_urlsafe(18)
            info = SeatInfo(name=name, kind=HUMAN, token_hash=token_hash(token))
            tokens[i] = token
        elif kind == BOT:
            level = _level(field(entry, "level", str, "greedy"), f"seat {i + 1}")
            info = SeatInfo(
                name=field(entry, "name", str, f"{level} bot {i + 1}"), kind=BOT, level=level
            )
        else:
            raise BadRequest(f"seat {i + 1} is a 'human' or a 'bot', not {brief(kind)}")
        try:
            check_name(info.name)
        except BadOption as exc:
            raise BadRequest(f"seat {i + 1}: {exc}") from None
        seats.append(asdict(info))
    names = [s["name"] for s in seats]
    if len(set(names)) != len(names):
        raise BadRequest("two seats have the same name; give each seat its own name")
    return seats, tokens
