"""Finds games by name: each is a module under scarab.games exposing GAME."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from scarab.core.errors import UnknownGame, brief
from scarab.core.game import Game


def games() -> list[str]:
    """The names of every registered game."""
    return sorted(
        m.name
        for m in pkgutil.iter_modules(importlib.import_module("scarab.games").__path__)
        if m.ispkg
    )


def load(name: str) -> Game[Any]:  # the name says the action type only at run time
    """The game registered under ``name``; UnknownGame for anything else."""
    known = games()
    if not isinstance(name, str) or name not in known:
        raise UnknownGame(f"no game named {brief(name)}; the games are: {', '.join(known)}")
    game = importlib.import_module(f"scarab.games.{name}").GAME
    assert isinstance(game, Game)
    return game
