"""The HTTP protocol of a server process: the door's checks and deadlines for reading a request.

uvicorn closes a connection idle between requests (``timeout_keep_alive``),
but one that opens and sends nothing, or sends a request head a byte at a time
and never finishes it, or a body slower than any real upload, it keeps for
ever: a few thousand such clients hold every socket and file descriptor
(slowloris). :func:`protocol` makes uvicorn's h11 protocol with two deadlines:

- the head: from the connection's start, or from the first byte of the next
  request on a kept-alive one, the whole head must come within ``header``
  seconds;
- the body: from the end of the head, the whole body must come within
  ``small_body`` seconds and as long again as its declared length takes at
  MIN_UPLOAD bytes a second, and never more than ``body`` seconds: an API call's
  few hundred bytes get 5 s, a large record's upload up to 30 s.

A connection past its deadline is dropped; a handler still reading the body
sees the client gone. Once the request is in, the handler has all the time it
needs, and a WebSocket, once upgraded, is no longer watched here (it has its
ping timeout and the hello deadline). A reverse proxy in front still helps on
the open internet; these bounds keep the server standing without one.

Before any of that, each connection goes through the door (door.py): one past
its address's share is dropped as it is accepted, and a request head from an
address the guard is refusing is answered there, without reaching the app.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from scarab.server.config import Timeouts
from scarab.server.door import DOOR, kind_of, network
from scarab.server.guard import client_of_headers


class _DoorConnection(h11.Connection):
    """h11's connection, handing each request head to the door before uvicorn builds it."""

    def __init__(self, protocol: DeadlineProtocol, max_size: int | None) -> None:
        if max_size is None:  # h11's own default, as uvicorn leaves it
            super().__init__(h11.SERVER)
        else:
            super().__init__(h11.SERVER, max_incomplete_event_size=max_size)
        self.protocol = protocol

    def next_event(self) -> Any:
        event = super().next_event()
        if type(event) is h11.Request and self.protocol.refused_at_door(event):
            return h11.NEED_DATA  # answered and closing: nothing more to handle
        return event


class DeadlineProtocol(H11Protocol):
    """uvicorn's h11 protocol behind the door, closing a connection whose request does not
    come in time."""

    timeouts = Timeouts()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.conn = _DoorConnection(self, self.config.h11_max_incomplete_event_size)
        self.deadline: asyncio.TimerHandle | None = None
        self.waiting_for: object = None  # h11's state of the client when the deadline was set
        self.upgraded = False
        self.address = ""
        self.counted = False  # the door counted this connection in

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.address = network(str(self.client[0])) if self.client else "unknown"
        if not DOOR.admit(self.address):
            transport.abort()  # past its address's share: not a byte read
            return
        self.counted = True
        self.watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop_watching()
        if self.counted and not self.upgraded:
            DOOR.release(self.address)
        super().connection_lost(exc)

    def refused_at_door(self, event: h11.Request) -> bool:
        """Answer a request from an address the guard is refusing, and close (True)."""
        address = self.address
        if DOOR.forwarded is not None:
            address = client_of_headers(event.headers, DOOR.forwarded, address)
        answer = DOOR.refusal(address, kind_of(event.target))
        if answer is None:
            return False
        self.stop_watching()
        self.transport.write(answer)
        self.transport.close()
        return True

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
        if self.counted:  # the socket's protocol counts it out when it ends
            socket = self.transport.get_protocol()
            if hasattr(socket, "door_address"):
                socket.door_address = self.address
            else:
                DOOR.release(self.address)

    def watch(self) -> None:
        """Set the deadline for what the client owes now, if it is not set already."""
        state = self.conn.their_state
        if state is h11.IDLE and self.timeout_keep_alive_task is None:
            seconds = self.timeouts.header  # a head is due (no keep-alive idling: it has begun)
        elif state is h11.SEND_BODY:
            seconds = self.timeouts.for_body(_length(self.headers))
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
        pass

    Bounded.timeouts = timeouts
    return Bounded


def _length(headers: list[tuple[bytes, bytes]] | None) -> int | None:
    """A request's declared Content-Length (h11 has checked it is a number), else None."""
    for name, value in headers or ():
        if name == b"content-length":
            return int(value)
    return None
