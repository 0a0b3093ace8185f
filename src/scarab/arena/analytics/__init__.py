"""Per-game analytics for the arena report: what a designer asks of each game.

Each game's module has ``analyse(games) -> Section``; ``games`` are result lines
(``scarab.arena.play.play_game``), each holding the game's record to replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Any

from scarab.arena.sections import Section


def section_for(game: str, games: Sequence[Mapping[str, Any]]) -> Section:
    """The analytics section for ``game`` over the result lines ``games``."""
    module = import_module(f"scarab.arena.analytics.{game}")
    section: Section = module.analyse(games)
    return section
