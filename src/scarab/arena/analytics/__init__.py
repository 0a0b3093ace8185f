"""Per-game analytics for the arena report: what a designer asks of each game.

Each game's module has ``analyse(games) -> Section``; ``games`` are result lines
(``scarab.arena.play.play_game``), each holding the game's record to replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Any

from scarab.arena.sections import Section
from scarab.core.errors import BadRecord
from scarab.core.game import Game, State
from scarab.core.record import Record, read_record
from scarab.core.registry import load


def start(line: Mapping[str, Any], game: str) -> tuple[Game[Any], State[Any], Record]:
    """The game, its state before the first move and the record of one result line: an
    analytics replays the moves itself, reading the state between them."""
    text = line.get("record")
    try:
        if not isinstance(text, str):
            raise BadRecord("it holds no record text")
        record = read_record(text)
    except BadRecord as exc:
        raise BadRecord(f"game {line.get('index')} of the results: {exc}") from None
    rules = load(game)
    return rules, rules.new_game(record.players, seed=record.seed, **record.options), record


def section_for(game: str, games: Sequence[Mapping[str, Any]]) -> Section:
    """The analytics section for ``game`` over the result lines ``games``."""
    module = import_module(f"scarab.arena.analytics.{game}")
    section: Section = module.analyse(games)
    return section
