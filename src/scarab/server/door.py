"""The door of a server process: what happens to a connection before the app sees a request.

uvicorn makes a protocol object for each connection and gives it no way to the app, so
what the connections of one process share lives in one object, :data:`DOOR`, which the
app sets up from its limits and the protocols (deadlines.py, socket_protocol.py) ask:

- **A share of the connections per address**, HTTP and WebSocket together, and a rate
  of new ones. A connection past its address's share, or past the connections it may
  open in a second, is dropped as it is accepted, before a byte of it is read, so that
  one address cannot hold the connections everyone else needs (uvicorn's total, past
  which it answers 503 to all), nor spend the server's time on opening them again and
  again. Where the server listens on a :class:`DoorSocket` (one process), such a
  connection is closed inside ``accept`` itself, before asyncio builds anything for it.
- **The refusals in force.** Once the guard has refused an address for going over a rate
  (its API or page requests), that address's next requests of the same kind, until the
  window ends, are answered at the door: the answer is written as it was prepared and
  the connection closed, with no request built for the app. A flood then costs the
  server a parse of each request head, and the flooder a new connection each time.

Behind a reverse proxy every connection comes from the proxy, so the share is left to
the proxy (nginx's ``limit_conn``); the refusals still apply, by the forwarded address.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from collections import Counter
from collections.abc import Callable

MAX_HELD = 65_536  # refusals (and addresses' openings) remembered at once
TURNED_AWAY = 64  # connections DoorSocket closes in one accept() before it lets others run


class Door:
    """One process's connection counts per address and its refusals in force."""

    def __init__(self) -> None:
        self.share: int | None = None
        self.per_second = 0
        self.forwarded: bytes | None = None
        self.open: Counter[str] = Counter()
        self.opened: dict[str, tuple[int, int]] = {}  # address: (second, connections opened)
        self.held: dict[tuple[str, str], tuple[float, Callable[[float], bytes]]] = {}

    def configure(self, share: int | None, per_second: int, forwarded: bytes | None) -> None:
        """Set up for an app: connections one address may hold (None: no share) and open in
        a second, and the header that names the client behind a proxy (then both bounds
        are the proxy's: every connection comes from it)."""
        self.share = None if forwarded is not None else share
        self.per_second = per_second
        self.forwarded = forwarded
        self.open.clear()
        self.opened.clear()
        self.held.clear()

    def turns_away(self, address: str) -> bool:
        """Whether a new connection of ``address`` would be past its share or its rate."""
        if self.share is None:
            return False
        second, count = self.opened.get(address, (0, 0))
        return self.open[address] >= self.share or (
            count >= self.per_second and second == int(time.monotonic())
        )

    def admit(self, address: str) -> bool:
        """Count a new connection of ``address`` in; False (counting nothing) past its share
        or its rate."""
        if self.share is None:
            return True
        if self.turns_away(address):
            return False
        now = int(time.monotonic())
        second, count = self.opened.get(address, (now, 0))
        if len(self.opened) >= MAX_HELD:
            self.opened = {a: v for a, v in self.opened.items() if v[0] == now}
        self.opened[address] = (now, count + 1 if second == now else 1)
        self.open[address] += 1
        return True

    def release(self, address: str) -> None:
        """Count out a connection that ``admit`` counted in."""
        if self.share is None:
            return
        left = self.open[address] - 1
        if left > 0:
            self.open[address] = left
        else:
            self.open.pop(address, None)

    def hold(
        self, address: str, kind: str, seconds: float, answer: Callable[[float], bytes]
    ) -> None:
        """Refuse ``address``'s requests of ``kind`` ("api" or "page") at the door for
        ``seconds``, with ``answer(seconds left)`` (a whole HTTP response)."""
        now = time.monotonic()
        if len(self.held) >= MAX_HELD:
            self.held = {k: v for k, v in self.held.items() if v[0] > now}
            if len(self.held) >= MAX_HELD:
                return  # the guard still refuses each one, at its usual cost
        self.held[(address, kind)] = (now + seconds, answer)

    def refusal(self, address: str, kind: str) -> bytes | None:
        """The answer to a request of ``kind`` from ``address`` if it is refused at the door."""
        held = self.held.get((address, kind))
        if held is None:
            return None
        left = held[0] - time.monotonic()
        if left <= 0:
            del self.held[(address, kind)]
            return None
        return held[1](left)


class DoorSocket(socket.socket):
    """A listening socket that closes, inside ``accept``, each connection the door turns
    away: a few microseconds each, where a connection asyncio has taken costs a task, a
    transport and a protocol before it can be dropped. asyncio calls ``accept`` until it
    says nothing is waiting; after TURNED_AWAY closed it says so, and asyncio comes back
    for the rest on its next turn, so that a flood of them does not hold the event loop."""

    turns = TURNED_AWAY  # left to close before asyncio's next turn

    def accept(self) -> tuple[socket.socket, object]:
        while self.turns > 0:
            conn, peer = super().accept()
            if not DOOR.turns_away(_host(peer)):
                return conn, peer
            conn.close()
            self.turns -= 1
        self.turns = TURNED_AWAY
        raise BlockingIOError("turned away as many as one turn may")


def listening(host: str, port: int) -> DoorSocket:
    """A DoorSocket bound to ``host:port``, as uvicorn binds its own. Its protocol is named
    (TCP), so that the connections it accepts say so and asyncio sends their small writes
    at once (TCP_NODELAY); unnamed, each answer waited ~40 ms on the peer's delayed ack."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = DoorSocket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    return sock


def _host(peer: object) -> str:
    return network(str(peer[0])) if isinstance(peer, tuple) and peer else "unknown"


def network(address: str) -> str:
    """An IPv6 address's /64 (an IPv4 one mapped into IPv6 as itself); others unchanged."""
    if ":" not in address:
        return address
    try:
        ip = ipaddress.IPv6Address(address.split("%", 1)[0])
    except ValueError:
        return address
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.IPv6Network((ip, 64), strict=False))


def kind_of(target: bytes) -> str:
    """What a request's target counts against: the API's rate (a WebSocket opening too) or
    the pages' and static files'."""
    return "api" if target.startswith((b"/api/", b"/ws/")) else "page"


DOOR = Door()
