"""A slow client cannot hold a connection: the head, body and idle deadlines on a real server."""

from __future__ import annotations

import select
import socket
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from scarab.server.config import MIN_UPLOAD, UNSIZED_BODY, Timeouts
from tests.server.test_restart import call, free_port, start

SLOW = 100  # connections that send half a request head and stop
DEADLINE = 1.0  # each timeout, as the server is started with
SLACK = 4.0  # seconds past the deadline before a connection still open fails the test


def connect(port: int, data: bytes = b"") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(data)
    return s


def wait_closed(
    socks: list[socket.socket], until: float, trickle: Sequence[socket.socket] = ()
) -> dict[socket.socket, float]:
    """When the server closed each socket (reading to its end); one byte every 0.2 s on
    those in ``trickle``, so that they are never idle."""
    closed: dict[socket.socket, float] = {}
    next_byte = time.monotonic()
    while len(closed) < len(socks) and time.monotonic() < until:
        open_ = [s for s in socks if s not in closed]
        if time.monotonic() >= next_byte:
            for s in trickle:
                if s not in closed:
                    try:
                        s.send(b"a")
                    except OSError:
                        closed[s] = time.monotonic()
            next_byte += 0.2
        readable, _, _ = select.select(open_, [], [], 0.05)
        for s in readable:
            try:
                if s.recv(65_536):
                    continue  # a response: read on to the end
            except ConnectionResetError:
                pass
            closed[s] = time.monotonic()
    return closed


def serve(tmp_path: Path, *options: str) -> tuple[int, subprocess.Popen[bytes]]:
    port = free_port()
    return port, start(tmp_path / "scarab.db", port, "--bot-workers", "0", *options)


@pytest.mark.slow
def test_half_sent_and_silent_connections_are_closed_and_others_still_served(
    tmp_path: Path,
) -> None:
    port, proc = serve(tmp_path, "--header-timeout", str(DEADLINE))
    socks: list[socket.socket] = []
    try:
        began = time.monotonic()
        socks = [connect(port, b"GET / HTTP/1.1\r\nHost: x\r\n") for _ in range(SLOW)]
        socks.append(connect(port))  # says nothing at all
        trickling = connect(port, b"GET / HTTP/1.1\r\n")  # a header byte every 0.2 s
        socks.append(trickling)
        assert "games" in call(port, "/api/games")  # meanwhile, a whole request is served
        closed = wait_closed(socks, began + DEADLINE + SLACK, [trickling])
        assert len(closed) == len(socks), f"{len(socks) - len(closed)} still open"
        assert min(closed.values()) - began >= DEADLINE  # not cut before their time
        assert "games" in call(port, "/api/games")
    finally:
        for s in socks:
            s.close()
        proc.kill()
        proc.wait()


@pytest.mark.slow
def test_a_trickled_body_and_an_idle_or_stalled_kept_alive_connection_are_closed(
    tmp_path: Path,
) -> None:
    limit = str(DEADLINE)
    port, proc = serve(
        tmp_path, "--header-timeout", limit, "--body-timeout", limit, "--keep-alive-timeout", "1"
    )
    socks: list[socket.socket] = []
    try:
        request = b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n"
        idle, stalled = connect(port, request), connect(port, request)
        for s in (idle, stalled):
            assert read_response(s).startswith(b"HTTP/1.1 200")  # and it is kept alive
        stalled.sendall(b"GET /api/games HTTP/1.1\r\n")  # the next request, half sent
        body = connect(
            port,
            b"POST /api/replay HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100000\r\n\r\n{",
        )
        named = {"idle": idle, "stalled": stalled, "body": body}
        socks = list(named.values())
        closed = wait_closed(socks, time.monotonic() + DEADLINE + SLACK, [body])
        assert not [name for name, s in named.items() if s not in closed]
    finally:
        for s in socks:
            s.close()
        proc.kill()
        proc.wait()


def read_response(s: socket.socket) -> bytes:
    """One whole response with a Content-Length, read from ``s``."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += read(s)
    head, _, rest = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(rest) < length:
        more = read(s)
        data, rest = data + more, rest + more
    return data


def read(s: socket.socket) -> bytes:
    chunk = s.recv(65_536)
    assert chunk, "the server closed the connection mid-response"
    return chunk


@pytest.mark.slow
def test_a_small_body_has_less_time_than_a_large_one(tmp_path: Path) -> None:
    """The whole of a request is bounded: a body of a few bytes trickled in is dropped
    after the small body's deadline, long before the most any body gets."""
    port, proc = serve(tmp_path, "--small-body-timeout", str(DEADLINE), "--body-timeout", "30")
    socks: list[socket.socket] = []
    try:
        began = time.monotonic()
        small = connect(
            port,
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{",
        )
        socks = [small]
        closed = wait_closed(socks, began + DEADLINE + SLACK, [small])
        assert small in closed and closed[small] - began < DEADLINE + SLACK
    finally:
        for s in socks:
            s.close()
        proc.kill()
        proc.wait()


def test_a_bodys_deadline_grows_with_its_length_up_to_the_most_any_body_gets() -> None:
    t = Timeouts(body=30.0, small_body=5.0)
    assert t.for_body(0) == 5.0 and t.for_body(300) == pytest.approx(5.0, abs=0.1)  # API calls
    assert t.for_body(16 * MIN_UPLOAD) == pytest.approx(21.0)  # 256 KiB: 16 s more
    assert t.for_body(4_000_000) == 30.0  # a large record: the most
    assert t.for_body(None) == pytest.approx(5.0 + UNSIZED_BODY / MIN_UPLOAD)  # chunked
