"""What a table does on its own: a bot's move, the zombie's for a person who left or whose
turn timer ran out, each under a claim so that one process at a time thinks for a table.

A bot thinks in the worker pool on a copy of the state, and its moves come back
through the same path as a person's (``TableChanges.act``), so a move that lost
a race to another change is thrown away and thought again. The claim is a row
in the store, renewed while the bot thinks: a process killed mid-thought stops
renewing it, and another takes the table up once it lapses.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor

from sqlalchemy.exc import DBAPIError

from scarab.agents.unseen import run_seconds
from scarab.core.errors import ScarabError
from scarab.server.bots import bot_seed, choose_run
from scarab.server.live import Live
from scarab.server.live_tables import LiveTables
from scarab.server.storage import StoreCalls
from scarab.server.table import Stale, TableError
from scarab.server.table_log import left_note
from scarab.server.turn_timers import set_turn_alarm, timer_note

log = logging.getLogger("scarab.server")
CLAIM_SECONDS = 8.0  # a claim on a table's bot lapses this long after its last renewal
CLAIM_RENEW = 2.0  # seconds between renewals while the bot thinks (a process that dies stops)
CLAIM_RETRY = 2.0  # seconds before a bot blocked by another's claim, or failed, tries again
STOP_BOTS_SECONDS = 5.0  # at shutdown, how long a bot's search under way may take to end

# (live, seat, notation, version, note): a move played as a person's is
Play = Callable[[Live, int, str, str, str | None], Awaitable[None]]


class BotTurns:
    """The bots and zombies of the live tables, thinking in ``pool``.

    ``pace`` times how long a bot's run of unseen moves takes to be shown; ``step``
    is the least seconds from a change shown to a bot's next seen move.
    """

    def __init__(
        self,
        calls: StoreCalls,
        tables: LiveTables,
        pool: Executor,
        owner: str,
        *,
        pace: float,
        step: float,
        play: Play,
    ) -> None:
        self.calls = calls
        self.store = calls.store
        self.tables = tables
        self.pool = pool
        self.owner = owner  # this process, in claims
        self.pace = pace
        self.step = step
        self.play = play

    def start_next(self, live: Live) -> None:
        """Start whatever must happen next on its own: a bot's move or a turn timer."""
        live.cancel_alarm()
        table = live.table
        seat = table.state.current_player
        if seat is None or live.thinking is not None or not self.tables.is_current(live):
            return
        level = table.bot_level(seat)
        if level is not None:
            left = table.seats[seat].left
            note = left_note(level, table.seats[seat].name) if left else None
            self._start_thinking(live, seat, level, note)
            return
        set_turn_alarm(live, self._timer_ran_out)

    def _timer_ran_out(self, live: Live, seat: int) -> None:
        live.alarm = None
        if live.table.state.current_player != seat or live.thinking is not None:
            return
        note = timer_note(live.table.zombie)
        self._start_thinking(live, seat, live.table.zombie, note)

    def _start_thinking(self, live: Live, seat: int, level: str, note: str | None) -> None:
        loop = asyncio.get_running_loop()
        live.thinking = loop.create_task(self._take_turn(live, seat, level, note))

    async def _take_turn(self, live: Live, seat: int, level: str, note: str | None) -> None:
        """One bot decision, if this process holds the table's claim; then what comes next."""
        retry: float | None = None
        table_id, rev = live.table.id, live.table.rev
        try:
            if await self.calls.run(
                self.store.claim, table_id, rev, self.owner, time.time(), CLAIM_SECONDS
            ):
                held = asyncio.get_running_loop().create_task(self._keep_claim(table_id, rev))
                try:
                    await self._decide(live, seat, level, note)
                finally:
                    held.cancel()
                    await self.calls.run(self.store.release, table_id, self.owner)
            else:  # another process thinks for this table, or moved it: look again later
                retry = CLAIM_RETRY
        except ScarabError as exc:  # a bot that failed leaves the seat to a later try
            log.warning("bot %s at table %s failed: %s", level, table_id, exc)
            retry = CLAIM_RETRY
        except DBAPIError as exc:  # the store is down: said once a while, not a trace a table
            self.calls.warn_down(f"bots wait: {str(exc.orig)[:200]}")
            retry = CLAIM_RETRY
        except Exception:
            log.exception("bot %s at table %s crashed", level, table_id)
            retry = CLAIM_RETRY
        finally:
            live.thinking = None
        if retry is None:
            self.start_next(live)
        elif self.tables.is_current(live):
            live.alarm = asyncio.get_running_loop().call_later(
                retry, lambda: self.tables.background.spawn(self.tables.refresh(live))
            )

    async def _keep_claim(self, table_id: str, rev: int) -> None:
        """Renew this process's claim on a table's bot while it thinks (a decision queued
        behind others' may take longer than a claim), so that the claim of a process killed
        mid-thought lapses within CLAIM_SECONDS, not one long enough for any decision."""
        with contextlib.suppress(DBAPIError):  # a store that is down: the claim lapses
            while True:
                await asyncio.sleep(CLAIM_RENEW)
                now = time.time()
                if not await self.calls.run(
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
                await self.play(live, seat, notation, version, note)
                version = live.table.version

    async def stop(self) -> None:
        """Stop every bot and timer; wait for the bots' searches under way to end."""
        thinking = [live.thinking for live in self.tables.by_id.values() if live.thinking]
        for live in self.tables.by_id.values():
            live.cancel_alarm()
        for task in thinking:
            task.cancel()
        # Each bot gives back its table's claim while the storage threads still run (it
        # crashed with a trace when they had stopped); a search under way ends (the
        # expert's within its 1.5 s) and the workers with it (left running, they made
        # the process warn of leaked semaphores as it exited).
        await asyncio.gather(*thinking, return_exceptions=True)
        ending = asyncio.to_thread(self.pool.shutdown, wait=True, cancel_futures=True)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ending, STOP_BOTS_SECONDS)
