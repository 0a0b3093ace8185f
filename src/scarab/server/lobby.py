"""The public lobby: tables made public list their open seats for anyone to take, and
quick play seats a player at the oldest such table that fits, or makes one.

A lobby entry is read from the store's header alone (game, seats, timer, options): it
holds nothing a seat's view would hide and counts no one's moves.
"""

from __future__ import annotations

from typing import Any

from scarab import i18n
from scarab.core.errors import brief
from scarab.core.game import JSON
from scarab.core.registry import games, load
from scarab.server.hub import Hub
from scarab.server.links import Links
from scarab.server.players import NoPlayer, Players
from scarab.server.protocol import BadRequest, field
from scarab.server.ratings import board_page
from scarab.server.seats import OPEN
from scarab.server.stored import StoredTable
from scarab.server.table import NoTable, Stale, TableError

PAGE = 20  # tables per lobby page
MAX_PAGES = 50  # pages a client may ask for: older open tables are not listed
QUICK_LOOK = 50  # open tables quick play looks through for one that fits


def entry(stored: StoredTable, links: Links, player: str | None = None) -> dict[str, JSON]:
    """What the lobby shows of a table; ``yours`` is the seat ``player`` (the one asking)
    holds there, if any."""
    yours = next(
        (i for i, s in enumerate(stored.seats) if player and s.get("player") == player), None
    )
    return {
        "table": stored.id,
        "game": stored.game,
        "title": load(stored.game).title,
        "players": len(stored.seats),
        "seats": [
            {
                "name": s["name"],
                "kind": s["kind"],
                "level": s.get("level"),
                "open": s["kind"] == OPEN,
            }
            for s in stored.seats
        ],
        "open": stored.open_seats,
        "timer": stored.timer,
        "rated": stored.rated,  # whoever sits there plays for their rating
        "options": stored.options,
        "created": stored.created,
        "watch": links.watch(stored.id),  # a watcher's view, even for one who sits there
        "yours": yours,  # the asker's own seat: opened by their key, not taken again
    }


def _page(page: object) -> int:
    """A page number from a query: 0 to MAX_PAGES - 1 (0 when absent)."""
    try:
        number = int(str(page)) if page is not None else 0
    except ValueError:
        number = -1
    if not 0 <= number < MAX_PAGES:
        raise BadRequest(f"page is a number from 0 to {MAX_PAGES - 1}")
    return number


def _game(value: object) -> str:
    if value is None:
        raise BadRequest(f"name the game to play: one of {', '.join(games())}")
    if not isinstance(value, str) or value not in games():
        raise BadRequest(f"there is no game {brief(value)}; the games are {', '.join(games())}")
    return value


class Lobby:
    def __init__(self, hub: Hub, players: Players) -> None:
        self.hub = hub
        self.players = players

    async def tables(
        self, game: str | None, page: object, key: object = None, playing: bool = False
    ) -> dict[str, JSON]:
        """One page of open public tables (of one game, or all; ``playing``: those with every
        seat taken, to watch), newest first; each says which seat the player whose key is
        given holds there."""
        if game is not None:
            game = _game(game)
        number = _page(page)
        store = self.hub.store
        found = await self.hub.storage(store.lobby, game, number * PAGE, PAGE + 1, playing)
        me = await self._asker(key)
        return {
            "tables": [entry(t, self.hub.links, me) for t in found[:PAGE]],
            "page": number,
            "more": len(found) > PAGE and number + 1 < MAX_PAGES,
        }

    async def _asker(self, key: object) -> str | None:
        """The id of the player whose key this is; None for no key or one not known here
        (a guest's list, rather than a refusal: the lobby is anyone's)."""
        if key is None:
            return None
        try:
            return (await self.players.find(key))[0]
        except (NoPlayer, BadRequest):
            return None

    async def leaderboard(self, game: str, page: object) -> dict[str, JSON]:
        """A game's ratings, a page of the most surely strong first (bots among them)."""
        game = _game(game)
        number = _page(page)
        rows = await self.hub.storage(self.hub.store.leaderboard, game, number * PAGE, PAGE + 1)
        return board_page(rows, game, number)

    async def sit(self, table_id: str, key: object, msg: dict[str, Any]) -> dict[str, JSON]:
        """The player whose key this is takes an open seat of a table."""
        player = await self.players.find(key)
        live = await self.hub.get(table_id)
        return await self.hub.changes.sit(live, msg.get("seat"), player)

    async def quick(self, key: object, msg: dict[str, Any]) -> dict[str, JSON]:
        """Sit at the oldest open public table of this game and size, or make one with
        the player in the first seat and the others open, named in the maker's language
        (``lang``, as the page names a table's unnamed seats). Quick play pairs people:
        two players or more (two when not said)."""
        player = await self.players.find(key)
        game = load(_game(msg.get("game")))
        low = max(2, game.min_players)
        count = field(msg, "players", int, low)
        if not low <= count <= game.max_players:
            alone = "; to play alone, make a table with one seat" if count == 1 else ""
            raise BadRequest(
                f"quick play pairs you with other people: {game.title} there takes {low} to "
                f"{game.max_players} players, not {count}{alone}",
                "ui.err.quick_players",
                min=low,
                max=game.max_players,
            )
        lang = field(msg, "lang", str, "en")
        if lang not in i18n.LANGS:
            raise BadRequest(f"the language is one of {', '.join(i18n.LANGS)}, not {brief(lang)}")
        found = await self.hub.storage(self.hub.store.lobby, game.name, 0, QUICK_LOOK)
        for stored in reversed(found):  # the longest waiting first
            mine = any(s.get("player") == player[0] for s in stored.seats)
            if len(stored.seats) == count and not mine:
                took = await self._join(stored.id, player)
                if took is not None:
                    return took
        seats = [{"kind": "human", "me": True}] + [
            {"kind": OPEN, "name": i18n.text(lang, "ui.new.open_name", {"seat": i + 1})}
            for i in range(1, count)
        ]
        made = await self.hub.new_tables.create(
            {"game": game.name, "seats": seats, "public": True}, player
        )
        first: dict[str, Any] = made["seats"][0]
        return {"table": made["table"], "seat": 0, "token": first["token"], "link": first["link"]}

    async def _join(self, table_id: str, player: tuple[str, str]) -> dict[str, JSON] | None:
        """Take an open seat of a table the lobby listed; None when it has none left for
        this player (others took them since the lobby was read, or it has gone)."""
        try:
            live = await self.hub.get(table_id)
        except NoTable:
            return None
        for _ in live.table.seats:  # each try that loses a race leaves one seat fewer
            table = live.table
            free = [i for i, s in enumerate(table.seats) if s.kind == OPEN]
            if not free or table.seat_of_player(player[0]) is not None:
                return None
            try:
                return await self.hub.changes.sit(live, free[0], player)
            except Stale:  # another process changed it first: caught up, look again
                continue
            except TableError as exc:
                if exc.msg not in ("ui.err.seat_taken", "ui.err.seated"):
                    raise
        return None
