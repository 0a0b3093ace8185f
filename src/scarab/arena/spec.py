"""What an arena run is: a game, the bots, how many games and a seed; everything else follows.

Game ``i`` seats the bots rotated by ``i`` places, so over any multiple of the
player count every bot has sat in every seat equally often. Its deal and the
bots' own seeds are drawn from (seed, i) alone, so a game can be replayed,
resumed or run on another machine and come out the same.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scarab.agents import LEVELS, agent_names
from scarab.core.errors import BadOption, brief
from scarab.core.registry import games, load

MAX_GAMES = 1_000_000


def derived_seed(*parts: object) -> int:
    """A 63-bit seed from the parts' text, the same on every machine and Python."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def levels_for(levels: Mapping[str, Any], game: str) -> dict[str, Any]:
    """Levels' settings with each per-game setting (a table keyed by game) resolved to
    ``game``'s value; a setting the game lacks is left out."""
    out: dict[str, Any] = {}
    for name in sorted(levels):
        config = levels[name]
        if not isinstance(config, Mapping):
            out[name] = config
            continue
        resolved = {k: v.get(game) if isinstance(v, Mapping) else v for k, v in config.items()}
        out[name] = {k: v for k, v in sorted(resolved.items()) if v is not None}
    return out


@dataclass(frozen=True)
class ArenaSpec:
    """One tournament: ``games`` games of ``game`` between ``players`` (bot names)."""

    game: str
    players: tuple[str, ...]
    games: int
    seed: int = 0

    def __post_init__(self) -> None:
        if self.game not in games():
            raise BadOption(
                f"no game named {brief(self.game)}; the games are: {', '.join(games())}"
            )
        known = agent_names()
        for name in self.players:
            if name not in known:
                raise BadOption(f"no bot named {brief(name)}; the bots are: {', '.join(known)}")
        g = load(self.game)
        if not g.min_players <= len(self.players) <= g.max_players:
            raise BadOption(
                f"{g.title} takes {g.min_players} to {g.max_players} players, "
                f"not {len(self.players)}: list that many bots in --players"
            )
        if len(self.players) < 2:  # a solo score attack has no one to rate against
            raise BadOption(
                "the arena rates bots against each other: list more bots in --players (2 or more)"
            )
        if not 1 <= self.games <= MAX_GAMES:
            raise BadOption(f"give 1 to {MAX_GAMES} games, not {self.games}")

    @property
    def entrants(self) -> tuple[str, ...]:
        """The bots' names in the results, numbered where a bot plays more than one seat."""
        out = []
        for i, name in enumerate(self.players):
            many = self.players.count(name) > 1
            out.append(f"{name}{self.players[: i + 1].count(name)}" if many else name)
        return tuple(out)

    def seating(self, index: int) -> tuple[int, ...]:
        """For game ``index``: which entrant (by position in ``players``) sits in each seat."""
        n = len(self.players)
        return tuple((seat + index) % n for seat in range(n))

    def game_seed(self, index: int) -> int:
        return derived_seed("game", self.seed, index)

    def bot_seed(self, index: int, seat: int) -> int:
        return derived_seed("bot", self.seed, index, seat)

    def job(self, index: int) -> Job:
        order = self.seating(index)
        return Job(
            game=self.game,
            index=index,
            seed=self.game_seed(index),
            bots=tuple(self.players[e] for e in order),
            entrants=tuple(self.entrants[e] for e in order),
            bot_seeds=tuple(self.bot_seed(index, s) for s in range(len(order))),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": list(self.players),
            "games": self.games,
            "seed": self.seed,
            "levels": self.levels(),
        }

    def levels(self) -> dict[str, Any]:
        """The configuration (levels.toml) of each level playing, as it applies to this
        game: a run resumes only with it (a change for another game does not matter)."""
        return levels_for(
            {name: LEVELS[name].table for name in set(self.players) if name in LEVELS}, self.game
        )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ArenaSpec:
        try:
            players = data["players"]
            if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
                raise TypeError
            game, count, seed = data["game"], data["games"], data["seed"]
            if not isinstance(game, str) or type(count) is not int or type(seed) is not int:
                raise TypeError
        except (KeyError, TypeError):
            raise BadOption(
                "the arena manifest needs game (text), players (a list of bot names), "
                "games and seed (whole numbers)"
            ) from None
        return cls(game, tuple(players), count, seed)


@dataclass(frozen=True)
class Job:
    """One game to play: the bots in seat order and every seed it needs."""

    game: str
    index: int
    seed: int
    bots: tuple[str, ...]
    entrants: tuple[str, ...]
    bot_seeds: tuple[int, ...]


def parse_players(text: str | Sequence[str]) -> tuple[str, ...]:
    """Bot names, one per seat; an empty one (``greedy,,random``) is refused, not dropped."""
    items = text.split(",") if isinstance(text, str) else list(text)
    names = tuple(p.strip().lower() for p in items)
    if "" in names:
        raise BadOption(f"seat {names.index('') + 1} names no bot: list one bot per seat")
    return names
