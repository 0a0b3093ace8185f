"""Rule catalogues: every rule a clause with an id, a paraphrase and a source."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Clause:
    id: str
    text: str
    source: str
    ruling: bool = False  # the rulebook is silent (on all or part of it): our decision
    section: str = ""  # the id of the catalogue section (rulebook order) it belongs to


@dataclass(frozen=True)
class Section:
    """A part of the rulebook, in the rulebook's order: the rules panel groups by it."""

    id: str
    title: str


@dataclass(frozen=True)
class Example:
    """A worked example from the rulebook, in our own words, with the clauses it shows
    and the test that plays it (``file::test``), so the example cannot drift."""

    id: str
    section: str
    clauses: tuple[str, ...]
    text: str
    source: str
    test: str = ""


def _raw(game: str) -> dict[str, Any]:
    raw = resources.files(f"scarab.games.{game}").joinpath("clauses.toml").read_text("utf-8")
    return tomllib.loads(raw)


def catalogue(game: str) -> list[Clause]:
    """The clauses of a game, from its package's clauses.toml."""
    return [
        Clause(c["id"], c["text"], c["source"], c.get("ruling", False), c.get("section", ""))
        for c in _raw(game)["clause"]
    ]


def sections(game: str) -> list[Section]:
    """The catalogue's sections, in the rulebook's order."""
    return [Section(s["id"], s["title"]) for s in _raw(game).get("section", [])]


def examples(game: str) -> list[Example]:
    """The catalogue's worked examples, in the rulebook's order."""
    return [
        Example(
            e["id"], e["section"], tuple(e["clauses"]), e["text"], e["source"], e.get("test", "")
        )
        for e in _raw(game).get("example", [])
    ]


@cache
def event_clauses(game: str) -> dict[str, tuple[str, ...]]:
    """The clause ids that govern each kind of event (the catalogue's [events] table): the
    "why" of a log entry."""
    return {kind: tuple(ids) for kind, ids in _raw(game).get("events", {}).items()}


@cache
def _flagged(game: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    return {
        kind: (flag, tuple(ids))
        for key, ids in _raw(game).get("event_flags", {}).items()
        for kind, flag in [key.split(".", 1)]
    }


def clauses_for(game: str, kind: str, data: Mapping[str, object]) -> tuple[str, ...]:
    """The clauses of one event: where the catalogue's [event_flags] names a flag of its
    kind that the event's data holds ("move.enter": a Horus move that enters the pyramid),
    those; else its kind's."""
    flagged = _flagged(game).get(kind)
    if flagged is not None and data.get(flagged[0]):
        return flagged[1]
    return event_clauses(game).get(kind, ())


def cited(tests_dir: Path) -> set[str]:
    """Clause ids cited by any test file below tests_dir (by rule("ID") markers)."""
    found: set[str] = set()
    pattern = re.compile(r"rule\(([^)]*)\)")
    ident = re.compile(r"[\"']([A-Z]{3}-[A-Z0-9-]+)[\"']")
    for path in tests_dir.rglob("*.py"):
        for args in pattern.findall(path.read_text("utf-8")):
            found.update(ident.findall(args))
    return found
