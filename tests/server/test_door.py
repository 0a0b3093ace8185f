"""The door on a real server: one address cannot take the connections others need, an
address over its rate is answered at the door, and a page's files have a rate too.

Each client here speaks from an address of its own on the loopback (127.0.0.2, .3, ...),
as separate people would."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from scarab.server.app import create_app
from scarab.server.config import Limits
from scarab.server.door import DOOR, TURNED_AWAY, Door, listening
from tests.server.conftest import server_config
from tests.server.test_timeouts import serve

pytestmark = pytest.mark.slow  # a real server process held at its connection limits

SHARE = 8  # connections one address may hold, as the server is started with
TOTAL = 24  # connections the server holds in all


def connect(port: int, source: str, data: bytes = b"") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    if data:
        s.sendall(data)
    return s


def closed_by_server(s: socket.socket, within: float) -> bool:
    """Whether the server closes ``s`` (or resets it) within ``within`` seconds."""
    s.settimeout(within)
    try:
        return s.recv(1) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


def get(port: int, source: str, path: str = "/api/games") -> tuple[int, dict[str, str], bytes]:
    """One GET from ``source``: its status, headers (lower-case names) and body."""
    with connect(port, source, f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode()) as s:
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(65_536)
            if not chunk:
                break
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        pairs = [line.split(": ", 1) for line in lines[1:] if ": " in line]
        headers = {name.lower(): value for name, value in pairs}
        length = int(headers.get("content-length", "0"))
        while len(body) < length:
            chunk = s.recv(65_536)
            if not chunk:
                break
            body += chunk
        return int(lines[0].split()[1]), headers, body


def test_an_address_at_its_share_cannot_make_another_addresss_request_fail(
    tmp_path: Path,
) -> None:
    limits = ("--max-client-connections", str(SHARE), "--max-connections", str(TOTAL))
    port, proc = serve(tmp_path, *limits)
    half_open: list[socket.socket] = []
    try:
        # more half-sent requests from one address than the server holds in all
        half_open = [connect(port, "127.0.0.2", b"GET / HTTP/1.1\r\n") for _ in range(TOTAL + 8)]
        dropped = [s for s in half_open if closed_by_server(s, 0.5)]
        assert len(half_open) - len(dropped) == SHARE  # its share held, the rest dropped
        for source in ("127.0.0.3", "127.0.0.4", "127.0.0.3"):
            status, _, body = get(port, source)
            assert status == 200 and b"games" in body  # others are served, not told 503
        one_more = connect(port, "127.0.0.2", b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
        assert closed_by_server(one_more, 2.0)  # its share is full: dropped unanswered
        one_more.close()
        for s in half_open:
            s.close()
        time.sleep(1.1)  # and its second's openings counted out
        assert get(port, "127.0.0.2")[0] == 200  # its connections gone, it is served again
    finally:
        for s in half_open:
            s.close()
        proc.kill()
        proc.wait()


def test_an_address_over_its_rate_is_answered_at_the_door_until_its_window_ends(
    tmp_path: Path,
) -> None:
    port, proc = serve(tmp_path, "--api-rate", "3/minute", "--page-rate", "4/minute")
    try:
        assert [get(port, "127.0.0.2")[0] for _ in range(3)] == [200] * 3
        status, headers, body = get(port, "127.0.0.2")
        assert status == 429 and "connection" not in headers  # the guard's answer
        assert json.loads(body)["code"] == "too_many"
        status, headers, body = get(port, "127.0.0.2")  # the door's: the same, then closed
        assert status == 429 and headers["connection"] == "close"
        said = json.loads(body)
        assert said["code"] == "too_many" and said["msg"] == "ui.err.too_many"
        assert 1 <= int(headers["retry-after"]) <= 60
        assert headers["x-frame-options"] == "DENY"  # with the security headers
        assert get(port, "127.0.0.3")[0] == 200  # another address is not held
        # the pages have a rate of their own, and the API's refusal does not hold them
        pages = [get(port, "127.0.0.2", "/static/style.css")[0] for _ in range(5)]
        assert pages == [200, 200, 200, 200, 429]
        assert get(port, "127.0.0.2", "/")[1]["connection"] == "close"
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.parametrize("path", ["/", "/static/js/app.js", "/favicon.ico"])
def test_the_page_and_its_files_are_rate_limited_per_client(tmp_path: Path, path: str) -> None:
    app = create_app(
        server_config(f"sqlite:///{tmp_path / 's.db'}", limits=Limits(page_rate="2/minute"))
    )
    with TestClient(app) as c:
        assert [c.get(path).status_code for _ in range(2)] == [200, 200]
        over = c.get(path)
        assert over.status_code == 429 and over.json()["code"] == "too_many"
        assert "at most 2 per 1 minute" in over.json()["error"]
        assert c.get("/api/games").status_code == 200  # the API has its own rate


def test_an_address_opens_at_most_its_rate_of_connections_a_second(tmp_path: Path) -> None:
    """Each connection opened and dropped again costs the server; past its rate an address's
    new connections are closed as they are accepted, and another's are not."""
    port, proc = serve(tmp_path, "--client-connection-rate", "5")
    try:
        time.sleep(1 - time.monotonic() % 1)  # a second begins (the server counts by this clock)
        kept = [connect(port, "127.0.0.2", b"GET / HTTP/1.1\r\n") for _ in range(12)]
        dropped = [s for s in kept if closed_by_server(s, 0.3)]
        assert 5 <= len(kept) - len(dropped) <= 10  # its five (ten, if a second began between)
        assert get(port, "127.0.0.3")[0] == 200
        for s in kept:
            s.close()
    finally:
        proc.kill()
        proc.wait()


def test_the_door_counts_each_address_on_its_own_and_forgets_what_is_over() -> None:
    door = Door()
    door.configure(2, 100, None)
    assert door.admit("a") and door.admit("a") and not door.admit("a")
    assert door.admit("b")  # another address has its own share
    door.release("a")
    assert door.admit("a")
    door.hold("a", "api", 0.05, lambda left: b"refused %.0f" % (left * 1000))
    assert door.refusal("a", "api") is not None
    assert door.refusal("a", "page") is None and door.refusal("b", "api") is None
    time.sleep(0.06)
    assert door.refusal("a", "api") is None and not door.held  # its window has ended
    behind = Door()
    behind.configure(2, 100, b"x-forwarded-for")  # behind a proxy every connection is its
    assert all(behind.admit("proxy") for _ in range(10))


def test_a_door_socket_closes_what_the_door_turns_away_inside_accept() -> None:
    DOOR.configure(1, 1_000, None)  # one connection an address (every app sets its own)
    try:
        with listening("127.0.0.1", 0) as sock:
            sock.listen(256)
            port = sock.getsockname()[1]
            assert DOOR.admit("127.0.0.2")  # its one is held
            turned = [connect(port, "127.0.0.2") for _ in range(TURNED_AWAY + 6)]
            other = connect(port, "127.0.0.3")
            time.sleep(0.2)
            with pytest.raises(BlockingIOError):  # a turn's worth closed: others run now
                sock.accept()
            conn, peer = sock.accept()  # the rest closed, then the other address's
            assert peer[0] == "127.0.0.3" and conn.proto == socket.IPPROTO_TCP
            assert all(closed_by_server(s, 1.0) for s in turned)
            for s in (*turned, other, conn):
                s.close()
    finally:
        DOOR.configure(None, 0, None)
