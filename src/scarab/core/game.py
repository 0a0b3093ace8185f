"""The protocol every game implements: Game, State, Action and Event.

One shape for all three games, so bots, the terminal, records and adapters
drive any of them the same way.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from scarab.core.errors import BadOption, IllegalAction
from scarab.core.rng import RandomSource, Rng

if TYPE_CHECKING:
    from scarab.core.record import Record

JSON = Any  # a value made of dict, list, str, int, float, bool and None
_NO_DATA: Mapping[str, JSON] = MappingProxyType({})
# State slots that are not part of a game's identity (names, caches, the record's metadata).
_NOT_IDENTITY = frozenset(("game", "names", "date", "hist", "legal", "options", "rng", "final"))


class Action(Protocol):
    """Frozen and hashable; str() gives the notation that parse_action reads back."""

    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __str__(self) -> str: ...


class Event:
    """Something that happened, in data and in words.

    When ``secret_to`` is a seat, only that seat sees ``data`` and ``text``;
    every other viewer gets ``public_text`` and ``public_data`` instead.
    A plain slotted class: games build several per decision, so it stays cheap.
    """

    __slots__ = ("data", "kind", "player", "public_data", "public_text", "secret_to", "text")

    def __init__(
        self,
        kind: str,
        player: int | None,
        text: str,
        data: Mapping[str, JSON] = _NO_DATA,
        secret_to: int | None = None,
        public_text: str = "",
        public_data: Mapping[str, JSON] = _NO_DATA,
    ) -> None:
        self.kind = kind
        self.player = player
        self.text = text
        self.data = data
        self.secret_to = secret_to
        self.public_text = public_text
        self.public_data = public_data

    def for_viewer(self, viewer: int | None) -> Event:
        """The copy a viewer may see (None = spectator)."""
        if self.secret_to is None or self.secret_to == viewer:
            return self
        return Event(self.kind, self.player, self.public_text, self.public_data)

    def to_json(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "player": self.player,
            "text": self.text,
            "data": dict(self.data),
        }

    def _fields(self) -> tuple[Any, ...]:
        return (
            self.kind,
            self.player,
            self.text,
            dict(self.data),
            self.secret_to,
            self.public_text,
            dict(self.public_data),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        secret = "" if self.secret_to is None else f", secret to seat {self.secret_to}"
        return f"Event({self.kind!r}, {self.text!r}{secret})"


class State(ABC):
    """A game in progress. Mutable; clone() before exploring."""

    game: Game
    names: tuple[str, ...]
    seed: int
    options: dict[str, JSON]
    date: str
    rng: Rng
    hist: tuple[Any, int, Any] | None  # (earlier history, seat, action): shared by clones
    legal: list[Any] | None  # legal_actions() cache, cleared by every action

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to decide now; None once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[Any]:
        """Every legal action; never empty while the game is not over."""
        if self.legal is None:
            self.legal = self._legal()
        return list(self.legal)

    def apply(self, action: Any) -> list[Event]:
        """Play an action; IllegalAction (and no change) when it is not legal."""
        return self._play(action, True)

    def step(self, action: Any) -> None:
        """Apply without building events: the same game, faster, for simulation."""
        self._play(action, False)

    @abstractmethod
    def _legal(self) -> list[Any]:
        """Compute the legal actions (legal_actions() caches them in self.legal)."""

    def _play(self, action: Any, events: bool) -> list[Event]:
        """Refuse an illegal action unchanged; else record it and let the rules play it."""
        legal = self.legal if self.legal is not None else self._legal()
        if action not in legal:
            raise IllegalAction(self.explain(action, legal))
        self.legal = None
        seat = self.current_player
        assert seat is not None  # a game that is over has no legal action
        self.hist = (self.hist, seat, action)
        ev: list[Event] | None = [] if events else None
        self._do(seat, action, ev)
        return ev if ev is not None else []

    @abstractmethod
    def _do(self, seat: int, action: Any, ev: list[Event] | None) -> None:
        """The forward model for a legal action; appends events to ev unless it is None."""

    @abstractmethod
    def explain(self, action: Any, legal: list[Any]) -> str:
        """Why an action is not legal here, and what would be."""

    @abstractmethod
    def scores(self) -> list[int]: ...

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won (several on a shared win); empty while not over."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def view(self, player: int | None) -> dict[str, JSON]:
        """What one seat (None = spectator) may know, JSON-able."""

    @abstractmethod
    def determinize(self, player: int, rng: RandomSource) -> State:
        """A full state that shows ``player`` the same view, hidden things resampled."""

    def history(self) -> list[tuple[int, Any]]:
        """(seat, action) for every action applied since setup."""
        out: list[tuple[int, Any]] = []
        node = self.hist
        while node is not None:
            node, seat, act = node
            out.append((seat, act))
        out.reverse()
        return out

    def key(self) -> tuple[Any, ...]:
        """Everything that makes this game what it is (not names, date or caches)."""
        fields: list[Any] = []
        for name in getattr(type(self), "__slots__", ()):
            if name not in _NOT_IDENTITY:
                value = getattr(self, name)
                fields.append(sorted(value.items()) if isinstance(value, dict) else value)
        return (*fields, self.rng.state, len(self.history()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        """Pickle support: the history is stored flat (its nested form is deep)."""
        out = {n: getattr(self, n) for n in getattr(type(self), "__slots__", ())}
        out["hist"] = self.history()
        out["legal"] = None
        return out

    def __setstate__(self, fields: dict[str, Any]) -> None:
        hist: tuple[Any, int, Any] | None = None
        for seat, act in fields.pop("hist"):
            hist = (hist, seat, act)
        for name, value in fields.items():
            setattr(self, name, value)
        self.hist = hist

    @property
    def num_players(self) -> int:
        return len(self.names)

    def record(self) -> Record:
        from scarab.core.record import Record

        return Record(
            game=self.game.name,
            players=self.names,
            seed=self.seed,
            options=dict(self.options),
            date=self.date,
            moves=[(seat, str(a)) for seat, a in self.history()],
            result=self.result_text(),
        )

    def result_text(self) -> str:
        if not self.is_over:
            return "*"
        scores = "-".join(str(s) for s in self.scores())
        won = ", ".join(self.names[w] for w in self.winners())
        return f"{scores} won by {won}"


class Game(ABC):
    """A game's rules: metadata, setup and notation."""

    name: str
    title: str
    min_players: int
    max_players: int

    @abstractmethod
    def new_game(
        self, players: int | Sequence[str], seed: int | None = None, **options: JSON
    ) -> State: ...

    @abstractmethod
    def parse(self, text: str) -> Any:
        """The action that notation names, legal or not; IllegalAction if unreadable."""

    def parse_action(self, state: State, text: str) -> Any:
        """The legal action that ``text`` names; IllegalAction otherwise."""
        act = self.parse(text)
        legal = state.legal_actions()
        if act not in legal:
            raise IllegalAction(state.explain(act, legal))
        return act

    def seat_names(self, players: int | Sequence[str]) -> tuple[str, ...]:
        """Validate a player count or list of names; default names are p1, p2, ..."""
        names = (
            tuple(f"p{i + 1}" for i in range(players))
            if isinstance(players, int)
            else tuple(str(p) for p in players)
        )
        if not self.min_players <= len(names) <= self.max_players:
            raise BadOption(
                f"{self.title} takes {self.min_players} to {self.max_players} players, "
                f"not {len(names)}"
            )
        return names

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickle a game as its name: there is one instance per game."""
        from scarab.core.registry import load

        return (load, (self.name,))

    def __repr__(self) -> str:
        return f"<Game {self.name}>"
