"""The random bot: a uniform choice among the legal actions, from its own seeded RNG."""

from __future__ import annotations

import random
from typing import Any

from scarab.agents.base import Seat


class RandomAgent:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._why = "has not chosen yet"

    def choose(self, seat: Seat) -> Any:
        legal = seat.legal_actions()
        act = self.rng.choice(legal)
        self._why = f"picked {act} at random from {len(legal)} legal action(s)"
        return act

    def explain(self) -> str:
        return self._why

    def __repr__(self) -> str:
        return "<RandomAgent>"
