"""Text at the edge: one JSON message catalogue per language, read by the server, the
terminal and (served as JSON) the page, so the three say the same things.

The engine says what happened as ``kind`` + ``data`` (and English words for the records);
the game packages turn an event, an action or a scoring row into a message id and its
arguments (``phrase``), and this module makes the reader's words from the catalogues in
``scarab/locales/<lang>/*.json``. English rule clauses, sections and examples (and
their sources) are read from the games' catalogues themselves, and the engine's reasons
for refusing an action from its ``refusals.toml`` files, so they are written once.

A template's placeholders are ``{name}``. An argument that is a string starting with
``@`` is itself a message id (a translated term: a card, a treasure, a direction); one
of the form ``#n`` is seat n's name; a ``{"msg", "args"}`` object is a message within
the message (a refusal's reason). When an argument ``n`` is 1 and the id has a
``<id>.one`` form, that form is used (singular).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from scarab.core.clauses import catalogue as clauses
from scarab.core.clauses import examples, sections
from scarab.core.game import JSON
from scarab.core.refusal import HOLE, english_templates
from scarab.core.registry import games

LANGS = ("en", "pt", "es")
NAMES = {"en": "English", "pt": "Português", "es": "Español"}


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every message of one language: its files merged (and for English, the rules)."""
    if lang not in LANGS:
        raise ValueError(f"there is no language {lang!r}: the languages are {', '.join(LANGS)}")
    out: dict[str, str] = {}
    folder = resources.files("scarab").joinpath("locales", lang)
    for item in sorted(folder.iterdir(), key=lambda i: i.name):
        if item.name.endswith(".json"):
            out.update(json.loads(item.read_text("utf-8")))
    if lang == "en":
        out.update(english_rules())
        for owner in ("core", *games()):
            out.update(english_templates(owner))
    return out


def english_rules() -> dict[str, str]:
    """The rules panel's English texts, taken from the games' own catalogues: each
    clause's and example's words and its source (the rulebook's section or page, our
    ruling, a research note), which the other languages translate like the rest."""
    out: dict[str, str] = {}
    for game in games():
        for c in clauses(game):
            out[f"rules.{game}.clause.{c.id}"] = c.text
            out[f"rules.{game}.source.{c.id}"] = c.source
        for s in sections(game):
            out[f"rules.{game}.section.{s.id}"] = s.title
        for e in examples(game):
            out[f"rules.{game}.example.{e.id}"] = e.text
            out[f"rules.{game}.example_source.{e.id}"] = e.source
    return out


def text(
    lang: str, msg: str, args: Mapping[str, Any] | None = None, names: Sequence[str] = ()
) -> str:
    """The words of message ``msg`` in ``lang`` (English where a translation is missing;
    the id itself where the message is unknown)."""
    own, english = catalogue(lang), catalogue("en")
    args = args or {}
    if args.get("n") == 1 and (msg + ".one") in english:
        msg += ".one"
    template = own.get(msg) or english.get(msg) or msg

    def fill(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in args:
            return match.group(0)
        return argument(lang, args[key], names)

    return HOLE.sub(fill, template)


def argument(lang: str, value: JSON, names: Sequence[str]) -> str:
    """One argument as words: a term id translated, a seat named, a nested message
    worded, a listing's items joined with commas, a phrase's parts with spaces."""
    if isinstance(value, str) and value.startswith("@"):
        return text(lang, value[1:], None, names)
    if isinstance(value, str) and value.startswith("#") and value[1:].isdigit():
        seat = int(value[1:])
        return names[seat] if seat < len(names) else value
    if isinstance(value, dict) and isinstance(value.get("msg"), str):
        nested = value.get("args")
        return text(lang, value["msg"], nested if isinstance(nested, dict) else None, names)
    if isinstance(value, dict) and isinstance(value.get("items"), list):
        return ", ".join(argument(lang, v, names) for v in value["items"])
    if isinstance(value, list):
        return " ".join(argument(lang, v, names) for v in value)
    return str(value)


def lang_field(value: object) -> str:
    """A language chosen from outside: one of ours, or a clear error."""
    if not isinstance(value, str) or value not in LANGS:
        raise ValueError(f"the language is one of {', '.join(LANGS)}, not {str(value)[:20]!r}")
    return value
