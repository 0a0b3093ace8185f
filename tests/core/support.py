"""Random positions of every game, for the tests that hold for all three alike."""

from __future__ import annotations

import random

import scarab
from scarab.core.game import State

PLAYERS = {"luxor": (2, 3, 4), "pyramids": (1, 2, 3, 4), "horus": (2, 3, 4, 5, 6)}
GAMES = tuple(PLAYERS)


def new(game: str, players: int, seed: int) -> State:
    options = {"solo": True} if game == "pyramids" and players == 1 else {}
    return scarab.load(game).new_game(players, seed=seed, **options)


def position(game: str, players: int, seed: int, steps: int) -> State:
    """The state after ``steps`` random decisions of a seeded game (or its end)."""
    s = new(game, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s.step(rng.choice(s.legal_actions()))
    return s
