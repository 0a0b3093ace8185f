"""The web table: a Starlette app serving the page, a small JSON API and a WebSocket per table.

    GET  /                          the page (lobby); /t/<id> a table, /replay the viewer
    GET  /api/games                 the games, their player counts, options and bot levels
    POST /api/tables                create a table: {"game", "seats", "options", "timer", "zombie"}
    POST /api/tables/summaries      {"tables": [ids]}: the state of each (for "my tables")
    GET  /api/tables/<id>           the table as a seat sees it (X-Seat-Token header) or a watcher
    POST /api/tables/<id>/act       {"token", "action", "version"}: the same as the WebSocket's act
    GET  /api/tables/<id>/record    the finished game's record
    POST /api/replay                {"record", "ply"}: the game after ``ply`` moves, for the viewer
    GET  /api/games/<g>/board|rules the static board; the rule catalogue (sections, examples)
    GET  /api/i18n/<lang>           the message catalogue of en, pt or es (the page's words)
    POST /api/tables/<id>/fill|start the maker fills an open seat with a bot, or starts without
    WS   /ws/<id>                   hello / act / undo / allow_undo / leave / sync; see PROTOCOL
    (players, the lobby, ratings, chat and rematch: see the README)

Errors are JSON ``{"error": "..."}`` (or a WebSocket ``error`` message) that say
what was wrong, with ``msg`` and ``args`` where the catalogues word it in the reader's
language; no stack trace ever leaves the server. The limits on what one client
may do (rates, sockets, Origin, JSON bodies) and the security headers are in guard.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import json
from collections.abc import AsyncIterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from scarab import i18n
from scarab.agents import agent_names
from scarab.core.clauses import catalogue, event_clauses, examples, sections
from scarab.core.errors import ScarabError
from scarab.core.registry import games, load
from scarab.server import migrate, worker
from scarab.server.chat import PLAYERS, REPLAY_LINES, line_json
from scarab.server.deadlines import Timeouts, protocol
from scarab.server.guard import Guard, Limits, hang_up, install
from scarab.server.hub import MAX_ID, Connection, Hub, Live
from scarab.server.lobby import Lobby
from scarab.server.memory import fewer_heaps
from scarab.server.players import NoPlayer, Players
from scarab.server.protocol import (
    MAX_MESSAGE,
    MAX_RECORD_BODY,
    BadRequest,
    field,
    parse,
    token_field,
)
from scarab.server.replay import replay_body
from scarab.server.store import Store
from scarab.server.table import NoTable, Stale, StoreUnavailable, TableError, check_notation

STATIC = Path(__file__).parent / "static"
HELLO_SECONDS = 10.0  # a WebSocket must say who it is this soon
MAX_SUMMARIES = 100
PROTOCOL = """Client to server, JSON objects: {"type": "hello", "token": str|null} first;
then {"type": "act", "action": notation, "version": v}, {"type": "undo", "version": v},
{"type": "allow_undo", "allow": bool}, {"type": "leave"} (for good: a zombie plays on),
{"type": "hint"} (the hint bot's top actions for your decision), {"type": "chat", "text"}
(a seat to the table, a watcher to the watchers), {"type": "sync"}. Server to client:
{"type": "state", ...}, {"type": "hint", "version", "top": [...]}, {"type": "chat", ...},
{"type": "chat_history", "lines": [...]} (after the first state) and {"type": "error",
"message"} (with "msg" and "args" where the error has words in the catalogues)."""


def error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def told(exc: Exception, key: str = "message") -> dict[str, Any]:
    """An error as a client reads it: its English text under ``key`` (``message`` on the
    socket, ``error`` in an API answer), and its message id and arguments when it has
    them, for the reader's language."""
    out: dict[str, Any] = {"type": "error", key: str(exc)} if key == "message" else {key: str(exc)}
    msg = getattr(exc, "msg", "")
    if msg:
        out["msg"], out["args"] = msg, getattr(exc, "params", {})
    return out


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


def create_app(
    db_url: str,
    bot_workers: int = 1,
    upgrade: bool = True,
    *,
    limits: Limits | None = None,
    **hub_options: float,
) -> Starlette:
    """The app on the store at ``db_url``, upgraded to this version's schema first
    (with ``upgrade=False``, StoreBehind if it is not there yet); ``hub_options`` set
    how long an idle table stays in memory and how often due tables are looked for;
    ``limits`` bound what one client may do (guard.py; the defaults when None)."""
    guard = Guard(limits or Limits())
    if upgrade:
        migrate.upgrade(db_url)
    else:
        migrate.check(db_url)
    store = Store(db_url)
    hub = Hub(store, bot_workers, **hub_options)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        gc.freeze()  # modules and game data live for ever: keep them out of full collections
        yield
        await hub.stop()

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

    players = Players(hub.store, hub.storage)

    async def create_table(request: Request) -> Response:
        key = request.headers.get("x-player-key")
        player = None if key is None else await players.find(key)
        return JSONResponse(await hub.create(await body(request), player), status_code=201)

    async def new_player(request: Request) -> Response:
        return JSONResponse(await players.create((await body(request)).get("name")), 201)

    async def me(request: Request) -> Response:
        return JSONResponse(await players.me(request.headers.get("x-player-key")))

    async def code(request: Request) -> Response:
        return JSONResponse(await players.code(request.headers.get("x-player-key")))

    async def claim(request: Request) -> Response:
        return JSONResponse(await players.claim((await body(request)).get("code")))

    lobby = Lobby(hub, players)

    async def seat_of_request(request: Request, live: Live) -> int:
        headers = request.headers
        seat = await seat_of(live, headers.get("x-seat-token"), headers.get("x-player-key"))
        if seat is None:
            raise TableError("only a seat may do that: send its X-Seat-Token or X-Player-Key")
        return seat

    async def rematch(request: Request) -> Response:
        live = await hub.get(request.path_params["table_id"])
        return JSONResponse(await hub.rematch(live, await seat_of_request(request, live)))

    async def fill(request: Request) -> Response:
        live = await hub.get(request.path_params["table_id"])
        msg = await body(request)
        await hub.fill(
            live, await seat_of_request(request, live), msg.get("seat"), msg.get("level")
        )
        return Response(hub.message(live, None), media_type="application/json")

    async def start_now(request: Request) -> Response:
        live = await hub.get(request.path_params["table_id"])
        await hub.start_now(live, await seat_of_request(request, live))
        return Response(hub.message(live, None), media_type="application/json")

    async def decline(request: Request) -> Response:
        live = await hub.get(request.path_params["table_id"])
        await hub.decline(live, await seat_of_request(request, live))
        return Response(hub.message(live, None), media_type="application/json")

    async def profile(request: Request) -> Response:
        return JSONResponse(await players.profile(request.path_params["player"]))

    async def leaderboard(request: Request) -> Response:
        return JSONResponse(
            await lobby.leaderboard(request.path_params["game"], request.query_params.get("page"))
        )

    async def chat_lines(request: Request) -> Response:
        """The players' channel of a table (what its replay shows); never the watchers'."""
        table = (await hub.get(request.path_params["table_id"])).table
        rows = await hub.storage(hub.store.chat, table.id, (PLAYERS,), 0, REPLAY_LINES)
        return JSONResponse({"lines": [line_json(r) for r in rows]})

    async def open_tables(request: Request) -> Response:
        q = request.query_params
        return JSONResponse(await lobby.tables(q.get("game"), q.get("page")))

    async def sit(request: Request) -> Response:
        key, msg = request.headers.get("x-player-key"), await body(request)
        return JSONResponse(await lobby.sit(request.path_params["table_id"], key, msg))

    async def quick_play(request: Request) -> Response:
        key = request.headers.get("x-player-key")
        return JSONResponse(await lobby.quick(key, await body(request)))

    async def summaries(request: Request) -> Response:
        ids = field(await body(request), "tables", list)
        if len(ids) > MAX_SUMMARIES:
            raise BadRequest(f"ask for at most {MAX_SUMMARIES} tables at a time")
        wanted = [i for i in ids if isinstance(i, str) and 0 < len(i) <= MAX_ID]
        return JSONResponse({"tables": await hub.summaries(wanted)})

    async def seat_of(live: Live, token: object, key: object = None) -> int | None:
        """The seat a seat token holds, else the seat of the player whose key is given."""
        seat = live.table.seat_for(token_field({"token": token}))
        if seat is None and key is not None:
            player, _ = await players.find(key)
            seat = live.table.seat_of_player(player)
        return seat

    async def show_table(request: Request) -> Response:
        live = await hub.get(request.path_params["table_id"])
        headers = request.headers
        seat = await seat_of(live, headers.get("x-seat-token"), headers.get("x-player-key"))
        return Response(hub.message(live, seat), media_type="application/json")

    async def act(request: Request) -> Response:
        live = await hub.get(request.path_params["table_id"])
        msg = await body(request)
        seat = await seat_of(live, msg.get("token"), request.headers.get("x-player-key"))
        if seat is None:
            raise TableError("a spectator cannot act: send your seat's token")
        try:
            await hub.act(live, seat, check_notation(msg.get("action")), msg.get("version"))
        except Stale as exc:
            return JSONResponse(
                {"error": str(exc), "state": json.loads(hub.message(live, seat))}, 409
            )
        return Response(hub.message(live, seat), media_type="application/json")

    async def record(request: Request) -> Response:
        table = (await hub.get(request.path_params["table_id"])).table
        name = f"scarab-{table.game.name}-{table.id}.txt"
        return PlainTextResponse(
            table.record_text(), headers={"Content-Disposition": f'attachment; filename="{name}"'}
        )

    async def replay(request: Request) -> Response:
        msg = await body(request, MAX_RECORD_BODY)
        frame = await replay_body(field(msg, "record", str), field(msg, "ply", int, 0))
        return Response(frame, media_type="application/json")

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        client = guard.client(ws.scope)
        gate = guard.gate(client)
        conn: Connection | None = None
        live: Live | None = None
        counted: str | None = None  # the table id this socket is counted under
        sender: asyncio.Task[None] | None = None
        try:
            await hub.get(ws.path_params["table_id"])  # no table: refused before the hello
            refused = guard.sockets.enter(ws.path_params["table_id"], client)
            if refused is not None:
                await _close(ws, refused, 1008)
                return
            counted = ws.path_params["table_id"]
            hello = parse(await asyncio.wait_for(_receive(ws), HELLO_SECONDS))
            if hello.get("type") != "hello":
                raise BadRequest('say hello first: {"type": "hello", "token": "<seat token>"}')
            live = await hub.get(ws.path_params["table_id"])  # it may have left memory meanwhile
            seat = await seat_of(live, hello.get("token"), hello.get("player"))
            conn = Connection(ws.send_text, seat)
            sender = asyncio.get_running_loop().create_task(conn.run())
            hub.join(live, conn)
            await hub.chat_history(live, conn)
            while True:
                text = await _receive(ws)
                await asyncio.sleep(0)  # queued messages must not keep the loop to this socket
                over = gate.check()
                if over is not None:
                    went, why, end = over
                    if end:
                        await _close(ws, why, 1008)
                        hang_up(ws._receive)  # and read none of what it still sends
                        return
                    conn.push(json.dumps({"type": "error", "message": why}))
                    await asyncio.sleep(went.wait)  # unread meanwhile: TCP holds its sender back
                    continue
                try:
                    await _handle(hub, live, conn, parse(text))
                except Stale as exc:
                    conn.last = ""
                    conn.push(json.dumps(told(exc)))
                    conn.push_state(hub.message(live, conn.seat))
                except ScarabError as exc:
                    conn.push(json.dumps(told(exc)))
        except (WebSocketDisconnect, asyncio.CancelledError, RuntimeError):
            pass
        except TimeoutError:
            await _close(ws, "no hello came; say hello first")
        except ScarabError as exc:
            await _close(ws, str(exc))
        finally:
            gate.forget()
            if counted is not None:
                guard.sockets.leave(counted, client)
            if live is not None and conn is not None:
                hub.leave(live, conn)
            if sender is not None:
                sender.cancel()

    async def scarab_error(_request: Request, exc: Exception) -> Response:
        status = (
            404
            if isinstance(exc, NoTable)
            else 403
            if isinstance(exc, NoPlayer)
            else 503
            if isinstance(exc, StoreUnavailable)
            else 400
        )
        return JSONResponse(told(exc, "error"), status_code=status)

    async def http_error(_request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return error(exc.detail, exc.status_code)

    async def server_error(_request: Request, _exc: Exception) -> Response:
        return error("the server could not do that; nothing was changed", 500)

    routes = [
        Route("/", page),
        Route("/t/{table_id}", page),
        Route("/replay", page),
        Route("/p/{player}", page),
        Route("/favicon.ico", favicon),
        Route("/api/games", list_games),
        Route("/api/games/{game}/board", board),
        Route("/api/games/{game}/rules", rules),
        Route("/api/i18n/{lang}", messages),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/players", new_player, methods=["POST"]),
        Route("/api/players/me", me),
        Route("/api/players/me/code", code, methods=["POST"]),
        Route("/api/players/claim", claim, methods=["POST"]),
        Route("/api/lobby", open_tables),
        Route("/api/leaderboard/{game}", leaderboard),
        Route("/api/players/{player}/profile", profile),
        Route("/api/tables/{table_id}/sit", sit, methods=["POST"]),
        Route("/api/quickplay", quick_play, methods=["POST"]),
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
        WebSocketRoute("/ws/{table_id}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        # the catalogues, boards and page modules are text that shrinks to about a quarter
        middleware=[Middleware(GZipMiddleware, minimum_size=2048)],
        exception_handlers={
            ScarabError: scarab_error,
            HTTPException: http_error,
            Exception: server_error,
        },
    )
    install(app, guard)
    app.state.hub = hub
    app.state.guard = guard
    return app


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
        return error(f"there is no {noun} {name!r}: the {noun}s are {', '.join(served)}", 404)
    data, tag = served[name]
    headers = {"ETag": tag, "Cache-Control": "public, max-age=3600"}
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers=headers)
    return Response(data, media_type="application/json; charset=utf-8", headers=headers)


async def _receive(ws: WebSocket) -> str:
    """The next text message; a binary one is read as UTF-8 text, a close ends the loop."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        if len(data) > MAX_MESSAGE * 4:
            raise BadRequest(f"the message is too long: at most {MAX_MESSAGE:,} characters")
        text = data.decode("utf-8", "replace")
    return str(text)


async def _close(ws: WebSocket, reason: str, code: int = 4400) -> None:
    """Say why, then close: 4400 for a bad request (the page does not retry), 1008 for a
    limit (the page retries later)."""
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps({"type": "error", "message": reason}))
        await ws.close(code=code, reason=reason.encode()[:120].decode("utf-8", "ignore"))


async def _handle(hub: Hub, live: Live, conn: Connection, msg: dict[str, Any]) -> None:
    kind = msg.get("type")
    seat = conn.seat
    if kind == "sync":
        conn.last = ""
        conn.push_state(hub.message(live, seat))
        return
    if kind not in ("act", "undo", "allow_undo", "leave", "hint", "chat"):
        raise BadRequest(
            f"unknown message type {str(kind)[:20]!r}; send one of: act, undo, allow_undo, "
            "leave, hint, chat, sync"
        )
    if kind == "chat":  # a seat speaks to the table, a watcher to the watchers
        await hub.chat(live, conn, msg.get("text"))
        return
    if seat is None:
        raise TableError("a spectator watches: only a seat's token can act")
    if kind == "act":
        await hub.act(live, seat, check_notation(msg.get("action")), msg.get("version"))
    elif kind == "hint":
        conn.push(await hub.hint(live, seat))
    elif kind == "undo":
        await hub.undo(live, seat, msg.get("version"))
    elif kind == "allow_undo":
        await hub.set_seat(live, seat, allow_undo=field(msg, "allow", bool))
    elif live.table.seats[seat].left:
        raise TableError("you have left this table already; the zombie plays your seat")
    else:
        await hub.set_seat(live, seat, left=True)


def serve_main(
    host: str,
    port: int,
    db: str,
    bot_workers: int,
    limits: Limits | None = None,
    timeouts: Timeouts | None = None,
    workers: int = 1,
) -> int:
    """Run the server until interrupted (``workers`` processes on one port, PostgreSQL
    only); prints the address to open."""
    import uvicorn

    limits = limits or Limits()
    timeouts = timeouts or Timeouts()
    worker.check_workers(db, workers)
    if workers > 1:
        worker.hand_down(db, bot_workers, limits, timeouts)
        app: Any = worker.APP
        http: Any = worker.PROTOCOL
    else:
        app, http = create_app(db, bot_workers, limits=limits), protocol(timeouts)
    gc.set_threshold(20_000, 20, 50)  # fewer collection pauses under many small messages
    fewer_heaps()
    shown = f"[{host}]" if ":" in host else host
    print(
        f"Scarab is serving at http://{shown}:{port}/  (database: {db}; "
        f"{workers} process{'es' if workers > 1 else ''}; Ctrl+C stops)",
        flush=True,
    )
    uvicorn.run(
        app,
        factory=workers > 1,
        workers=workers if workers > 1 else None,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=65_536,
        http=http,  # deadlines for a request's head and body (deadlines.py)
        timeout_keep_alive=timeouts.keep_alive,
        limit_concurrency=limits.max_connections,  # beyond it, HTTP gets 503
        proxy_headers=False,  # the client is the peer, or --forwarded-header's (guard.py)
        ws_per_message_deflate=False,  # states are a few KB: compressing costs more than it saves
    )
    return 0
