"""Scarab: one engine for Luxor, Silver & Gold: Pyramids and The Adventurers: Pyramid of Horus."""

from scarab.core.errors import (
    BadOption,
    BadRecord,
    BadSeat,
    IllegalAction,
    NoRecord,
    ScarabError,
    UnknownGame,
    UnreadableAction,
    UnseenName,
)
from scarab.core.game import Event, Game, State, events_for
from scarab.core.record import Record, read_record, replay, write_record
from scarab.core.registry import games as game_names
from scarab.core.registry import load

__all__ = [
    "BadOption",
    "BadRecord",
    "BadSeat",
    "Event",
    "Game",
    "IllegalAction",
    "NoRecord",
    "Record",
    "ScarabError",
    "State",
    "UnknownGame",
    "UnreadableAction",
    "UnseenName",
    "events_for",
    "game_names",
    "load",
    "read_record",
    "replay",
    "write_record",
]
