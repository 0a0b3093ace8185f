"""The single-agent Gymnasium environments: check_env, illegal ids, rewards, episodes."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from scarab.adapters.actions import action_space
from scarab.adapters.gymnasium import ScarabEnv
from scarab.adapters.observation import encode
from tests.adapters.helpers import GAMES

# check_env warns that an env built without gymnasium.make has no spec
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("opponents", ["random", "greedy"])
@pytest.mark.parametrize(
    ("game", "players"),
    [("luxor", 2), ("luxor", 4), ("pyramids", 1), ("pyramids", 3), ("horus", 2), ("horus", 6)],
)
def test_check_env(game: str, players: int, opponents: str) -> None:
    check_env(ScarabEnv(game, players, opponents, render_mode="ansi"), skip_render_check=False)


def run_episode(e: ScarabEnv, seed: int) -> tuple[float, int]:
    """Random legal ids to the end; the final reward and the number of steps."""
    obs, info = e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for steps in range(1, 5000):
        assert e.state is not None and e.state.current_player == e.seat
        assert np.flatnonzero(obs["action_mask"]).tolist() == info["legal"]
        assert np.array_equal(
            obs["observation"], encode(e.game, e.state.view(e.seat), e.seat, e.players)
        )
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(info["legal"])))
        assert not truncated and "illegal" not in info
        if terminated:
            assert e.state.is_over
            assert not obs["action_mask"].any() and info["legal"] == []
            return reward, steps
        assert reward == 0.0
    raise AssertionError("the episode did not end")


@pytest.mark.parametrize("game", GAMES)
def test_a_random_episode_ends_with_reward_1_iff_the_seat_won(game: str) -> None:
    for seat, opponents, seed in ((0, "random", 1), (1, "greedy", 2), (0, "greedy", 3)):
        e = ScarabEnv(game, 2, opponents, seat=seat)
        reward, steps = run_episode(e, seed)
        assert e.state is not None and steps > 1
        assert reward == (1.0 if seat in e.state.winners() else 0.0)
        with pytest.raises(RuntimeError, match="reset"):
            e.step(0)


def test_the_agent_can_win_and_lose() -> None:
    rewards = {run_episode(ScarabEnv("pyramids", 2, "random"), seed)[0] for seed in range(8)}
    assert rewards == {0.0, 1.0}


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_id_changes_nothing(game: str) -> None:
    e = ScarabEnv(game, 3, "greedy")
    obs, info = e.reset(seed=4)
    assert e.state is not None
    before = e.state.clone()
    bad = next(i for i in range(len(action_space(game))) if i not in info["legal"])
    obs2, reward, terminated, truncated, info2 = e.step(bad)
    assert e.state == before
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert "is not legal" in info2["illegal"]
    assert info2["legal"] == info["legal"]
    for key in obs:
        assert np.array_equal(obs[key], obs2[key])
    with pytest.raises(ValueError, match="an action is an integer id from 0 to"):
        e.step(len(action_space(game)))


NOT_IDS = [True, False, np.bool_(True), 1.5, np.float32(2.0), "3", b"3", None, [1], -1, 2**80]


@pytest.mark.parametrize("game", GAMES)
def test_step_takes_integer_ids_only(game: str) -> None:
    """Issue 9: True, 1.5, "3" and None are no ids; NumPy integers are."""
    e = ScarabEnv(game, 2, "random")
    _, info = e.reset(seed=6)
    assert e.state is not None
    before = e.state.clone()
    for thing in NOT_IDS:
        with pytest.raises(ValueError, match=r"an action is an integer id from 0 to \d+"):
            e.step(thing)  # type: ignore[arg-type]
    assert e.state == before
    legal = info["legal"][0]
    played = (0, action_space(game).decode(legal))
    for kind in (np.int64, np.int32, np.uint16, int):
        again = ScarabEnv(game, 2, "random")
        again.reset(seed=6)
        again.step(kind(legal))
        assert again.state is not None
        assert again.state.history()[len(before.history())] == played


def test_the_agent_may_sit_anywhere() -> None:
    e = ScarabEnv("luxor", 3, ["greedy", "random"], seat=2)
    e.reset(seed=0)
    assert e.state is not None and e.state.current_player == 2
    assert [type(b).__name__ for b in e.bots.values()] == ["GreedyAgent", "RandomAgent"]
    with pytest.raises(ValueError, match="need 2 opponents"):
        ScarabEnv("luxor", 3, ["greedy"])
    for seat in (3, -1, "0"):  # refused when made, not at the first reset
        with pytest.raises(ValueError, match="seat is the agent's seat, 0 to 2"):
            ScarabEnv("luxor", 3, ["greedy", "random"], seat=seat)  # type: ignore[arg-type]
    for mode in ("human", "rgb_array", ""):  # gymnasium's other modes: this env draws text
        with pytest.raises(ValueError, match="render_mode is 'ansi'"):
            ScarabEnv("luxor", 2, render_mode=mode)
    text = ScarabEnv("luxor", 2, render_mode="ansi")
    text.reset(seed=1)
    assert "tomb chamber" in str(text.render())


def test_reset_is_seeded_and_render_shows_the_board() -> None:
    a, b = ScarabEnv("horus", 3), ScarabEnv("horus", 3)
    assert a.render() is None
    oa, _ = a.reset(seed=9)
    ob, _ = b.reset(seed=9)
    assert a.state == b.state and np.array_equal(oa["observation"], ob["observation"])
    text = a.render()
    assert isinstance(text, str) and "Keeper" in text


def test_an_unknown_opponent_is_refused_when_made_and_step_wants_a_game_first() -> None:
    with pytest.raises(ValueError, match="no bot named 'elf'; the bots are: random, greedy"):
        ScarabEnv("luxor", 2, opponents="elf")  # it was refused only at reset()
    env = ScarabEnv("luxor", 2)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        env.step(0)  # it was a bare AssertionError
