"""Luxor (Rüdiger Dorn, Queen Games 2018) for 2-4 players.

Rules: rules.py; data: luxor.toml; notation: actions.py; clauses: clauses.toml.
"""

from __future__ import annotations

from typing import Any

from scarab.core.game import JSON, Game
from scarab.games.luxor import board, describe, rules
from scarab.games.luxor.actions import LuxorAction, parse
from scarab.games.luxor.state import LuxorState


class Luxor(Game):
    name = "luxor"
    title = "Luxor"
    min_players = 2
    max_players = 4
    action_type = LuxorAction

    def _new_game(self, names: tuple[str, ...], seed: int, options: dict[str, JSON]) -> LuxorState:
        return rules.new_state(self, names, seed)

    def _parse(self, text: str) -> LuxorAction:
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


GAME = Luxor()

__all__ = ["GAME", "Luxor", "LuxorAction", "LuxorState"]
