"""How a game values positions for its bots, declared as typed attributes of the game.

A game without a heuristic leaves ``Game.heuristics`` None and bots value a position by
its score track; a game with one names each function here, so that no bot finds a
heuristic by a naming convention and a misspelt name fails at import, not in play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from scarab.core.game import Action

if TYPE_CHECKING:
    from scarab.core.game import State

A = TypeVar("A", bound=Action)  # the game's action type
Value = Callable[["State[A]", int], float]  # one seat's value of a position, higher is better
WinChances = Callable[["State[A]"], "list[float] | None"]  # each seat's chance; None: can't tell


@dataclass(frozen=True)
class Valuation(Generic[A]):
    """One set of a game's position values."""

    evaluate: Value[A]  # the greedy bot's one-ply value, and a search's where it has no other
    search_value: Value[A] | None = None  # a search's leaf value where a turn is many actions
    win_chances: WinChances[A] | None = None  # once the game can tell each seat's chance

    def leaf_value(self) -> Value[A]:
        """What a search that stops at the end of its own turn values its leaves with."""
        return self.search_value or self.evaluate


@dataclass(frozen=True)
class Features(Generic[A]):
    """The numbers a learned position value reads (agents/learned.py), by name."""

    names: tuple[str, ...]
    read: Callable[[State[A], int], list[float]]  # one seat's numbers, in ``names``' order


@dataclass(frozen=True)
class Heuristics(Generic[A]):
    """A game's hand-set valuation and, where it has one, the one tuned by play."""

    hand: Valuation[A]  # hand-set weights: the greedy bot's, and the yardstick of a tuning
    tuned: Valuation[A] | None = None  # weights tuned by play (tools/tune_heuristic.py)
    features: Features[A] | None = None  # what a learned value reads (tools/train_value.py)

    def valuation(self, tuned: bool = False) -> Valuation[A]:
        """The tuned valuation when asked for and the game has one, else the hand-set."""
        return self.tuned if tuned and self.tuned is not None else self.hand
