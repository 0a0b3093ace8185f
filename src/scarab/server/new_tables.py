"""New tables: one made from a client's spec, and the rematch of a finished one.

Both build the stored table the same way (``new_stored_table``): a fresh id and
secret seed, the game's options checked by starting it, and the header the
store keeps (who decides first, when a bot is due).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from scarab.agents import agent_names
from scarab.core.errors import BadOption, brief
from scarab.core.game import JSON
from scarab.core.registry import games, load
from scarab.server.links import Links
from scarab.server.live import Live
from scarab.server.live_tables import LiveTables
from scarab.server.protocol import BadRequest, field, given_name, timer_field
from scarab.server.seats import BOT, HUMAN, OPEN, SeatInfo, token_hash
from scarab.server.storage import StoreCalls
from scarab.server.stored import StoredTable
from scarab.server.table import Table, TableError


def new_stored_table(
    *,
    game: str,
    options: dict[str, Any],
    seats: list[dict[str, Any]],
    timer: int | None,
    zombie: str,
    public: bool,
    rated: bool,
) -> tuple[StoredTable, Table]:
    """A table not yet stored, under a fresh id and secret seed, and its game started
    (BadRequest if the options are not the game's)."""
    stored = StoredTable(
        id=secrets.token_urlsafe(12),
        game=game,
        options=options,
        seed=secrets.randbits(63),
        seats=seats,
        timer=timer,
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
    return stored, table


class NewTables:
    """Making tables. ``show`` sends a changed table to its watchers (a rematch offered)."""

    def __init__(
        self, calls: StoreCalls, tables: LiveTables, links: Links, *, show: Callable[[Live], None]
    ) -> None:
        self.calls = calls
        self.links = links
        self.store = calls.store
        self.tables = tables
        self.show = show

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
        zombie = bot_level_named(field(spec, "zombie", str, "greedy"), "zombie")
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
        stored, table = new_stored_table(
            game=name,
            options=options,
            seats=seats,
            timer=timer_field(spec),
            zombie=zombie,
            public=public,
            rated=rated,
        )
        await self.calls.write("no table was made", self.store.create, stored)
        self.tables.add(Live(table))
        return {
            "table": table.id,
            "watch": self.links.watch(table.id),
            "seats": [
                {
                    "seat": i,
                    "name": s["name"],
                    "kind": s["kind"],
                    "level": s["level"],
                    "token": tokens.get(i),
                    "link": self.links.seat(table.id, tokens[i]) if i in tokens else None,
                }
                for i, s in enumerate(seats)
            ],
        }

    async def rematch(self, live: Live, seat: int) -> dict[str, JSON]:
        """A seat of a finished table offers the same seats a new game (a new secret seed,
        the seats one place on); everyone's link or key opens it, and anyone may decline
        their seat there. A second request gets the same rematch."""
        old = live.table
        if not old.state.is_over:
            raise TableError("a rematch is offered once the game is over", "ui.err.rematch_early")
        if old.rematch is None:
            new, _ = new_stored_table(
                game=old.game.name,
                options=old.options,
                seats=old.rematch_seats(),
                timer=old.timer,
                zombie=old.zombie,
                public=old.public,
                rated=old.rated,
            )
            old.rematch = await self.calls.call(self.store.offer_rematch, old.id, new)
            self.show(live)
        return {"table": old.rematch, "watch": self.links.watch(old.rematch)}


def bot_level_named(value: str, what: str) -> str:
    """The bot level ``value`` names (BadRequest naming ``what`` if none)."""
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
            level = bot_level_named(_seat_field(entry, i, "level", str, "greedy"), f"seat {i + 1}")
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
