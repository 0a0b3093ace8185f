"""Typed errors. All subclass ValueError so callers may catch them broadly."""

from __future__ import annotations


class ScarabError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalAction(ScarabError):
    """An action (or its notation) names nothing legal in this state; the state is unchanged."""


class BadRecord(ScarabError):
    """A game record cannot be read or does not replay; the message names the line."""


class UnknownGame(ScarabError):
    """No game is registered under that name."""


class BadOption(ScarabError):
    """A game option or player count is not accepted by the game."""
