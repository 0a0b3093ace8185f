"""A bot's unseen choices are made in one go (scarab.agents.unseen), so that a front end
can show them at a time that does not count them."""

from __future__ import annotations

import random
import time

import pytest

import scarab
from scarab.agents import Budget, IsmctsAgent, Search, make_agent
from scarab.agents.unseen import RUN_SECONDS, RUN_SPARE, run_seconds, unseen_run
from scarab.core.game import State


def runs(game: str, players: int, seed: int, seat: int) -> dict[int, tuple[State, list[str]]]:
    """``seat``'s greedy runs in a game of random moves: by length, the first state and run."""
    state = scarab.load(game).new_game(players, seed=seed)
    rnd = random.Random(seed)
    found: dict[int, tuple[State, list[str]]] = {}
    while not state.is_over and len(found) < 2:
        if state.current_player == seat and state.choosing_unseen:
            acts, unseen = unseen_run(make_agent("greedy", seed=1), state.clone(), seat)
            assert unseen
            found.setdefault(len(acts), (state.clone(), [str(a) for a in acts]))
        state.apply(rnd.choice(state.legal_actions()))
    return found


@pytest.mark.rule("PYR-SIMULTANEOUS")
def test_a_seats_marks_and_the_cells_of_its_red_crosses_come_as_one_run() -> None:
    found = runs("pyramids", 3, 1, 1)  # the middle seat: a seat after it still decides
    assert set(found) == {1, 2}  # a mark alone, and a mark that won a red cross
    for state, acts in found.values():
        real = state.clone()
        for text in acts:
            assert real.current_player == 1 and real.choosing_unseen
            real.apply(real.game.parse_action(real, text))
        assert real.current_player != 1  # the run ends where the seat is done


@pytest.mark.parametrize("game", ["luxor", "horus"])
def test_a_move_the_others_see_is_a_run_of_one(game: str) -> None:
    state = scarab.load(game).new_game(2, seed=4)
    rnd = random.Random(4)
    for _ in range(30):
        seat = state.current_player
        assert seat is not None and not state.choosing_unseen
        acts, unseen = unseen_run(make_agent("greedy", seed=1), state.clone(), seat)
        assert len(acts) == 1 and not unseen
        state.apply(rnd.choice(state.legal_actions()))


def test_a_search_shares_the_runs_time_and_keeps_its_own_budget() -> None:
    state, _ = runs("pyramids", 3, 1, 1)[2]
    agent = IsmctsAgent(5, Search(Budget(iterations=20)))
    level = agent.level
    again, unseen = unseen_run(agent, state.clone(), 1)
    assert unseen and len(again) == 2 and agent.level is level  # put back after the run
    assert run_seconds("expert") == 1.5 + RUN_SPARE  # its own cap, then what is left
    assert run_seconds("strong") == run_seconds("greedy") == RUN_SECONDS


def test_a_run_ends_within_its_time_whatever_its_searches_own_clocks_say() -> None:
    state, _ = runs("pyramids", 3, 1, 1)[2]
    agent = IsmctsAgent(5, Search(Budget(iterations=None, seconds=60.0)))
    began = time.monotonic()
    acts, unseen = unseen_run(agent, state.clone(), 1)
    assert unseen and len(acts) >= 1
    assert time.monotonic() - began < 20 * RUN_SECONDS  # not 60 s a search
