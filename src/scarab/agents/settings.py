"""A search bot's settings, typed: one game's (``Search``) and a named level's (``Level``).

Levels are read from ``levels.toml``, where each setting is one value for every game or
a table of values by game. Every key, game and value is checked as it is read, so that a
misspelt setting is refused with a clear error instead of silently left at its default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any

from scarab.core.errors import BadOption, brief
from scarab.core.game import SLIPS
from scarab.core.registry import games

DEFAULT_DEPTH = 8
DEFAULT_SCALE = 5.0
_BUDGET_KEYS = ("iterations", "seconds", "calls")


@dataclass(frozen=True)
class Budget:
    """When a search stops: the first limit reached (None = no limit of that kind)."""

    iterations: int | None = 1000
    seconds: float | None = None
    calls: int | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None and self.calls is None:
            raise ValueError("a budget needs at least one limit: iterations, seconds or calls")


@dataclass(frozen=True)
class Search:
    """How an ISMCTS bot searches one game (scarab.agents.ismcts says what each does)."""

    budget: Budget = field(default_factory=Budget)
    exploration: float = 0.7  # UCB1's constant
    rollout_depth: int = DEFAULT_DEPTH  # decisions after the tree before the heuristic
    value_scale: float = DEFAULT_SCALE  # heuristic points of lead that read as a clear win
    prior: int = 3  # visits a new node's heuristic value counts as
    temperature: float = 0.0  # above 0: draw the move from the search's own ratings
    own_turn: bool = False  # the tree stops where the seat's turn hands over
    learned: bool = False  # leaves valued by the learned value (agents/values)
    greedy_rollout: bool = False  # rollouts choose greedily by the search's own value
    win_chances: bool = False  # once rivals are settled, leaves valued by chance of winning
    tuned: bool = False  # the game's heuristic weights tuned by play
    never_drawn: frozenset[str] = frozenset()  # kinds of slip the draw leaves out
    book: bool = False  # of actions rated exactly alike, the one that won most in play


@dataclass(frozen=True)
class Level:
    """A named bot strength: its search for each registered game."""

    name: str
    by_game: Mapping[str, Search]
    table: Mapping[str, Any] = field(default_factory=dict)  # as levels.toml has it

    @classmethod
    def same(cls, name: str, search: Search) -> Level:
        """One search for every game."""
        return cls(name, MappingProxyType(dict.fromkeys(games(), search)))

    def for_game(self, game: str) -> Search:
        found = self.by_game.get(game)
        if found is None:
            raise BadOption(f"the level {self.name} has no settings for a game {brief(game)}")
        return found

    def with_budget(self, budget: Budget) -> Level:
        """This level searching by ``budget`` in every game (benchmarks search by the clock)."""
        return replace(
            self, by_game={g: replace(s, budget=budget) for g, s in self.by_game.items()}
        )

    @property
    def seconds(self) -> float | None:
        """The longest wall-time cap any game's search has (None: none has one)."""
        caps = [s.budget.seconds for s in self.by_game.values() if s.budget.seconds is not None]
        return max(caps) if caps else None


_TYPES: dict[str, type] = {  # a plain setting's type, from its default
    f.name: type(getattr(Search(), f.name))
    for f in fields(Search)
    if f.name not in ("budget", "never_drawn")
}


def read_level(name: str, table: Mapping[str, Any]) -> Level:
    """A level from its table of levels.toml; BadOption naming the key, game or value that
    is wrong and what would be right."""
    where = f"the level {name}"
    known = sorted([*_BUDGET_KEYS, *_TYPES, "never_drawn"])
    for key in table:
        if key not in known:
            raise BadOption(f"{where} has no setting {brief(key)}; the settings are: {known}")
    by_game = {game: _search(where, table, game) for game in games()}
    return Level(name, MappingProxyType(by_game), MappingProxyType(dict(table)))


def _search(where: str, table: Mapping[str, Any], game: str) -> Search:
    values = {key: _value(where, key, raw, game) for key, raw in table.items()}
    plain = Budget()
    try:
        budget = Budget(
            iterations=_count(where, "iterations", values.pop("iterations", _MISSING), plain),
            seconds=_seconds(where, values.pop("seconds", _MISSING)),
            calls=_count(where, "calls", values.pop("calls", _MISSING), plain),
        )
    except ValueError as exc:
        raise BadOption(f"{where}, {game}: {exc}") from None
    settings: dict[str, Any] = {k: _typed(where, k, v) for k, v in values.items()}
    if "never_drawn" in settings:
        settings["never_drawn"] = _slips(where, settings["never_drawn"])
    return Search(budget=budget, **settings)


def _value(where: str, key: str, raw: object, game: str) -> object:
    """A setting's value for ``game``: the one value, or the game's from a table by game
    (a game the table leaves out gets the setting's default)."""
    if not isinstance(raw, Mapping):
        return raw
    strange = sorted(set(raw) - set(games()))
    if strange:
        raise BadOption(f"{where}: {key} names no game {strange}; the games are {games()}")
    return raw.get(game, _MISSING)


_MISSING = object()
_KINDS = {bool: "true or false", int: "a whole number", float: "a number"}


def _typed(where: str, key: str, value: object) -> object:
    if key == "never_drawn":
        return value
    kind = _TYPES[key]
    if value is _MISSING:
        return getattr(Search(), key)
    good = isinstance(value, kind) and not (kind is not bool and isinstance(value, bool))
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value, good = float(value), True
    if not good:
        raise BadOption(f"{where}: {key} takes {_KINDS[kind]}, not {brief(value)}")
    return value


def _count(where: str, key: str, value: object, plain: Budget) -> int | None:
    if value is _MISSING:
        default: int | None = getattr(plain, key)
        return default
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise BadOption(f"{where}: {key} takes a positive whole number, not {brief(value)}")
    return value


def _seconds(where: str, value: object) -> float | None:
    if value is _MISSING:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise BadOption(f"{where}: seconds takes a positive number, not {brief(value)}")
    return float(value)


def _slips(where: str, value: object) -> frozenset[str]:
    if value is _MISSING:
        return frozenset()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadOption(f"{where}: never_drawn takes a list of kinds of slip, not {brief(value)}")
    wrong = sorted(set(value) - set(SLIPS))
    if wrong:
        raise BadOption(f"{where}: never_drawn names kinds of slip {', '.join(SLIPS)}, not {wrong}")
    return frozenset(value)
