"""Scarab's games as PettingZoo AEC environments.

    from scarab.adapters.pettingzoo import env
    e = env("horus", players=4)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        done = terminated or truncated
        action = None if done else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0`` .. ``player_{n-1}`` (seat order). Each observation is
``{"observation": tensor of view(seat), "action_mask": int8 mask}``; the mask
is all zeros for an agent whose turn it is not. Rewards come at the end: 1 for
each winner, 0 otherwise. ``render()`` returns the spectator's text board.

Speed: the tensor is written from the state (``state_encoding``, equal to
encoding the view), and each agent's observation and the mover's mask are
computed at most once per step, then copied out; ``step`` leaves the legality
check to the engine. Change the game only through ``step`` and ``reset``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from scarab.adapters.actions import action_space
from scarab.adapters.engine import new_engine_state, returns_of
from scarab.adapters.observation import HIGH, size
from scarab.adapters.state_encoding import encoder
from scarab.adapters.text import RENDER_MODES, render_mode_field, text_board
from scarab.core.errors import IllegalAction, brief
from scarab.core.game import State


def observation_space(game: str, players: int) -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, HIGH, (size(game, players),), np.float32),
            "action_mask": spaces.Box(0, 1, (len(action_space(game)),), np.int8),
        }
    )


def mask_of(game: str, state: State[Any]) -> np.ndarray:
    space = action_space(game)
    mask = np.zeros(len(space), np.int8)
    if not state.is_over:
        mask[[space.index[a] for a in state.legal_actions()]] = 1
    return mask


class ScarabAECEnv(AECEnv):  # type: ignore[misc]
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": RENDER_MODES,
        "name": "scarab_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game: str = "luxor", players: int = 2, render_mode: str | None = None):
        super().__init__()
        self.game, self.players = game, players
        self.render_mode = render_mode_field(render_mode)
        self.metadata = {**type(self).metadata, "name": f"scarab_{game}_v0"}  # type: ignore[misc]
        self.possible_agents = [f"player_{i}" for i in range(players)]
        obs = observation_space(game, players)
        act = spaces.Discrete(len(action_space(game)))
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs)
        self.action_spaces = dict.fromkeys(self.possible_agents, act)
        self.state: State[Any] | None = None
        self._encode = encoder(game, players)
        self._seen: dict[int, np.ndarray] = {}  # this step's tensors by seat
        self._mask: np.ndarray | None = None  # this step's mask of the seat to move

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None and (type(seed) is not int or seed < 0):
            # random.Random would take -1 as 1 and True as 1, and hash any other value
            raise ValueError(f"seed is a whole number from 0, or None, not {brief(seed)}")
        engine_seed = random.Random(seed).getrandbits(63)
        self.state = new_engine_state(self.game, self.players, engine_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._seat_agent()
        self._changed()

    def _changed(self) -> None:
        """Forget this step's observations: the state has moved on."""
        self._seen.clear()
        self._mask = None

    def _mover_mask(self) -> np.ndarray:
        assert self.state is not None
        if self._mask is None:
            self._mask = mask_of(self.game, self.state)
        return self._mask

    def _seat_agent(self) -> str:
        assert self.state is not None
        return self.possible_agents[self.state.current_player or 0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if self.state is None:
            raise RuntimeError("there is no game yet: call reset() before observe()")
        if agent not in self.possible_agents:
            raise ValueError(f"no agent {brief(agent)}: the agents are {self.possible_agents}")
        seat = self.possible_agents.index(agent)
        tensor = self._seen.get(seat)
        if tensor is None:
            tensor = self._seen[seat] = self._encode(self.state, seat)
        mine = not self.state.is_over and self.state.current_player == seat
        mask = (
            self._mover_mask().copy() if mine else np.zeros(len(action_space(self.game)), np.int8)
        )
        return {"observation": tensor.copy(), "action_mask": mask}

    def step(self, action: int | None) -> None:
        assert self.state is not None
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        space = action_space(self.game)
        chosen = space.id_of(action)
        try:
            self.state.step(space.decode(chosen))  # the engine checks legality once
        except IllegalAction as why:
            legal = space.legal_ids(self.state)
            raise ValueError(
                f"{agent}: action {chosen} is not legal now ({why}); legal ids: {legal[:20]}"
                f"{' ...' if len(legal) > 20 else ''}"
            ) from None
        self._changed()
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_over:
            for a, r in zip(self.agents, returns_of(self.state), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
        else:
            self.agent_selection = self._seat_agent()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.state is None:
            return None
        return text_board(self.game, self.state.view(None))

    def close(self) -> None:
        pass


def env(game: str = "luxor", players: int = 2, render_mode: str | None = None) -> ScarabAECEnv:
    """An AEC environment for a Scarab game (pyramids with players=1 is the solo variant)."""
    return ScarabAECEnv(game, players, render_mode)
