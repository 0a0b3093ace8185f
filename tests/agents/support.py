"""Shared helpers for the bot tests: let agents finish a game, checking each choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scarab.agents import Agent, GreedyAgent, Seat
from scarab.core.game import State
from scarab.core.rng import Rng


def play_out(
    state: State,
    agents: list[Agent],
    limit: int = 5000,
    chosen: Callable[[State, int, Any], None] | None = None,
) -> State:
    """Let the agents finish the game, checking every choice is legal before it is played;
    ``chosen(state, seat, action)`` sees each choice before it is played."""
    for _ in range(limit):
        if state.is_over:
            return state
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        act = agents[seat].choose(Seat(state, seat))
        assert act in legal, f"{agents[seat].name} chose {act}, legal: {legal}"
        assert agents[seat].explain()
        if chosen is not None:
            chosen(state, seat, act)
        state.apply(act)
    raise AssertionError("the game did not end")


def greedy_changes_nothing(state: State, moves: int) -> None:
    """A greedy bot plays every seat; choosing never moves the real game or any view,
    and the bot keeps no state between choices (only the determinized copies it made)."""
    bot = GreedyAgent(seed=1)
    for _ in range(moves):
        if state.is_over:
            break
        before, history = state.key(), list(state.history())
        views = [state.view(p) for p in range(state.num_players)]
        seat = state.current_player
        assert seat is not None
        act = bot.choose(Seat(state, seat))
        assert state.key() == before and state.history() == history
        assert [state.view(p) for p in range(state.num_players)] == views
        assert not any(isinstance(v, State) for v in vars(bot).values())
        assert str(act) in bot.explain()
        state.apply(act)


def greedy_is_blind_to(state: State, moves: int, hide: Callable[[Any, int], None]) -> None:
    """Twin games that differ only in what is hidden from the seat to move (``hide`` changes
    the twin's hidden parts, and its RNG is reseeded): the seat's view is the same, and so
    is the greedy bot's choice."""
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        twin = state.clone()
        twin.rng = Rng(987654321)
        hide(twin, seat)
        assert twin.view(seat) == state.view(seat)
        a = GreedyAgent(seed=3).choose(Seat(state, seat))
        b = GreedyAgent(seed=3).choose(Seat(twin, seat))
        assert a == b
        state.apply(a)
