"""horus analytics (to be written)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scarab.arena.sections import Section


def analyse(games: Sequence[Mapping[str, Any]]) -> Section:
    return Section(title="horus")
