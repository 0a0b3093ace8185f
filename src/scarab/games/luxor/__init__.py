"""Luxor (Rüdiger Dorn, Queen Games 2018) for 2-4 players.

Rules: rules.py; data: luxor.toml; notation: actions.py; clauses: clauses.toml.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scarab.core.errors import BadOption
from scarab.core.game import JSON, Game
from scarab.games.luxor import rules
from scarab.games.luxor.actions import LuxorAction, parse
from scarab.games.luxor.state import LuxorState


class Luxor(Game):
    name = "luxor"
    title = "Luxor"
    min_players = 2
    max_players = 4

    def new_game(
        self, players: int | Sequence[str], seed: int | None = None, **options: JSON
    ) -> LuxorState:
        names = self.seat_names(players)
        if options:
            raise BadOption(f"Luxor takes no options, got {', '.join(sorted(options))}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        return rules.new_state(self, names, seed)

    def parse(self, text: str) -> LuxorAction:
        return parse(text)


GAME = Luxor()

__all__ = ["GAME", "Luxor", "LuxorAction", "LuxorState"]
