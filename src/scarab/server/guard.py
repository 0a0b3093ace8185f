"""Bounds against hostile clients: rates, socket caps, Origin, content type and headers.

A client is its address: the peer's, or behind a reverse proxy the right-most
entry of a configured forwarded header (the one the trusted proxy appended; entries
to its left are whatever the client wrote); an IPv6 client is its /64.

- Rates are counted by the ``limits`` library in fixed windows kept in memory
  (one counter per key and window, so a client costs a few bytes whatever its
  rate): tables and players made (only what was made counts), codes tried, API
  requests (socket openings included) and requests for the page and its files per
  client, and WebSocket messages per socket and per client (all its sockets
  together: a new socket buys no more). Over a request rate an HTTP request gets 429
  with ``Retry-After``, and the door (door.py) answers the same to that client's
  next requests of the kind until the window ends, without building them for the
  app. Over a message rate a WebSocket gets one ``error`` message, is not read until
  its window allows (TCP pushes back on the sender, no CPU is spent on it), and is
  closed (1008) when it goes over again for ``flood_strikes`` windows in a row.
- Sockets are counted per table, per client and in all; a socket over a cap
  gets an ``error`` message and is closed (1008).
- ``Origin`` is checked on WebSocket upgrades and on state-changing requests:
  a page may talk to the server it came from (Origin's host:port is the
  request's Host) or to one named by ``--allow-origin``; a request with no
  Origin (curl, scripts, the tests) is no browser's and may.
- API bodies are JSON only: a request that changes something (a POST: the API takes no
  other method that does) must say ``Content-Type: application/json``, which no
  cross-site HTML form can send.
- Every response carries the security headers (no framing, no sniffing, no referrer).

:class:`Guard` does the HTTP checks and the headers as one pure ASGI layer
outside everything else, so even a 500 page gets the headers; the WebSocket
handler asks :class:`Sockets` and :class:`Gate` itself.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import logging
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from scarab.server.config import Limits, check_origin, check_rate
from scarab.server.door import DOOR, network

if TYPE_CHECKING:
    from limits import RateLimitItem
    from limits.strategies import FixedWindowRateLimiter
    from starlette.applications import Starlette
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"
)
# Answers that may hold a secret (a seat's hand, a token, a player's key): those to a POST
# and to a request that carried a token or a key. No cache, the browser's or a proxy's,
# keeps them.
NO_STORE = (b"cache-control", b"no-store")
SECRETS_HEADERS = (b"x-seat-token", b"x-player-key")
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# The one method whose body the API reads (and that changes anything): another (PUT, DELETE)
# goes on to the routes, which answer 405 naming the methods the path takes.
BODY_METHOD = "POST"
MAX_ADDRESS = 64  # characters of a client address kept: a forged header costs no more
DEFAULT_PORTS = {"http": "80", "ws": "80", "https": "443", "wss": "443"}


# The posts that make something that stays (a table, a player, a seat taken): bounded
# together per client by --table-rate, named in the refusal. Only what was made counts (a
# refused one is given back; the API rate bounds those).
MAKING = {
    "/api/tables": "new tables",
    "/api/players": "new players",
    "/api/quickplay": "quick plays",
}
# The post that tries a one-time code: every try counts (a wrong code is what the bound
# is for), by the same rate on a count of its own.
TRYING = {"/api/players/claim": "codes tried"}


# ---- who is asking ------------------------------------------------------------------------
def header(scope: Scope, name: bytes) -> str | None:
    """A request header's value (the repeated lines of a header joined by commas), or None."""
    values = [v for k, v in scope.get("headers", ()) if k == name]
    if not values:
        return None
    return b",".join(values).decode("latin-1")


def client_address(scope: Scope, forwarded: bytes | None = None) -> str:
    """The client's address: the peer's, or the right-most entry of the forwarded header.

    The trusted proxy appends the address it saw to the end of that header; anything
    to its left came from the client and proves nothing. A request that lacks the
    header is the proxy's (or a direct one) and counts under the peer address. An
    IPv6 client is its /64, which one household or host holds whole: walking
    through its addresses gains nothing.
    """
    peer = scope.get("client")
    address = str(peer[0]) if peer else "unknown"
    if forwarded is not None:
        return client_of_headers(scope.get("headers", ()), forwarded, address)
    return network(address[:MAX_ADDRESS])


def client_of_headers(headers: Iterable[tuple[bytes, bytes]], forwarded: bytes, peer: str) -> str:
    """The client a proxy's ``forwarded`` header names in ``headers`` (lower-case names, as
    ASGI and h11 give them), else ``peer``: the address as :func:`client_address` says."""
    values = [v for k, v in headers if k == forwarded]
    address = ""
    if values:
        address = b",".join(values).decode("latin-1").rsplit(",", 1)[-1].strip()
        if forwarded == b"forwarded":  # RFC 7239: for=192.0.2.1;proto=https
            address = _forwarded_for(address)
    return network((address or peer)[:MAX_ADDRESS])


def _forwarded_for(element: str) -> str:
    for pair in element.split(";"):
        key, _, value = pair.strip().partition("=")
        if key.lower() == "for":
            value = value.strip('"')
            if value.startswith("["):  # "[2001:db8::1]:4711"
                return value[1 : value.find("]")] if "]" in value else value[1:]
            return value.split(":", 1)[0] if value.count(":") == 1 else value
    return ""


def origin_refusal(scope: Scope, allowed: frozenset[str]) -> str | None:
    """Why this request's Origin may not use the server, or None when it may (or has none)."""
    origin = header(scope, b"origin")
    if origin is None or "*" in allowed:
        return None
    text = origin.strip().lower()
    if text in allowed:
        return None
    host = header(scope, b"host")
    try:
        parts = urlsplit(text)
    except ValueError:
        parts = None
    if parts is not None and parts.netloc and host is not None:
        scheme = parts.scheme
        if _without_default_port(parts.netloc, scheme) == _without_default_port(
            host.strip().lower(), scheme
        ):
            return None
    return (
        f"a page from {origin[:80]!r} may not use this server: only its own pages may, "
        "or an origin the server allows with --allow-origin"
    )


def _without_default_port(netloc: str, scheme: str) -> str:
    default = DEFAULT_PORTS.get(scheme)
    if default is not None and netloc.endswith(f":{default}"):
        return netloc[: -len(default) - 1]
    return netloc


def content_type_refusal(scope: Scope) -> str | None:
    """Why this request's body will not be read as JSON, or None when it is declared JSON."""
    declared = header(scope, b"content-type")
    media = (declared or "").split(";", 1)[0].strip().lower()
    if media == "application/json":
        return None
    said = f"it says {declared[:60]!r}" if declared else "it names no content type"
    return f"send the body as JSON with the header Content-Type: application/json ({said})"


# ---- rates --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Over:
    """A rate went over: for how long, and the limit in words (``30 per 1 minute``)."""

    wait: float  # seconds until the window that went over ends
    window: float  # that window's length in seconds
    limit: str
    amount: int = 0  # how many that window allows

    def args(self) -> dict[str, Any]:
        """The limit as a message's arguments, for the reader's language."""
        return {"n": self.amount, "window": f"{self.window:g}", "seconds": self.retry_after}

    @property
    def retry_after(self) -> str:
        """The whole seconds to send as an HTTP ``Retry-After``: at least 1."""
        return str(max(1, math.ceil(self.wait)))


class Rate:
    """One rate (``30/minute;300/hour``) counted per key in fixed windows."""

    def __init__(self, name: str, text: str, limiter: FixedWindowRateLimiter) -> None:
        from limits import parse_many

        self.name = name
        self.items: list[RateLimitItem] = parse_many(check_rate(text))
        self.limiter = limiter

    def hit(self, key: str) -> Over | None:
        """Count one more for ``key``: None when within every window, else the window it broke."""
        for item in self.items:
            if not self.limiter.hit(item, self.name, key):
                reset = self.limiter.get_window_stats(item, self.name, key)[0]  # reset time
                wait = max(reset - time.time(), 0.01)
                return Over(wait, float(item.get_expiry()), str(item), item.amount)
        return None

    def give_back(self, key: str) -> None:
        """Uncount one that was counted within every window (``hit`` said None); a window
        that has ended since counts nothing to give back."""
        for item in self.items:
            if self.limiter.get_window_stats(item, self.name, key).remaining < item.amount:
                self.limiter.hit(item, self.name, key, cost=-1)

    def forget(self, key: str) -> None:
        for item in self.items:
            self.limiter.clear(item, self.name, key)


@dataclass
class Gate:
    """One WebSocket's message rates, its own and its client's (all of the client's sockets
    together, so that opening more sockets buys no more): over either, a pause; over
    again and again, the end.

    Going over again within a window of the end of the last pause counts as in a
    row; ``strikes`` in a row close the socket.
    """

    rate: Rate
    key: str
    strikes: int
    client_rate: Rate | None = None
    client: str = ""
    count: int = 0
    calm_after: float = 0.0  # monotonic time from which going over starts a new count

    def check(self) -> tuple[Over, dict[str, Any], bool] | None:
        """None: read the message. Else what went over, what to tell the client, and
        whether to close (rather than drop the message and pause for ``over.wait``)."""
        over = self.rate.hit(self.key)
        if over is None and self.client_rate is not None:
            over = self.client_rate.hit(self.client)
        if over is None:
            return None
        now = time.monotonic()
        self.count = self.count + 1 if now < self.calm_after else 1
        self.calm_after = now + over.wait + over.window
        if self.count >= self.strikes:
            return (
                over,
                {
                    "message": f"closed: this connection sent more messages than {over.limit} "
                    f"allows in {self.count} windows in a row",
                    "code": "too_many",
                    "msg": "ui.err.socket_closed",
                    "args": {**over.args(), "count": self.count},
                },
                True,
            )
        return (
            over,
            {
                "message": f"you are sending too fast: messages at most {over.limit}; this one "
                f"was dropped and nothing more is read for {over.wait:.1f} s",
                "code": "too_many",
                "msg": "ui.err.socket_fast",
                "args": {**over.args(), "seconds": f"{over.wait:.1f}"},
            },
            False,
        )

    def forget(self) -> None:
        self.rate.forget(self.key)


# ---- sockets ------------------------------------------------------------------------------
@dataclass
class Sockets:
    """The open WebSockets, counted per table, per client and in all."""

    limits: Limits
    by_table: Counter[str] = field(default_factory=Counter)
    by_client: Counter[str] = field(default_factory=Counter)
    total: int = 0

    def enter(self, table_id: str, client: str) -> str | None:
        """Count a socket in; or say why it may not open (and count nothing)."""
        lim = self.limits
        if self.total >= lim.socket_cap:
            return (
                f"the server holds as many connections as it takes ({lim.socket_cap:,}); "
                "try again in a while"
            )
        if self.by_table[table_id] >= lim.max_table_sockets:
            return (
                f"this table has {lim.max_table_sockets} connections open, the most it takes; "
                "try again when someone leaves"
            )
        if self.by_client[client] >= lim.max_client_sockets:
            return (
                f"your address has {lim.max_client_sockets} connections open, the most one may; "
                "close some tables' tabs and try again"
            )
        self.by_table[table_id] += 1
        self.by_client[client] += 1
        self.total += 1
        return None

    def leave(self, table_id: str, client: str) -> None:
        for counter, key in ((self.by_table, table_id), (self.by_client, client)):
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]
        self.total -= 1


# ---- the guard ----------------------------------------------------------------------------
class Guard:
    """The server's limits in force: its rates, its socket counts and its checks."""

    def __init__(self, limits: Limits) -> None:
        from limits.storage import MemoryStorage
        from limits.strategies import FixedWindowRateLimiter

        self.limits = limits
        self.limiter = FixedWindowRateLimiter(MemoryStorage())
        self.tables = Rate("tables", limits.table_rate, self.limiter)
        self.codes = Rate("codes", limits.table_rate, self.limiter)
        self.api = Rate("api", limits.api_rate, self.limiter)
        self.pages = Rate("pages", limits.page_rate, self.limiter)
        self.messages = Rate("messages", limits.message_rate, self.limiter)
        self.client_messages = Rate("client messages", limits.client_message_rate, self.limiter)
        self.sockets = Sockets(limits)
        self.allowed = frozenset(check_origin(o) for o in limits.allow_origins)
        name = limits.forwarded_header
        self.forwarded = name.strip().lower().encode("latin-1") if name else None
        self.serial = itertools.count()

    def client(self, scope: Scope) -> str:
        return client_address(scope, self.forwarded)

    def gate(self, client: str) -> Gate:
        """A new socket's message gate (each socket has its own window, and shares its
        client's)."""
        key = f"{client}#{next(self.serial)}"
        return Gate(self.messages, key, self.limits.flood_strikes, self.client_messages, client)

    def wrap(self, app: ASGIApp) -> ASGIApp:
        """``app`` behind the checks, every response with the security headers."""

        async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
            kind = scope["type"]
            if kind == "http":
                send = _with_headers(send, _may_hold_a_secret(scope))
                if await self._refuse_http(scope, send):
                    return
                if scope.get("method") == BODY_METHOD and scope.get("path") in MAKING:
                    await self._making(app, scope, receive, send)
                    return
            elif kind == "websocket" and await self._refuse_socket(scope, receive, send):
                return
            await app(scope, receive, send)

        return guarded

    async def _refuse_http(self, scope: Scope, send: Send) -> bool:
        """Answer a request that may not go on (and say True); else False."""
        path: str = scope.get("path", "")
        api = path.startswith("/api/")
        client = self.client(scope)
        if (over := (self.api if api else self.pages).hit(client)) is not None:
            DOOR.hold(client, "api" if api else "page", over.wait, _door_answer(over, "requests"))
            await _too_many(send, over, "requests")
            return True
        method = scope.get("method", "GET")
        if method in SAFE_METHODS:
            return False
        why = origin_refusal(scope, self.allowed)
        if why is not None:
            await _json(send, 403, {"error": why, "code": "bad_origin"})
            return True
        if method != BODY_METHOD:
            return False
        if api and (why := content_type_refusal(scope)) is not None:
            await _json(send, 415, {"error": why, "code": "bad_content_type"})
            return True
        tried = TRYING.get(path)  # a code tried, right or wrong
        if tried is not None and (over := self.codes.hit(client)) is not None:
            await _too_many(send, over, tried)
            return True
        return False

    async def _making(self, app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
        """A post that makes something: counted against the client's rate before it runs
        (so a burst in flight at once is bounded too), and given back unless it made
        something (a 2xx answer): a client's mistakes do not lock it out of making."""
        client = self.client(scope)
        over = self.tables.hit(client)
        if over is not None:
            await _too_many(send, over, MAKING[scope["path"]])
            return
        status = 500

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await app(scope, receive, sending)
        finally:
            if not 200 <= status < 300:
                self.tables.give_back(client)

    @staticmethod
    def quiet_refusals() -> None:
        """Keep refused sockets out of the error log. uvicorn's websockets-sansio protocol
        does not count a denial response as an ended handshake, so each refusal (any
        client can cause one) logged "ASGI callable returned without completing
        handshake." at ERROR (uvicorn pull request 3138). Every socket this app serves is
        accepted or closed, so only a refusal returns without a handshake."""
        logger = logging.getLogger("uvicorn.error")
        if not any(isinstance(f, _DenialNoise) for f in logger.filters):
            logger.addFilter(_DenialNoise())

    async def _refuse_socket(self, scope: Scope, receive: Receive, send: Send) -> bool:
        """Refuse the upgrade of a socket from a foreign page or too fast a client."""
        why = origin_refusal(scope, self.allowed)
        status, retry, code = 403, "", "bad_origin"
        if why is None:
            client = self.client(scope)
            over = self.api.hit(client)
            if over is None:
                return False
            DOOR.hold(client, "api", over.wait, _door_answer(over, "connections"))
            why = _too_many_text(over, "connections")
            status, retry, code = 429, over.retry_after, "too_many"
        await receive()  # websocket.connect
        if "websocket.http.response" in scope.get("extensions", {}):
            body = json.dumps({"error": why, "code": code}).encode()
            headers = [(b"content-type", b"application/json"), *SECURITY_HEADERS]
            if retry:
                headers.append((b"retry-after", retry.encode()))
            await send(
                {"type": "websocket.http.response.start", "status": status, "headers": headers}
            )
            await send({"type": "websocket.http.response.body", "body": body})
        else:  # a server without denial responses answers a close before accept with 403
            await send({"type": "websocket.close", "code": 1008, "reason": why[:120]})
        return True


def hang_up(receive: object) -> None:
    """Read no more from a WebSocket the app has closed, where the server lets us reach it.

    After a close uvicorn reads on until the peer's close reply comes (up to 10 s),
    parsing (and dropping) all it sends meanwhile: a flooder that ignores the close
    would spend that long of the server's time. Its ``receive`` is a method of the
    connection, whose transport stops reading here; the close frame still goes out,
    and uvicorn ends the connection when its close timeout runs out. Anywhere else
    (the test client), nothing happens.
    """
    transport = getattr(getattr(receive, "__self__", None), "transport", None)
    pause = getattr(transport, "pause_reading", None)
    if callable(pause):
        with contextlib.suppress(RuntimeError):  # closing already
            pause()


class Guarded:
    """A Starlette app behind its guard, the outermost ASGI layer: the checks and the
    security headers apply to all of the app, its own error pages (500 included) too.
    ``app`` and ``state`` are the app's (the tests read its hub there)."""

    def __init__(self, app: Starlette, guard: Guard) -> None:
        self.app = app
        self.state = app.state
        self.guarded = guard.wrap(app)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.guarded(scope, receive, send)


def _may_hold_a_secret(scope: Scope) -> bool:
    if scope.get("method") == BODY_METHOD:
        return True
    return any(k.lower() in SECRETS_HEADERS for k, _ in scope.get("headers", ()))


def _with_headers(send: Send, secret: bool) -> Send:
    added = (*SECURITY_HEADERS, NO_STORE) if secret else SECURITY_HEADERS

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", ()))
            have = {k.lower() for k, _ in headers}
            headers.extend(h for h in added if h[0] not in have)
            message["headers"] = headers
        await send(message)

    return sending


def _too_many_text(over: Over, what: str) -> str:
    return (
        f"too many {what} from your address: at most {over.limit}; "
        f"try again in {over.retry_after} s"
    )


def _too_many_body(over: Over, what: str) -> dict[str, Any]:
    said = {"what": "@ui.rate." + what.replace(" ", "_"), **over.args()}
    text = _too_many_text(over, what)
    return {"error": text, "code": "too_many", "msg": "ui.err.too_many", "args": said}


async def _too_many(send: Send, over: Over, what: str) -> None:
    retry = ((b"retry-after", over.retry_after.encode()),)
    await _json(send, 429, _too_many_body(over, what), retry)


def _door_answer(over: Over, what: str) -> Callable[[float], bytes]:
    """The same refusal as a whole HTTP response, for the door to write while the window
    lasts (``left`` seconds of it), closing the connection: made once per second left."""
    made: dict[int, bytes] = {}

    def answer(left: float) -> bytes:
        seconds = math.ceil(left)
        if seconds not in made:
            later = replace(over, wait=seconds)
            body = json.dumps(_too_many_body(later, what)).encode()
            head = [
                b"HTTP/1.1 429 Too Many Requests",
                b"content-type: application/json",
                b"content-length: %d" % len(body),
                b"retry-after: " + later.retry_after.encode(),
                b"connection: close",
                *(name + b": " + value for name, value in SECURITY_HEADERS),
            ]
            made[seconds] = b"\r\n".join(head) + b"\r\n\r\n" + body
        return made[seconds]

    return answer


async def _json(
    send: Send, status: int, content: dict[str, Any], extra: tuple[tuple[bytes, bytes], ...] = ()
) -> None:
    body = json.dumps(content).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *extra,
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class _DenialNoise(logging.Filter):
    """Drops uvicorn's error line for a socket refused with a denial response."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.getMessage() != "ASGI callable returned without completing handshake."
