"""Tables survive the server: a restart, on SQLite or PostgreSQL, and a real kill -9."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from scarab.server.app import create_app
from scarab.server.memory import LIBC
from scarab.server.store import Store
from tests.server.conftest import look, make_table, play_first, server_config


def test_every_table_resumes_exactly_after_a_restart(db_url: str) -> None:
    with TestClient(create_app(server_config(db_url))) as client:
        tables = [make_table(client, g) for g in ("luxor", "pyramids", "horus")]
        seen = [play_first(client, t, 9) for t in tables]
        before = [client.app.state.hub.tables[t["table"]].state for t in tables]  # type: ignore[attr-defined]
    with TestClient(create_app(server_config(db_url))) as client:
        assert client.app.state.hub.tables == {}  # type: ignore[attr-defined]  # none read yet
        for t, old, state in zip(tables, seen, before, strict=True):
            again = look(client, t, old["seat"])  # loads the table
            table = client.app.state.hub.tables[t["table"]]  # type: ignore[attr-defined]
            assert table.state == state  # the same game: position, RNG, history
            assert again["view"] == old["view"] and again["log"] == old["log"]
            assert [e["action"] for e in again["legal"]] == [e["action"] for e in old["legal"]]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(db: Path, port: int, *options: str, stderr: Any = subprocess.DEVNULL) -> Any:
    """``scarab serve`` on 127.0.0.1:``port``, once it answers. Each request of a test here
    opens a connection of its own from one address, many a second: the rate of them is
    raised (test_door tests it, giving its own, which comes last and wins)."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "scarab.cli",
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{db}",
            *("--client-connection-rate", "100000"),
            *options,
        ],
        stdout=subprocess.DEVNULL,
        stderr=stderr,
    )
    end = time.monotonic() + 30
    while time.monotonic() < end:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def call(port: int, path: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("X-Seat-Token", token)
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return json.loads(r.read())
    except urllib.error.HTTPError as e:
        return json.loads(e.read())


@pytest.mark.slow
def test_kill_9_loses_no_accepted_move(tmp_path: Path) -> None:
    db = tmp_path / "scarab.db"
    port = free_port()
    proc = start(db, port)
    seats = [{"kind": "human", "name": n} for n in ("ann", "bob")]
    t = call(port, "/api/tables", {"game": "horus", "seats": seats})
    tokens = [s["token"] for s in t["seats"]]
    accepted: list[str] = []
    stop = threading.Event()

    def player() -> None:
        while not stop.is_set():
            try:
                seat = call(port, f"/api/tables/{t['table']}")["current"]
                m = call(port, f"/api/tables/{t['table']}", token=tokens[seat])
                body = {"token": tokens[seat], "action": m["legal"][0]["action"]}
                r = call(port, f"/api/tables/{t['table']}/act", {**body, "version": m["version"]})
            except (OSError, http.client.HTTPException):
                return  # the server is gone (killed, maybe mid-answer)
            if "error" not in r:
                accepted.append(body["action"])

    thread = threading.Thread(target=player)
    thread.start()
    end = time.monotonic() + 60
    while len(accepted) < 15 and thread.is_alive() and time.monotonic() < end:
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)  # mid-stream: a move may be in flight
    proc.wait()
    stop.set()
    thread.join()
    assert len(accepted) >= 15, "the moves did not come"
    proc = start(db, port)
    try:
        m = call(port, f"/api/tables/{t['table']}")
        assert m["table"] == t["table"]
        stored = Store(f"sqlite:///{db}").load(t["table"])
        assert stored is not None
        moves = [mv.notation for mv in stored.moves]
        assert moves[: len(accepted)] == accepted  # every acknowledged move is there
        assert len(moves) <= len(accepted) + 1  # at most the one in flight besides
        resumed = call(port, f"/api/tables/{t['table']}", token=tokens[m["current"]])
        r = call(
            port,
            f"/api/tables/{t['table']}/act",
            {
                "token": tokens[m["current"]],
                "action": resumed["legal"][0]["action"],
                "version": resumed["version"],
            },
        )
        assert "error" not in r  # and play goes on
    finally:
        proc.kill()
        proc.wait()


def test_a_move_that_could_be_taken_back_still_can_after_a_restart(tmp_path: Path) -> None:
    from tests.server.test_api import horus_move_pending

    db = f"sqlite:///{tmp_path / 'undo.db'}"
    with TestClient(create_app(server_config(db))) as client:
        t = make_table(client, "horus")
        m = horus_move_pending(client, t)
        move = next(e["action"] for e in m["legal"] if e["action"].startswith("move "))
        after = client.post(
            f"/api/tables/{t['table']}/act",
            json={"token": t["seats"][m["seat"]]["token"], "action": move, "version": m["version"]},
        ).json()
    with TestClient(create_app(server_config(db))) as client:
        again = look(client, t, m["seat"])
    assert again["undo"] == after["undo"]
    if after["current"] == m["seat"]:
        assert again["undo"] is True  # rebuilt from the store, not remembered


def children(pid: int) -> dict[int, str]:
    """The live child processes of ``pid``: their start times (which a reused pid lacks)."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # it ended while we looked
        if fields[1] == str(pid) and fields[0] != "Z":
            found[int(stat.parent.name)] = fields[19]
    return found


def alive(pid: int, started: str) -> bool:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z" and fields[19] == started  # a zombie has ended, awaiting its reaper


def bot_workers(port: int, server: int, count: int) -> dict[int, str]:
    """Start bot games until ``count`` bot workers run; their pids and start times."""
    bots = [{"kind": "bot", "level": "random"}] * 2
    for _ in range(count + 1):  # games at once, so that every worker is wanted
        assert "table" in call(port, "/api/tables", {"game": "luxor", "seats": bots})
    workers: dict[int, str] = {}
    end = time.monotonic() + 30
    while len(workers) < count and time.monotonic() < end:
        workers = {
            pid: started
            for pid, started in children(server).items()
            if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
        }
        time.sleep(0.1)
    assert workers, "no bot worker started"
    return workers


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
def test_kill_9_takes_the_bot_workers_with_it(tmp_path: Path) -> None:
    port = free_port()
    proc = start(tmp_path / "scarab.db", port, "--bot-workers", "2")
    try:
        workers = bot_workers(port, proc.pid, 2)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        end = time.monotonic() + 10
        while any(alive(*w) for w in workers.items()) and time.monotonic() < end:
            time.sleep(0.1)
        assert not [pid for pid, started in workers.items() if alive(pid, started)]
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
def test_a_stop_in_the_middle_of_a_bots_search_ends_its_workers_cleanly(tmp_path: Path) -> None:
    """SIGTERM (a supervisor's stop) while the expert thinks: the bots give back their
    claims, the search ends, then the workers, and the server exits with no trace of a
    crashed bot and no warning of leaked semaphores."""
    port = free_port()
    proc = start(tmp_path / "scarab.db", port, "--bot-workers", "1", stderr=subprocess.PIPE)
    try:
        bots = [{"kind": "bot", "level": "expert"}, {"kind": "bot", "level": "greedy"}]
        made = call(port, "/api/tables", {"game": "horus", "seats": bots})
        end = time.monotonic() + 30
        while not call(port, f"/api/tables/{made['table']}")["log"] and time.monotonic() < end:
            time.sleep(0.1)  # the bots are playing: one of them thinks at any moment
        workers = bot_workers(port, proc.pid, 1)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
        said = err.decode()  # (uvicorn ends the process by the signal, once it has stopped)
        assert "leaked" not in said and "Traceback" not in said, said[-800:]
        assert not [pid for pid, started in workers.items() if alive(pid, started)]
    finally:
        proc.kill()
        proc.wait()


def _environ(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().partition("=")[::2] for item in raw if item)


@pytest.mark.slow
@pytest.mark.skipif(LIBC is None or not Path("/proc/self").exists(), reason="needs glibc, /proc")
@pytest.mark.parametrize("chosen", [None, "pymalloc"])
def test_the_server_restarts_itself_on_the_system_allocator_unless_told_otherwise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chosen: str | None
) -> None:
    """Freed small objects must reach glibc to be given back after a busy spell; the
    restart keeps the process (a supervisor's pid, kill -9) and a person's own choice.
    Bot workers search faster on Python's own allocator, and keep it."""
    if chosen is None:
        monkeypatch.delenv("PYTHONMALLOC", raising=False)
    else:
        monkeypatch.setenv("PYTHONMALLOC", chosen)
    port = free_port()
    proc = start(tmp_path / "scarab.db", port, "--bot-workers", "1")
    try:
        assert _environ(proc.pid).get("PYTHONMALLOC") == (chosen or "malloc")
        for pid in bot_workers(port, proc.pid, 1):
            assert _environ(pid).get("PYTHONMALLOC") == chosen
    finally:
        proc.kill()
        proc.wait()
