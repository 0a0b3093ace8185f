"""Starting an engine game and scoring its end, shared by the three adapters."""

from __future__ import annotations

from typing import Any

from scarab.core.game import State
from scarab.core.registry import load


def new_engine_state(game: str, players: int, seed: int) -> State[Any]:
    return load(game).new_game(players, seed=seed)  # one Pyramids player plays solo


def returns_of(state: State[Any]) -> list[float]:
    """1 for each winner, 0 for everyone else (all 0 before the end)."""
    won = set(state.winners()) if state.is_over else set()
    return [1.0 if p in won else 0.0 for p in range(state.num_players)]
