"""A table's WebSocket: the hello that says which seat (or a watcher), then the messages
of the protocol below, each checked against the client's rate before it is read."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from scarab.core.errors import ScarabError, brief
from scarab.server.guard import Guard, hang_up
from scarab.server.hub import Hub
from scarab.server.live import Connection, Live
from scarab.server.players import Players
from scarab.server.protocol import MAX_MESSAGE, BadRequest, check_notation, field, parse, told
from scarab.server.table import Stale, StoreUnavailable, TableError

HELLO_SECONDS = 10.0  # a WebSocket must say who it is this soon
MAX_DEVICE = 64  # characters of the device id a page keeps
PROTOCOL = """Client to server, JSON objects: {"type": "hello", "token": str|null,
"player": key|null, "device": id|null} first (the seat's token, else the player's key
finds their seat; a token with a known player's key makes a person's seat without a
player theirs; the device id the page keeps tells a rated game one person on two seats);
then {"type": "act", "action": notation, "version": v}, {"type": "undo", "version": v},
{"type": "allow_undo", "allow": bool}, {"type": "leave"} (for good: a zombie plays on),
{"type": "hint"} (the hint bot's top actions for your decision), {"type": "chat", "text"}
(a seat to the table, a watcher to the watchers), {"type": "sync"}. Server to client:
{"type": "state", ...}, {"type": "hint", "version", "top": [...]}, {"type": "chat", ...},
{"type": "chat_history", "lines": [...]} (after the first state; each chat line reaches a
socket once, live or in its history, not always in id order) and {"type": "error",
"message", "code"} (with "msg" and "args" where the error has words in the catalogues)."""


def socket_handler(
    hub: Hub, guard: Guard, players: Players
) -> Callable[[WebSocket], Awaitable[None]]:
    """The handler of ``/ws/<table id>``: counted against the table's and the client's
    sockets, hung up on a client over its rate, and forgotten cleanly however it ends."""

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        client = guard.client(ws.scope)
        gate = guard.gate(client)
        conn: Connection | None = None
        live: Live | None = None
        counted: str | None = None  # the table id this socket is counted under
        sender: asyncio.Task[None] | None = None
        try:
            await hub.get(ws.path_params["table_id"])  # no table: refused before the hello
            refused = guard.sockets.enter(ws.path_params["table_id"], client)
            if refused is not None:
                await _close(ws, refused, 1008)
                return
            counted = ws.path_params["table_id"]
            hello = parse(await asyncio.wait_for(_receive(ws), HELLO_SECONDS))
            if hello.get("type") != "hello":
                raise BadRequest('say hello first: {"type": "hello", "token": "<seat token>"}')
            live = await hub.get(ws.path_params["table_id"])  # it may have left memory meanwhile
            seat = await players.seat_at(live.table, hello.get("token"), hello.get("player"))
            if seat is not None:
                await hub.changes.note_origin(live, seat, client, device_field(hello.get("device")))
            linked = await players.linked(live.table, hello.get("token"), hello.get("player"))
            if linked is not None:  # a link opened by a known player: the seat is theirs
                await hub.changes.bind_player(live, *linked)
            conn = Connection(ws.send_text, seat, live.chat_gate(client, seat))
            sender = asyncio.get_running_loop().create_task(conn.run())
            hub.watchers.join(live, conn)
            await hub.chat.history(live, conn)
            while True:
                text = await _receive(ws)
                await asyncio.sleep(0)  # queued messages must not keep the loop to this socket
                over = gate.check()
                if over is not None:
                    went, why, end = over
                    said = {"type": "error", **why}
                    if end:
                        await _close(ws, why["message"], 1008, said)
                        hang_up(ws._receive)  # and read none of what it still sends
                        return
                    conn.push(json.dumps(said))
                    await asyncio.sleep(went.wait)  # unread meanwhile: TCP holds its sender back
                    continue
                try:
                    await _handle(hub, live, conn, parse(text))
                except Stale as exc:
                    conn.last = ""
                    conn.push(json.dumps(told(exc)))
                    conn.push_state(hub.watchers.message(live, conn.seat))
                except ScarabError as exc:
                    conn.push(json.dumps(told(exc)))
        except (WebSocketDisconnect, asyncio.CancelledError, RuntimeError):
            pass
        except TimeoutError:
            await _close(ws, "no hello came; say hello first")
        except StoreUnavailable as exc:  # a passing outage: the page tries again (1013)
            await _close(ws, str(exc), 1013, said=told(exc))
        except ScarabError as exc:
            await _close(ws, str(exc), said=told(exc))
        finally:
            gate.forget()
            if counted is not None:
                guard.sockets.leave(counted, client)
            if live is not None and conn is not None:
                hub.watchers.leave(live, conn)
            if sender is not None:
                sender.cancel()

    return socket


def device_field(value: object) -> str | None:
    """The device id a hello names: short printable ASCII, as the page makes it; or None."""
    if value is None:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= MAX_DEVICE or not value.isascii():
        raise BadRequest(
            f"device is the page's id of this device: 1 to {MAX_DEVICE} ASCII characters"
        )
    return value


async def _receive(ws: WebSocket) -> str:
    """The next text message; a binary one is read as UTF-8 text, a close ends the loop."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        if len(data) > MAX_MESSAGE * 4:
            raise BadRequest(f"the message is too long: at most {MAX_MESSAGE:,} characters")
        text = data.decode("utf-8", "replace")
    return str(text)


async def _close(
    ws: WebSocket, reason: str, code: int = 4400, said: dict[str, Any] | None = None
) -> None:
    """Say why (``said``: the error with its message id, for the reader's language), then
    close: 4400 for a bad request (the page does not retry), 1008 for a limit and 1013
    for a store that is down (the page retries later)."""
    with contextlib.suppress(Exception):
        said = said or {"type": "error", "message": reason, "code": "bad_request"}
        await ws.send_text(json.dumps(said))
        await ws.close(code=code, reason=reason.encode()[:120].decode("utf-8", "ignore"))


async def _handle(hub: Hub, live: Live, conn: Connection, msg: dict[str, Any]) -> None:
    kind = msg.get("type")
    seat = conn.seat
    if kind == "sync":
        conn.last = ""
        conn.push_state(hub.watchers.message(live, seat))
        return
    if kind not in ("act", "undo", "allow_undo", "leave", "hint", "chat"):
        what = "a message needs a type" if kind is None else f"unknown message type {brief(kind)}"
        raise BadRequest(f"{what}; send one of: act, undo, allow_undo, leave, hint, chat, sync")
    if kind == "chat":  # a seat speaks to the table, a watcher to the watchers
        await hub.chat.say(live, conn, msg.get("text"))
        return
    if seat is None:
        raise TableError("a spectator watches: only a seat's token can act", "ui.err.spectator")
    if kind == "act":
        await hub.changes.act(live, seat, check_notation(msg.get("action")), msg.get("version"))
    elif kind == "hint":
        conn.push(await hub.hints.ask(live, seat))
    elif kind == "undo":
        await hub.changes.undo(live, seat, msg.get("version"))
    elif kind == "allow_undo":
        await hub.changes.set_seat(live, seat, allow_undo=field(msg, "allow", bool))
    elif live.table.seats[seat].left:
        raise TableError(
            "you have left this table already; the zombie plays your seat", "ui.err.left"
        )
    else:
        await hub.changes.set_seat(live, seat, left=True)
