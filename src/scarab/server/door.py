"""The door of a server process: what happens to a connection before the app sees a request.

uvicorn makes a protocol object for each connection and gives it no way to the app, so
what the connections of one process share lives in one object, :data:`DOOR`, which the
app sets up from its limits and the protocols (deadlines.py, socket_protocol.py) ask:

- **A share of the connections per address**, HTTP and WebSocket together. A connection
  past its address's share is dropped as it is accepted, before a byte of it is read, so
  that one address cannot hold the connections everyone else needs (uvicorn's total,
  past which it answers 503 to all).
- **The refusals in force.** Once the guard has refused an address for going over a rate
  (its API or page requests), that address's next requests of the same kind, until the
  window ends, are answered at the door: the answer is written as it was prepared and
  the connection closed, with no request built for the app. A flood then costs the
  server a parse of each request head, and the flooder a new connection each time.

Behind a reverse proxy every connection comes from the proxy, so the share is left to
the proxy (nginx's ``limit_conn``); the refusals still apply, by the forwarded address.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable

MAX_HELD = 65_536  # refusals remembered at once; past it (after the ended ones go) no more


class Door:
    """One process's connection counts per address and its refusals in force."""

    def __init__(self) -> None:
        self.share: int | None = None
        self.forwarded: bytes | None = None
        self.open: Counter[str] = Counter()
        self.held: dict[tuple[str, str], tuple[float, Callable[[float], bytes]]] = {}

    def configure(self, share: int | None, forwarded: bytes | None) -> None:
        """Set up for an app: connections one address may hold (None: no share), and the
        header that names the client behind a proxy (then the share is the proxy's)."""
        self.share = None if forwarded is not None else share
        self.forwarded = forwarded
        self.held.clear()

    def admit(self, address: str) -> bool:
        """Count a new connection of ``address`` in; False (counting nothing) past its share."""
        if self.share is None:
            return True
        if self.open[address] >= self.share:
            return False
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


def kind_of(target: bytes) -> str:
    """What a request's target counts against: the API's rate (a WebSocket opening too) or
    the pages' and static files'."""
    return "api" if target.startswith((b"/api/", b"/ws/")) else "page"


DOOR = Door()
