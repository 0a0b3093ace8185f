"""Luxor (Rüdiger Dorn, Queen Games 2018) for 2-4 players.

Rules: rules.py; data: luxor.toml; notation: actions.py; clauses: clauses.toml.
"""

from __future__ import annotations

from scarab.core.game import JSON, Game, GameInfo
from scarab.core.valuation import Features, Heuristics, Valuation
from scarab.games.luxor import action_space, board, describe, features, heuristic, rules
from scarab.games.luxor.actions import LuxorAction, parse
from scarab.games.luxor.state import LuxorState


class Luxor(Game[LuxorAction]):
    info = GameInfo(name="luxor", title="Luxor", min_players=2, max_players=4, longest=2_000)
    words = describe
    heuristics: Heuristics[LuxorAction] | None = Heuristics(
        hand=Valuation(heuristic.evaluate), features=Features(features.NAMES, features.features)
    )
    action_type = LuxorAction

    def _new_game(self, names: tuple[str, ...], seed: int, options: dict[str, JSON]) -> LuxorState:
        return rules.new_state(self, names, seed)

    def _parse(self, text: str) -> LuxorAction:
        return parse(text)

    def board(self) -> dict[str, JSON]:
        return board.board()

    def _every_action(self) -> list[LuxorAction]:
        return action_space.every_action()


GAME = Luxor()

__all__ = ["GAME", "Luxor", "LuxorAction", "LuxorState"]
