"""Learned position values: the shipped weights load, match what training computed, and
the search reads them as win chances."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from scarab import load
from scarab.agents import Budget, IsmctsAgent, Search, Seat, learned
from scarab.agents.learned import LearnedValue, learned_value, weights_file
from tests.agents.test_ismcts import decision

GAMES = ("luxor", "pyramids", "horus")


@pytest.mark.parametrize("game", GAMES)
def test_the_weights_fit_the_features_the_game_computes(game: str) -> None:
    names = importlib.import_module(f"scarab.games.{game}.features").NAMES
    model = json.loads(weights_file(game).read_text(encoding="utf-8"))
    assert model["features"] == list(names)
    assert len(model["weights"]) == len(names)
    trained = model["trained"]
    assert trained["by"] == "tools/train_value.py" and trained["positions"] > 100_000
    # it was kept because it reads outcomes better than the heuristic on held-out games
    assert trained["log_loss"] < trained["heuristic_log_loss"]


@pytest.mark.parametrize("game", GAMES)
def test_the_weights_give_the_values_they_gave_at_training_time(game: str) -> None:
    model = json.loads(weights_file(game).read_text(encoding="utf-8"))
    value = learned_value(game)
    assert value is not None and model["checks"]
    for check in model["checks"]:
        state = load(game).new_game(check["players"], seed=check["seed"])
        for move in check["moves"]:
            state.apply(load(game).parse_action(state, move))
        assert value(state, check["seat"]) == pytest.approx(check["value"], abs=1e-9)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_features_are_one_number_per_name_for_every_seat(game: str, players: int) -> None:
    module = importlib.import_module(f"scarab.games.{game}.features")
    state = decision(game, 3, plies=30, players=players)
    for seat in range(players):
        xs = module.features(state, seat)
        assert len(xs) == len(module.NAMES) and all(isinstance(x, float) for x in xs)
    with pytest.raises(TypeError, match="state"):
        module.features(load("luxor" if game != "luxor" else "horus").new_game(2, seed=1), 0)


def test_weights_for_other_features_are_refused() -> None:
    model = json.loads(weights_file("horus").read_text(encoding="utf-8"))
    model["features"] = model["features"][:-1]
    with pytest.raises(ValueError, match=r"train_value\.py"):
        LearnedValue("horus", model)


def test_a_game_without_weights_has_no_learned_value(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(learned, "VALUES", tmp_path)  # a package shipped without weights
    learned_value.cache_clear()
    try:
        assert not weights_file("luxor").exists()
        assert learned_value("luxor") is None
    finally:
        learned_value.cache_clear()


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
    agent = IsmctsAgent(1, Search(Budget(iterations=1), learned=True))
    agent.choose(Seat(state, seat))
    assert agent._learned is learned_value("horus")
    plain = IsmctsAgent(1, Search(Budget(iterations=1)))
    plain.choose(Seat(state, seat))
    assert plain._learned is None
