"""Reading what clients send: size first, then JSON, then each field's type and range;
and how an error is told back.

Everything from outside is hostile until checked. Every problem is a BadRequest
whose message says what was wrong and what would be right.
"""

from __future__ import annotations

import json
import string
import unicodedata
from typing import Any, TypeGuard

from scarab.core.errors import BadOption, ScarabError, UnreadableAction, UnseenName, brief
from scarab.core.game import MAX_MARKS, MAX_NAME, check_name

MAX_MESSAGE = 8_192  # characters in one WebSocket message or API body (records aside)
MAX_RECORD_BODY = 1_100_000  # an uploaded record: the record cap plus its JSON quoting
MAX_TOKEN = 64
MAX_ID = 32  # characters in a table or player id (the server makes 16)
ID_ALPHABET = frozenset(string.ascii_letters + string.digits + "-_")  # secrets.token_urlsafe's
MAX_TIMER = 7 * 24 * 3600  # a turn may wait a week
MIN_TIMER = 10


class BadRequest(ScarabError):
    """A message or request that cannot be read; nothing was changed."""

    code = "bad_request"


def given_name(name: object, whose: str, seat: int | None = None) -> str:
    """A name given to the server (a player's, a seat's), checked as every new name is (it
    must show) and in NFC, so that names that look alike are alike; else BadRequest naming
    ``whose`` name it is, worded for the page (the seat's own message where ``seat``)."""
    kind, where = ("seat_", {"seat": seat}) if seat is not None else ("", {})
    try:
        check_name(name, shown=True)
    except UnseenName as exc:
        said = f"{whose}: {exc}"
        raise BadRequest(said, f"ui.err.{kind}name_unseen", **where, n=MAX_MARKS) from None
    except BadOption as exc:
        raise BadRequest(f"{whose}: {exc}", f"ui.err.{kind}name", **where, n=MAX_NAME) from None
    assert isinstance(name, str)
    return unicodedata.normalize("NFC", name)


def parse(text: str | bytes, limit: int = MAX_MESSAGE) -> dict[str, Any]:
    """A JSON object from at most ``limit`` characters."""
    if isinstance(text, bytes):
        if len(text) > limit * 4:
            raise BadRequest(f"the message is too long: at most {limit:,} characters")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadRequest("the message is not UTF-8 text") from None
    if len(text) > limit:
        raise BadRequest(f"the message has {len(text):,} characters; at most {limit:,} are read")
    try:
        value = json.loads(text)
    except RecursionError:
        raise BadRequest("the message nests its JSON too deeply; send a flat object") from None
    except ValueError as exc:
        if "integer string conversion" in str(exc):  # Python's cap on a number's digits
            raise BadRequest("the message holds a number too long to read") from None
        raise BadRequest("the message is not JSON; send a JSON object") from None
    if not isinstance(value, dict):
        raise BadRequest("the message must be a JSON object")
    return value


def field(msg: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    """``msg[name]`` if of type ``kind`` (bools are not ints); ``default`` when absent or null."""
    value = msg.get(name)
    if value is None:
        if default is ...:
            raise BadRequest(f"the message lacks the field {name!r}")
        return default
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        names = " or ".join(KIND_WORDS.get(k, k.__name__) for k in kinds)
        raise BadRequest(f"field {name!r} must be {names}, not {brief(value)}")
    return value


# How a field's JSON type is named in a refusal.
KIND_WORDS: dict[type, str] = {
    str: "text (a string)",
    int: "a whole number",
    float: "a number",
    bool: "true or false",
    list: "a list",
    dict: "an object",
}


def issued_id(value: object) -> TypeGuard[str]:
    """Whether ``value`` has the shape of a table or player id the server makes (with
    ``secrets.token_urlsafe``): 1 to MAX_ID URL-safe characters. Anything else names
    nothing and is not looked up (PostgreSQL would refuse a NUL in it as an error)."""
    return isinstance(value, str) and 0 < len(value) <= MAX_ID and ID_ALPHABET.issuperset(value)


def token_field(msg: dict[str, Any]) -> str | None:
    token = field(msg, "token", str, None)
    if token is not None and not (0 < len(token) <= MAX_TOKEN and token.isascii()):
        raise BadRequest(f"a seat token is 1 to {MAX_TOKEN} ASCII characters from its link")
    return token  # type: ignore[no-any-return]


def timer_field(msg: dict[str, Any]) -> int | None:
    timer = field(msg, "timer", int, None)
    if timer is not None and not MIN_TIMER <= timer <= MAX_TIMER:
        raise BadRequest(
            f"a turn timer is {MIN_TIMER} to {MAX_TIMER} seconds (a week), or null for none"
        )
    return timer  # type: ignore[no-any-return]


def told(exc: Exception, key: str = "message") -> dict[str, Any]:
    """An error as a client reads it: its English text under ``key`` (``message`` on the
    socket, ``error`` in an API answer), and its message id and arguments when it has
    them, for the reader's language; ``code``, its kind for a program (``unreadable_action``,
    ``illegal_action``, ``stale``, ...: the ``code`` of each error class)."""
    out: dict[str, Any] = {"type": "error", key: str(exc)} if key == "message" else {key: str(exc)}
    out["code"] = getattr(exc, "code", "bad_input")
    msg = getattr(exc, "msg", "")
    if msg:
        out["msg"], out["args"] = msg, getattr(exc, "params", {})
    return out


def check_notation(value: object) -> str:
    """An action's notation from outside: a str (the engine checks the rest)."""
    if not isinstance(value, str):
        raise UnreadableAction(
            "an action is sent as its notation, a string such as 'L S+3'", "ui.err.notation"
        )
    return value
