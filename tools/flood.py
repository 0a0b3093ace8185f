"""What a hostile client's flood does to everyone else: an unrelated client's latency
under each flood the outside audit tried, on a real server this script starts.

    python tools/flood.py                      # every flood, 20 s each
    python tools/flood.py --only half-open --seconds 10

For each flood a fresh ``scarab serve`` (its default limits, SQLite, no bot process)
listens on 127.0.0.1; the flooders speak from other loopback addresses (127.0.0.2 and
on, as separate hosts would), and a probe on 127.0.0.200 and on, in a process of its
own, asks ``GET /api/games`` every PROBE_EVERY seconds on a kept-alive connection (a
new one when the server drops it, and a new address every PROBE_TURN requests, so
that its 50 a second stay under the API's rate for one address).

The table gives, per flood: the probe's p50/p99/max in ms and its answers other than
200 (503s among them); the server's CPU over the flood as a share of one core, and how
far its memory's peak rose over where it began; and, for the floods that ask for
answers, how many they got and the server's CPU per answer (all of it, the probe's
share too). Every loop is bounded in time and in count; only loopback addresses are
used.

Floods (``--only``): quiet, half-open, socket-steady, socket-burst, slow-bodies,
page-flood, api-refused, bad-utf8, slowloris-mix.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from websockets.frames import Frame, Opcode

PROBE_FROM = "127.0.0.{}"  # 200 on: a fresh address each PROBE_TURN requests, under the API rate
PROBE_TURN = 400
PROBE_EVERY = 0.02  # seconds between the probe's requests
MAX_CONNECTIONS = 5_000  # connections one flood holds at once, at the most
UPGRADE = (
    "GET /ws/{table} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
    "Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
)
SYNC = Frame(Opcode.TEXT, b'{"type": "sync"}').serialize(mask=True, extensions=[])
HELLO = Frame(Opcode.TEXT, b'{"type": "hello", "token": null}').serialize(mask=True, extensions=[])
BAD_TEXT = Frame(Opcode.TEXT, b'{"type": "\xff\xfe"}').serialize(mask=True, extensions=[])


# ---- the server and the probe ----------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(port: int, db: Path) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "scarab.cli", "serve", "--port", str(port)]
    cmd += ["--db", f"sqlite:///{db}", "--bot-workers", "0"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_mb(pid: int, field: str) -> float:
    """A process's VmRSS (now) or VmHWM (its peak), in MB."""
    with open(f"/proc/{pid}/status") as f:
        line = next(ln for ln in f if ln.startswith(field + ":"))
    return int(line.split()[1]) / 1024


def probe(port: int, seconds: float) -> tuple[list[float], dict[int, int]]:
    """The unrelated client: GET /api/games every PROBE_EVERY s; (latencies, statuses)."""
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    conn: http.client.HTTPConnection | None = None
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.perf_counter()
        if len(latencies) % PROBE_TURN == 0 and conn is not None:
            conn.close()
            conn = None
        try:
            if conn is None:
                source = PROBE_FROM.format(200 + len(latencies) // PROBE_TURN % 50)
                conn = http.client.HTTPConnection(
                    "127.0.0.1", port, timeout=10, source_address=(source, 0)
                )
            conn.request("GET", "/api/games")
            response = conn.getresponse()
            response.read()
            status = response.status
        except (OSError, http.client.HTTPException):
            status, conn = 0, None  # refused or dropped: counted, and a new connection
        latencies.append((time.perf_counter() - began) * 1000)
        statuses[status] = statuses.get(status, 0) + 1
        time.sleep(max(0.0, PROBE_EVERY - (time.perf_counter() - began)))
    return latencies, statuses


# ---- the floods ----------------------------------------------------------------------------
class Flood:
    """One flood's connections, kept up until its end, each loop bounded by the deadline."""

    def __init__(self, port: int, table: str, seconds: float) -> None:
        self.port, self.table = port, table
        self.end = time.monotonic() + seconds
        self.open = 0
        self.answers = 0  # responses the flooders read (where they ask for some)

    def going(self) -> bool:
        return time.monotonic() < self.end

    async def connect(self, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        return await asyncio.open_connection("127.0.0.1", self.port, local_addr=(source, 0))

    async def keep(self, count: int, source: str, one: Callable[[str], Awaitable[None]]) -> None:
        """``count`` connections from ``source`` at once, each replaced when it ends."""

        async def slot() -> None:
            while self.going():
                if self.open >= MAX_CONNECTIONS:
                    await asyncio.sleep(0.1)
                    continue
                self.open += 1
                try:
                    await asyncio.wait_for(one(source), max(0.1, self.end - time.monotonic()))
                except (OSError, TimeoutError, asyncio.IncompleteReadError):
                    await asyncio.sleep(0.01)  # refused or dropped: again, a little later
                finally:
                    self.open -= 1

        await asyncio.gather(*(slot() for _ in range(count)))

    async def socket(self, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """An upgraded WebSocket to the flood's table, its hello said."""
        reader, writer = await self.connect(source)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(UPGRADE.format(table=self.table, key=key).encode())
        head = await reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 101"):
            writer.close()
            raise ConnectionRefusedError(head[:40])
        writer.write(HELLO)
        return reader, writer


async def drain(reader: asyncio.StreamReader, flood: Flood) -> None:
    """Read and drop what the server sends until it closes or the flood ends."""
    while flood.going():
        if not await reader.read(65_536):
            return


async def half_open(flood: Flood) -> None:
    """4,200 half-sent request heads from one address, each reopened as it is dropped."""

    async def one(source: str) -> None:
        reader, writer = await flood.connect(source)
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
        await drain(reader, flood)
        writer.close()

    await flood.keep(4_200, "127.0.0.2", one)


async def socket_steady(flood: Flood) -> None:
    """32 sockets of one address, 28 messages a second each, each replaced after 19 s."""

    async def one(source: str) -> None:
        reader, writer = await flood.socket(source)
        reading = asyncio.ensure_future(drain(reader, flood))
        try:
            stop = min(flood.end, time.monotonic() + 19)
            while time.monotonic() < stop and not reading.done():
                writer.write(SYNC)
                await asyncio.sleep(1 / 28)
        finally:
            reading.cancel()
            writer.close()

    await flood.keep(32, "127.0.0.3", one)


async def socket_burst(flood: Flood) -> None:
    """32 sockets of one address, each writing 256 KiB of messages at once, again and
    again as the server lets it."""

    async def one(source: str) -> None:
        reader, writer = await flood.socket(source)
        reading = asyncio.ensure_future(drain(reader, flood))
        burst = SYNC * (262_144 // len(SYNC))
        try:
            while flood.going() and not reading.done():
                writer.write(burst)
                await asyncio.wait_for(writer.drain(), max(0.1, flood.end - time.monotonic()))
        finally:
            reading.cancel()
            writer.close()

    await flood.keep(32, "127.0.0.4", one)


def slow_body(flood: Flood) -> Callable[[str], Awaitable[None]]:
    async def one(source: str) -> None:
        reader, writer = await flood.connect(source)
        writer.write(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n"
        )
        while flood.going() and not reader.at_eof():
            writer.write(b" ")
            await asyncio.sleep(1.0)
            with contextlib.suppress(TimeoutError):
                if not await asyncio.wait_for(reader.read(1024), 0.01):
                    break
        writer.close()

    return one


def spread(count: int, first: int = 10) -> list[str]:
    """Sources for ``count`` connections, 125 an address (under the default share)."""
    return [f"127.0.1.{first + i // 125}" for i in range(count)]


async def slow_bodies(flood: Flood) -> None:
    """1,500 bodies a byte a second, from 12 addresses."""
    sources = spread(1_500)
    await asyncio.gather(*(flood.keep(1, s, slow_body(flood)) for s in sources))


def asking(flood: Flood, path: bytes) -> Callable[[str], Awaitable[None]]:
    """A kept-alive connection asking for ``path`` without pause, until the server closes."""

    async def one(source: str) -> None:
        reader, writer = await flood.connect(source)
        while flood.going():
            writer.write(b"GET " + path + b" HTTP/1.1\r\nHost: x\r\n\r\n")
            head = (await reader.readuntil(b"\r\n\r\n")).lower()
            sized = [h for h in head.split(b"\r\n") if h.startswith(b"content-length:")]
            await reader.readexactly(int(sized[0].split(b":")[1]) if sized else 0)
            flood.answers += 1
            if b"connection: close" in head:
                break
        writer.close()

    return one


async def page_flood(flood: Flood) -> None:
    """16 connections of one address asking for the page's largest file without pause."""
    await flood.keep(16, "127.0.0.5", asking(flood, b"/static/js/app.js"))


async def api_refused(flood: Flood) -> None:
    """16 connections of one address asking the API far past its rate."""
    await flood.keep(16, "127.0.0.6", asking(flood, b"/api/lobby"))


async def bad_utf8(flood: Flood) -> None:
    """8 sockets of one address sending text that is not UTF-8, reopened as closed."""

    async def one(source: str) -> None:
        reader, writer = await flood.socket(source)
        writer.write(BAD_TEXT)
        await drain(reader, flood)
        writer.close()

    await flood.keep(8, "127.0.0.7", one)


async def slowloris_mix(flood: Flood) -> None:
    """1,500 slow connections of every kind from 12 addresses: silent ones, heads a byte
    at a time, bodies a byte a second."""

    async def silent(source: str) -> None:
        reader, writer = await flood.connect(source)
        await drain(reader, flood)
        writer.close()

    async def trickled_head(source: str) -> None:
        reader, writer = await flood.connect(source)
        while flood.going() and not reader.at_eof():
            writer.write(b"X")
            await asyncio.sleep(1.0)
        writer.close()

    kinds = [silent, trickled_head, slow_body(flood)]
    sources = spread(1_500)
    await asyncio.gather(*(flood.keep(1, s, kinds[i % 3]) for i, s in enumerate(sources)))


async def quiet(flood: Flood) -> None:
    await asyncio.sleep(max(0.0, flood.end - time.monotonic()))


FLOODS: dict[str, Callable[[Flood], Awaitable[None]]] = {
    "quiet": quiet,
    "half-open": half_open,
    "socket-steady": socket_steady,
    "socket-burst": socket_burst,
    "slow-bodies": slow_bodies,
    "page-flood": page_flood,
    "api-refused": api_refused,
    "bad-utf8": bad_utf8,
    "slowloris-mix": slowloris_mix,
}


# ---- running --------------------------------------------------------------------------------
def run(name: str, seconds: float) -> dict[str, Any]:
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = serve(port, Path(tmp) / "flood.db")
        try:
            seats = [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}]
            body = json.dumps({"game": "luxor", "seats": seats}).encode()
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/api/tables", data=body, method="POST"
            )
            request.add_header("Content-Type", "application/json")
            table = json.loads(urllib.request.urlopen(request, timeout=10).read())["table"]
            before, resident = cpu_seconds(server.pid), memory_mb(server.pid, "VmRSS")
            began = time.monotonic()
            asking = [sys.executable, __file__, "--probe", str(port), "--seconds", str(seconds)]
            prober = subprocess.Popen(asking, stdout=subprocess.PIPE)
            flood = Flood(port, table, seconds)
            with ThreadPoolExecutor(1) as pool:  # its own thread: the caller's may run a loop
                pool.submit(asyncio.run, FLOODS[name](flood)).result()
            said, _ = prober.communicate(timeout=seconds + 60)
            latencies, found = json.loads(said)
            statuses = {int(k): v for k, v in found.items()}
            used = cpu_seconds(server.pid) - before
            busy = used / (time.monotonic() - began)
            grew = memory_mb(server.pid, "VmHWM") - resident
        finally:
            server.kill()
            server.wait()
    ordered = sorted(latencies)
    return {
        "flood": name,
        "requests": len(ordered),
        "p50": statistics.median(ordered),
        "p99": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))],
        "max": ordered[-1],
        "not_200": {k: v for k, v in statuses.items() if k != 200},
        "server_cpu": busy,
        "peak_growth_mb": grew,
        "flood_answers": flood.answers,
        "cpu_per_answer_us": used / flood.answers * 1e6 if flood.answers else None,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--only", action="append", choices=sorted(FLOODS), help="these floods alone")
    p.add_argument("--seconds", type=float, default=20.0, help="each flood's length (20)")
    p.add_argument("--json", type=Path, help="also write the rows here")
    p.add_argument("--probe", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if not 1 <= args.seconds <= 300:
        p.error("--seconds is 1 to 300")
    if args.probe is not None:  # the probe's own process: its findings as JSON
        print(json.dumps(probe(args.probe, args.seconds)))
        return 0
    rows = []
    print(
        "| flood | probe requests | p50 ms | p99 ms | max ms | not 200 | server CPU "
        "| peak memory growth | flood answers | server CPU per answer |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in args.only or list(FLOODS):
        r = run(name, args.seconds)
        rows.append(r)
        other = ", ".join(f"{n} x {k or 'dropped'}" for k, n in r["not_200"].items()) or "none"
        each = f"{r['cpu_per_answer_us']:.0f} µs" if r["cpu_per_answer_us"] else ""
        print(
            f"| {name} | {r['requests']} | {r['p50']:.1f} | {r['p99']:.1f} | {r['max']:.1f} "
            f"| {other} | {r['server_cpu']:.0%} | {r['peak_growth_mb']:.0f} MB "
            f"| {r['flood_answers'] or ''} | {each} |",
            flush=True,
        )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
