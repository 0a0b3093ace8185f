"""Deadlines for reading a request, which uvicorn lacks: a slow client cannot hold a connection.

uvicorn closes a connection idle between requests (``timeout_keep_alive``),
but one that opens and sends nothing, or sends a request head a byte at a time
and never finishes it, or a body slower than any real upload, it keeps for
ever: a few thousand such clients hold every socket and file descriptor
(slowloris). :func:`protocol` makes uvicorn's h11 protocol with two deadlines:

- the head: from the connection's start, or from the first byte of the next
  request on a kept-alive one, the whole head must come within ``header``
  seconds;
- the body: from the end of the head, the whole body must come within
  ``body`` seconds.

A connection past its deadline is dropped; a handler still reading the body
sees the client gone. Once the request is in, the handler has all the time it
needs, and a WebSocket, once upgraded, is no longer watched here (it has its
ping timeout and the hello deadline). A reverse proxy in front still helps on
the open internet; these bounds keep the server standing without one.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


@dataclass(frozen=True)
class Timeouts:
    """Seconds a client has: for a request's head, for its body, and idle between requests."""

    header: float = 10.0
    body: float = 30.0
    keep_alive: int = 5  # uvicorn's own timeout_keep_alive


class DeadlineProtocol(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request does not come in time."""

    header_timeout = Timeouts.header
    body_timeout = Timeouts.body

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deadline: asyncio.TimerHandle | None = None
        self.waiting_for: object = None  # h11's state of the client when the deadline was set
        self.upgraded = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop_watching()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self.watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()  # may start the next (pipelined) request
        self.watch()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self.upgraded = True
        self.stop_watching()
        super().handle_websocket_upgrade(event)

    def watch(self) -> None:
        """Set the deadline for what the client owes now, if it is not set already."""
        state = self.conn.their_state
        if state is h11.IDLE and self.timeout_keep_alive_task is None:
            seconds = self.header_timeout  # a head is due (no keep-alive idling: it has begun)
        elif state is h11.SEND_BODY:
            seconds = self.body_timeout
        else:
            self.stop_watching()  # nothing owed: the request is in, or the client idles
            return
        if self.upgraded or self.transport.is_closing() or self.waiting_for is state:
            return
        self.stop_watching()
        self.waiting_for = state
        self.deadline = self.loop.call_later(seconds, self.expire)

    def stop_watching(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
        self.deadline = None
        self.waiting_for = None

    def expire(self) -> None:
        """Drop the connection at once: close() would first wait for a client that does not
        read to take what is still to be written."""
        self.deadline = None
        self.transport.abort()


def protocol(timeouts: Timeouts) -> type[H11Protocol]:
    """The protocol class to give uvicorn.run(http=...), with these deadlines."""

    class Bounded(DeadlineProtocol):
        header_timeout = timeouts.header
        body_timeout = timeouts.body

    return Bounded
