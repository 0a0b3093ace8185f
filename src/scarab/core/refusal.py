"""Why an action is refused, as a message that any front end words in its reader's
language, and as the engine's own English.

A ``Reason`` is a message id and its arguments. Its English template is data:
``core/refusals.toml`` holds the framing (``refuse.*``) and each game's
``refusals.toml`` its own reasons (``<game>.refuse.*``). ``scarab.i18n`` merges those
files into the English catalogue, so each template is written once, and a refusal's
English text is what the catalogue makes of its message.

An argument is a number or plain text (notation, a square, a quoted input), a ``Term``
(a word the catalogues translate, with its English here), a nested ``Reason``, a
``Listing`` (items read "a, b, c") or a phrase (a list of arguments read in a row).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Union

from scarab.core.errors import IllegalAction, UnreadableAction

HOLE = re.compile(r"\{([a-z_][a-z0-9_]*)\}")  # a template's placeholder (scarab.i18n too)
SHOWN = 16  # legal actions listed in a refusal; more are summed up as "..."


@dataclass(frozen=True, slots=True)
class Term:
    """A translated word: its message id in the catalogues and its English."""

    msg: str
    english: str


@dataclass(frozen=True, slots=True)
class Listing:
    """Items read as a list ("a, b, c"; in JSON ``{"items": [...]}``, each item whole for a
    program that reads a refusal's arguments), where a plain list is one phrase whose
    parts are read one after another ("a or b")."""

    items: tuple[Arg, ...]


Arg = Union[int, str, Term, "Reason", Listing, "list[Arg]"]


class Reason:
    """A refusal's message id and arguments; ``english`` is the engine's text of it."""

    __slots__ = ("msg", "params")

    def __init__(self, msg: str, **params: Arg) -> None:
        self.msg = msg
        self.params = params

    def __repr__(self) -> str:
        return f"Reason({self.msg!r}, {self.params!r})"

    @property
    def english(self) -> str:
        msg, templates = self.msg, english_templates(_owner(self.msg))
        if self.params.get("n") == 1 and msg + ".one" in templates:
            msg += ".one"
        return HOLE.sub(lambda m: _english(self.params[m.group(1)]), templates[msg])

    def args(self) -> dict[str, Any]:
        """The arguments as the catalogues read them (scarab.i18n and the page): a term as
        ``"@id"``, a nested reason as ``{"msg", "args"}``."""
        return {key: _json(value) for key, value in self.params.items()}


def _english(value: Arg) -> str:
    if isinstance(value, Term | Reason):
        return value.english
    if isinstance(value, Listing):
        return ", ".join(_english(v) for v in value.items)
    if isinstance(value, list):
        return " ".join(_english(v) for v in value)
    return str(value)


def _json(value: Arg) -> object:
    if isinstance(value, Term):
        return "@" + value.msg
    if isinstance(value, Reason):
        return {"msg": value.msg, "args": value.args()}
    if isinstance(value, Listing):
        return {"items": [_json(v) for v in value.items]}
    if isinstance(value, list):
        return [_json(v) for v in value]
    return value


def word(msg: str) -> Term:
    """A term that the refusals files themselves define (as "leftmost")."""
    return Term(msg, english_templates(_owner(msg))[msg])


def either(items: Sequence[Arg]) -> list[Arg]:
    """``a or b or c``, with "or" translated."""
    out: list[Arg] = []
    for i, item in enumerate(items):
        out += [word("refuse.or"), item] if i else [item]
    return out


def refused(reason: Reason) -> IllegalAction:
    """The error that carries ``reason`` for an action not legal here: its English text,
    message id and arguments."""
    return IllegalAction(reason.english, reason.msg, **reason.args())


def unreadable(reason: Reason) -> UnreadableAction:
    """The error that carries ``reason`` for input that reads as no action of the game."""
    return UnreadableAction(reason.english, reason.msg, **reason.args())


def listing(items: Sequence[Arg]) -> Listing:
    """Items to be read as a list ("a, b, c"): at most SHOWN, then "..."."""
    return Listing(tuple(items[:SHOWN]) + (("...",) if len(items) > SHOWN else ()))


def _owner(msg: str) -> str:
    """Where a message's template lives: "core" for the framing, else the game's name."""
    head = msg.split(".", 1)[0]
    return "core" if head == "refuse" else head


@cache
def english_templates(owner: str) -> Mapping[str, str]:
    """The English refusals of ``core`` or of one game, by message id."""
    package = "scarab.core" if owner == "core" else f"scarab.games.{owner}"
    prefix = "refuse." if owner == "core" else f"{owner}.refuse."
    raw = tomllib.loads(resources.files(package).joinpath("refusals.toml").read_text("utf-8"))
    return {prefix + key: text for key, text in _flat(raw)}


def _flat(table: Mapping[str, Any], head: str = "") -> list[tuple[str, str]]:
    """A TOML table's strings by dotted key (``[mark] wall = ...`` is ``mark.wall``)."""
    out: list[tuple[str, str]] = []
    for key, value in table.items():
        if isinstance(value, str):
            out.append((head + key, value))
        else:
            out.extend(_flat(value, f"{head}{key}."))
    return out
