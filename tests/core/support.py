"""Random positions of every registered game, for the tests that hold for all games alike."""

from __future__ import annotations

import random

import scarab
from scarab.core.game import State
from scarab.core.registry import games

# every registered game, with each player count it takes
PLAYERS = {
    name: tuple(range(scarab.load(name).min_players, scarab.load(name).max_players + 1))
    for name in games()
}
GAMES = tuple(PLAYERS)
# (game, players) for each, and their readable ids: "luxor-3p"
CASES = [(game, players) for game in GAMES for players in PLAYERS[game]]
CASE_IDS = [f"{game}-{players}p" for game, players in CASES]


def new(game: str, players: int, seed: int) -> State:
    return scarab.load(game).new_game(players, seed=seed)


def position(game: str, players: int, seed: int, steps: int) -> State:
    """The state after ``steps`` random decisions of a seeded game (or its end)."""
    s = new(game, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s.step(rng.choice(s.legal_actions()))
    return s
