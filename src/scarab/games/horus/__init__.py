"""The Adventurers: The Pyramid of Horus (Blossier & Henry, FFG 2011) for 2-6 players.

Rules: rules.py and hazards.py; data: horus.toml; notation: actions.py;
clauses: clauses.toml.
"""

from __future__ import annotations

from scarab.core.game import JSON, Game, GameInfo
from scarab.core.valuation import Features, Heuristics, Valuation
from scarab.games.horus import action_space, board, describe, features, heuristic, rules
from scarab.games.horus.actions import HorusAction, parse
from scarab.games.horus.state import HorusState


class Horus(Game[HorusAction]):
    info = GameInfo(
        name="horus",
        title="The Adventurers: The Pyramid of Horus",
        min_players=2,
        max_players=6,
        longest=10_000,
    )
    words = describe
    heuristics: Heuristics[HorusAction] | None = Heuristics(
        hand=Valuation(heuristic.evaluate, heuristic.search_value, heuristic.win_chances),
        tuned=Valuation(
            heuristic.evaluate, heuristic.tuned_search_value, heuristic.tuned_win_chances
        ),
        features=Features(features.NAMES, features.features),
    )
    action_type = HorusAction

    def _new_game(self, names: tuple[str, ...], seed: int, options: dict[str, JSON]) -> HorusState:
        return rules.new_state(self, names, seed)

    def _parse(self, text: str) -> HorusAction:
        return parse(text)

    def board(self) -> dict[str, JSON]:
        return board.board()

    def _every_action(self) -> list[HorusAction]:
        return action_space.every_action()


GAME = Horus()

__all__ = ["GAME", "Horus", "HorusAction", "HorusState"]
