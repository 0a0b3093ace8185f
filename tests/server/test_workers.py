"""Two real server processes on one PostgreSQL: a game across both, then one killed."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import time
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

import scarab
from scarab.server.store import Store
from tests.server.conftest import POSTGRES, fresh_postgres
from tests.server.test_restart import call, free_port, start

pytestmark = pytest.mark.skipif(POSTGRES is None, reason="needs SCARAB_TEST_POSTGRES")
MAX_MOVES = 600


class Player:
    """One seat's WebSocket, on one server process."""

    def __init__(self, port: int, table: str, token: str, stack: ExitStack) -> None:
        self.table, self.token, self.stack = table, token, stack
        self.connect(port)

    def connect(self, port: int) -> None:
        url = f"ws://127.0.0.1:{port}/ws/{self.table}"
        self.ws: ClientConnection = self.stack.enter_context(connect(url))
        self.ws.send(json.dumps({"type": "hello", "token": self.token}))
        self.last: dict[str, Any] = json.loads(self.ws.recv(timeout=10))

    def drain(self, wait: float) -> None:
        """Read what the server sent, waiting up to ``wait`` seconds for the first message."""
        try:
            while True:
                m = json.loads(self.ws.recv(timeout=wait))
                if m["type"] == "state":
                    self.last = m
                wait = 0.01
        except TimeoutError:
            pass

    def deciding(self) -> bool:
        return bool(self.last["legal"]) and not self.last["over"]


def play(players: list[Player], rnd: random.Random, moves: int) -> int:
    """Play random moves, each from the seat that decides, until ``moves`` or the end."""
    made = 0
    while made < moves and not players[0].last["over"]:
        for p in players:
            p.drain(0.01)
        decider = next((p for p in players if p.deciding()), None)
        if decider is None:  # the news is on its way from the other process
            for p in players:
                p.drain(0.2)
            continue
        action = rnd.choice(decider.last["legal"])["action"]
        version = decider.last["version"]
        decider.ws.send(json.dumps({"type": "act", "action": action, "version": version}))
        decider.drain(5)
        made += 1
    return made


def test_a_game_across_two_processes_survives_losing_one(tmp_path: Any) -> None:
    url = fresh_postgres()
    ports = [free_port(), free_port()]
    procs: list[subprocess.Popen[bytes]] = []
    stack = ExitStack()
    try:
        procs = [start(tmp_path / "unused.db", p, "--db", url) for p in ports]
        seats = [{"kind": "human", "name": n} for n in ("ann", "bob")]
        t = call(ports[0], "/api/tables", {"game": "pyramids", "seats": seats})
        players = [Player(ports[i], t["table"], t["seats"][i]["token"], stack) for i in (0, 1)]
        rnd = random.Random(7)
        assert play(players, rnd, 12) == 12  # seat 0 on one process, seat 1 on the other
        os.kill(procs[0].pid, signal.SIGKILL)
        procs[0].wait()
        players[0].ws.close()
        players[0].connect(ports[1])  # the first process is gone: reconnect to the second
        for p in players:
            p.drain(0.2)
        play(players, rnd, MAX_MOVES)
        for _ in range(50):  # the last move reaches the other seat a moment after the mover
            if players[1].last["over"]:
                break
            players[1].drain(0.2)
        assert players[0].last["over"] and players[1].last["over"]
        stored = Store(url).load(t["table"])
        assert stored is not None
        record = scarab.read_record(call_text(ports[1], f"/api/tables/{t['table']}/record"))
        assert [n for _, n in record.moves] == [m.notation for m in stored.moves]
        assert scarab.replay(record).scores() == players[1].last["scores"]
    finally:
        stack.close()
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def call_text(port: int, path: str) -> str:
    import urllib.request

    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
        return str(r.read().decode())


def test_workers_above_one_on_sqlite_are_refused(tmp_path: Any) -> None:
    r = subprocess.run(
        [
            "python",
            "-m",
            "scarab.cli",
            "serve",
            "--workers",
            "2",
            "--db",
            f"sqlite:///{tmp_path / 'x.db'}",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2
    assert "--workers" in r.stderr and "PostgreSQL" in r.stderr
    assert "Traceback" not in r.stderr


def children(pid: int) -> list[int]:
    """Every process below ``pid``."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            kids = [int(k) for k in f.read().split()]
    except OSError:
        return []
    return kids + [g for k in kids for g in children(k)]


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads processes from /proc")
def test_two_worker_processes_serve_one_table_and_end_with_their_parent(tmp_path: Any) -> None:
    """With --workers 2, requests land on either process; each answers with the stored game
    (it reads its own writes), and a kill -9 of the parent takes every worker with it."""
    url = fresh_postgres()
    port = free_port()
    proc = start(tmp_path / "unused.db", port, "--db", url, "--workers", "2")
    try:
        seats = [{"kind": "human", "name": n} for n in ("ann", "bob")]
        t = call(port, "/api/tables", {"game": "luxor", "seats": seats})
        tokens = [s["token"] for s in t["seats"]]
        path = f"/api/tables/{t['table']}"
        for _ in range(30):
            seat = call(port, path)["current"]
            m = call(port, path, token=tokens[seat])
            r = call(
                port,
                f"{path}/act",
                {"token": tokens[seat], "action": m["legal"][0]["action"], "version": m["version"]},
            )
            assert "error" not in r, r
        workers = children(proc.pid)
        assert len(workers) >= 2
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    end = time.monotonic() + 10
    while any(os.path.exists(f"/proc/{w}") for w in workers) and time.monotonic() < end:
        time.sleep(0.1)
    assert not [w for w in workers if os.path.exists(f"/proc/{w}")]
