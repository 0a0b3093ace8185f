"""The WebSocket protocol of a server process: uvicorn's (on the sans-I/O websockets
library), made to hold its ground against a client that floods or sends bad text.

- **What is read is what the app takes.** uvicorn parses all that one read from the
  network holds (up to 256 KiB, which can be tens of thousands of tiny frames) into
  its queue at once. Here the bytes wait, unparsed, and are parsed a slice at a time
  while the queue is short; the network is read again only once they are all taken.
  A socket the app does not read (over its rate) costs no parsing, and TCP holds its
  sender back.
- **Text that is not UTF-8** closes the socket with 1007, as the protocol says, and
  writes nothing to the log: any client can send it. (uvicorn logs a traceback.)
- **The door's count**: the socket was counted as a connection of its address when it
  came in (door.py), and is counted out when it ends.
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from scarab.server.door import DOOR

SLICE = 1_024  # bytes parsed at a time while the app is behind
QUEUE = 4  # messages waiting for the app before parsing stops


class GuardedSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, parsing no further ahead than the app reads."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.unread = bytearray()
        self.door_address: str | None = None  # set by the HTTP protocol that upgraded it

    def data_received(self, data: bytes) -> None:
        self.unread += data
        self._parse()
        if self.unread and not self.read_paused:
            self.read_paused = True  # the rest waits here: read no more from the network
            self.transport.pause_reading()

    def _parse(self) -> None:
        """Parse what waits, a slice at a time, while the app's queue is short."""
        while self.unread and self.queue.qsize() < QUEUE and not self.transport.is_closing():
            chunk = bytes(self.unread[:SLICE])
            del self.unread[:SLICE]
            super().data_received(chunk)

    async def receive(self) -> Any:
        message = await self.queue.get()
        if self.queue.empty():
            self._parse()
            if self.read_paused and self.queue.empty() and not self.unread:
                self.read_paused = False
                self.transport.resume_reading()
        return message

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            data = b"".join(self.frames)
            try:
                text = data.decode()
            except UnicodeDecodeError:
                self.frames = []
                self.conn.send_close(1007, "a text message must be UTF-8")
                self.handle_parser_exception()
                return
            self.frames = []
            self.queue.put_nowait({"type": "websocket.receive", "text": text})
            if not self.read_paused:
                self.read_paused = True
                self.transport.pause_reading()
            return
        super().send_receive_event_to_app()

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self.door_address is not None:
            DOOR.release(self.door_address)
            self.door_address = None
