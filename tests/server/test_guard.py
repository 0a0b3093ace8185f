"""Bounds against hostile clients: rates, socket caps, Origin, JSON bodies and headers."""

from __future__ import annotations

import gc
import signal
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from scarab import cli, i18n
from scarab.server.app import create_app, serve_main
from scarab.server.config import BadSetting, Limits, ServerConfig
from scarab.server.guard import client_address, hang_up
from tests.server.conftest import hub_of, look, make_table, server_config, token

Make = Callable[..., TestClient]
SPEC = {"game": "luxor", "seats": [{"kind": "human", "name": "ann"}, {"kind": "human"}]}
EVIL = "https://evil.example"


@pytest.fixture
def make(tmp_path: Path) -> Iterator[Make]:
    """Servers with the given limits (the defaults otherwise), each on a fresh database."""
    with ExitStack() as stack:

        def start(raise_server_exceptions: bool = True, **limits: Any) -> TestClient:
            app = create_app(
                server_config(
                    f"sqlite:///{tmp_path / f'{uuid.uuid4().hex}.db'}", limits=Limits(**limits)
                )
            )
            client = TestClient(app, raise_server_exceptions=raise_server_exceptions)
            return stack.enter_context(client)

        yield start


def hello(ws: Any, tok: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": tok})
    return ws.receive_json()  # type: ignore[no-any-return]


def said_of(ws: Any) -> dict[str, Any]:
    """The next error this socket receives, whole (states on the way are skipped)."""
    while True:
        m = ws.receive_json()
        if m["type"] == "error":
            return m  # type: ignore[no-any-return]


def error_of(ws: Any) -> str:
    """The next error message this socket receives."""
    return said_of(ws)["message"]  # type: ignore[no-any-return]


def refused_socket(ws: Any) -> tuple[str, int]:
    """What a socket over a cap is told, and the code it is closed with."""
    said = ws.receive_json()
    assert said["type"] == "error"
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return said["message"], closed.value.code


# ---- rates ----------------------------------------------------------------------------------
def test_creating_tables_too_fast_is_refused_with_when_to_retry(make: Make) -> None:
    c = make(table_rate="2/minute")
    made = [c.post("/api/tables", json=SPEC) for _ in range(3)]
    assert [r.status_code for r in made] == [201, 201, 429]
    over = made[2]
    assert 1 <= int(over.headers["Retry-After"]) <= 60
    assert "too many new tables" in over.json()["error"]
    assert "at most 2 per 1 minute" in over.json()["error"]
    said = over.json()
    assert said["msg"] == "ui.err.too_many" and said["args"]["what"] == "@ui.rate.new_tables"
    pt = i18n.text("pt", said["msg"], said["args"])  # the page words it in its language
    assert pt.startswith("limite de mesas novas") and "no máximo 2 em 60 s" in pt
    assert len(hub_of(c).tables) == 2
    assert c.get("/api/games").status_code == 200  # only creating is held back


def test_refused_requests_to_make_things_do_not_use_up_the_making_rate(make: Make) -> None:
    """A client's mistakes (each a 400) do not lock it out of making tables and players;
    only what was made counts (the bad ones are bounded by the API rate)."""
    c = make(table_rate="3/minute")
    for _ in range(10):
        bad = c.post("/api/tables", json={"game": "pyramids", "seats": []})
        assert bad.status_code == 400, bad.text
        assert c.post("/api/players", json={"name": " "}).status_code == 400
        assert c.post("/api/quickplay", json={"game": "luxor"}).status_code == 400
    assert c.post("/api/tables", json=SPEC).status_code == 201
    assert c.post("/api/players", json={"name": "ann"}).status_code == 201
    assert c.post("/api/tables", json=SPEC).status_code == 201
    over = c.post("/api/players", json={"name": "bob"})
    assert (
        over.status_code == 429
        and over.json()["code"] == "too_many"
        and "too many new players" in over.json()["error"]
    )
    assert len(hub_of(c).tables) == 2


def test_every_code_tried_counts_on_a_bound_of_its_own(make: Make) -> None:
    """Guessing codes is what the bound is for: a wrong one counts, on its own count, so
    the guesses do not use up the making of tables either."""
    c = make(table_rate="3/minute")
    tried = [c.post("/api/players/claim", json={"code": "ABCD-EFGH"}) for _ in range(4)]
    assert [r.status_code for r in tried] == [403, 403, 403, 429]
    assert "too many codes tried" in tried[-1].json()["error"]
    assert c.post("/api/tables", json=SPEC).status_code == 201


def test_acts_and_other_api_calls_too_fast_get_429(make: Make) -> None:
    c = make(api_rate="6/minute")
    t = make_table(c)  # 1
    decider = look(c, t, None)["current"]  # 2
    version = look(c, t, decider)["version"]  # 3
    body = {"token": token(t, decider), "action": "nonsense", "version": version}
    answers = [c.post(f"/api/tables/{t['table']}/act", json=body) for _ in range(4)]  # 4..7
    assert [r.status_code for r in answers] == [400, 400, 400, 429]
    over = answers[-1]
    assert "at most 6 per 1 minute" in over.json()["error"]
    assert 1 <= int(over.headers["Retry-After"]) <= 60
    assert c.get("/api/games").status_code == 429  # every API call counts
    assert c.get("/").status_code == 200  # the page and its files do not


def test_a_socket_over_its_message_rate_is_told_paused_and_then_read_again(make: Make) -> None:
    c = make(message_rate="3/second")
    t = make_table(c)
    path = f"/ws/{t['table']}"
    with c.websocket_connect(path) as flood, c.websocket_connect(path) as calm:
        hello(flood, None)
        hello(calm, None)
        for _ in range(4):
            flood.send_json({"type": "sync"})
        whole = said_of(flood)
        said = whole["message"]
        assert "sending too fast" in said and "at most 3 per 1 second" in said
        assert (
            whole["msg"] == "ui.err.socket_fast"
            and whole["code"] == "too_many"
            and whole["args"]["n"] == 3
        )
        pt = i18n.text("pt", whole["msg"], whole["args"])  # the page words it in its language
        assert "no máximo 3 mensagens em 1 s" in pt
        flood.send_json({"type": "dance"})  # sent while the socket is not read
        sent = time.monotonic()
        calm.send_json({"type": "sync"})  # the other socket is answered meanwhile
        while calm.receive_json()["type"] != "state":
            pass
        assert time.monotonic() - sent < 0.5
        answer = error_of(flood)  # read once the window allowed it: held back, not dropped
        assert "unknown message type" in answer
        assert time.monotonic() - sent > 0.5


def test_a_socket_that_keeps_flooding_is_closed_with_1008(make: Make) -> None:
    c = make(message_rate="3/second", flood_strikes=2)
    t = make_table(c)
    with c.websocket_connect(f"/ws/{t['table']}") as ws:
        hello(ws, None)
        for _ in range(40):
            ws.send_json({"type": "sync"})
        errors = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                m = ws.receive_json()
                if m["type"] == "error":
                    errors.append(m["message"])
    assert closed.value.code == 1008
    assert len(errors) == 2
    assert "sending too fast" in errors[0]
    assert (
        "closed" in errors[1]
        and "more messages than 3 per 1 second allows in 2 windows in a row" in errors[1]
    )
    assert c.get("/api/games").status_code == 200


def test_a_closed_flooder_is_read_no_more_where_the_server_lets_us() -> None:
    class Transport:
        paused = False

        def pause_reading(self) -> None:
            self.paused = True

    class Connection:  # as uvicorn's: ``receive`` is a method, the transport an attribute
        transport = Transport()

        async def receive(self) -> None: ...

    conn = Connection()
    hang_up(conn.receive)
    assert conn.transport.paused
    hang_up(lambda: None)  # a server that does not show its transport: nothing happens


# ---- socket caps ----------------------------------------------------------------------------
def test_a_table_takes_at_most_its_cap_of_sockets(make: Make) -> None:
    c = make(max_table_sockets=2)
    t, other = make_table(c), make_table(c)
    path = f"/ws/{t['table']}"
    with c.websocket_connect(path) as one:
        hello(one, None)
        with c.websocket_connect(path) as two:
            hello(two, None)
            with c.websocket_connect(path) as three:
                said, code = refused_socket(three)
            assert code == 1008 and "this table has 2 connections open" in said
            with c.websocket_connect(f"/ws/{other['table']}") as elsewhere:
                assert hello(elsewhere, None)["type"] == "state"  # other tables are not full
        with c.websocket_connect(path) as again:  # one left: there is room again
            assert hello(again, None)["type"] == "state"


def test_a_client_opens_at_most_its_cap_of_sockets(make: Make) -> None:
    c = make(max_client_sockets=2, forwarded_header="X-Forwarded-For")
    tables = [make_table(c) for _ in range(3)]
    a = {"X-Forwarded-For": "203.0.113.1"}
    with (
        c.websocket_connect(f"/ws/{tables[0]['table']}", headers=a) as one,
        c.websocket_connect(f"/ws/{tables[1]['table']}", headers=a) as two,
    ):
        hello(one, None)
        hello(two, None)
        with c.websocket_connect(f"/ws/{tables[2]['table']}", headers=a) as three:
            said, code = refused_socket(three)
        assert code == 1008 and "your address has 2 connections open" in said
        b = {"X-Forwarded-For": "203.0.113.2"}
        with c.websocket_connect(f"/ws/{tables[2]['table']}", headers=b) as theirs:
            assert hello(theirs, None)["type"] == "state"  # another client is not held back


def test_the_server_takes_at_most_its_cap_of_sockets(make: Make) -> None:
    c = make(max_sockets=1)
    t = make_table(c)
    with c.websocket_connect(f"/ws/{t['table']}") as one:
        hello(one, None)
        with c.websocket_connect(f"/ws/{t['table']}") as two:
            said, code = refused_socket(two)
    assert code == 1008 and "as many connections as it takes (1)" in said


# ---- Origin -----------------------------------------------------------------------------------
def test_a_foreign_page_may_not_open_a_socket(make: Make) -> None:
    c = make(allow_origins=("https://friend.example",))
    t = make_table(c)
    path = f"/ws/{t['table']}"
    with (
        pytest.raises(WebSocketDenialResponse) as denied,
        c.websocket_connect(path, headers={"Origin": EVIL}),
    ):
        pass  # refused before it opens
    assert denied.value.status_code == 403
    assert "may not use this server" in denied.value.json()["error"]
    assert denied.value.headers["X-Frame-Options"] == "DENY"
    for origin in ("http://testserver", "https://friend.example"):
        with c.websocket_connect(path, headers={"Origin": origin}) as ws:
            assert hello(ws, None)["type"] == "state"


def test_an_allowed_sites_page_may_read_answers_and_send_json_with_a_token(make: Make) -> None:
    c = make(allow_origins=("https://friend.example",))
    asked = {
        "Origin": "https://friend.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, x-seat-token",
    }
    r = c.options("/api/tables", headers=asked)  # the browser asks first
    assert r.status_code == 200, r.text
    assert r.headers["Access-Control-Allow-Origin"] == "https://friend.example"
    assert "x-seat-token" in r.headers["Access-Control-Allow-Headers"].lower()
    r = c.post("/api/tables", json=SPEC, headers={"Origin": "https://friend.example"})
    assert r.status_code == 201 and r.headers["Access-Control-Allow-Origin"] == asked["Origin"]
    r = c.get("/api/games", headers={"Origin": EVIL})
    assert "Access-Control-Allow-Origin" not in r.headers  # another site's page reads nothing
    r = make().get("/api/games", headers={"Origin": "https://friend.example"})
    assert "Access-Control-Allow-Origin" not in r.headers  # none allowed by default


@pytest.mark.slow
def test_a_refused_socket_leaves_no_error_in_the_servers_log(tmp_path: Path) -> None:
    """A real server (uvicorn's own WebSocket protocol): refusing a foreign page's socket
    is no error of the server's, and any client can cause one."""
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect
    from websockets.typing import Origin

    from tests.server.test_restart import free_port, start

    port = free_port()
    proc = start(tmp_path / "scarab.db", port, stderr=subprocess.PIPE)
    try:
        for _ in range(3):
            with pytest.raises(InvalidStatus) as denied:
                connect(f"ws://127.0.0.1:{port}/ws/nope", origin=Origin(EVIL), open_timeout=10)
            assert denied.value.response.status_code == 403
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        assert "handshake" not in err.decode() and "ERROR" not in err.decode(), err.decode()
    finally:
        proc.kill()
        proc.wait()


def test_a_foreign_page_may_not_post(make: Make) -> None:
    c = make(allow_origins=("https://friend.example",))
    r = c.post("/api/tables", json=SPEC, headers={"Origin": EVIL})
    assert (
        r.status_code == 403
        and r.json()["code"] == "bad_origin"
        and "may not use this server" in r.json()["error"]
    )
    assert "--allow-origin" in r.json()["error"]
    assert hub_of(c).tables == {}
    t = make_table(c)
    act = {"token": token(t, 0), "action": "L S+1", "version": None}
    r = c.post(f"/api/tables/{t['table']}/act", json=act, headers={"Origin": EVIL})
    assert r.status_code == 403
    assert c.get("/api/games", headers={"Origin": EVIL}).status_code == 200  # reading is fine
    for origin in ("http://testserver", "https://friend.example", "https://FRIEND.example"):
        assert c.post("/api/tables", json=SPEC, headers={"Origin": origin}).status_code == 201
    assert c.post("/api/tables", json=SPEC).status_code == 201  # no Origin: no browser's page


def test_only_json_bodies_are_read(make: Make) -> None:
    c = make()
    text = '{"game": "luxor", "seats": [{"kind": "human"}, {"kind": "human"}]}'
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None):
        headers = {"Content-Type": kind} if kind else {}
        r = c.post("/api/tables", content=text, headers=headers)
        assert r.status_code == 415 and r.json()["code"] == "bad_content_type", kind
        assert "Content-Type: application/json" in r.json()["error"]
    assert hub_of(c).tables == {}  # a cross-site form post creates nothing
    r = c.post(
        "/api/tables", content=text, headers={"Content-Type": "application/json; charset=utf-8"}
    )
    assert r.status_code == 201


# ---- headers --------------------------------------------------------------------------------
def assert_guarded(r: Any) -> None:
    h = r.headers
    assert "frame-ancestors 'none'" in h["Content-Security-Policy"]
    assert "default-src 'self'" in h["Content-Security-Policy"]
    assert h["X-Frame-Options"] == "DENY"
    assert h["X-Content-Type-Options"] == "nosniff"
    assert h["Referrer-Policy"] == "no-referrer"
    assert len(h.get_list("X-Frame-Options")) == 1


def test_every_response_carries_the_security_headers(
    make: Make, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = make(raise_server_exceptions=False, table_rate="1/minute")
    answers = {
        "page": c.get("/"),
        "table page": c.get("/t/abc"),
        "games": c.get("/api/games"),
        "not found": c.get("/api/tables/nope"),
        "static": c.get("/static/style.css"),
        "no such file": c.get("/static/nothing.css"),
        "bad body": c.post("/api/tables", json={"game": 3}),
        "not json": c.post("/api/tables", content="x", headers={"Content-Type": "text/plain"}),
        "foreign": c.post("/api/tables", json=SPEC, headers={"Origin": EVIL}),
        "made": c.post("/api/tables", json=SPEC),
        "too many": c.post("/api/tables", json=SPEC),
    }

    async def broken(_spec: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(hub_of(c).live_tables, "summaries", broken)
    answers["server error"] = c.post("/api/tables/summaries", json={"tables": ["x"]})
    statuses = {name: r.status_code for name, r in answers.items()}
    assert statuses == {
        "page": 200,
        "table page": 200,
        "games": 200,
        "not found": 404,
        "static": 200,
        "no such file": 404,
        "bad body": 400,
        "not json": 415,
        "foreign": 403,
        "made": 201,
        "too many": 429,
        "server error": 500,
    }
    for r in answers.values():
        assert_guarded(r)
    assert "a bug" not in answers["server error"].text
    assert "base-uri 'none'" in answers["page"].headers["Content-Security-Policy"]


def test_no_cache_keeps_an_answer_that_may_hold_a_secret(make: Make) -> None:
    c = make()
    made = c.post("/api/tables", json=SPEC)  # the seats' tokens
    assert made.headers["Cache-Control"] == "no-store"
    t = made.json()
    seen = c.get(f"/api/tables/{t['table']}", headers={"X-Seat-Token": token(t, 0)})
    assert seen.headers["Cache-Control"] == "no-store"  # the seat's hand
    key = c.post("/api/players", json={"name": "ann"})
    me = c.get("/api/players/me", headers={"X-Player-Key": key.json()["key"]})
    assert key.headers["Cache-Control"] == me.headers["Cache-Control"] == "no-store"
    assert "Cache-Control" not in c.get(f"/api/tables/{t['table']}").headers  # a watcher's
    board = c.get("/api/games/luxor/board")
    assert board.status_code == 200 and board.headers.get("Cache-Control") != "no-store"


# ---- who a client is ------------------------------------------------------------------------
def test_behind_a_proxy_the_forwarded_header_names_the_client(make: Make) -> None:
    c = make(table_rate="1/minute", forwarded_header="X-Forwarded-For")

    def create(forwarded: str) -> int:
        return c.post("/api/tables", json=SPEC, headers={"X-Forwarded-For": forwarded}).status_code

    assert create("203.0.113.1") == 201
    assert create("198.51.100.9, 203.0.113.1") == 429  # the proxy's entry is the right-most
    assert create("203.0.113.2") == 201  # another client behind the same proxy
    assert c.post("/api/tables", json=SPEC).status_code == 201  # no header: the peer


def test_without_the_option_a_forwarded_header_is_ignored(make: Make) -> None:
    c = make(table_rate="1/minute")

    def create(forwarded: str) -> int:
        return c.post("/api/tables", json=SPEC, headers={"X-Forwarded-For": forwarded}).status_code

    assert create("203.0.113.1") == 201
    assert create("203.0.113.2") == 429  # both are the peer "testclient"


@pytest.mark.parametrize(
    ("name", "value", "client"),
    [
        (b"x-forwarded-for", b"1.1.1.1, 9.9.9.9", "9.9.9.9"),
        (b"x-real-ip", b"9.9.9.9", "9.9.9.9"),
        (
            b"forwarded",
            b'for=1.1.1.1, for="[2001:db8:1:2::7]:4711";proto=https',
            "2001:db8:1:2::/64",
        ),
        (b"forwarded", b"for=9.9.9.9:8080;by=10.0.0.1", "9.9.9.9"),
        (b"x-forwarded-for", b"2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        (b"x-forwarded-for", b"::ffff:9.9.9.9", "9.9.9.9"),
        (b"x-forwarded-for", b"", "10.0.0.1"),
    ],
)
def test_the_client_address_is_the_right_most_entry_and_an_ipv6_client_its_64(
    name: bytes, value: bytes, client: str
) -> None:
    scope = {"headers": [(name, value)], "client": ("10.0.0.1", 5555)}
    assert client_address(scope, name) == client
    assert client_address(scope, None) == "10.0.0.1"


# ---- configuration --------------------------------------------------------------------------
def test_every_limit_is_a_serve_option(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    args = cli._parser().parse_args(
        [
            "serve",
            *("--table-rate", "5/minute", "--api-rate", "100/minute;1000/hour"),
            *("--page-rate", "50/minute", "--client-message-rate", "3/second"),
            *("--message-rate", "2/second", "--max-connections", "100"),
            *("--max-client-connections", "20", "--client-connection-rate", "7"),
            *("--max-sockets", "90", "--max-table-sockets", "8", "--max-client-sockets", "4"),
            *("--forwarded-header", "X-Forwarded-For", "--allow-origin", "https://a.example"),
            *("--allow-origin", "http://B.example:8080/"),
        ]
    )
    config = ServerConfig.from_options(vars(args))
    assert config.limits == Limits(
        table_rate="5/minute",
        api_rate="100/minute;1000/hour",
        page_rate="50/minute",
        message_rate="2/second",
        client_message_rate="3/second",
        max_connections=100,
        max_client_connections=20,
        client_connection_rate=7,
        max_sockets=90,
        max_table_sockets=8,
        max_client_sockets=4,
        forwarded_header="X-Forwarded-For",
        allow_origins=("https://a.example", "http://b.example:8080"),
    )
    defaults = ServerConfig.from_options(vars(cli._parser().parse_args(["serve"])))
    assert defaults == ServerConfig()  # the command line's defaults are the config's
    assert defaults.bot_step == ServerConfig().bot_step > 0  # people follow a bot's turn
    assert cli._parser().parse_args(["serve", "--bot-step", "0"]).bot_step == 0.0
    ran: dict[str, Any] = {}
    monkeypatch.setattr(
        "scarab.server.app.run_uvicorn", lambda _app, _workers, kw: ran.update(kw) or True
    )
    monkeypatch.setattr(gc, "set_threshold", lambda *_: None)
    serve_main(replace(config, db=f"sqlite:///{tmp_path / 's.db'}", bot_workers=0))
    assert ran["limit_concurrency"] == 100  # uvicorn answers 503 beyond it
    assert ran["proxy_headers"] is False  # the client is ours to name
    assert ran["ws"] == "scarab.server.socket_protocol:GuardedSocket"  # bounded parsing, 1007


@pytest.mark.parametrize(
    "argv",
    [
        ["--table-rate", "lots"],
        ["--api-rate", "5 a minute"],
        ["--page-rate", "lots"],
        ["--client-message-rate", "0/second"],
        ["--max-client-connections", "0"],
        ["--max-table-sockets", "0"],
        ["--allow-origin", "evil.example"],
        ["--allow-origin", "https://a.example/path"],
        ["--table-rate", "0/minute"],  # nothing could ever be made
        ["--bot-workers", "-3"],
        ["--bot-workers", "1000"],
        ["--bot-step", "-1"],
        ["--bot-step", "nan"],
        ["--bot-step", "60"],
    ],
)
def test_a_bad_limit_is_refused_saying_what_would_do(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        cli._parser().parse_args(["serve", *argv])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "give" in err or "such as" in err


def test_limits_are_checked_when_made() -> None:
    with pytest.raises(BadSetting, match="not a rate"):
        Limits(message_rate="fast")
    with pytest.raises(BadSetting, match="1 or more"):
        Limits(max_client_sockets=0)
    assert Limits(max_connections=160).socket_cap == 150  # room is left for the page and API
    with pytest.raises(BadSetting, match="must be below max_connections"):
        Limits(max_connections=10, max_sockets=100_000)


def test_a_port_in_use_is_said_before_the_server_claims_to_serve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import socket

    ran: list[Any] = []
    monkeypatch.setattr("scarab.server.app.run_uvicorn", lambda *a: ran.append(a))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        db = f"sqlite:///{tmp_path / 's.db'}"
        assert serve_main(server_config(db, port=port)) == 2
    out = capsys.readouterr()
    assert f"cannot listen at 127.0.0.1:{port}" in out.err and "--port" in out.err
    assert "serving at" not in out.out and not ran  # it never claimed to serve
