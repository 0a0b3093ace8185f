"""Shared driver for the bot tests: let agents finish a game, checking each choice."""

from __future__ import annotations

from scarab.agents import Agent, Seat
from scarab.core.game import State


def play_out(state: State, agents: list[Agent], limit: int = 5000) -> State:
    """Let the agents finish the game, checking every choice is legal before it is played."""
    for _ in range(limit):
        if state.is_over:
            return state
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        act = agents[seat].choose(Seat(state, seat))
        assert act in legal, f"{agents[seat].name} chose {act}, legal: {legal}"
        assert agents[seat].explain()
        state.apply(act)
    raise AssertionError("the game did not end")
