"""Learned position values: the shipped weights load, match what training computed, and
the search reads them as win chances."""

from __future__ import annotations

import json

import pytest

from scarab import load
from scarab.agents import Budget, IsmctsAgent, Seat
from scarab.agents.learned import LearnedValue, learned_value, weights_file
from scarab.games.horus import features as horus_features
from tests.agents.test_ismcts import decision


def test_the_horus_weights_fit_the_features_the_game_computes() -> None:
    model = json.loads(weights_file("horus").read_text(encoding="utf-8"))
    assert model["features"] == list(horus_features.NAMES)
    assert len(model["weights"]) == len(horus_features.NAMES)
    trained = model["trained"]
    assert trained["by"] == "tools/train_value.py" and trained["positions"] > 100_000
    # it was kept because it reads outcomes better than the heuristic on held-out games
    assert trained["log_loss"] < trained["heuristic_log_loss"]


def test_the_weights_give_the_values_they_gave_at_training_time() -> None:
    model = json.loads(weights_file("horus").read_text(encoding="utf-8"))
    value = learned_value("horus")
    assert value is not None and model["checks"]
    for check in model["checks"]:
        state = load("horus").new_game(check["players"], seed=check["seed"])
        for move in check["moves"]:
            state.apply(load("horus").parse_action(state, move))
        assert value(state, check["seat"]) == pytest.approx(check["value"], abs=1e-9)


def test_weights_for_other_features_are_refused() -> None:
    model = json.loads(weights_file("horus").read_text(encoding="utf-8"))
    model["features"] = model["features"][:-1]
    with pytest.raises(ValueError, match=r"train_value\.py"):
        LearnedValue("horus", model)


def test_a_game_without_weights_has_no_learned_value() -> None:
    assert not weights_file("luxor").exists()  # trained for Horus only, so far
    assert learned_value("luxor") is None


def test_values_are_win_chances() -> None:
    value = learned_value("horus")
    assert value is not None
    state = decision("horus", 4, plies=40)
    chances = [value(state, p) for p in range(state.num_players)]
    assert all(0.0 < c < 1.0 for c in chances)


def test_a_search_with_learned_values_rewards_seats_by_them() -> None:
    state = decision("horus", 9, plies=30)
    seat = state.current_player
    assert seat is not None
    agent = IsmctsAgent(1, Budget(iterations=1), learned={"horus": True})
    agent.choose(Seat(state, seat))
    assert agent._learned is learned_value("horus")
    plain = IsmctsAgent(1, Budget(iterations=1))
    plain.choose(Seat(state, seat))
    assert plain._learned is None
