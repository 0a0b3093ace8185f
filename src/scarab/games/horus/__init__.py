"""The Adventurers: The Pyramid of Horus (Blossier & Henry, FFG 2011) for 2-6 players.

Rules: rules.py and hazards.py; data: horus.toml; notation: actions.py;
clauses: clauses.toml.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scarab.core.errors import BadOption
from scarab.core.game import JSON, Game
from scarab.games.horus import rules
from scarab.games.horus.actions import HorusAction, parse
from scarab.games.horus.state import HorusState


class Horus(Game):
    name = "horus"
    title = "The Adventurers: The Pyramid of Horus"
    min_players = 2
    max_players = 6

    def new_game(
        self, players: int | Sequence[str], seed: int | None = None, **options: JSON
    ) -> HorusState:
        names = self.seat_names(players)
        if options:
            raise BadOption(f"Horus takes no options, got {', '.join(sorted(options))}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        return rules.new_state(self, names, seed)

    def parse(self, text: str) -> HorusAction:
        return parse(text)


GAME = Horus()

__all__ = ["GAME", "Horus", "HorusAction", "HorusState"]
