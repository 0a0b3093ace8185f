"""The Adventurers: The Pyramid of Horus (Blossier & Henry, FFG 2011) for 2-6 players.

Rules: rules.py and hazards.py; data: horus.toml; notation: actions.py;
clauses: clauses.toml.
"""

from __future__ import annotations

from typing import Any

from scarab.core.game import JSON, Game
from scarab.games.horus import board, describe, rules
from scarab.games.horus.actions import HorusAction, parse
from scarab.games.horus.state import HorusState


class Horus(Game):
    name = "horus"
    title = "The Adventurers: The Pyramid of Horus"
    min_players = 2
    max_players = 6
    action_type = HorusAction

    def _new_game(self, names: tuple[str, ...], seed: int, options: dict[str, JSON]) -> HorusState:
        return rules.new_state(self, names, seed)

    def _parse(self, text: str) -> HorusAction:
        return parse(text)

    def board(self) -> dict[str, JSON]:
        return board.board()

    def fields(self, view: dict[str, JSON], action: Any) -> dict[str, JSON]:
        return describe.fields(view, action)

    def describe(
        self, view: dict[str, JSON], action: Any, fields: dict[str, JSON] | None = None
    ) -> str:
        return describe.describe(view, action, fields)

    def final_rows(self, view: dict[str, JSON]) -> list[dict[str, JSON]]:
        return describe.final_rows(view)

    def phrase(
        self, view: dict[str, JSON], action: Any, fields: dict[str, JSON] | None = None
    ) -> tuple[str, dict[str, JSON]]:
        return describe.phrase(view, action, fields)

    def event_phrase(self, kind: str, data: dict[str, JSON]) -> tuple[str, dict[str, JSON]]:
        return describe.event_phrase(kind, data)


GAME = Horus()

__all__ = ["GAME", "Horus", "HorusAction", "HorusState"]
