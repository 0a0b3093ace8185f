"""Each game's observation tensor, one module per game, named as the game.

A module has ``view_features(builder, view, seat, players)``, which writes the tensor
from the view, and ``state_fill(players)``, which returns a function that writes the
same numbers from the state.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from scarab.core.registry import load


def tensors_of(game: str) -> ModuleType:
    """The tensor module of a registered game (UnknownGame for any other name)."""
    return import_module(f"{__name__}.{load(game).name}")
