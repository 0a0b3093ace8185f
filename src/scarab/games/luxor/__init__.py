"""Luxor (Rüdiger Dorn, Queen Games 2018) for 2-4 players.

Rules: rules.py; data: luxor.toml; notation: actions.py; clauses: clauses.toml.
"""

from __future__ import annotations

from scarab.core.game import JSON, Game
from scarab.games.luxor import board, describe, rules
from scarab.games.luxor.actions import LuxorAction, parse
from scarab.games.luxor.state import LuxorState


class Luxor(Game):
    name = "luxor"
    title = "Luxor"
    min_players = 2
    max_players = 4
    words = describe
    action_type = LuxorAction

    def _new_game(self, names: tuple[str, ...], seed: int, options: dict[str, JSON]) -> LuxorState:
        return rules.new_state(self, names, seed)

    def _parse(self, text: str) -> LuxorAction:
        return parse(text)

    def board(self) -> dict[str, JSON]:
        return board.board()


GAME = Luxor()

__all__ = ["GAME", "Luxor", "LuxorAction", "LuxorState"]
