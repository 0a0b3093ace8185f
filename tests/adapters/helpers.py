"""Shared helpers for the adapter tests: every game at every player count, random states."""

from __future__ import annotations

import random
from collections.abc import Iterator

from scarab.adapters.engine import new_engine_state
from scarab.core.game import State
from scarab.core.registry import games, load

PLAYER_COUNTS = {
    name: tuple(range(load(name).min_players, load(name).max_players + 1)) for name in games()
}
GAMES = tuple(PLAYER_COUNTS)
GAME_COUNTS = [(g, n) for g, counts in PLAYER_COUNTS.items() for n in counts]


def random_states(game: str, players: int, games: int = 2, every: int = 1) -> Iterator[State]:
    """Clones of the states met along random playouts (seeded), the end included."""
    for seed in range(games):
        rng = random.Random(seed)
        state = new_engine_state(game, players, seed)
        k = 0
        while True:
            if k % every == 0 or state.is_over:
                yield state.clone()
            if state.is_over:
                break
            state.step(rng.choice(state.legal_actions()))
            k += 1
