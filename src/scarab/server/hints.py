"""Hints: the hint bot's top actions for a person's decision, searched in the bot pool from
what their seat may see, for that seat alone."""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from concurrent.futures import Executor

from scarab.agents.hints import HINT_LEVEL
from scarab.core.game import JSON
from scarab.server.bots import bot_seed, hint
from scarab.server.live import Live
from scarab.server.table import Table, TableError

HINTS_PER_MINUTE = 6  # hints one seat of a table may ask for (a repeated one is free)


class Hints:
    """Hints worked out in ``pool``, one at a time per table."""

    def __init__(self, pool: Executor) -> None:
        self.pool = pool

    async def ask(self, live: Live, seat: int) -> str:
        """The hint bot's top actions for ``seat``'s decision, as a ``hint`` message for
        that seat alone. The same position's hint is kept; a new one is refused while
        another is being worked out at this table, or beyond HINTS_PER_MINUTE for the seat."""
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
        asked = live.hints_asked.setdefault(seat, deque(maxlen=HINTS_PER_MINUTE))
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
