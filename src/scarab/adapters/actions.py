"""A fixed integer action space per game: every action the notation can name, numbered.

Ids are stable across versions: each game lists its actions in a documented order
(``Game.every_action``, built in ``games/<game>/action_space.py``), and new kinds of
action are only ever appended at the end.
"""

from __future__ import annotations

import operator
from functools import cache
from typing import Any, Generic, TypeVar

from scarab.core.errors import brief
from scarab.core.game import Action, State
from scarab.core.registry import load

A = TypeVar("A", bound=Action)


class ActionSpace(Generic[A]):
    """Actions of one game numbered 0..n-1; encode/decode and a legal mask."""

    def __init__(self, game: str, actions: list[A]) -> None:
        self.game = game
        self.actions = tuple(actions)
        self.index = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"{game}: the action list names an action twice")

    def __len__(self) -> int:
        return len(self.actions)

    def encode(self, action: A) -> int:
        try:
            return self.index[action]
        except KeyError:
            raise ValueError(f"{action} is not in the {self.game} action space") from None

    def id_of(self, value: object) -> int:
        """``value`` as an action id: a Python or NumPy integer in range, never a bool,
        float or string; ValueError (saying what an id is) otherwise."""
        if "bool" not in type(value).__name__:  # bool, numpy.bool (bool_ before NumPy 2)
            try:
                index = operator.index(value)  # type: ignore[arg-type]
            except TypeError:
                pass
            else:
                if 0 <= index < len(self.actions):
                    return index
        raise ValueError(
            f"an action is an integer id from 0 to {len(self.actions) - 1} for {self.game}, "
            f"not {brief(value)}"
        )

    def decode(self, action_id: int) -> A:
        if not 0 <= action_id < len(self.actions):
            raise ValueError(
                f"action id {action_id} is outside 0..{len(self.actions) - 1} for {self.game}"
            )
        return self.actions[action_id]

    def legal_ids(self, state: State[A]) -> list[int]:
        return sorted(self.index[a] for a in state.legal_actions())


@cache
def action_space(game: str) -> ActionSpace[Any]:  # a game named at run time
    """The fixed action space of a registered game."""
    return ActionSpace(game, list(load(game).every_action()))
