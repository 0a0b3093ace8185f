"""Load test for the web table server: move latency and throughput over many WebSockets.

It creates N tables (every seat a person, two by default), opens one WebSocket per
seat and has every seat play a random legal move as soon as it is its decision
(after an optional think time). When a game ends, its table's clients start a new
table and go on. It measures, over a window of S seconds that starts once every
table is seated and online:

    move latency   from sending {"type": "act"} until this client receives the next
                   state message (the one that reflects its move), in ms: p50/p95/p99/max
    moves          moves answered in the window, and moves per second
    errors         error messages, dropped connections and failed table creations

Run by hand (it is not a test)::

    python tools/load.py --spawn --tables 500 --seconds 30            # own server, luxor
    python tools/load.py --spawn --tables 100 --seconds 30 --game mixed
    python tools/load.py --url http://127.0.0.1:8000 --tables 50 --seconds 20

    # memory: 10,000 games through the server, then RSS after idle tables leave memory
    python tools/load.py --spawn --tables 200 --seconds 600 --games 10000 \
        --game pyramids --settle 70
    # throughput with 2 server processes (PostgreSQL only)
    python tools/load.py --spawn --tables 200 --seconds 30 \
        --db postgresql+psycopg://scarab@127.0.0.1:5432/bench --serve-arg=--workers --serve-arg=2
    # one socket floods: latency of GET /api/games meanwhile, and what the flooder got
    python tools/load.py --spawn --flood 5000 --seconds 10

With ``--spawn`` it starts ``scarab serve`` on a free loopback port with a fresh
temporary SQLite file (or ``--db URL``; no bot workers; ``--serve-arg ARG`` adds
arguments, repeatable), with per-client limits far above its needs (UNLIMITED: to
the server all its clients are one address), and stops it at the end; otherwise it
uses ``--url``, which must be a loopback address (start that server with such
limits too). A spawned server's resident memory (VmRSS summed over its process
tree: server and bot workers) is reported at idle before the load, at the end of
the window, and after ``--settle`` quiet seconds with every client gone (tables
nobody plays leave memory after ServerConfig.idle_seconds, 60 s); its CPU time (process
tree) per move answered in the window too. ``--games N`` ends the window once N
games have finished (counted from the start of play), or after S seconds.

``--flood N`` is another mode: it creates one table, says hello on one seat's
WebSocket and then sends N {"type": "sync"} messages as fast as it can (for at most
S seconds), while a second client times ``GET /api/games`` every 20 ms; the same
probe runs S seconds before the flood as a baseline. It reports both latencies
(and the flood's part until the server closed the socket) and what the flooder
received (states, error messages, whether and how it was closed). A spawned server
keeps its default --message-rate here (the guard under test) but the other limits
lifted, so that the probe is not rate-limited.

Everything is bounded: at most 2,000 tables, at most 600 s of measuring, at most
100,000 flood messages, a cap on the setup time, and a hard deadline (setup + S +
settle + a short grace) after which the process exits. The client runs one asyncio
event loop (uvloop when installed) and parses only the messages that ask it to
decide, so that it takes little of the CPU it shares with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import multiprocessing
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from procs import cpu_seconds, free_port, rss_mb, stop
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from scarab.core.registry import games

GAMES = tuple(games())  # every registered game
MAX_TABLES = 2_000
MAX_SECONDS = 600.0
MAX_SETTLE = 300.0
MAX_FLOOD = 100_000
PROBE_EVERY = 0.02  # seconds between two GET /api/games of the flood mode's probe
MAX_SEATS = 4
GRACE = 10.0  # seconds after the window to close everything before the hard exit
SETUP_CAP = 120.0  # seconds to create and seat every table
SPAWN_WAIT = 30.0  # seconds for a spawned server to answer
SETUP_CONCURRENCY = 32  # tables created and seated at once during setup
UNLIMITED = [  # a spawned server's limits: far above what this script can ask of it
    *("--table-rate", "100000/minute", "--api-rate", "1000000/minute"),
    *("--page-rate", "1000000/minute", "--client-message-rate", "1000000/second"),
    *("--message-rate", "100000/second", "--max-connections", "100000"),
    *("--max-client-connections", "100000", "--client-connection-rate", "100000"),
    *("--max-table-sockets", "64", "--max-client-sockets", "100000"),
]
HTTP_TIMEOUT = 30.0
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
NAMES = ("ann", "bob", "cleo", "dan")
SYNC = '{"type":"sync"}'
VERSION_KEY = '"version":'
OVER_KEY = '"over":true'
VIEW_KEY = '"view":'
OFFLINE_KEY = '"online":false'


class LoadError(Exception):
    """The load test cannot go on (a bad argument, no server, a failed setup)."""


@dataclass
class Stats:
    measuring: bool = False
    window_start: float = 0.0
    latencies: list[float] = field(default_factory=list)  # seconds, answered in the window
    moves: int = 0
    errors: int = 0
    error_texts: dict[str, int] = field(default_factory=dict)
    games_finished: int = 0
    tables_created: int = 0
    target_games: int = 0  # 0: no target; else `enough` is set once that many have finished
    enough: asyncio.Event = field(default_factory=asyncio.Event)

    def finished(self) -> None:
        self.games_finished += 1
        if self.target_games and self.games_finished >= self.target_games:
            self.enough.set()

    def error(self, what: str) -> None:
        self.errors += 1
        key = what[:120]
        self.error_texts[key] = self.error_texts.get(key, 0) + 1


@dataclass
class Config:
    host: str
    port: int
    tables: int
    seconds: float
    game: str
    players: int
    think: float  # mean think time in seconds (0: act at once)
    deflate: bool
    seed: int
    games: int = 0  # end the window once this many games have finished (0: no target)
    settle: float = 0.0  # seconds to wait, every client gone, before the last RSS
    flood: int = 0  # the flood mode: messages to send on one socket


# ---- HTTP ----------------------------------------------------------------------------------
async def post_json(cfg: Config, path: str, payload: dict[str, Any]) -> dict[str, Any]:
    """POST a JSON body over a fresh loopback connection and return the JSON answer."""
    body = json.dumps(payload).encode()
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {cfg.host}:{cfg.port}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    ).encode()
    reader, writer = await asyncio.wait_for(
        asyncio.open_connection(cfg.host, cfg.port), HTTP_TIMEOUT
    )
    try:
        writer.write(head + body)
        data = await asyncio.wait_for(reader.read(), HTTP_TIMEOUT)
    finally:
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
    header, _, rest = data.partition(b"\r\n\r\n")
    lines = header.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    if any(h.lower().startswith("transfer-encoding:") for h in lines[1:]):
        raise LoadError("the server sent a chunked answer, which this script does not read")
    answer = json.loads(rest)
    if status >= 300:
        raise LoadError(f"POST {path} answered {status}: {answer}")
    return answer  # type: ignore[no-any-return]


async def wait_ready(cfg: Config, proc: subprocess.Popen[bytes] | None) -> None:
    """Wait until the server accepts connections (a spawned one for at most SPAWN_WAIT s)."""
    deadline = time.monotonic() + SPAWN_WAIT
    while True:
        if proc is not None and proc.poll() is not None:
            raise LoadError(f"the spawned server exited with status {proc.returncode}")
        try:
            _, writer = await asyncio.open_connection(cfg.host, cfg.port)
            writer.close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise LoadError(f"no server answered at {cfg.host}:{cfg.port}") from None
            await asyncio.sleep(0.1)


# ---- one seat ------------------------------------------------------------------------------
async def open_seat(cfg: Config, table: str, token: str) -> ClientConnection:
    """A WebSocket to ``table`` that has said hello with a seat's ``token``."""
    ws = await connect(
        f"ws://{cfg.host}:{cfg.port}/ws/{table}",
        compression="deflate" if cfg.deflate else None,
        ping_interval=None,
        open_timeout=HTTP_TIMEOUT,
        close_timeout=2,
        max_size=1 << 20,
    )
    await ws.send(json.dumps({"type": "hello", "token": token}))
    return ws


def deciding(text: str) -> bool:
    """True when a state message carries a version: it is this seat's decision.

    The top-level "version" comes before "view" in the server's compact JSON, and a
    quote inside a name is escaped, so the first match is the real field.
    """
    at = text.find(VERSION_KEY)
    return at >= 0 and not text.startswith("null", at + len(VERSION_KEY))


def is_error(text: str) -> bool:
    """An error message (the server writes some with json.dumps's spaces, some compact)."""
    return text.startswith(('{"type":"error"', '{"type": "error"'))


def is_over(text: str) -> bool:
    end = text.find(VIEW_KEY)
    return text.find(OVER_KEY, 0, end if end >= 0 else len(text)) >= 0


class Seat:
    """One person's WebSocket: acts on each decision and times the answer."""

    def __init__(self, ws: ClientConnection, cfg: Config, stats: Stats, rng: random.Random) -> None:
        self.ws = ws
        self.cfg = cfg
        self.stats = stats
        self.rng = rng
        self.sent_at = 0.0  # when the unanswered act was sent; 0: none
        self.acted_on = ""  # the version last acted on: a repeated state is not acted on twice

    async def first_state(self) -> str:
        """Read until a state shows every seat online (whichever process each seat is
        connected to); the table is ready to play."""
        while True:
            text = await self.ws.recv()
            assert isinstance(text, str)
            if is_error(text):
                raise LoadError(f"the server refused a seat: {text[:200]}")
            if OFFLINE_KEY not in text:
                return text

    async def play(self, text: str) -> None:
        """Play until the game is over (returns) or the socket closes (raises)."""
        ws, stats = self.ws, self.stats
        while True:
            if is_error(text):
                stats.error(json.loads(text).get("message", text))
                self.sent_at = 0.0
                self.acted_on = ""
                await ws.send(SYNC)  # a Stale error is followed by a state anyway
            else:
                if self.sent_at:
                    now = time.perf_counter()
                    if stats.measuring and self.sent_at >= stats.window_start:
                        stats.latencies.append(now - self.sent_at)
                        stats.moves += 1
                    self.sent_at = 0.0
                if is_over(text):
                    return
                if deciding(text):
                    await self.act(text)
            text = await ws.recv()  # type: ignore[assignment]

    async def act(self, text: str) -> None:
        msg = json.loads(text)
        version = msg["version"]
        if version == self.acted_on or not msg["legal"]:
            return
        if self.cfg.think:
            await asyncio.sleep(self.rng.expovariate(1.0 / self.cfg.think))
        action = self.rng.choice(msg["legal"])["action"]
        self.acted_on = version
        payload = json.dumps({"type": "act", "action": action, "version": version})
        self.sent_at = time.perf_counter()
        await self.ws.send(payload)


# ---- one table -----------------------------------------------------------------------------
class TableRunner:
    """A table's clients: one game after another until stopped."""

    def __init__(
        self, index: int, cfg: Config, stats: Stats, sem: asyncio.Semaphore, go: asyncio.Event
    ) -> None:
        self.index = index
        self.go = go  # set once every table is seated: all start playing together
        self.cfg = cfg
        self.stats = stats
        self.rng = random.Random(cfg.seed * 1_000_003 + index)
        self.sem = sem  # held only while the first table is set up
        self.sockets: list[ClientConnection] = []
        self.ready = asyncio.Event()

    def pick_game(self) -> str:
        if self.cfg.game == "mixed":
            return (
                GAMES[self.index % len(GAMES)]
                if not self.ready.is_set()
                else self.rng.choice(GAMES)
            )
        return self.cfg.game

    async def seat_table(self) -> list[tuple[Seat, str]]:
        cfg = self.cfg
        spec = {
            "game": self.pick_game(),
            "seats": [{"kind": "human", "name": NAMES[i]} for i in range(cfg.players)],
        }
        made = await post_json(cfg, "/api/tables", spec)
        self.stats.tables_created += 1
        seats: list[Seat] = []
        for s in made["seats"]:
            ws = await open_seat(cfg, made["table"], s["token"])
            self.sockets.append(ws)
            seats.append(Seat(ws, cfg, self.stats, self.rng))
        firsts = await asyncio.gather(*(seat.first_state() for seat in seats))
        return list(zip(seats, firsts, strict=True))

    async def close(self) -> None:
        sockets, self.sockets = self.sockets, []
        await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)

    async def run(self) -> None:
        first = True
        while True:
            try:
                if first:
                    async with self.sem:
                        seated = await self.seat_table()
                    first = False
                    self.ready.set()
                    await self.go.wait()
                else:
                    seated = await self.seat_table()
                await asyncio.gather(*(seat.play(text) for seat, text in seated))
                self.stats.finished()
            except (ConnectionClosed, WebSocketException, OSError, LoadError) as exc:
                self.stats.error(f"{type(exc).__name__}: {exc}")
                if first:
                    raise
                await asyncio.sleep(0.5)  # do not spin against a failing server
            finally:
                await self.close()


# ---- the run -------------------------------------------------------------------------------
def percentile(sorted_values: list[float], p: float) -> float:
    if not sorted_values:
        return math.nan
    k = min(len(sorted_values) - 1, max(0, math.ceil(p / 100 * len(sorted_values)) - 1))
    return sorted_values[k]


async def measure(cfg: Config, server_pid: int | None) -> dict[str, Any]:
    stats = Stats(target_games=cfg.games)
    rss_idle = rss_mb(server_pid)
    sem = asyncio.Semaphore(SETUP_CONCURRENCY)
    go = asyncio.Event()
    runners = [TableRunner(i, cfg, stats, sem, go) for i in range(cfg.tables)]
    tasks = [asyncio.create_task(r.run()) for r in runners]
    t0 = time.perf_counter()
    try:
        ready: asyncio.Future[Any] = asyncio.ensure_future(
            asyncio.gather(*(r.ready.wait() for r in runners))
        )
        waiting: list[asyncio.Future[Any]] = [ready, *tasks]
        done, _ = await asyncio.wait(
            waiting, timeout=SETUP_CAP, return_when=asyncio.FIRST_COMPLETED
        )
        if not ready.done():
            ready.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await ready
        for t in done:
            if t in tasks and t.exception() is not None:
                raise LoadError(f"setting up a table failed: {t.exception()}")
        if not all(r.ready.is_set() for r in runners):
            raise LoadError(f"the tables were not all seated within {SETUP_CAP:g} s")
        setup = time.perf_counter() - t0
        go.set()
        await asyncio.sleep(min(2.0, cfg.seconds / 10))  # warm up: the first moves are not timed
        cpu0 = time.process_time()
        srv0 = cpu_seconds(server_pid) if server_pid else None
        stats.window_start = time.perf_counter()
        stats.measuring = True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stats.enough.wait(), cfg.seconds)
        stats.measuring = False
        window = time.perf_counter() - stats.window_start
        client_cpu = time.process_time() - cpu0
        srv1 = cpu_seconds(server_pid) if server_pid else None
        rss_end = rss_mb(server_pid)
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.wait_for(
            asyncio.gather(*(r.close() for r in runners), return_exceptions=True), GRACE / 2
        )
    settled: list[tuple[float, float | None]] = []  # (seconds after the end, RSS)
    if server_pid and cfg.settle:
        t_end = time.perf_counter()
        while (waited := time.perf_counter() - t_end) < cfg.settle:
            await asyncio.sleep(min(10.0, cfg.settle - waited))
            settled.append((round(time.perf_counter() - t_end, 1), rss_mb(server_pid)))
    lat = sorted(stats.latencies)
    ms = {f"p{p}": round(percentile(lat, p) * 1000, 2) for p in (50, 95, 99)}
    return {
        "tables": cfg.tables,
        "clients": cfg.tables * cfg.players,
        "game": cfg.game,
        "think_ms": cfg.think * 1000,
        "deflate": cfg.deflate,
        "setup_s": round(setup, 2),
        "window_s": round(window, 2),
        "moves": stats.moves,
        "moves_per_s": round(stats.moves / window, 1),
        "latency_ms": {**ms, "max": round((lat[-1] if lat else math.nan) * 1000, 2)},
        "errors": stats.errors,
        "error_kinds": stats.error_texts,
        "games_finished": stats.games_finished,
        "tables_created": stats.tables_created,
        "client_cpu_pct": round(100 * client_cpu / window, 1),
        "server_cpu_pct": (
            round(100 * (srv1 - srv0) / window, 1)
            if srv0 is not None and srv1 is not None
            else None
        ),
        "server_cpu_ms_per_move": (
            round(1000 * (srv1 - srv0) / stats.moves, 3)
            if srv0 is not None and srv1 is not None and stats.moves
            else None
        ),
        "rss_mb": {
            "idle": rss_idle,
            "end": rss_end,
            "settled": settled[-1][1] if settled else None,
            "settle_s": cfg.settle,
        },
        "rss_settling": settled,
    }


# ---- the flood mode ------------------------------------------------------------------------
def probe(host: str, port: int, seconds: float, out: Any) -> None:
    """Time GET /api/games every PROBE_EVERY s for ``seconds``; put (latencies, failures).

    It runs in a process of its own, so that the flooder's sending does not delay it.
    """

    async def get() -> float:
        head = f"GET /api/games HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n"
        t = time.perf_counter()
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), HTTP_TIMEOUT)
        try:
            writer.write(head.encode())
            data = await asyncio.wait_for(reader.read(), HTTP_TIMEOUT)
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()
        if not data.startswith(b"HTTP/1.1 200"):
            raise LoadError(data.split(b"\r\n", 1)[0].decode("latin-1"))
        return time.perf_counter() - t

    async def run() -> tuple[list[tuple[float, float]], list[str]]:
        lat: list[tuple[float, float]] = []  # (when, seconds), when from the probe's start
        failed: list[str] = []
        t0 = time.perf_counter()
        tick = t0
        while (now := time.perf_counter()) - t0 < seconds:
            try:
                lat.append((now - t0, await get()))
            except (OSError, TimeoutError, LoadError) as exc:
                failed.append(f"{type(exc).__name__}: {exc}"[:120])
            tick += PROBE_EVERY
            await asyncio.sleep(max(0.0, tick - time.perf_counter()))
        return lat, failed

    out.put(asyncio.run(run()))


def probe_stats(lat: list[float]) -> dict[str, float]:
    s = sorted(lat)
    return {
        "n": len(s),
        **{f"p{p}": round(percentile(s, p) * 1000, 2) for p in (50, 99)},
        "max": round((s[-1] if s else math.nan) * 1000, 2),
    }


def start_probe(cfg: Config) -> tuple[Any, Any]:
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=probe, args=(cfg.host, cfg.port, cfg.seconds, out), daemon=True)
    proc.start()
    return proc, out


async def end_probe(
    proc: Any, out: Any, cfg: Config
) -> tuple[list[tuple[float, float]], list[str]]:
    loop = asyncio.get_running_loop()
    try:
        got = await asyncio.wait_for(
            loop.run_in_executor(None, out.get, True, cfg.seconds + HTTP_TIMEOUT), cfg.seconds + 40
        )
    except Exception as exc:  # queue.Empty or a timeout: the probe is stuck
        raise LoadError(f"the latency probe gave no answer: {type(exc).__name__}") from None
    finally:
        await loop.run_in_executor(None, proc.join, 5)
        if proc.is_alive():
            proc.kill()
    return got  # type: ignore[no-any-return]


async def flood(cfg: Config) -> dict[str, Any]:
    """Baseline probe, then one socket sends cfg.flood syncs while the probe runs again."""
    proc, out = start_probe(cfg)  # the baseline: no flood
    base, base_failed = await end_probe(proc, out, cfg)

    spec = {"game": "luxor", "seats": [{"kind": "human", "name": n} for n in NAMES[:2]]}
    made = await post_json(cfg, "/api/tables", spec)
    ws = await open_seat(cfg, made["table"], made["seats"][0]["token"])
    got: dict[str, Any] = {"states": 0, "errors": {}, "error_at_s": [], "closed": None}
    try:
        first = await asyncio.wait_for(ws.recv(), HTTP_TIMEOUT)
        if not isinstance(first, str) or not first.startswith('{"type":"state"'):
            raise LoadError(f"the server refused the flooder's hello: {str(first)[:200]}")

        async def receive() -> None:
            try:
                async for text in ws:
                    assert isinstance(text, str)
                    if is_error(text):
                        msg = json.loads(text).get("message", text)[:120]
                        got["errors"][msg] = got["errors"].get(msg, 0) + 1
                        got["error_at_s"].append(round(time.perf_counter() - t0, 2))
                    else:
                        got["states"] += 1
            except ConnectionClosed:
                pass
            got["closed"] = {"code": ws.close_code, "reason": ws.close_reason}
            got["closed_after_s"] = round(time.perf_counter() - t0, 2)

        sent = 0

        async def send() -> None:
            nonlocal sent
            for _ in range(cfg.flood):
                await ws.send(SYNC)
                sent += 1
                if sent % 100 == 0:
                    await asyncio.sleep(0)  # let the receiver read its answers too

        proc, out = start_probe(cfg)
        await asyncio.sleep(0.5)  # the probe process starts (its first requests are baseline)
        t0 = time.perf_counter()
        receiver = asyncio.create_task(receive())
        send_error = None
        try:
            await asyncio.wait_for(send(), cfg.seconds)
        except TimeoutError:
            send_error = f"sending did not finish within {cfg.seconds:g} s"
        except (ConnectionClosed, OSError) as exc:
            send_error = f"{type(exc).__name__}: {exc}"[:160]
        send_s = time.perf_counter() - t0
        during, failed = await end_probe(proc, out, cfg)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(receiver), 2.0)
    finally:
        await ws.close()
    receiver.cancel()
    await asyncio.gather(receiver, return_exceptions=True)
    offset = 0.5  # the probe's clock started this much before the flood
    busy = max(send_s, got.get("closed_after_s") or cfg.seconds)  # sending or being read
    sending = [v for at, v in during if offset <= at <= offset + busy]
    return {
        "mode": "flood",
        "flood": {
            "asked": cfg.flood,
            "sent": sent,
            "send_s": round(send_s, 2),
            "send_error": send_error,
            **got,
        },
        "probe_ms": {
            "baseline": probe_stats([v for _, v in base]),
            "flood_window": probe_stats([v for _, v in during]),
            "until_closed": probe_stats(sending),
        },
        "probe_failures": base_failed + failed,
        "probe_seconds": cfg.seconds,
    }


def flood_report(r: dict[str, Any]) -> str:
    f, pr = r["flood"], r["probe_ms"]
    lines = [
        f"flooder: sent {f['sent']} of {f['asked']} syncs in {f['send_s']} s"
        + (f" ({f['send_error']})" if f["send_error"] else ""),
        f"  received {f['states']} states; closed: {f['closed']}"
        + (f" after {f['closed_after_s']} s" if f.get("closed_after_s") is not None else ""),
    ]
    lines += [f"  error x{n}: {text}" for text, n in f["errors"].items()]
    if f["error_at_s"]:
        lines.append(f"  errors came at (s after the flood began): {f['error_at_s']}")
    for name in ("baseline", "flood_window", "until_closed"):
        p = pr[name]
        lines.append(
            f"GET /api/games ms, {name:13}  n {p['n']}  p50 {p['p50']}  p99 {p['p99']}  "
            f"max {p['max']}"
        )
    lines += [f"  probe failure: {t}" for t in r["probe_failures"]]
    return "\n".join(lines)


def spawn(port: int, db: str, extra: list[str], flood: bool) -> subprocess.Popen[bytes]:
    exe = shutil.which("scarab")
    cmd = [exe] if exe else [sys.executable, "-m", "scarab.cli"]
    cmd += ["serve", "--host", "127.0.0.1", "--port", str(port), "--db", db, "--bot-workers", "0"]
    limits = UNLIMITED  # every client here is one address: its per-client limits would bind
    if flood:  # but the flood mode tests the message rate: keep the server's own
        at = limits.index("--message-rate")
        limits = limits[:at] + limits[at + 2 :]
    cmd += limits + extra  # the last of a repeated option wins
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=0, help=f"tables, 1 to {MAX_TABLES}")
    p.add_argument("--seconds", type=float, required=True, help="measuring window in seconds")
    p.add_argument("--url", default="http://127.0.0.1:8000", help="a loopback server")
    p.add_argument("--game", choices=[*GAMES, "mixed"], default="luxor")
    p.add_argument("--players", type=int, default=2, help="seats per table (all people)")
    p.add_argument("--spawn", action="store_true", help="start a server on a temp SQLite file")
    p.add_argument("--think", type=float, default=0.0, help="mean think time per move, in ms")
    p.add_argument("--no-deflate", action="store_true", help="do not offer permessage-deflate")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=int, default=0, help="end once this many games finished")
    p.add_argument("--db", help="the spawned server's store (default: a temp SQLite file)")
    p.add_argument(
        "--serve-arg",
        action="append",
        default=[],
        metavar="ARG",
        help="an extra argument for the spawned scarab serve (repeatable; --serve-arg=--x)",
    )
    p.add_argument(
        "--settle", type=float, default=0.0, help="seconds to wait idle before the last RSS"
    )
    p.add_argument("--flood", type=int, default=0, help="flood mode: syncs to send on one socket")
    p.add_argument("--json", action="store_true", help="print the result as one JSON line")
    args = p.parse_args(argv)
    if not args.flood and not 1 <= args.tables <= MAX_TABLES:
        p.error(f"--tables must be 1 to {MAX_TABLES} (or use --flood)")
    if not 0 <= args.flood <= MAX_FLOOD:
        p.error(f"--flood must be 0 to {MAX_FLOOD}")
    if args.games < 0:
        p.error("--games must be 0 or more")
    if not (math.isfinite(args.settle) and 0 <= args.settle <= MAX_SETTLE):
        p.error(f"--settle must be 0 to {MAX_SETTLE:g}")
    if (args.db or args.serve_arg or args.settle) and not args.spawn:
        p.error("--db, --serve-arg and --settle need --spawn")
    if not (math.isfinite(args.seconds) and 0 < args.seconds <= MAX_SECONDS):
        p.error(f"--seconds must be above 0 and at most {MAX_SECONDS:g}")
    if not 2 <= args.players <= MAX_SEATS:
        p.error(f"--players must be 2 to {MAX_SEATS}")
    if not (math.isfinite(args.think) and 0 <= args.think <= 60_000):
        p.error("--think must be 0 to 60000 ms")
    return args


def report(result: dict[str, Any]) -> str:
    lat = result["latency_ms"]
    lines = [
        f"tables {result['tables']}  clients {result['clients']}  game {result['game']}  "
        f"think {result['think_ms']:g} ms  deflate {result['deflate']}",
        f"setup {result['setup_s']} s  window {result['window_s']} s",
        f"moves {result['moves']}  moves/s {result['moves_per_s']}",
        f"latency ms  p50 {lat['p50']}  p95 {lat['p95']}  p99 {lat['p99']}  max {lat['max']}",
        f"errors {result['errors']}  games finished {result['games_finished']}  "
        f"tables created {result['tables_created']}",
        f"cpu  client {result['client_cpu_pct']}%  server {result['server_cpu_pct']}%  "
        f"server {result['server_cpu_ms_per_move']} ms per move",
        "server rss MB  idle {idle}  end {end}  settled {settled} (after {settle_s:g} s)".format(
            **result["rss_mb"]
        ),
    ]
    if result["rss_settling"]:
        lines.append("  settling: " + "  ".join(f"{t:g}s {mb}" for t, mb in result["rss_settling"]))
    lines += [f"  error x{n}: {text}" for text, n in result["error_kinds"].items()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    proc: subprocess.Popen[bytes] | None = None
    tmp: str | None = None
    if args.spawn:
        tmp = tempfile.mkdtemp(prefix="scarab-load-")
        host, port = "127.0.0.1", free_port()
        db = args.db or f"sqlite:///{os.path.join(tmp, 'load.db')}"
        proc = spawn(port, db, args.serve_arg, bool(args.flood))
    else:
        url = urlsplit(args.url)
        if url.scheme != "http" or url.hostname not in LOOPBACK or url.port is None:
            print("--url must be http://127.0.0.1:PORT (loopback only)", file=sys.stderr)
            return 2
        host, port = url.hostname, url.port
        if host == "localhost":
            host = "127.0.0.1"
    cfg = Config(
        host=host,
        port=port,
        tables=args.tables,
        seconds=args.seconds,
        game=args.game,
        players=args.players,
        think=args.think / 1000,
        deflate=not args.no_deflate,
        seed=args.seed,
        games=args.games,
        settle=args.settle,
        flood=args.flood,
    )
    hard_cap = SPAWN_WAIT + SETUP_CAP + args.seconds + args.settle + GRACE
    if args.flood:  # a baseline probe, then the flood with its probe
        hard_cap = SPAWN_WAIT + 2 * (args.seconds + 40) + GRACE

    def give_up() -> None:  # the last resort if the event loop is stuck
        print(f"load.py: hard deadline of {hard_cap:g} s passed; exiting", file=sys.stderr)
        if proc is not None:
            proc.kill()
        os._exit(3)

    watchdog = threading.Timer(hard_cap + GRACE, give_up)
    watchdog.daemon = True
    watchdog.start()

    async def run() -> dict[str, Any]:
        await wait_ready(cfg, proc)
        if cfg.flood:
            return await asyncio.wait_for(flood(cfg), hard_cap)
        return await asyncio.wait_for(measure(cfg, proc.pid if proc else None), hard_cap)

    try:
        try:
            import uvloop
        except ImportError:
            result = asyncio.run(run())
        else:
            result = uvloop.run(run())
    except (LoadError, TimeoutError) as exc:
        print(f"load.py: {exc or 'timed out'}", file=sys.stderr)
        return 1
    finally:
        watchdog.cancel()
        if proc is not None:
            stop(proc)
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    text = flood_report(result) if args.flood else report(result)
    print(json.dumps(result) if args.json else text, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
