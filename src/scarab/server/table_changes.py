"""Changing a live table: moves, undo, and who sits where.

Each change takes the table's lock, is worked out on a copy (``Table.play``,
``Table.sit``...), is committed against the revision it was made from, and only
then is taken by the table and shown to anyone. A change that another process
beat to the store is dropped: the table catches up and the caller hears Stale.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from scarab.agents import agent_names
from scarab.core.errors import brief
from scarab.server.links import Links
from scarab.server.live import Background, Live
from scarab.server.live_tables import LiveTables
from scarab.server.new_tables import bot_level_named
from scarab.server.protocol import BadRequest, given_name
from scarab.server.ratings import settle
from scarab.server.seats import BOT, HUMAN, SeatInfo, stored_seats
from scarab.server.storage import StoreCalls
from scarab.server.stored import Conflict
from scarab.server.table import Rebuilt, Stale, TableError

log = logging.getLogger("scarab.server")


class TableChanges:
    """The changes people (and bots, through ``act``) make to live tables. ``show`` sends
    a changed table to its watchers; ``start_next`` starts what it does on its own next."""

    def __init__(
        self,
        calls: StoreCalls,
        tables: LiveTables,
        background: Background,
        links: Links,
        *,
        show: Callable[[Live], None],
        start_next: Callable[[Live], None],
    ) -> None:
        self.calls = calls
        self.links = links
        self.store = calls.store
        self.tables = tables
        self.background = background
        self.show = show
        self.start_next = start_next

    # ---- moves --------------------------------------------------------------
    async def act(
        self, live: Live, seat: int, notation: object, version: object, note: str | None = None
    ) -> None:
        """Play a move: checked, committed, and only then shown to anyone."""
        async with live.lock:
            table = live.table
            played = table.play(seat, notation, version, note)
            head = table.header(played.state, turn_started=table.started_after(played))
            await self._commit(
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

    async def undo(self, live: Live, seat: int, version: object) -> None:
        async with live.lock:
            table = live.table
            rebuilt = table.undo(seat, version)
            head = table.header(rebuilt.state)
            await self._commit(
                live,
                "nothing was undone",
                self.store.truncate,
                table.rev,
                len(rebuilt.moves),
                head,
            )
            table.accept_undo(rebuilt)
        self._after_change(live)

    async def _settle(self, live: Live) -> None:
        """Rate a rated table that just ended (the store makes sure it happens once)."""
        try:
            await self.calls.run(settle, self.store, live.table)
        except Exception as exc:
            log.warning("could not rate table %s: %s", live.table.id, str(exc)[:200])

    # ---- seats --------------------------------------------------------------
    async def set_seat(self, live: Live, seat: int, **changes: Any) -> None:
        """Change a person's seat settings (leave for good, allow undo, its player) and
        store them."""
        async with live.lock:
            await self._store_seats(live, live.table.seat_change(seat, **changes))
        self._after_change(live)

    async def note_origin(
        self, live: Live, seat: int, address: str, device: str | None = None
    ) -> None:
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

    async def bind_player(self, live: Live, seat: int, player: str) -> None:
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

    async def sit(self, live: Live, seat: object, player: tuple[str, str]) -> dict[str, Any]:
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
            "link": self.links.seat(table.id, token),
        }

    async def fill(
        self, live: Live, host: int, seat: object, level: object, name: object = None
    ) -> None:
        """The table's maker fills an open seat, or that of a person who has not come, with a
        bot at ``level``, named ``name`` (the page names it in its reader's language) or by
        its level."""
        if not isinstance(level, str):
            raise BadRequest(f"level names a bot: one of {', '.join(agent_names())}")
        chosen = bot_level_named(level, "seat")
        if name is not None and not isinstance(name, str):
            raise BadRequest(f"name is the bot's name, a text, not {brief(name)}")
        named = None if name is None else given_name(name, "the bot's name")
        async with live.lock:
            seats, rebuilt = live.table.fill(host, seat, chosen, named, live.online())
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
            live.follow_seats(old)
        self._after_change(live)

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

    async def _store_seats(self, live: Live, seats: list[SeatInfo]) -> None:
        """Store seat settings (the table's lock held), and who sits where if a seat's
        player changed, then take them."""
        table = live.table
        moved = any(a.player != b.player for a, b in zip(table.seats, seats, strict=True))
        head = table.header(seats=seats)
        await self._commit(
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
        await self._commit(
            live, what, self.store.set_seats, table.rev, stored, head, sitting, renumber, seed
        )
        table.accept_sit(seats, rebuilt)

    # ---- storing and showing ------------------------------------------------
    async def _commit(self, live: Live, what: str, fn: Callable[..., None], *args: Any) -> None:
        """Store a change to ``live`` (its lock held). If another process changed the table
        first, catch up with the store and say so (Stale): nothing of this change is kept."""
        try:
            await self.calls.write(what, fn, live.table.id, *args)
        except Conflict:
            if await self.tables.catch_up(live):
                self._after_change(live)
            raise Stale(
                "the table moved on since you looked (another move came first); "
                "here is the current state",
                "ui.err.stale",
            ) from None

    def _after_change(self, live: Live) -> None:
        current = self.tables.by_id.get(live.table.id)
        live.shown = time.monotonic()
        if current is live:
            self.show(live)
            self.start_next(live)
        elif current is not None:  # changed through a copy evicted meanwhile: catch up
            self.background.spawn(self.tables.refresh(current))
