"""Scarab's games as OpenSpiel Python games.

    from scarab.adapters import openspiel
    openspiel.register()
    game = pyspiel.load_game("scarab_luxor", {"players": 3})

* Sequential, imperfect information, general sum, terminal rewards: each
  winner gets 1, everyone else 0 (a shared win gives each sharer 1; when the
  mummies win in Horus, nobody gets anything).
* Chance is **explicit**, and exact. A game opens with eight chance nodes of
  256 outcomes that pick the engine's 64-bit seed (the setup shuffles follow
  from it). Later, every draw the engine makes inside an action (a die, a
  block from the box, a reshuffle) is one chance node with the draw's n
  equally likely outcomes: the action is run again with the draws so far
  until it needs no more (ScriptedDraws).
* Actions are the fixed ids of ``scarab.adapters.actions``; observation tensors
  and strings come from ``view(player)`` (``scarab.adapters.observation``).
* ``resample_from_infostate`` is the engine's ``determinize``, so OpenSpiel's
  ISMCTSBot searches without seeing hidden information.
* Serialization pickles the engine state (its history is stored flat).
  Pyramids with ``players=1`` is the solo variant.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, NoReturn

import numpy as np
import pyspiel

from scarab.adapters.actions import action_space
from scarab.adapters.engine import new_engine_state, returns_of
from scarab.adapters.observation import encode, layout, size
from scarab.core.game import Action, State
from scarab.core.registry import games, load
from scarab.core.rng import Rng

SEED_BYTES = 8
_CHANCE = {
    True: pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    False: pyspiel.GameType.ChanceMode.DETERMINISTIC,
}
_INFORMATION = {
    True: pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    False: pyspiel.GameType.Information.PERFECT_INFORMATION,
}
MAX_CHANCE_OUTCOMES = 256


class NeedDraw(Exception):
    """The action needs one more draw of below(n) than the script holds."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.n = n


class ScriptedDraws(Rng):
    """An engine RNG that answers below(n) from chance outcomes already drawn."""

    __slots__ = ("draws",)

    def __init__(self, draws: list[int]) -> None:
        super().__init__(0)
        self.draws = list(draws)

    def copy(self) -> ScriptedDraws:
        return ScriptedDraws(self.draws)

    def below(self, n: int) -> int:
        if not self.draws:
            raise NeedDraw(n)
        k = self.draws.pop(0)
        if not 0 <= k < n:
            raise ValueError(f"chance outcome {k} is outside 0..{n - 1}")
        return k

    def getrandbits(self, k: int, /) -> NoReturn:
        raise RuntimeError("the engine drew raw bits inside an action; only below(n) is scripted")


def short_name(game: str) -> str:
    return f"scarab_{game}"


def game_type(game: str) -> pyspiel.GameType:
    info = load(game).info
    low = info.min_players
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Scarab {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,  # a simultaneous pick is taken seat by seat
        chance_mode=_CHANCE[info.chance],
        information=_INFORMATION[info.hidden],
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=low,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": max(low, 2)},
    )


class ScarabSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One Scarab game; the subclass per game sets ``name``."""

    name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        kind = game_type(self.name)
        players = int(params.get("players", kind.parameter_specification["players"]))
        if not kind.min_num_players <= players <= kind.max_num_players:
            raise ValueError(
                f"{short_name(self.name)} takes {kind.min_num_players} to "
                f"{kind.max_num_players} players, not {players}"
            )
        info = pyspiel.GameInfo(
            num_distinct_actions=len(action_space(self.name)),
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=load(self.name).info.longest,
        )
        super().__init__(kind, info, params)
        self.players = players

    def new_initial_state(self) -> ScarabSpielState:
        return ScarabSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ScarabObserver:
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("Scarab games provide observations, not perfect-recall infostates")
        return ScarabObserver(self.name, self.players)


class ScarabSpielState(pyspiel.State):  # type: ignore[misc]
    """Wraps an engine state; everything lives in __dict__ (what Clone deep-copies)."""

    def __init__(self, game: ScarabSpielGame, engine: State[Any] | None = None) -> None:
        super().__init__(game)
        self._name = game.name
        self._players = game.players
        self._seed: list[int] = []  # setup chance outcomes so far (seed bytes)
        self._state = engine  # None until the seed is drawn
        self._pending: tuple[Any, list[int], int] | None = None  # (action, draws, n)

    @property
    def engine(self) -> State[Any]:
        if self._state is None:
            raise ValueError("the game's seed is still being drawn (chance nodes)")
        return self._state

    def current_player(self) -> int:
        if self._state is None or self._pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self._state.current_player or 0)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = MAX_CHANCE_OUTCOMES if self._pending is None else self._pending[2]
        return [(k, 1.0 / n) for k in range(n)]

    def _legal_actions(self, player: int) -> list[int]:
        return action_space(self._name).legal_ids(self.engine)

    def _apply_action(self, action: int) -> None:
        if self._state is None:
            self._seed.append(action)
            if len(self._seed) == SEED_BYTES:
                seed = int.from_bytes(bytes(self._seed), "big")
                self._state = new_engine_state(self._name, self._players, seed)
            return
        if self._pending is None:
            self._run(action_space(self._name).decode(action), [])
        else:
            act, draws, _ = self._pending
            self._run(act, [*draws, action])

    def _run(self, act: Action, draws: list[int]) -> None:
        """Play act on a copy with these draws; keep it, or wait for one more draw."""
        trial = self.engine.clone()
        trial.rng = ScriptedDraws(draws)
        try:
            trial.step(act)
        except NeedDraw as need:
            if need.n > MAX_CHANCE_OUTCOMES:
                raise ValueError(
                    f"a draw of {need.n} outcomes exceeds {MAX_CHANCE_OUTCOMES}"
                ) from None
            self._pending = (act, draws, need.n)
            return
        self._state, self._pending = trial, None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._state is None:
                return f"seed byte {action}"
            return f"draw {action} of 0..{self._pending[2] - 1 if self._pending else 0}"
        return str(action_space(self._name).decode(action))

    def is_terminal(self) -> bool:
        return self._state is not None and self._pending is None and self._state.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._players
        return returns_of(self.engine)

    def resample_from_infostate(
        self, player: int, sampler: Callable[[], float]
    ) -> ScarabSpielState:
        """A state consistent with the player's view, hidden things redrawn (determinize)."""
        rng = random.Random(int(sampler() * 2**53))
        return ScarabSpielState(self.get_game(), self.engine.determinize(player, rng))

    def __str__(self) -> str:
        if self._state is None:
            return f"setup: {len(self._seed)} of {SEED_BYTES} seed bytes drawn"
        pending = f"; {self._pending[0]} waits for a draw" if self._pending else ""
        return json.dumps(self._state.view(None), sort_keys=True) + pending


class ScarabObserver:
    """OpenSpiel's observer protocol over view(player)."""

    def __init__(self, game: str, players: int) -> None:
        self.game, self.players = game, players
        self.tensor = np.zeros(size(game, players), np.float32)
        self.dict = {name: self.tensor[s] for name, s in layout(game, players).items()}

    def set_from(self, state: ScarabSpielState, player: int) -> None:
        if state._state is None:
            self.tensor[:] = 0.0
        else:
            self.tensor[:] = encode(self.game, state.engine.view(player), player, self.players)

    def string_from(self, state: ScarabSpielState, player: int) -> str:
        if state._state is None:
            return ""
        return json.dumps(state.engine.view(player), sort_keys=True)


_REGISTERED: set[str] = set()


def register() -> None:
    """Register every game with pyspiel as scarab_<game> (idempotent)."""
    for game in games():
        if game in _REGISTERED:
            continue
        cls = type(f"Scarab{game.title()}SpielGame", (ScarabSpielGame,), {"name": game})
        pyspiel.register_game(game_type(game), cls)
        _REGISTERED.add(game)
