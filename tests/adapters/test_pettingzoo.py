"""The PettingZoo AEC environments: api_test, seed_test, masks, rewards, render."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from scarab.adapters.actions import action_space
from scarab.adapters.observation import encode, size
from scarab.adapters.pettingzoo import env
from tests.adapters.helpers import GAME_COUNTS, GAMES

# api_test warns that a Dict observation space is unusual: it is the documented action-mask form
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

BOARD_TEXT = {"luxor": "Stairs", "pyramids": "Score cards", "horus": "Keeper"}


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_api_test(game: str, players: int) -> None:
    api_test(env(game, players), num_cycles=200)


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_seed_test(game: str, players: int) -> None:
    seed_test(lambda: env(game, players), num_cycles=200)


@pytest.mark.parametrize(("game", "players"), [("luxor", 4), ("pyramids", 1), ("horus", 5)])
def test_a_random_game_with_masks(game: str, players: int) -> None:
    e = env(game, players)
    e.reset(seed=11)
    assert e.agents == [f"player_{i}" for i in range(players)]
    space = action_space(game)
    rng = np.random.default_rng(0)
    steps = 0
    for agent in e.agent_iter(max_iter=5000):
        obs, reward, terminated, truncated, _ = e.last()
        assert obs["observation"].shape == (size(game, players),)
        assert obs["action_mask"].dtype == np.int8
        assert e.observation_space(agent).contains(obs)
        if terminated or truncated:
            e.step(None)
            continue
        assert reward == 0.0
        seat = e.possible_agents.index(agent)
        assert e.state is not None and e.state.current_player == seat
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        assert legal == space.legal_ids(e.state)
        assert np.array_equal(obs["observation"], encode(game, e.state.view(seat), seat, players))
        for other in e.agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any(), "only the mover has a mask"
        e.step(int(rng.choice(legal)))
        steps += 1
    assert e.state is not None and e.state.is_over and not e.agents
    assert steps > 10


@pytest.mark.parametrize("game", GAMES)
def test_rewards_go_to_the_winners(game: str) -> None:
    e = env(game, 2)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(max_iter=5000):
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.state is not None
    winners = set(e.state.winners())
    assert totals == {f"player_{p}": 1.0 if p in winners else 0.0 for p in range(2)}


@pytest.mark.parametrize("game", GAMES)
def test_render_returns_the_text_board(game: str) -> None:
    e = env(game, 3, render_mode="ansi")
    assert e.render() is None, "nothing to draw before reset"
    e.reset(seed=0)
    text = e.render()
    assert isinstance(text, str) and text.strip()
    assert BOARD_TEXT[game] in text
    assert "\x1b[" not in text, "no colour codes"
    for mode in ("human", "rgb_array", ""):  # PettingZoo's other modes: this env draws text
        with pytest.raises(ValueError, match="render_mode is 'ansi'"):
            env(game, 3, render_mode=mode)


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_action_raises_with_the_reason(game: str) -> None:
    e = env(game, 2)
    e.reset(seed=5)
    assert e.state is not None
    legal = action_space(game).legal_ids(e.state)
    bad = next(i for i in range(len(action_space(game))) if i not in legal)
    before = e.state.clone()
    with pytest.raises(ValueError, match=r"is not legal now \(.*is not legal: .*\); legal ids"):
        e.step(bad)
    for thing in (len(action_space(game)) + 5, -1, True, 1.0, "3", np.float64(2.0)):
        with pytest.raises(ValueError, match="an action is an integer id from 0 to"):
            e.step(thing)
    assert e.state == before, "nothing changed"


def test_seeds_reproduce_and_differ() -> None:
    a, b = env("luxor", 3), env("luxor", 3)
    a.reset(seed=1)
    b.reset(seed=1)
    assert a.state == b.state
    b.reset(seed=2)
    assert a.state != b.state
    assert a.metadata["name"] == "scarab_luxor_v0"


@pytest.mark.parametrize("bad", [-1, True, 1.5, "abc", b"x"])
def test_a_seed_that_is_not_a_whole_number_from_0_is_refused(bad: object) -> None:
    # random.Random would deal seed -1 and True as seed 1, and hash the others
    e = env("luxor", 2)
    with pytest.raises(ValueError, match="seed is a whole number from 0"):
        e.reset(seed=bad)  # type: ignore[arg-type]


def test_each_observation_is_encoded_once_per_step_and_handed_out_as_a_copy() -> None:
    e = env("pyramids", 2)
    e.reset(seed=1)
    encoded: list[int] = []
    encode_state = e._encode
    e._encode = lambda state, seat: encoded.append(seat) or encode_state(state, seat)
    agent = e.agent_selection
    first = e.observe(agent)
    first["observation"][:] = 5.0
    first["action_mask"][:] = 0
    again = e.observe(agent)
    assert encoded == [0], "the second observe used this step's tensor"
    assert again["action_mask"].any() and not np.array_equal(
        again["observation"], first["observation"]
    )
    e.step(int(np.flatnonzero(again["action_mask"])[0]))
    e.observe(agent)
    assert encoded == [0, 0], "a step forgets the tensors"


def test_observing_an_agent_not_at_the_table_names_the_agents() -> None:
    e = env("luxor", 2)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before observe\(\)"):
        e.observe("player_0")
    e.reset(seed=1)
    with pytest.raises(ValueError, match=r"no agent 'player_9': the agents are \['player_0'"):
        e.observe("player_9")  # it was "'player_9' is not in list"
