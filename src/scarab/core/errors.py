"""Typed errors. All subclass ValueError so callers may catch them broadly."""

from __future__ import annotations

from typing import ClassVar

BRIEF = 40  # characters of a hostile value quoted back in an error message


class ScarabError(ValueError):
    """Base of every error the engine raises on bad input.

    Beside its English text an error may carry a message id and arguments (``msg``,
    ``params``), so that a front end can say it in its reader's language. Its ``code``
    names its kind for a program (the server sends it beside the text), so that a client
    tells an unreadable action from an illegal one without reading prose."""

    code: ClassVar[str] = "bad_input"

    def __init__(self, text: str = "", msg: str = "", /, **params: object) -> None:
        super().__init__(text)
        self.msg = msg
        self.params = params


class IllegalAction(ScarabError):
    """An action that cannot be played in this state (not legal now, or the game is over);
    the state is unchanged. Its subclass ``UnreadableAction`` is an action that names
    nothing at all, so ``except IllegalAction`` catches both."""

    code = "illegal_action"


class UnreadableAction(IllegalAction):
    """Notation (or a value) that reads as no action of this game, in any state: its text
    says which forms would read."""

    code = "unreadable_action"


class BadRecord(ScarabError):
    """A game record cannot be read or does not replay; the message names the line."""

    code = "bad_record"


class UnknownGame(ScarabError):
    """No game is registered under that name."""

    code = "unknown_game"


class BadOption(ScarabError):
    """A game option, seed, player count or player name is not accepted by the game."""

    code = "bad_option"


class UnseenName(BadOption):
    """A player's name that would not show as itself: a character that shows as blank, a
    combining mark with nothing to sit on, or marks stacked past reading."""

    code = "unseen_name"


class BadSeat(ScarabError):
    """A seat number that is not a seat of this game (seats are 0..n-1; None is a spectator)."""

    code = "bad_seat"


class NoRecord(ScarabError):
    """A state sampled by determinize() is no game that was played, so it has no record."""

    code = "no_record"


def brief(value: object) -> str:
    """A value's repr cut to a few dozen characters: error messages never echo megabytes."""
    if isinstance(value, str) and len(value) > BRIEF:
        return repr(value[:BRIEF]) + f"... ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"an integer of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:  # a hostile object whose repr fails
        return f"a {type(value).__name__}"
    return text if len(text) <= BRIEF else text[:BRIEF] + "..."
