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
    GET  /api/lobby[/playing]       public tables with open seats [every seat taken: to watch]
    POST /api/tables/<id>/fill|start the maker fills an open seat with a bot, or starts without
    WS   /ws/<id>                   hello / act / undo / allow_undo / leave / sync (table_socket.py)
    (players, the lobby, ratings, chat and rematch: see docs/playing.md)

Errors are JSON ``{"error": "...", "code": "..."}`` (or a WebSocket ``error`` message)
that say what was wrong, with ``msg`` and ``args`` where the catalogues word it in the
reader's language and ``code`` its kind for a program; no stack trace ever leaves the
server. The limits on what one client may do (rates, sockets, Origin, JSON bodies) and
the security headers are in guard.py, outside the whole app (``Guarded``); every setting
of a server, with its default and its ``scarab serve`` flag, is in config.py.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import socket
import sys
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Router, WebSocketRoute
from starlette.staticfiles import StaticFiles

from scarab.core.errors import ScarabError
from scarab.server import migrate, worker
from scarab.server.api import STATIC, error, page_routes, player_routes, table_routes
from scarab.server.config import ServerConfig
from scarab.server.deadlines import protocol
from scarab.server.door import DOOR, listening
from scarab.server.guard import Guard, Guarded
from scarab.server.hub import Hub
from scarab.server.links import Links
from scarab.server.lobby import Lobby
from scarab.server.memory import fewer_heaps
from scarab.server.players import NoPlayer, Players, UnknownPlayer
from scarab.server.protocol import told
from scarab.server.store import Store
from scarab.server.table import NoTable, StoreUnavailable
from scarab.server.table_socket import socket_handler

SOCKET_PROTOCOL = "scarab.server.socket_protocol:GuardedSocket"
# Connections waiting to be accepted, and so the most asyncio takes in one turn (each then
# costs a task and a protocol): uvicorn's 2,048 held the event loop ~0.2 s in a flood.
BACKLOG = 256
# Starlette's own refusals, by status, as the ``code`` a program reads beside the text.
HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}


def create_app(config: ServerConfig | None = None) -> Guarded:
    """The app of one server process as ``config`` says (the defaults when None), on its
    store upgraded to this version's schema first (with ``upgrade`` off, StoreBehind if
    it is not there yet)."""
    config = config or ServerConfig()
    guard = Guard(config.limits)
    guard.quiet_refusals()
    lim = guard.limits
    DOOR.configure(lim.max_client_connections, lim.client_connection_rate, guard.forwarded)
    if config.upgrade:
        migrate.upgrade(config.db)
    else:
        migrate.check(config.db)
    pages = page_routes()
    hub = Hub(Store(config.db), config, Links(Router(routes=pages)))
    players = Players(hub.store, hub.storage, hub.links)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        gc.freeze()  # modules and game data live for ever: keep them out of full collections
        yield
        await hub.stop()

    routes: list[BaseRoute] = [
        *pages,
        *player_routes(hub, players, Lobby(hub, players)),
        *table_routes(hub, players),
        WebSocketRoute("/ws/{table_id}", socket_handler(hub, guard, players)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        # the catalogues, boards and page modules are text that shrinks to about a quarter
        middleware=[Middleware(GZipMiddleware, minimum_size=2048), *_cors(guard.allowed)],
        exception_handlers={
            ScarabError: _scarab_error,
            HTTPException: _http_error,
            Exception: _server_error,
        },
    )
    app.state.hub = hub
    app.state.guard = guard
    return Guarded(app, guard)


async def _scarab_error(_request: Request, exc: Exception) -> Response:
    status = (
        404
        if isinstance(exc, (NoTable, UnknownPlayer))
        else 403
        if isinstance(exc, NoPlayer)
        else 503
        if isinstance(exc, StoreUnavailable)
        else 400
    )
    return JSONResponse(told(exc, "error"), status_code=status)


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals, as JSON; a 405 keeps its Allow header and says which
    method the path takes."""
    assert isinstance(exc, HTTPException)
    headers = dict(exc.headers or {})
    if exc.status_code != 405 or "Allow" not in headers:
        code = HTTP_CODES.get(exc.status_code, "bad_request")
        return JSONResponse({"error": exc.detail, "code": code}, exc.status_code, headers)
    allowed = sorted(headers["Allow"].split(", "), key=lambda m: (m != "GET", m != "HEAD", m))
    headers["Allow"] = ", ".join(allowed)  # GET, HEAD, then the rest: the same every time
    use = " or ".join(m for m in allowed if m != "HEAD")
    said = f"{request.method} is not taken here: use {use} for {request.url.path[:200]}"
    return JSONResponse({"error": said, "code": HTTP_CODES[405]}, 405, headers)


async def _server_error(_request: Request, _exc: Exception) -> Response:
    return error("the server could not do that; nothing was changed", 500, "server_error")


def _cors(allowed: frozenset[str]) -> list[Middleware]:
    """For the sites --allow-origin names, the answers a browser needs before its page may
    read a response or send JSON with a seat's token (CORS: preflights and Allow headers);
    the guard has already refused every other site's page."""
    if not allowed:
        return []
    return [
        Middleware(
            CORSMiddleware,
            allow_origins=sorted(allowed),
            allow_methods=["GET", "POST"],
            allow_headers=["Content-Type", "X-Seat-Token", "X-Player-Key"],
            max_age=600,
        )
    ]


def log_config() -> dict[str, Any]:
    """uvicorn's logging with each line stamped with its time (an operator reading the
    log after an outage needs to know when), and the server's own warnings (a failed
    bot, a store that is down) through the same stream and stamp."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    for formatter in config["formatters"].values():
        formatter["fmt"] = "%(asctime)s " + formatter["fmt"]
        formatter["datefmt"] = "%Y-%m-%d %H:%M:%S"
    config["loggers"]["scarab"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config


def _listen_refusal(host: str, port: int) -> str | None:
    """Why the server could not listen at ``host:port`` (a port in use, an address not of
    this machine), tried before it says it is serving there; None if it can."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
            probe.bind((host, port))
    except OSError as exc:
        why = exc.strerror or str(exc)
        return f"cannot listen at {host}:{port}: {why}; give another --port or --host"
    return None


def serve_main(config: ServerConfig) -> int:
    """Run the server until interrupted (``workers`` processes on one port, PostgreSQL
    only); prints the address to open."""
    host, port, db, workers = config.host, config.port, config.db, config.workers
    worker.check_workers(db, workers)
    if workers > 1:
        worker.hand_down(config)
        app: Any = worker.APP
        http: Any = worker.PROTOCOL
    else:
        app = create_app(config)
        http = protocol(config.timeouts)
    refused = _listen_refusal(host, port)
    if refused is not None:
        print(f"scarab serve: {refused}", file=sys.stderr)
        return 2
    gc.set_threshold(20_000, 20, 50)  # fewer collection pauses under many small messages
    fewer_heaps()
    shown = f"[{host}]" if ":" in host else host
    print(
        f"Scarab is serving at http://{shown}:{port}/  (database: {migrate.shown(db)}; "
        f"{workers} process{'es' if workers > 1 else ''}; Ctrl+C stops)",
        flush=True,
    )
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": "warning",
        "log_config": log_config(),
        "ws_max_size": 65_536,
        "ws": SOCKET_PROTOCOL,  # parses no further ahead than the app reads; 1007 for bad text
        "http": http,  # the door, and deadlines for a request's head and body (deadlines.py)
        "timeout_keep_alive": config.timeouts.keep_alive,
        "limit_concurrency": config.limits.max_connections,  # beyond it, HTTP gets 503
        "backlog": BACKLOG,
        "proxy_headers": False,  # the client is the peer, or --forwarded-header's (guard.py)
        "ws_per_message_deflate": False,  # states are a few KB: compressing costs more
    }
    return 0 if run_uvicorn(app, workers, options) else 1


def run_uvicorn(app: Any, workers: int, options: dict[str, Any]) -> bool:
    """Serve until stopped; False if the server never started. One process listens on a
    socket that turns away what the door refuses; several share the socket uvicorn binds
    (each still drops those connections as they come, a little later)."""
    import uvicorn

    if workers > 1:
        uvicorn.run(app, factory=True, workers=workers, **options)
        return True
    server = uvicorn.Server(uvicorn.Config(app, **options))
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C, said again once shut down
        server.run(sockets=[listening(options["host"], options["port"])])
    return server.started
