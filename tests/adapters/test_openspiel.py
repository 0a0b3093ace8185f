"""The OpenSpiel games: registration, GameType/GameInfo, chance, serialization, bots."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import scarab
from scarab.adapters import openspiel
from scarab.adapters.actions import action_space
from scarab.adapters.observation import encode, layout, size
from tests.adapters.helpers import GAME_COUNTS, GAMES, PLAYER_COUNTS

openspiel.register()


def load(game: str, players: int) -> pyspiel.Game:
    return pyspiel.load_game(f"scarab_{game}", {"players": players})


def play_random(state: pyspiel.State, rng: np.random.RandomState, moves: int = 10**6) -> None:
    """Random play (chance by its outcome probabilities) for up to ``moves`` player moves."""
    while not state.is_terminal() and moves > 0:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            moves -= 1


def settle(state: pyspiel.State, rng: np.random.RandomState) -> None:
    """Resolve chance nodes until a player (or the end) is to move."""
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))


def test_register_is_idempotent_and_names_the_games() -> None:
    openspiel.register()
    registered = pyspiel.registered_names()
    for game in GAMES:
        assert f"scarab_{game}" in registered
    assert load("luxor", 3).num_players() == 3


@pytest.mark.parametrize("game", GAMES)
def test_game_type(game: str) -> None:
    kind = pyspiel.load_game(f"scarab_{game}").get_type()
    T = pyspiel.GameType
    assert kind.short_name == f"scarab_{game}"
    assert kind.long_name.startswith("Scarab ")
    assert kind.dynamics == T.Dynamics.SEQUENTIAL
    assert kind.chance_mode == T.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == T.Information.IMPERFECT_INFORMATION
    assert kind.utility == T.Utility.GENERAL_SUM
    assert kind.reward_model == T.RewardModel.TERMINAL
    assert kind.min_num_players == PLAYER_COUNTS[game][0]
    assert kind.max_num_players == PLAYER_COUNTS[game][-1]
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert not kind.provides_information_state_string
    assert not kind.provides_information_state_tensor
    assert kind.parameter_specification == {"players": 2}


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_game_info(game: str, players: int) -> None:
    g = load(game, players)
    assert g.num_distinct_actions() == len(action_space(game))
    assert g.num_players() == players
    assert g.min_utility() == 0.0 and g.max_utility() == 1.0
    assert g.max_game_length() == scarab.load(game).info.longest
    assert g.max_chance_outcomes() == openspiel.MAX_CHANCE_OUTCOMES
    assert g.observation_tensor_shape() == [size(game, players)]
    assert str(g) == f"scarab_{game}(players={players})"


def test_default_players_and_bad_counts() -> None:
    assert pyspiel.load_game("scarab_luxor").num_players() == 2
    for game, players in (("luxor", 1), ("luxor", 5), ("pyramids", 5), ("horus", 1), ("horus", 7)):
        with pytest.raises(ValueError, match="takes"):
            load(game, players)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_random_sim_test_with_serialization(game: str, players: int) -> None:
    pyspiel.random_sim_test(load(game, players), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game", GAMES)
def test_chance_nodes_are_uniform_and_the_seed_comes_first(game: str) -> None:
    state = load(game, 2).new_initial_state()
    for byte in range(openspiel.SEED_BYTES):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(256))
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, 7) == "seed byte 7"
        state.apply_action(byte * 31 % 256)
    assert not state.is_chance_node()
    sizes: set[int] = set()
    rng = np.random.RandomState(1)
    for _ in range(3):
        state = load(game, 2).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                probs = [p for _, p in outcomes]
                assert [a for a, _ in outcomes] == list(range(len(outcomes)))
                assert len(set(probs)) == 1 and sum(probs) == pytest.approx(1.0)
                assert state.legal_actions() == [a for a, _ in outcomes]
                sizes.add(len(outcomes))
                state.apply_action(int(rng.randint(len(outcomes))))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
    if game in ("luxor", "horus"):  # dice are rolled during play
        assert any(n < openspiel.MAX_CHANCE_OUTCOMES for n in sizes), sizes


@pytest.mark.parametrize("game", GAMES)
def test_the_same_outcomes_give_the_same_game(game: str) -> None:
    a = load(game, 3).new_initial_state()
    play_random(a, np.random.RandomState(4), moves=40)
    b = load(game, 3).new_initial_state()
    for action in a.history():
        b.apply_action(action)
    assert str(a) == str(b) and a.history() == b.history()


@pytest.mark.parametrize("game", GAMES)
def test_player_nodes_match_the_engine(game: str) -> None:
    players = 3
    state = load(game, players).new_initial_state()
    rng = np.random.RandomState(2)
    for _ in range(25):
        settle(state, rng)
        if state.is_terminal():
            break
        engine = state.engine
        assert state.current_player() == engine.current_player
        assert state.legal_actions() == action_space(game).legal_ids(engine)
        mask = state.legal_actions_mask()
        assert [i for i, m in enumerate(mask) if m] == state.legal_actions()
        for p in range(players):
            view = engine.view(p)
            assert state.observation_string(p) == json.dumps(view, sort_keys=True)
            assert np.array_equal(
                np.array(state.observation_tensor(p), np.float32), encode(game, view, p, players)
            )
        action = int(rng.choice(state.legal_actions()))
        assert state.action_to_string(state.current_player(), action) == str(
            action_space(game).decode(action)
        )
        state.apply_action(action)


@pytest.mark.parametrize("game", GAMES)
def test_python_observer(game: str) -> None:
    g = load(game, 2)
    obs = make_observation(g)
    assert set(obs.dict) == set(layout(game, 2))
    state = g.new_initial_state()
    obs.set_from(state, 0)
    assert not obs.tensor.any() and obs.string_from(state, 0) == ""
    play_random(state, np.random.RandomState(0), moves=5)
    settle(state, np.random.RandomState(0))
    obs.set_from(state, 1)
    assert np.array_equal(obs.tensor, encode(game, state.engine.view(1), 1, 2))
    assert obs.string_from(state, 1) == json.dumps(state.engine.view(1), sort_keys=True)
    with pytest.raises(ValueError, match="perfect-recall"):
        make_observation(g, pyspiel.IIGObservationType(perfect_recall=True))


@pytest.mark.parametrize(("game", "players"), [("luxor", 3), ("pyramids", 2), ("horus", 4)])
def test_serialization_round_trip_mid_game(game: str, players: int) -> None:
    g = load(game, players)
    state = g.new_initial_state()
    play_random(state, np.random.RandomState(7), moves=30)
    assert not state.is_terminal()
    text = pyspiel.serialize_game_and_state(g, state)
    g2, copy = pyspiel.deserialize_game_and_state(text)
    assert str(g2) == str(g)
    assert str(copy) == str(state) and copy.history() == state.history()
    pickled = pickle.loads(pickle.dumps(state))
    assert str(pickled) == str(state)
    clone = state.clone()
    assert str(clone) == str(state)
    # all three continue alike
    for s in (state, copy, pickled, clone):
        play_random(s, np.random.RandomState(8), moves=20)
    assert str(copy) == str(pickled) == str(clone) == str(state)


@pytest.mark.parametrize(("game", "players"), [("luxor", 2), ("pyramids", 1), ("horus", 3)])
def test_returns_are_1_for_winners(game: str, players: int) -> None:
    for seed in range(3):
        state = load(game, players).new_initial_state()
        rng = np.random.RandomState(seed)
        while not state.is_terminal():
            assert state.returns() == [0.0] * players
            play_random(state, rng, moves=1)
        winners = set(state.engine.winners())
        assert state.returns() == [1.0 if p in winners else 0.0 for p in range(players)]
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        assert game == "horus" or winners, "someone wins luxor and pyramids"


@pytest.mark.parametrize("game", GAMES)
def test_resample_keeps_the_players_observation(game: str) -> None:
    state = load(game, 3).new_initial_state()
    rng = np.random.RandomState(3)
    differs = False
    for _ in range(6):
        play_random(state, rng, moves=5)
        settle(state, rng)
        if state.is_terminal():
            break
        p = state.current_player()
        for _ in range(3):
            other = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert other.observation_string(p) == state.observation_string(p)
            assert other.current_player() == p
            assert sorted(other.legal_actions()) == sorted(state.legal_actions())
            differs |= any(
                other.observation_string(q) != state.observation_string(q)
                for q in range(3)
                if q != p
            )
    if game != "horus":  # hands are hidden from the start (Horus hides little early on)
        assert differs, "hidden information was redrawn"


def play_bots(game: str, bots: list[object], seed: int) -> pyspiel.State:
    state = load(game, 2).new_initial_state()
    rng = np.random.RandomState(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            settle(state, rng)
        else:
            action = bots[state.current_player()].step(state)  # type: ignore[attr-defined]
            assert action in state.legal_actions()
            state.apply_action(action)
    return state


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_mcts_bot_plays_a_full_game(game: str) -> None:
    g = load(game, 2)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(g, 2.0, 3, evaluator, random_state=np.random.RandomState(1), solve=False)
    state = play_bots(game, [bot, bot], seed=0)
    assert state.is_terminal() and len(state.returns()) == 2


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_ismcts_bot_plays_a_full_game(game: str) -> None:
    g = load(game, 2)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(
        g,
        evaluator,
        2.0,
        3,
        random_state=np.random.RandomState(1),
        use_observation_string=True,
        allow_inconsistent_action_sets=True,
    )
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)  # seeded: a reproducible search
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    state = play_bots(game, [bot, bot], seed=0)
    assert state.is_terminal() and len(state.returns()) == 2
