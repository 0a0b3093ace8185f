"""The random bot: a uniform choice among the legal actions, from its own seeded RNG."""

from __future__ import annotations

import random

from scarab.agents.base import NOT_YET, A, Phrase, Seat, english


class RandomAgent:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._said = NOT_YET

    def choose(self, seat: Seat[A]) -> A:
        legal = seat.legal_actions()
        act = self.rng.choice(legal)
        self._said = [("bot.random", {"action": str(act), "n": len(legal)})]
        return act

    def explain(self) -> str:
        return english(self._said)

    def said(self) -> list[Phrase]:
        return list(self._said)

    def __repr__(self) -> str:
        return "<RandomAgent>"
