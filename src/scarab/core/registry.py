"""Finds games by name: each is a module under scarab.games exposing GAME."""

from __future__ import annotations

import importlib
import pkgutil

from scarab.core.errors import UnknownGame
from scarab.core.game import Game


def games() -> list[str]:
    """The names of every registered game."""
    return sorted(
        m.name
        for m in pkgutil.iter_modules(importlib.import_module("scarab.games").__path__)
        if m.ispkg
    )


def load(name: str) -> Game:
    if name not in games():
        raise UnknownGame(f"no game named {name!r}; the games are: {', '.join(games())}")
    game = importlib.import_module(f"scarab.games.{name}").GAME
    assert isinstance(game, Game)
    return game
