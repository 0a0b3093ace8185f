"""A table's seats: who sits where (a person, by the hash of their token, or a bot), and
the marks of where a person came from."""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from typing import Any

from scarab.core.game import JSON

HUMAN = "human"
BOT = "bot"
OPEN = "open"  # a seat of a public table that nobody has taken yet: it waits for a person


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def origin_marks(table_id: str, address: str, device: str | None = None) -> tuple[str, ...]:
    """Where a seat's person came from, as marks that say only whether two seats of this
    table came from one place (the table's id salts them: no mark matches another table's,
    and none shows the address): their address, and the device id their page keeps."""
    places = [f"address:{address}"] + ([f"device:{device}"] if device else [])
    return tuple(hashlib.sha256(f"{table_id}|{p}".encode()).hexdigest()[:16] for p in places)


@dataclass
class SeatInfo:
    """A seat: a person (found by the hash of their token) or a bot level."""

    name: str
    kind: str  # HUMAN or BOT
    level: str | None = None  # the bot's level
    token_hash: str | None = None
    left: bool = False  # the person left for good: the zombie plays
    allow_undo: bool = True  # lets the others take back a move within their turn
    player: str | None = None  # the player (their id) who sits here, recognised anywhere
    host: bool = False  # the person who made the table: may fill its open seats with bots
    offered: bool = False  # given by a rematch offer, not taken: the person may decline it
    seen: tuple[str, ...] = ()  # marks of where its person came from (origin_marks), kept

    def __post_init__(self) -> None:
        self.seen = tuple(self.seen)  # a list as stored; never shared between copies

    def public(self, online: bool) -> dict[str, JSON]:
        return {
            "name": self.name,
            "kind": self.kind,
            "level": self.level,
            "left": self.left,
            "host": self.host,
            "online": online or self.kind == BOT,
        }


def stored_seats(seats: list[SeatInfo]) -> list[dict[str, Any]]:
    return [asdict(s) for s in seats]
