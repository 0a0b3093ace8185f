"""Table chat: a channel for the table's players, which watchers may read too, and one for
its watchers alone, so that no watcher's remark reaches a player mid-game.

Lines are plain text, bounded in length and in rate per connection, kept with the table
(the players' channel is shown with its replay) and sent to every process serving it.
"""

from __future__ import annotations

import time
from collections import deque

from scarab.core.errors import ScarabError
from scarab.core.game import JSON
from scarab.server.protocol import BadRequest

PLAYERS, WATCHERS = "players", "watchers"
MAX_CHAT = 300  # characters in one line
HISTORY = 50  # lines a newcomer is sent
REPLAY_LINES = 200  # lines of the players' channel shown with a replay
RATE = (5, 10.0)  # lines per seconds, per connection


def check_text(value: object) -> str:
    """A chat line from outside: text of 1 to MAX_CHAT printable characters."""
    if not isinstance(value, str):
        raise BadRequest('a chat line is text: {"type": "chat", "text": "..."}', "ui.err.chat_text")
    text = " ".join(value.split())  # no line breaks or runs of spaces
    if not text:
        raise BadRequest("say something: the line is empty", "ui.err.chat_empty")
    if len(text) > MAX_CHAT:
        raise BadRequest(
            f"a chat line has at most {MAX_CHAT} characters, not {len(text)}",
            "ui.err.chat_long",
            n=MAX_CHAT,
        )
    if not text.isprintable():
        raise BadRequest("a chat line is printable text only", "ui.err.chat_printable")
    return text


def channels_for(seat: int | None) -> tuple[str, ...]:
    """The channels a connection reads: players read theirs, watchers both."""
    return (PLAYERS,) if seat is not None else (PLAYERS, WATCHERS)


def line_json(row: dict[str, JSON]) -> dict[str, JSON]:
    return {
        "id": row["id"],
        "channel": row["channel"],
        "seat": row["seat"],
        "name": row["name"],
        "text": row["text"],
        "at": row["at"],
    }


class ChatTooFast(ScarabError):
    """A chat line over its connection's rate: dropped, as every limit's refusal is."""

    code = "too_many"


class ChatGate:
    """One connection's chat rate: at most RATE[0] lines in any RATE[1] seconds."""

    def __init__(self) -> None:
        self.sent: deque[float] = deque(maxlen=RATE[0])

    def check(self) -> None:
        now = time.monotonic()
        if len(self.sent) == RATE[0] and now - self.sent[0] < RATE[1]:
            raise ChatTooFast(
                f"at most {RATE[0]} chat lines in {RATE[1]:g} seconds: wait a moment",
                "ui.err.chat_rate",
                n=RATE[0],
                seconds=f"{RATE[1]:g}",
            )
        self.sent.append(now)


class LinesSeen:
    """The chat lines passed on (to one socket, or by this process), by id. Lines can come
    out of id order: two lines kept at once, on two storage threads or two processes, may
    finish in either order. A mark of the newest would then skip the older line; so the
    newest HISTORY ids are kept, and an id below all of them counts as passed on."""

    __slots__ = ("floor", "ids")

    def __init__(self) -> None:
        self.ids: set[int] = set()
        self.floor = 0  # every id up to this one counts as passed on

    def __contains__(self, line_id: int) -> bool:
        return line_id <= self.floor or line_id in self.ids

    def add(self, line_id: int) -> bool:
        """Count a line as passed on: False when it was already."""
        if line_id in self:
            return False
        self.ids.add(line_id)
        if len(self.ids) > HISTORY:
            self.floor = min(self.ids)
            self.ids.remove(self.floor)
        return True

    @property
    def newest(self) -> int:
        return max(self.ids, default=self.floor)
