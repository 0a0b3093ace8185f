"""A table's WebSockets against a flooding or careless client: one address's messages are
bounded across all its sockets, the server parses no further ahead than it reads, and bad
text closes the socket with 1007 without writing to the log."""

from __future__ import annotations

import asyncio
import signal
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode
from websockets.sync.client import connect

from scarab.server.app import SOCKET_PROTOCOL, create_app
from scarab.server.config import Limits
from scarab.server.socket_protocol import QUEUE, GuardedSocket
from tests.server.conftest import make_table, server_config
from tests.server.test_guard import hello
from tests.server.test_restart import call, free_port, start


def replies(ws: Any, sent: int) -> tuple[int, int]:
    """How many of ``sent`` syncs were answered with a state, and how many refused."""
    states = refused = 0
    while states + refused < sent:
        m = ws.receive_json()
        if m["type"] == "state":
            states += 1
        elif m["type"] == "error" and m["code"] == "too_many":
            refused += 1
            break  # the socket is paused: the rest wait unread
    return states, refused


def test_an_addresss_messages_are_bounded_across_all_its_sockets(tmp_path: Path) -> None:
    limits = Limits(message_rate="100/minute", client_message_rate="6/minute", flood_strikes=9)
    app = create_app(server_config(f"sqlite:///{tmp_path / 's.db'}", limits=limits))
    with TestClient(app) as c:
        t = make_table(c)
        path = f"/ws/{t['table']}"
        answered = refusals = 0
        for _ in range(4):  # four sockets, one after another, each well under its own rate
            with c.websocket_connect(path) as ws:
                hello(ws, None)
                for _ in range(3):
                    ws.send_json({"type": "sync"})
                states, refused = replies(ws, 3)
                answered, refusals = answered + states, refusals + refused
        assert answered == 6  # the address's six a minute, however many sockets it opens
        assert refusals == 2  # each later socket was told, once, and paused


def test_a_socket_parses_no_further_ahead_than_the_app_reads() -> None:
    async def never_reads(scope: Any, receive: Any, send: Any) -> None:
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        await asyncio.sleep(3600)

    async def run() -> None:
        config = Config(app=never_reads, ws=SOCKET_PROTOCOL)
        config.load()
        socket = GuardedSocket(config=config, server_state=ServerState(), app_state={})
        transport = FakeTransport()
        socket.connection_made(transport)  # type: ignore[arg-type]
        socket.data_received(UPGRADE)
        await asyncio.sleep(0.05)  # the app accepts
        assert transport.written.startswith(b"HTTP/1.1 101")
        frames = b"".join(masked('{"type": "sync"}') for _ in range(20_000))
        socket.data_received(frames)  # one read from the network, 20,000 messages in it
        assert QUEUE <= socket.queue.qsize() < 100  # parsed a slice, not all of it
        assert len(socket.unread) > len(frames) - 2_000  # the rest waits as bytes
        assert transport.paused  # and the network is not read meanwhile
        for _ in range(10):
            await socket.receive()
        assert socket.queue.qsize() < 100 and socket.unread and transport.paused  # as taken
        taken = 10
        while socket.queue.qsize():
            await socket.receive()
            taken += 1
        assert taken == 20_000 and not socket.unread  # all of it, in the end
        assert not transport.paused  # and then the network is read again
        socket.connection_lost(None)
        for task in socket.tasks:
            task.cancel()

    with ThreadPoolExecutor(1) as pool:  # its own thread: a browser test's loop may run here
        pool.submit(asyncio.run, run()).result()


@pytest.mark.slow
def test_text_that_is_not_utf8_closes_the_socket_with_1007_and_logs_nothing(
    tmp_path: Path,
) -> None:
    port = free_port()
    proc = start(tmp_path / "scarab.db", port, "--bot-workers", "0", stderr=subprocess.PIPE)
    try:
        seats = [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "random"}]
        table = call(port, "/api/tables", {"game": "luxor", "seats": seats})["table"]
        for _ in range(3):
            with connect(f"ws://127.0.0.1:{port}/ws/{table}", open_timeout=10) as ws:
                ws.send(b'{"type": "hello", "token": "\xff\xfe"}', text=True)
                with pytest.raises(Exception) as closed:
                    while True:
                        ws.recv(timeout=5)
                assert ws.close_code == 1007, closed.value
        assert "games" in call(port, "/api/games")  # the server is as it was
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        assert "Traceback" not in err.decode() and "ERROR" not in err.decode(), err.decode()
    finally:
        proc.kill()
        proc.wait()


UPGRADE = (
    b"GET /ws/t HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)


def masked(text: str) -> bytes:
    """A client's text frame, masked as a client must."""
    frame = Frame(Opcode.TEXT, text.encode())
    return frame.serialize(mask=True, extensions=[])


class FakeTransport(asyncio.Transport):
    """Just enough of a transport: what is written, and whether reading is paused."""

    def __init__(self) -> None:
        super().__init__()
        self.paused = False
        self.written = b""
        self.closing = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.2", 5000), "sockname": ("127.0.0.1", 8000)}.get(name, default)

    def pause_reading(self) -> None:
        self.paused = True

    def resume_reading(self) -> None:
        self.paused = False

    def write(self, data: Any) -> None:
        self.written += bytes(data)

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True
