"""Rule catalogues: every rule a clause with an id, a paraphrase and a source."""

from __future__ import annotations

import re
import tomllib
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


def _raw(game: str) -> dict[str, Any]:
    raw = resources.files(f"scarab.games.{game}").joinpath("clauses.toml").read_text("utf-8")
    return tomllib.loads(raw)


def catalogue(game: str) -> list[Clause]:
    """The clauses of a game, from its package's clauses.toml."""
    return [
        Clause(c["id"], c["text"], c["source"], c.get("ruling", False))
        for c in _raw(game)["clause"]
    ]


@cache
def event_clauses(game: str) -> dict[str, tuple[str, ...]]:
    """The clause ids that govern each kind of event (the catalogue's [events] table): the
    "why" of a log entry."""
    return {kind: tuple(ids) for kind, ids in _raw(game).get("events", {}).items()}


def cited(tests_dir: Path) -> set[str]:
    """Clause ids cited by any test file below tests_dir (by rule("ID") markers)."""
    found: set[str] = set()
    pattern = re.compile(r"rule\(([^)]*)\)")
    ident = re.compile(r"[\"']([A-Z]{3}-[A-Z0-9-]+)[\"']")
    for path in tests_dir.rglob("*.py"):
        for args in pattern.findall(path.read_text("utf-8")):
            found.update(ident.findall(args))
    return found
