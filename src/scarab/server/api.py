"""The JSON API's handlers, grouped by what they serve: the page and the games' static
data, players and the lobby, and the tables (the endpoints are listed in app.py)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from scarab import i18n
from scarab.agents import agent_names
from scarab.core.clauses import catalogue, event_clauses, examples, sections
from scarab.core.registry import games, load
from scarab.server.chat import PLAYERS, REPLAY_LINES, line_json
from scarab.server.hub import Hub
from scarab.server.live import Live
from scarab.server.lobby import Lobby
from scarab.server.players import Players
from scarab.server.protocol import (
    MAX_MESSAGE,
    MAX_RECORD_BODY,
    BadRequest,
    check_notation,
    field,
    issued_id,
    parse,
    told,
)
from scarab.server.replay import replay_body
from scarab.server.table import Stale, TableError

STATIC = Path(__file__).parent / "static"
MAX_SUMMARIES = 100


def error(message: str, status: int, code: str) -> JSONResponse:
    """An error answer that is no ScarabError's: its text and its ``code`` for a program."""
    return JSONResponse({"error": message, "code": code}, status_code=status)


async def body(request: Request, limit: int = MAX_MESSAGE) -> dict[str, Any]:
    """The request's JSON object, read no further than its size cap."""
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit * 4:
                raise BadRequest(f"the request body is too long: at most {limit:,} characters")
            chunks.append(chunk)
    except ClientDisconnect:  # gone, or cut off by --body-timeout: an error, not a crash
        raise BadRequest("the request body did not all come") from None
    return parse(b"".join(chunks), limit)


def page_routes() -> list[Route]:
    """The page, its icon, the list of games, and each game's board, rules and the message
    catalogues (read once, served with an ETag)."""

    async def page(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html")  # the guard adds the security headers

    async def favicon(_request: Request) -> Response:
        """For clients that ask /favicon.ico without reading the page's icon link."""
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    async def list_games(_request: Request) -> Response:
        out = []
        for name in games():
            g = load(name)
            out.append(
                {
                    "name": name,
                    "title": g.title,
                    "min_players": g.min_players,
                    "max_players": g.max_players,
                    "options": {k: t.__name__ for k, t in g.options.items()},
                }
            )
        return JSONResponse({"games": out, "levels": agent_names()})

    boards = {name: _tagged(load(name).board()) for name in games()}
    rulebooks = {name: _tagged(_rules_body(name)) for name in games()}
    catalogues = {lang: _tagged(i18n.catalogue(lang)) for lang in i18n.LANGS}

    async def rules(request: Request) -> Response:
        return _static_json(request, rulebooks, "game", "game")

    async def messages(request: Request) -> Response:
        return _static_json(request, catalogues, "lang", "language")

    async def board(request: Request) -> Response:
        return _static_json(request, boards, "game", "game")

    return [
        Route("/", page, name="lobby"),
        Route("/t/{table_id}", page, name="table"),
        Route("/replay", page, name="replay"),
        Route("/p/{player}", page, name="player"),
        Route("/favicon.ico", favicon),
        Route("/api/games", list_games),
        Route("/api/games/{game}/board", board),
        Route("/api/games/{game}/rules", rules),
        Route("/api/i18n/{lang}", messages),
    ]


def player_routes(hub: Hub, players: Players, lobby: Lobby) -> list[Route]:
    """Players (made, recognised, claimed on another device), their profiles, the
    leaderboard, and the lobby's open tables."""

    async def create_table(request: Request) -> Response:
        key = request.headers.get("x-player-key")
        player = None if key is None else await players.find(key)
        return JSONResponse(
            await hub.new_tables.create(await body(request), player), status_code=201
        )

    async def new_player(request: Request) -> Response:
        return JSONResponse(await players.create((await body(request)).get("name")), 201)

    async def me(request: Request) -> Response:
        return JSONResponse(await players.me(request.headers.get("x-player-key")))

    async def code(request: Request) -> Response:
        return JSONResponse(await players.code(request.headers.get("x-player-key")))

    async def claim(request: Request) -> Response:
        return JSONResponse(await players.claim((await body(request)).get("code")))

    async def profile(request: Request) -> Response:
        return JSONResponse(await players.profile(request.path_params["player"]))

    async def leaderboard(request: Request) -> Response:
        return JSONResponse(
            await lobby.leaderboard(request.path_params["game"], request.query_params.get("page"))
        )

    async def open_tables(request: Request) -> Response:
        q = request.query_params
        key = request.headers.get("x-player-key")
        return JSONResponse(await lobby.tables(q.get("game"), q.get("page"), key))

    async def playing(request: Request) -> Response:
        q = request.query_params
        key = request.headers.get("x-player-key")
        return JSONResponse(await lobby.tables(q.get("game"), q.get("page"), key, playing=True))

    async def sit(request: Request) -> Response:
        key, msg = request.headers.get("x-player-key"), await body(request)
        return JSONResponse(await lobby.sit(request.path_params["table_id"], key, msg))

    async def quick_play(request: Request) -> Response:
        key = request.headers.get("x-player-key")
        return JSONResponse(await lobby.quick(key, await body(request)))

    return [
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/players", new_player, methods=["POST"]),
        Route("/api/players/me", me),
        Route("/api/players/me/code", code, methods=["POST"]),
        Route("/api/players/claim", claim, methods=["POST"]),
        Route("/api/lobby", open_tables),
        Route("/api/lobby/playing", playing),
        Route("/api/leaderboard/{game}", leaderboard),
        Route("/api/players/{player}/profile", profile),
        Route("/api/tables/{table_id}/sit", sit, methods=["POST"]),
        Route("/api/quickplay", quick_play, methods=["POST"]),
    ]


def table_routes(hub: Hub, players: Players) -> list[Route]:
    """A table as a seat or a watcher sees it, a move, its record and chat, what its maker
    and seats may do before and after a game, and the replay viewer's frames."""

    async def seat_by_headers(request: Request, live: Live) -> int | None:
        token, key = request.headers.get("x-seat-token"), request.headers.get("x-player-key")
        return await players.seat_at(live.table, token, key)

    async def seat_of_request(request: Request, live: Live) -> int:
        seat = await seat_by_headers(request, live)
        if seat is None:
            raise TableError(
                "only a seat may do that: send its X-Seat-Token or X-Player-Key", "ui.err.seat_only"
            )
        return seat

    async def summaries(request: Request) -> Response:
        ids = field(await body(request), "tables", list)
        if len(ids) > MAX_SUMMARIES:
            raise BadRequest(f"ask for at most {MAX_SUMMARIES} tables at a time")
        wanted = [i for i in ids if issued_id(i)]  # an id of another shape names no table
        return JSONResponse({"tables": await hub.live_tables.summaries(wanted)})

    async def show_table(request: Request) -> Response:
        if request.path_params["table_id"] == "summaries":  # no table's id: the POST's path
            raise HTTPException(405, headers={"Allow": "POST"})
        live = await hub.get(request.path_params["table_id"])
        seat = await seat_by_headers(request, live)
        return Response(hub.watchers.message(live, seat), media_type="application/json")

    async def act(request: Request) -> Response:
        live = await hub.get(request.path_params["table_id"])
        msg = await body(request)
        key = request.headers.get("x-player-key")
        seat = await players.seat_at(live.table, msg.get("token"), key)
        if seat is None:
            raise TableError("a spectator cannot act: send your seat's token", "ui.err.spectator")
        await hub.changes.note_origin(live, seat, request.app.state.guard.client(request.scope))
        try:
            await hub.changes.act(live, seat, check_notation(msg.get("action")), msg.get("version"))
        except Stale as exc:
            return JSONResponse(
                {**told(exc, "error"), "state": json.loads(hub.watchers.message(live, seat))}, 409
            )
        return Response(hub.watchers.message(live, seat), media_type="application/json")

    async def record(request: Request) -> Response:
        table = (await hub.get(request.path_params["table_id"])).table
        name = f"scarab-{table.game.name}-{table.id}.txt"
        return PlainTextResponse(
            table.record_text(), headers={"Content-Disposition": f'attachment; filename="{name}"'}
        )

    async def chat_lines(request: Request) -> Response:
        """The players' channel of a table (what its replay shows); never the watchers'."""
        table = (await hub.get(request.path_params["table_id"])).table
        rows = await hub.storage(hub.store.chat, table.id, (PLAYERS,), 0, REPLAY_LINES)
        return JSONResponse({"lines": [line_json(r) for r in rows]})

    async def rematch(request: Request) -> Response:
        live = await hub.get(request.path_params["table_id"])
        return JSONResponse(
            await hub.new_tables.rematch(live, await seat_of_request(request, live))
        )

    async def decline(request: Request) -> Response:
        live = await hub.get(request.path_params["table_id"])
        await hub.changes.decline(live, await seat_of_request(request, live))
        return Response(hub.watchers.message(live, None), media_type="application/json")

    async def fill(request: Request) -> Response:
        live = await hub.get(request.path_params["table_id"])
        msg = await body(request)
        who = await seat_of_request(request, live)
        await hub.changes.fill(live, who, msg.get("seat"), msg.get("level"), msg.get("name"))
        return Response(hub.watchers.message(live, None), media_type="application/json")

    async def start_now(request: Request) -> Response:
        live = await hub.get(request.path_params["table_id"])
        await hub.changes.start_now(live, await seat_of_request(request, live))
        return Response(hub.watchers.message(live, None), media_type="application/json")

    async def replay(request: Request) -> Response:
        msg = await body(request, MAX_RECORD_BODY)
        frame = await replay_body(field(msg, "record", str), field(msg, "ply", int, 0))
        return Response(frame, media_type="application/json")

    return [
        Route("/api/tables/summaries", summaries, methods=["POST"]),
        Route("/api/tables/{table_id}", show_table),
        Route("/api/tables/{table_id}/act", act, methods=["POST"]),
        Route("/api/tables/{table_id}/record", record),
        Route("/api/tables/{table_id}/chat", chat_lines),
        Route("/api/tables/{table_id}/rematch", rematch, methods=["POST"]),
        Route("/api/tables/{table_id}/decline", decline, methods=["POST"]),
        Route("/api/tables/{table_id}/fill", fill, methods=["POST"]),
        Route("/api/tables/{table_id}/start", start_now, methods=["POST"]),
        Route("/api/replay", replay, methods=["POST"]),
    ]


def _rules_body(name: str) -> dict[str, Any]:
    """A game's rule catalogue (our words, with sources), its sections and worked examples
    in the rulebook's order, and the clauses behind each kind of event, for the page's
    rules panel and its "why" links."""
    clauses = [
        {"id": c.id, "text": c.text, "source": c.source, "ruling": c.ruling, "section": c.section}
        for c in catalogue(name)
    ]
    return {
        "game": name,
        "sections": [asdict(s) for s in sections(name)],
        "clauses": clauses,
        "examples": [asdict(e) for e in examples(name)],
        "events": event_clauses(name),
    }


def _tagged(body: Any) -> tuple[bytes, str]:
    """Data that changes only with the package, as JSON bytes and an ETag from them."""
    data = json.dumps(body, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode()
    return data, '"' + hashlib.sha256(data).hexdigest()[:32] + '"'


def _static_json(
    request: Request, served: dict[str, tuple[bytes, str]], param: str, noun: str
) -> Response:
    """One of ``served`` by the path parameter ``param``: cached for an hour, 304 when the
    client holds it already, 404 naming the choices when there is none of that name."""
    name = request.path_params[param]
    if name not in served:
        said = f"there is no {noun} {name!r}: the {noun}s are {', '.join(served)}"
        return error(said, 404, "not_found")
    data, tag = served[name]
    headers = {"ETag": tag, "Cache-Control": "public, max-age=3600"}
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers=headers)
    return Response(data, media_type="application/json; charset=utf-8", headers=headers)
