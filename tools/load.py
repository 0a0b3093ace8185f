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

With ``--spawn`` it starts ``scarab serve`` on a free loopback port with a fresh
temporary SQLite file (no bot workers), with per-client limits far above its
needs (UNLIMITED: to the server all its clients are one address), and stops it at
the end; otherwise it uses ``--url``, which must be a loopback address (start that
server with such limits too). Everything is bounded: at most
2,000 tables, at most 600 s of measuring, a cap on the setup time, and a hard
deadline (setup + S + a short grace) after which the process exits. The client
runs one asyncio event loop (uvloop when installed) and parses only the messages
that ask it to decide, so that it takes little of the CPU it shares with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

GAMES = ("luxor", "pyramids", "horus")
MAX_TABLES = 2_000
MAX_SECONDS = 600.0
MAX_SEATS = 4
GRACE = 10.0  # seconds after the window to close everything before the hard exit
SETUP_CAP = 120.0  # seconds to create and seat every table
SPAWN_WAIT = 30.0  # seconds for a spawned server to answer
SETUP_CONCURRENCY = 32  # tables created and seated at once during setup
UNLIMITED = [  # a spawned server's limits: far above what this script can ask of it
    *("--table-rate", "100000/minute", "--api-rate", "1000000/minute"),
    *("--message-rate", "100000/second", "--max-connections", "100000"),
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
def deciding(text: str) -> bool:
    """True when a state message carries a version: it is this seat's decision.

    The top-level "version" comes before "view" in the server's compact JSON, and a
    quote inside a name is escaped, so the first match is the real field.
    """
    at = text.find(VERSION_KEY)
    return at >= 0 and not text.startswith("null", at + len(VERSION_KEY))


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
        """Read until a state shows every seat online; the table is ready to play."""
        while True:
            text = await self.ws.recv()
            assert isinstance(text, str)
            if text.startswith('{"type":"error"'):
                raise LoadError(f"the server refused a seat: {text[:200]}")
            if OFFLINE_KEY not in text:
                return text

    async def play(self, text: str) -> None:
        """Play until the game is over (returns) or the socket closes (raises)."""
        ws, stats = self.ws, self.stats
        while True:
            if text.startswith('{"type":"error"'):
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
            ws = await connect(
                f"ws://{cfg.host}:{cfg.port}/ws/{made['table']}",
                compression="deflate" if cfg.deflate else None,
                ping_interval=None,
                open_timeout=HTTP_TIMEOUT,
                close_timeout=2,
                max_size=1 << 20,
            )
            self.sockets.append(ws)
            await ws.send(json.dumps({"type": "hello", "token": s["token"]}))
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
                self.stats.games_finished += 1
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


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process (Linux /proc), None where unknown."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            parts = f.read().rsplit(")", 1)[1].split()
        return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


async def measure(cfg: Config, server_pid: int | None) -> dict[str, Any]:
    stats = Stats()
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
        await asyncio.sleep(cfg.seconds)
        stats.measuring = False
        window = time.perf_counter() - stats.window_start
        client_cpu = time.process_time() - cpu0
        srv1 = cpu_seconds(server_pid) if server_pid else None
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.wait_for(
            asyncio.gather(*(r.close() for r in runners), return_exceptions=True), GRACE / 2
        )
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
    }


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def spawn(port: int, db: str) -> subprocess.Popen[bytes]:
    exe = shutil.which("scarab")
    cmd = [exe] if exe else [sys.executable, "-m", "scarab.cli"]
    cmd += ["serve", "--host", "127.0.0.1", "--port", str(port), "--db", db, "--bot-workers", "0"]
    cmd += UNLIMITED  # every client here is one address: its per-client limits would bind
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, required=True, help=f"tables, 1 to {MAX_TABLES}")
    p.add_argument("--seconds", type=float, required=True, help="measuring window in seconds")
    p.add_argument("--url", default="http://127.0.0.1:8000", help="a loopback server")
    p.add_argument("--game", choices=[*GAMES, "mixed"], default="luxor")
    p.add_argument("--players", type=int, default=2, help="seats per table (all people)")
    p.add_argument("--spawn", action="store_true", help="start a server on a temp SQLite file")
    p.add_argument("--think", type=float, default=0.0, help="mean think time per move, in ms")
    p.add_argument("--no-deflate", action="store_true", help="do not offer permessage-deflate")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print the result as one JSON line")
    args = p.parse_args(argv)
    if not 1 <= args.tables <= MAX_TABLES:
        p.error(f"--tables must be 1 to {MAX_TABLES}")
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
        f"cpu  client {result['client_cpu_pct']}%  server {result['server_cpu_pct']}%",
    ]
    lines += [f"  error x{n}: {text}" for text, n in result["error_kinds"].items()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    proc: subprocess.Popen[bytes] | None = None
    tmp: str | None = None
    if args.spawn:
        tmp = tempfile.mkdtemp(prefix="scarab-load-")
        host, port = "127.0.0.1", free_port()
        proc = spawn(port, f"sqlite:///{os.path.join(tmp, 'load.db')}")
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
    )
    hard_cap = SPAWN_WAIT + SETUP_CAP + args.seconds + GRACE

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
            stop_server(proc)
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    print(json.dumps(result) if args.json else report(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
