"""Players without passwords: a name and a key the server issues, kept by the browser.

Only a key's hash is stored, one key per device. A player opens the account on another
device with a one-time code (shown on the first device, spent once, good for ten
minutes), which gives that device a key of its own. "My tables" comes from the seats a
player holds, so it is the same on every device.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from scarab.core.game import JSON
from scarab.core.registry import load
from scarab.server.links import Links
from scarab.server.protocol import BadRequest, given_name, issued_id, token_field
from scarab.server.ratings import row as rating
from scarab.server.seats import token_hash
from scarab.server.store import Store
from scarab.server.stored import StoredTable
from scarab.server.table import Table, TableError

MAX_KEY = 64  # characters in a player key (the server issues 32)
CODE_SECONDS = 600.0  # a one-time code is good this long
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L to misread
CODE_LENGTH = 8
MAX_MY_TABLES = 100  # the newest tables "My tables" lists
RECENT = 10  # finished games a profile shows

Io = Callable[..., Awaitable[Any]]


class NoPlayer(TableError):
    """A player key or code that the server does not know (or no longer honours)."""

    code = "no_player"


class UnknownPlayer(TableError):
    """A player id that names no one (a 404, where an unknown key is a 403)."""

    code = "unknown_player"


def key_field(value: object) -> str:
    """A player key from outside: short ASCII text, as the server issued it."""
    if value is None:
        raise BadRequest("only a player may do that: send your X-Player-Key")
    if not isinstance(value, str) or not 0 < len(value) <= MAX_KEY or not value.isascii():
        raise BadRequest(f"a player key is 1 to {MAX_KEY} ASCII characters, as it was given")
    return value


def new_code() -> str:
    """A one-time code a person can read aloud or type: ABCD-EFGH."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def code_hash(code: object) -> str:
    """The stored form of a code as typed: case, spaces and dashes do not matter."""
    if not isinstance(code, str) or len(code) > 32:
        raise BadRequest(
            "a code is the 8 letters and digits shown on your other device", "ui.err.code"
        )
    plain = "".join(ch for ch in code.upper() if ch not in " -")
    if len(plain) != CODE_LENGTH or not all(ch in CODE_ALPHABET for ch in plain):
        raise BadRequest(
            "a code is the 8 letters and digits shown on your other device", "ui.err.code"
        )
    return hashlib.sha256(f"code:{plain}".encode()).hexdigest()


def my_table(stored: StoredTable, seat: int, links: Links) -> dict[str, JSON]:
    """One entry of a player's list: what any seat of that table may see, and theirs."""
    return {
        "table": stored.id,
        "game": stored.game,
        "title": load(stored.game).title,
        "seat": seat,
        "names": [s["name"] for s in stored.seats],
        "current": stored.current,  # whose turn: public, as every seat's page shows it
        "your_turn": not stored.over and stored.current == seat,
        "over": stored.over,
        "created": stored.created,
        "link": links.table(stored.id),
    }


class Players:
    """The player calls of the API, over the store (through the hub's storage threads)."""

    def __init__(self, store: Store, io: Io, links: Links) -> None:
        self.store = store
        self.io = io
        self.links = links

    async def create(self, name: object) -> dict[str, JSON]:
        """A new player: their id, name and key (shown once; only its hash is kept)."""
        name = given_name(name, "your name")  # as it is typed on any device
        player, key = secrets.token_urlsafe(12), secrets.token_urlsafe(24)
        await self.io(self.store.create_player, player, name, token_hash(key), time.time())
        return {"player": player, "name": name, "key": key}

    async def find(self, key: object) -> tuple[str, str]:
        """The (id, name) of the player whose key this is; NoPlayer if none."""
        found = await self.io(self.store.player_for_key, token_hash(key_field(key)))
        if found is None:
            raise NoPlayer(
                "that player key is not known here: make a new player, or use a code",
                "ui.err.key_unknown",
            )
        return found  # type: ignore[no-any-return]

    async def linked(self, table: Table, token: object, key: object) -> tuple[int, str] | None:
        """The seat a link's token opens at ``table`` and the player whose key came with it,
        where both are good (a key that is unknown or malformed is not this page's to
        refuse: its link still opens the seat)."""
        if key is None:
            return None
        seat = table.seat_for(token_field({"token": token}))
        if seat is None:
            return None
        try:
            player, _ = await self.find(key)
        except (NoPlayer, BadRequest):
            return None
        return seat, player

    async def seat_at(self, table: Table, token: object, key: object = None) -> int | None:
        """The seat a seat token holds at ``table``, else the seat there of the player whose
        key is given (None: a watcher)."""
        seat = table.seat_for(token_field({"token": token}))
        if seat is None and key is not None:
            player, _ = await self.find(key)
            seat = table.seat_of_player(player)
        return seat

    async def me(self, key: object) -> dict[str, JSON]:
        """The player and their tables: their turn first, then games on, then finished."""
        player, name = await self.find(key)
        held = await self.io(self.store.tables_of, player, MAX_MY_TABLES)
        tables = [my_table(stored, seat, self.links) for stored, seat in held]
        tables.sort(key=lambda t: (not t["your_turn"], bool(t["over"]), -float(t["created"])))
        return {"player": player, "name": name, "tables": tables}

    async def profile(self, player: str) -> dict[str, JSON]:
        """What anyone may see of a player: name, rating per game, games finished per game,
        and their recent finished games at public tables with links to the replays (a
        private table's id opens its record and chat to whoever holds it)."""
        name = None
        if issued_id(player):  # an id of another shape names no one: not looked up
            name = await self.io(self.store.player_name, player)
        if name is None:
            raise UnknownPlayer("there is no such player; check the link", "ui.err.no_player")
        held = await self.io(self.store.tables_of, player, MAX_MY_TABLES)
        ratings = await self.io(self.store.ratings_of, player)
        finished = [(stored, seat) for stored, seat in held if stored.over]
        counts: dict[str, int] = {}
        for stored, _ in finished:
            counts[stored.game] = counts.get(stored.game, 0) + 1
        return {
            "player": player,
            "name": name,
            "finished": counts,
            "ratings": [{"game": r["game"], **rating(r)} for r in ratings],
            "recent": [
                {**my_table(stored, seat, self.links), "replay": self.links.replay(stored.id)}
                for stored, seat in [(t, s) for t, s in finished if t.public][:RECENT]
            ],
        }

    async def code(self, key: object) -> dict[str, JSON]:
        """A one-time code to open this account on another device."""
        player, _ = await self.find(key)
        code = new_code()
        until = time.time() + CODE_SECONDS
        await self.io(self.store.set_code, player, code_hash(code), until)
        return {"code": code, "expires": until}

    async def claim(self, code: object) -> dict[str, JSON]:
        """Spend a code: this device gets a key of its own to the same player."""
        key = secrets.token_urlsafe(24)
        found = await self.io(self.store.claim_code, code_hash(code), token_hash(key), time.time())
        if found is None:
            raise NoPlayer(
                "that code is unknown, used or expired: ask your other device anew",
                "ui.err.code_unknown",
            )
        player, name = found
        return {"player": player, "name": name, "key": key}
