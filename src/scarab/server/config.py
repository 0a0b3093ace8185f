"""Every setting of a server, each with its one default, its ``--flag`` and its help.

``ServerConfig`` holds them all: the process's own (address, store, bots), the
``Limits`` on what one client may do (guard.py and door.py apply them) and the
``Timeouts`` a client has to send a request (deadlines.py). The command line
builds its ``scarab serve`` options from the fields' metadata (``option``); the
app reads a ServerConfig; the worker processes of ``--workers N`` get theirs as
JSON (``to_json``/``from_json``). A field without a flag is a knob for tests and
tools (how long an idle table stays in memory, how fast bots play).

This module loads no server library: the command line reads it for ``--help``.
"""

from __future__ import annotations

import json
import math
from dataclasses import MISSING, asdict, dataclass, field, fields
from typing import Any, ClassVar
from urllib.parse import urlsplit

from scarab.core.errors import ScarabError

DEFAULT_DB = "sqlite:///scarab.db"
MAX_BOT_STEP = 10.0
MIN_UPLOAD = 16_384  # bytes a second that a body's deadline allows for, past small_body
UNSIZED_BODY = 32_768  # a chunked body's deadline is that of a body this long


class BadSetting(ScarabError):
    """A setting given to the server that it cannot use; the message says what would do."""


# ---- readers: a setting from its text on the command line ---------------------------------


def read_count(low: int, high: int, what: str) -> Any:
    """A reader of a whole number from ``low`` to ``high``."""

    def read(text: str) -> int:
        if not text.strip().isdigit() or not low <= int(text) <= high:
            raise BadSetting(f"{text!r} is not {what}: give {low} to {high}")
        return int(text)

    return read


def finite_seconds(text: str) -> float:
    """A finite number of seconds, as typed (its range is its caller's)."""
    said = f"{text!r} is not a number of seconds: give one such as 0.5 or 30"
    try:
        value = float(text)
    except ValueError:
        raise BadSetting(said) from None
    if not math.isfinite(value):
        raise BadSetting(said)
    return value


def read_seconds(text: str, most: float = 3600.0) -> float:
    """A timeout: a finite number of seconds above 0, at most ``most`` (an hour)."""
    value = finite_seconds(text)
    if not 0 < value <= most:
        raise BadSetting(f"{text!r} is not a time: give seconds above 0 and at most {most:g}")
    return value


def read_port(text: str) -> int:
    """A TCP port number, 1 to 65535."""
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise BadSetting(f"{text!r} is not a port: give a number from 1 to 65535")
    return int(text)


def read_bot_step(text: str) -> float:
    """The pause before a bot's move: 0 to MAX_BOT_STEP seconds."""
    value = finite_seconds(text)
    if not 0 <= value <= MAX_BOT_STEP:
        raise BadSetting(f"{text!r} is not a bot's pause: give 0 to {MAX_BOT_STEP:g} seconds")
    return value


def check_rate(text: str) -> str:
    """``text`` if ``limits`` reads it as a rate such as ``30/minute`` or ``5/second;100/hour``."""
    from limits import parse_many

    try:
        items = parse_many(text)
    except ValueError:
        items = []
    if not items:
        raise BadSetting(
            f"{text[:40]!r} is not a rate: give a count per time such as 30/minute, "
            "or several joined by ';' such as 10/second;300/hour"
        )
    if any(item.amount < 1 for item in items):  # 0/minute would allow nothing, ever
        raise BadSetting(f"{text[:40]!r} allows nothing: give a count of 1 or more per time")
    return text


def check_origin(text: str) -> str:
    """An origin to allow, as a browser writes it (scheme://host[:port]), or ``*`` for any."""
    if text == "*":
        return text
    try:
        parts = urlsplit(text)
    except ValueError:  # a bad IPv6 literal
        parts = urlsplit("")
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
        raise BadSetting(
            f"{text[:60]!r} is not an origin: give scheme://host[:port] such as "
            "https://games.example.org, or * for any"
        )
    return text.lower().rstrip("/")


def setting(
    default: Any,
    flag: str | None = None,
    help: str | None = None,
    **argparse_options: Any,
) -> Any:
    """A field of a settings dataclass: its default, and, where the command line sets it,
    its flag, its help (``{default}`` is the default, formatted as the text says) and
    argparse's other options (``type`` a reader: BadSetting for text it cannot use)."""
    meta = {"flag": flag, "help": help, "argparse": argparse_options}
    if isinstance(default, list | dict):
        return field(default_factory=lambda: type(default)(default), metadata=meta)
    return field(default=default, metadata=meta)


COUNT = read_count(1, 1_000_000, "a count")


@dataclass(frozen=True)
class Limits:
    """What one client may do, and how many connections the server holds.

    The defaults let a person, or a household or club behind one address, play
    at any pace a hand can, while a script gets throttled and bounded.
    """

    GROUP: ClassVar[tuple[str, str]] = (
        "limits",
        "what one client (an address) may do; a RATE is a count per time, e.g. 30/minute, "
        "or several joined by ';', e.g. 10/second;300/hour",
    )

    table_rate: str = setting(
        "60/minute;600/hour",
        "--table-rate",
        "tables and players one client may make, codes it may try ({default})",
        type=check_rate,
        metavar="RATE",
    )
    api_rate: str = setting(
        "1200/minute",
        "--api-rate",
        "API requests (acts included) and WebSocket openings ({default})",
        type=check_rate,
        metavar="RATE",
    )
    page_rate: str = setting(
        "600/minute",
        "--page-rate",
        "requests for the page and its static files ({default})",
        type=check_rate,
        metavar="RATE",
    )
    message_rate: str = setting(
        "30/second;600/minute",
        "--message-rate",
        "messages on one WebSocket ({default})",
        type=check_rate,
        metavar="RATE",
    )
    client_message_rate: str = setting(
        "60/second;1200/minute",
        "--client-message-rate",
        "messages on all of a client's sockets ({default})",
        type=check_rate,
        metavar="RATE",
    )
    # windows over the message rate in a row before a socket is closed
    flood_strikes: int = setting(3)
    max_connections: int = setting(  # uvicorn answers 503 beyond
        4096,
        "--max-connections",
        "open connections, HTTP and WebSocket ({default})",
        type=COUNT,
        metavar="N",
    )
    max_client_connections: int = setting(  # at the door
        128,
        "--max-client-connections",
        "connections from one client ({default})",
        type=COUNT,
        metavar="N",
    )
    client_connection_rate: int = setting(
        30,
        "--client-connection-rate",
        "connections a client opens a second ({default})",
        type=COUNT,
        metavar="N",
    )
    max_table_sockets: int = setting(
        64, "--max-table-sockets", "WebSockets on one table ({default})", type=COUNT, metavar="N"
    )
    max_client_sockets: int = setting(
        32,
        "--max-client-sockets",
        "WebSockets from one client ({default})",
        type=COUNT,
        metavar="N",
    )
    max_sockets: int | None = setting(  # None: 15/16 of max_connections
        None,
        "--max-sockets",
        "WebSockets in all (15/16 of --max-connections, leaving room for the page)",
        type=COUNT,
        metavar="N",
    )
    forwarded_header: str | None = setting(
        None,
        "--forwarded-header",
        "behind a reverse proxy: the header it names the client in, e.g. X-Forwarded-For "
        "(its right-most address counts); without it, the peer address",
        metavar="HEADER",
    )
    allow_origins: tuple[str, ...] = setting(  # origins besides the server's own ("*": any)
        (),
        "--allow-origin",
        "a site whose pages may also use the server, e.g. https://games.example.org "
        "(repeatable; * for any); by default only the server's own pages may",
        action="append",
        type=check_origin,
        metavar="ORIGIN",
    )

    def __post_init__(self) -> None:
        rates = (self.table_rate, self.api_rate, self.page_rate)
        for rate in (*rates, self.message_rate, self.client_message_rate):
            check_rate(rate)
        counts = {
            "flood_strikes": self.flood_strikes,
            "max_connections": self.max_connections,
            "max_client_connections": self.max_client_connections,
            "client_connection_rate": self.client_connection_rate,
            "max_sockets": self.socket_cap,
            "max_table_sockets": self.max_table_sockets,
            "max_client_sockets": self.max_client_sockets,
        }
        for name, value in counts.items():
            if not (isinstance(value, int) and value >= 1):
                raise BadSetting(f"{name} must be a whole number of 1 or more, not {value!r}")
        if self.socket_cap >= self.max_connections:  # no connection left for the page itself
            raise BadSetting(
                f"max_sockets ({self.socket_cap}) must be below max_connections "
                f"({self.max_connections}): the page and the API need connections too"
            )
        for origin in self.allow_origins:
            check_origin(origin)

    @property
    def socket_cap(self) -> int:
        """WebSockets in all: as given, or leaving a sixteenth of the connections to HTTP."""
        if self.max_sockets is not None:
            return self.max_sockets
        return max(1, self.max_connections - self.max_connections // 16)


@dataclass(frozen=True)
class Timeouts:
    """Seconds a client has: for a request's head, for its body, and idle between requests."""

    GROUP: ClassVar[tuple[str, str]] = (
        "timeouts",
        "a connection that keeps them waiting is closed",
    )

    header: float = setting(
        10.0,
        "--header-timeout",
        "seconds for a request's head to come in whole ({default:g})",
        type=read_seconds,
        metavar="S",
    )
    body: float = setting(  # the most a body gets, however long
        30.0,
        "--body-timeout",
        "the most seconds any request's body has to come in whole ({default:g})",
        type=read_seconds,
        metavar="S",
    )
    small_body: float = setting(  # what any body gets, more as its length needs
        5.0,
        "--small-body-timeout",
        "seconds a body has however short, more as its length needs ({default:g})",
        type=read_seconds,
        metavar="S",
    )
    keep_alive: int = setting(  # uvicorn's own timeout_keep_alive
        5,
        "--keep-alive-timeout",
        "seconds a connection may idle between requests ({default})",
        type=read_count(1, 3600, "a number of seconds"),
        metavar="S",
    )

    def for_body(self, length: int | None) -> float:
        """Seconds a body of ``length`` bytes may take (None: chunked, of no stated length)."""
        size = UNSIZED_BODY if length is None else length
        return min(self.body, self.small_body + size / MIN_UPLOAD)


@dataclass(frozen=True)
class ServerConfig:
    """A server: where it listens, its store, its processes and bots, and its bounds."""

    host: str = setting("127.0.0.1", "--host")
    port: int = setting(8000, "--port", type=read_port)
    db: str = setting(
        DEFAULT_DB,
        "--db",
        "SQLAlchemy URL: sqlite:///FILE (default ./scarab.db) or postgresql+psycopg://...",
    )
    bot_workers: int = setting(
        1,
        "--bot-workers",
        "bot processes (0: one thread in the server)",
        type=read_count(0, 64, "a number of bot processes"),
    )
    # People follow a bot's turn move by move at 0.4 s a move; 0 shows a turn at once.
    bot_step: float = setting(
        0.4,
        "--bot-step",
        "the least seconds from a change at a table to a bot's next move there, so that "
        "people can follow a bot's turn move by move ({default:g}; 0: at once)",
        type=read_bot_step,
        metavar="S",
    )
    workers: int = setting(
        1,
        "--workers",
        "server processes on one port (PostgreSQL only; see docs/server.md, deployment)",
        type=read_count(1, 64, "a number of server processes"),
    )
    upgrade: bool = setting(
        True,
        "--no-upgrade",
        "refuse to start on a store whose schema is older, instead of upgrading it",
        action="store_false",
    )
    idle_seconds: float = setting(60.0)  # a table nobody watches or plays leaves memory then
    tick: float = setting(1.0)  # how often due tables are looked for and idle ones evicted
    pace: float = setting(1.0)  # times run_seconds: how long a bot's run of unseen moves takes
    limits: Limits = field(default_factory=Limits)
    timeouts: Timeouts = field(default_factory=Timeouts)

    def to_json(self) -> str:
        """The settings as JSON text (for a worker process: ``from_json``)."""
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> ServerConfig:
        return cls.from_options(_flat(json.loads(text)))

    @classmethod
    def from_options(cls, values: dict[str, Any]) -> ServerConfig:
        """The settings from their values by field name (an argparse namespace's, the nested
        groups' fields among them); a name missing keeps its default."""

        def build(kind: Any) -> Any:
            given: dict[str, Any] = {}
            for f in fields(kind):
                if f.name in GROUPS:
                    given[f.name] = build(GROUPS[f.name])
                elif f.name in values:
                    value = values[f.name]
                    given[f.name] = tuple(value) if isinstance(f.default, tuple) else value
            return kind(**given)

        built: ServerConfig = build(cls)
        return built


GROUPS: dict[str, type[Limits] | type[Timeouts]] = {"limits": Limits, "timeouts": Timeouts}


def _flat(values: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in values.items() if k not in GROUPS}
    for name in GROUPS:
        out.update(values.get(name, {}))
    return out


def options() -> list[tuple[tuple[str, str] | None, list[tuple[str, dict[str, Any]]]]]:
    """The command line's options, group by group (None: the server's own): each flag
    with its argparse keywords (its dest the field's name, its help with its default)."""
    out: list[tuple[tuple[str, str] | None, list[tuple[str, dict[str, Any]]]]] = []
    for group, kind in ((None, ServerConfig), *((k.GROUP, k) for k in GROUPS.values())):
        flags = []
        for f in fields(kind):
            if f.metadata.get("flag"):
                flags.append((f.metadata["flag"], option(f)))
        out.append((group, flags))
    return out


def option(f: Any) -> dict[str, Any]:
    """argparse's keywords for one setting's field."""
    default = f.default if f.default is not MISSING else f.default_factory()
    said = f.metadata["help"]
    keywords = {"dest": f.name, **f.metadata["argparse"]}
    keywords["default"] = [] if keywords.get("action") == "append" else default
    if said is not None:
        keywords["help"] = said.format(default=default)
    return keywords
