"""Scarab's games as single-agent Gymnasium environments: one seat against Scarab bots.

    from scarab.adapters.gymnasium import ScarabEnv
    e = ScarabEnv("luxor", players=3, opponents="greedy")
    obs, info = e.reset(seed=7)
    obs, reward, terminated, truncated, info = e.step(int(info["legal"][0]))

The agent plays ``seat`` (default 0); the other seats are bots named like
``make_agent`` names them (``random``, ``greedy``, and stronger levels as they
arrive). Observations are ``{"observation", "action_mask"}`` as in the
PettingZoo adapter; ``info["legal"]`` lists the legal ids. The reward is 1 at
the end if the agent's seat won (or shared the win), else 0. An illegal id
changes nothing: reward 0, the same observation, and ``info["illegal"]`` says
why. Something that is no id at all (``True``, ``1.5``, ``"3"``, ``None``, or
out of range) raises ValueError.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from scarab.adapters.actions import action_space
from scarab.adapters.engine import new_engine_state, returns_of
from scarab.adapters.observation import encode
from scarab.adapters.pettingzoo import mask_of, observation_space
from scarab.adapters.text import RENDER_MODES, render_mode_field, text_board
from scarab.agents import Agent, Seat, make_agent
from scarab.core.game import State


class ScarabEnv(gym.Env[dict[str, np.ndarray], Any]):
    metadata = {"render_modes": RENDER_MODES}  # noqa: RUF012 (gymnasium's own declaration)

    def __init__(
        self,
        game: str = "luxor",
        players: int = 2,
        opponents: str | list[str] = "random",
        seat: int = 0,
        render_mode: str | None = None,
    ) -> None:
        self.game, self.players, self.seat = game, players, seat
        self.render_mode = render_mode_field(render_mode)
        self.observation_space: spaces.Space[Any] = observation_space(game, players)
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat is the agent's seat, 0 to {players - 1}, not {seat!r}")
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents, got {len(names)}")
        for name in names:
            make_agent(name)  # an unknown bot is refused here, naming the bots, not at reset()
        self.opponent_names = names
        self.action_space: spaces.Space[Any] = spaces.Discrete(len(action_space(game)))
        self.state: State[Any] | None = None
        self.bots: dict[int, Agent] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        draw = int(self.np_random.integers(2**62))
        self.state = new_engine_state(self.game, self.players, draw)
        others = [p for p in range(self.players) if p != self.seat]
        seeds = random.Random(draw)
        self.bots = {
            p: make_agent(name, seeds.getrandbits(32))
            for p, name in zip(others, self.opponent_names, strict=True)
        }
        self._bots_play()
        return self._obs(), self._info()

    def _bots_play(self) -> None:
        assert self.state is not None
        while not self.state.is_over and self.state.current_player != self.seat:
            p = self.state.current_player
            assert p is not None
            self.state.step(self.bots[p].choose(Seat(self.state, p)))

    def _obs(self) -> dict[str, np.ndarray]:
        assert self.state is not None
        view = self.state.view(self.seat)
        return {
            "observation": encode(self.game, view, self.seat, self.players),
            "action_mask": mask_of(self.game, self.state),
        }

    def _info(self) -> dict[str, Any]:
        assert self.state is not None
        return {"legal": action_space(self.game).legal_ids(self.state)}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.state is None:
            raise RuntimeError("there is no game yet: call reset() before step()")
        if self.state.is_over:
            raise RuntimeError("the game is over: call reset()")
        space = action_space(self.game)
        act = space.decode(space.id_of(action))
        if act not in self.state.legal_actions():
            info = self._info()
            info["illegal"] = self.state.explain(act, self.state.legal_actions())
            return self._obs(), 0.0, False, False, info
        self.state.step(act)
        self._bots_play()
        over = self.state.is_over
        reward = returns_of(self.state)[self.seat] if over else 0.0
        return self._obs(), reward, over, False, self._info()

    def render(self) -> str | None:
        if self.state is None:
            return None
        return text_board(self.game, self.state.view(self.seat))
