"""The protocol every game implements: Game, State, Action and Event.

One shape for all three games, so bots, the terminal, records and adapters
drive any of them the same way.
"""

from __future__ import annotations

import random
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

from scarab.core.errors import BadOption, BadSeat, NoRecord, UnseenName, brief
from scarab.core.refusal import Arg, Reason, listing, refused, unreadable
from scarab.core.rng import RandomSource, Rng

if TYPE_CHECKING:
    from scarab.core.record import Record
    from scarab.core.valuation import Heuristics

JSON = Any  # a value made of dict, list, str, int, float, bool and None
_NO_DATA: Mapping[str, JSON] = MappingProxyType({})
SEEDS = 2**64  # a seed is an int in 0..SEEDS-1
MAX_NOTATION = 200  # characters: no action's notation is longer
MAX_NAME = 40  # characters in a player's name
MAX_MARKS = 3  # combining marks on one character of a name (pointed Hebrew needs three)
# Printable letters and signs that show as blank space (the Hangul fillers, the blank
# Braille pattern): a name of them, or padded with them, would look empty or spaced.
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Printable marks that show nothing at all (the combining grapheme joiner, Khmer's
# inherent vowels, Mongolian's and the other variation selectors): "Alice" with one is
# another name that looks the same.
INVISIBLE = frozenset(
    "\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f"
    + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "".join(map(chr, range(0xE0100, 0xE01F0)))
)
# A name's first character that a message reads as an id, not as itself: "@" a word
# of the catalogue, "#" a seat (scarab.i18n, the page's i18n.js).
READ_AS_ID = ("@", "#")
# Kinds of loss a person takes only on purpose, which a game may tell apart (State.slip):
# ending a turn with actions unused, and stepping straight back where the seat came from
# earlier in the same turn.
SLIPS = ("gives_up", "walks_back")


def check_name(name: object, shown: bool = False) -> None:
    """A player's name: what a record's Players tag carries and reads back unchanged; with
    ``shown``, a new name must also show as itself (UnseenName: a blank-looking character,
    a leading combining mark, or more than MAX_MARKS marks stacked on one character). The
    server asks that of every name it is given; a game dealt or replayed does not, so a
    record or a stored table from before the rule still reads."""
    if (
        not isinstance(name, str)
        or not 1 <= len(name) <= MAX_NAME
        or not name.isprintable()
        or "," in name
        or name != name.strip()
    ):
        raise BadOption(
            f"a player's name is 1 to {MAX_NAME} printable characters without commas or "
            f"outer spaces, not {brief(name)}"
        )
    if shown:
        _check_shown(name)


def _check_shown(name: str) -> None:
    blank = next((ch for ch in name if ch in BLANK), None)
    if blank is not None:
        raise UnseenName(
            f"a player's name must show: {_char(blank)} shows as blank; use letters, digits "
            f"or signs that show, not {brief(name)}"
        )
    unseen = next((ch for ch in name if ch in INVISIBLE), None)
    if unseen is not None:
        raise UnseenName(
            f"a player's name must show: {_char(unseen)} shows nothing, so the name would "
            f"look like another; leave it out of {brief(name)}"
        )
    if name.startswith(READ_AS_ID):
        raise UnseenName(
            f"a player's name starts with {name[0]}, which the page reads as a message's id "
            f"or a seat: start with a letter, digit or another sign, not {brief(name)}"
        )
    if unicodedata.category(name[0]).startswith("M"):
        raise UnseenName(
            f"a player's name starts with the combining mark {_char(name[0])}, which has no "
            f"letter to sit on: start with a letter, digit or sign, not {brief(name)}"
        )
    stacked = 0
    for ch in unicodedata.normalize("NFD", name):  # an accented letter's own accent counts
        stacked = stacked + 1 if unicodedata.category(ch) in ("Mn", "Me") else 0
        if stacked > MAX_MARKS:
            raise UnseenName(
                f"a player's name carries at most {MAX_MARKS} marks on one character, "
                f"accents and the like; not {brief(name)}"
            )


def _char(ch: str) -> str:
    """A character named for a reader who may not see it: U+3164 (HANGUL FILLER)."""
    return f"U+{ord(ch):04X} ({unicodedata.name(ch, 'unnamed')})"


class Action(Protocol):
    """Frozen and hashable; str() gives the notation that parse_action reads back."""

    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __str__(self) -> str: ...


A = TypeVar("A", bound=Action)  # a game's action type
W = TypeVar("W", bound=Action, contravariant=True)  # the action a game's words describe


class Event:
    """Something that happened, in data and in words.

    When ``secret_to`` is a seat, only that seat sees ``data`` and ``text``;
    every other viewer gets ``public_text`` and ``public_data`` instead, or
    nothing at all when ``public_text`` is empty (a private event: the others
    must not even learn that it happened). A plain slotted class: games build
    several per decision, so it stays cheap. A game with rounds begins each with a
    public ``round`` event whose ``data["round"]`` is its number: a log heads what
    follows with it.
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

    def for_viewer(self, viewer: int | None) -> Event | None:
        """The copy a viewer may see (None = spectator); None when the viewer may not
        learn of the event at all."""
        if self.secret_to is None or self.secret_to == viewer:
            return self
        if not self.public_text:
            return None
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


def events_for(events: Iterable[Event], viewer: int | None) -> list[Event]:
    """The events a viewer (None = spectator) learns of, each as that viewer may see it."""
    out: list[Event] = []
    for e in events:
        seen = e.for_viewer(viewer)
        if seen is not None:
            out.append(seen)
    return out


SHARED_SLOTS = (  # every game's state has these; pickling needs their names
    "date",
    "final",
    "game",
    "hist",
    "legal",
    "names",
    "options",
    "rng",
    "sampled",
    "seed",
)


class State(ABC, Generic[A]):
    """A game in progress. Mutable; clone() before exploring.

    ``sampled`` is True for a state made by determinize(): a world consistent
    with one seat's view, not a game anyone played, so it has no record.
    """

    # What every game's state has; a game's own slots hold its position (see key()).
    __slots__ = SHARED_SLOTS

    game: Game[A]
    names: tuple[str, ...]
    seed: int
    options: dict[str, JSON]
    date: str
    rng: Rng
    # (earlier history, seat, action), shared by clones; the nested tuple is its own type
    hist: tuple[Any, int, A] | None
    legal: list[A] | None  # legal_actions() cache, cleared by every action
    round: int  # the game's own round counter (a slot of each game), as its view shows it
    sampled: bool

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to decide now; None once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    def choosing_unseen(self) -> bool:
        """Whether the seat to decide chooses unseen: the others learn only that it has
        chosen, once it is done, however many decisions that took (Pyramids' keeping and
        marking). A front end must not let them count those decisions either."""
        return False

    def legal_actions(self) -> list[A]:
        """Every legal action; never empty while the game is not over."""
        if self.legal is None:
            self.legal = self._legal()
        return list(self.legal)

    def apply(self, action: A) -> list[Event]:
        """Play an action and return its events. Raises, changing nothing, UnreadableAction
        for a value that is no action of this game, IllegalAction for one not legal here."""
        return self._play(action, True)

    def step(self, action: A) -> None:
        """Apply without building events: the same game, faster, for simulation."""
        self._play(action, False)

    @abstractmethod
    def _legal(self) -> list[A]:
        """Compute the legal actions (legal_actions() caches them in self.legal)."""

    def _play(self, action: A, events: bool) -> list[Event]:
        """Refuse an illegal action unchanged; else record it and let the rules play it."""
        if type(action) is not self.game.action_type:
            raise unreadable(Reason("refuse.not_action", value=brief(action), game=self.game.title))
        legal = self.legal if self.legal is not None else self._legal()
        if action not in legal:
            raise refused(self.refusal(action, legal))
        self.legal = None
        seat = self.current_player
        assert seat is not None  # a game that is over has no legal action
        self.hist = (self.hist, seat, action)
        ev: list[Event] | None = [] if events else None
        self._do(seat, action, ev)
        return ev if ev is not None else []

    @abstractmethod
    def _do(self, seat: int, action: A, ev: list[Event] | None) -> None:
        """The forward model for a legal action; appends events to ev unless it is None."""

    def refusal(self, action: A, legal: list[A]) -> Reason:
        """Why an action is not legal here, and what would be (``legal``), as a message."""
        if self.is_over:
            return Reason("refuse.over")
        return Reason(
            "refuse.not_legal",
            action=str(action),
            reason=self.why(action),
            legal=listing(self.legal_words(legal)),
        )

    def explain(self, action: A, legal: list[A]) -> str:
        """The refusal's English words."""
        return self.refusal(action, legal).english

    @abstractmethod
    def why(self, action: A) -> Reason:
        """Why an action is not legal for the seat to decide, while the game goes on."""

    def legal_words(self, legal: list[A]) -> list[Arg]:
        """The legal actions as a refusal lists them: their notation."""
        return [str(a) for a in legal]

    @abstractmethod
    def scores(self) -> list[int]: ...

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won (several on a shared win); empty while not over."""

    def win_share(self, seat: int) -> float:
        """The seat's share of the win: 1 alone, 1/k of a win shared by k, else 0 (also
        while the game is not over, and when nobody wins)."""
        winners = self.winners()
        return 1 / len(winners) if seat in winners else 0.0

    @abstractmethod
    def clone(self) -> Self: ...

    def seat_of(self, player: object, spectator: bool = False) -> int | None:
        """``player`` when it is a seat of this game (or None, if a spectator is allowed)."""
        if player is None and spectator:
            return None
        if (
            isinstance(player, int)
            and not isinstance(player, bool)
            and 0 <= player < len(self.names)
        ):
            return player
        seats = f"0..{len(self.names) - 1}" + (", or None for a spectator" if spectator else "")
        raise BadSeat(f"there is no seat {brief(player)}: the seats are {seats}")

    def view(self, player: int | None) -> dict[str, JSON]:
        """What one seat (None = spectator) may know, JSON-able, sharing nothing with the state."""
        return self._view(self.seat_of(player, spectator=True))

    def determinize(self, player: int, rng: RandomSource) -> Self:
        """A full state that shows ``player`` the same view, every hidden thing resampled.

        It carries nothing of the real game beyond that view: its seed is drawn
        from ``rng``, its history starts empty, and it has no record.
        """
        seat = self.seat_of(player)
        assert seat is not None
        if not callable(getattr(rng, "getrandbits", None)):
            raise BadOption(
                f"determinize needs a random generator such as random.Random, not {brief(rng)}"
            )
        d = self._determinize(seat, rng)
        d.seed = rng.getrandbits(64)
        d.hist = None
        d.legal = None
        d.sampled = True
        return d

    @abstractmethod
    def _view(self, player: int | None) -> dict[str, JSON]:
        """The game's view for a valid seat (or None)."""

    @abstractmethod
    def _determinize(self, player: int, rng: RandomSource) -> Self:
        """The game's resample for a valid seat; the core then severs seed and history."""

    def slip(self, action: A) -> str | None:
        """The kind of loss a person takes only on purpose that ``action`` would be for the
        deciding seat, judged from what that seat knows: one of SLIPS, or None.
        ``"gives_up"`` ends a turn with actions unused; ``"walks_back"`` takes back the
        seat's own last step of the turn at once. A weaker bot's draw leaves out the kinds
        its level names unless its search takes the action (``never_drawn``). None in a
        game without them; a determinized state, which has no history, never says
        ``"walks_back"``."""
        return None

    def history(self) -> list[tuple[int, A]]:
        """(seat, action) for every action applied since setup."""
        out: list[tuple[int, A]] = []
        node = self.hist
        while node is not None:
            node, seat, act = node
            out.append((seat, act))
        out.reverse()
        return out

    def key(self) -> tuple[Any, ...]:
        """Everything that makes this game what it is (not names, date or caches)."""
        fields: list[Any] = []
        for name in type(self).__slots__:
            value = getattr(self, name)
            fields.append(sorted(value.items()) if isinstance(value, dict) else value)
        return (*fields, self.seed, self.rng.state, len(self.history()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        """Pickle support: the history is stored flat (its nested form is deep)."""
        out = {n: getattr(self, n) for n in (*SHARED_SLOTS, *type(self).__slots__)}
        out["hist"] = self.history()
        out["legal"] = None
        return out

    def __setstate__(self, fields: dict[str, Any]) -> None:
        hist: tuple[Any, int, A] | None = None
        for seat, act in fields.pop("hist"):
            hist = (hist, seat, act)
        for name, value in fields.items():
            setattr(self, name, value)
        self.hist = hist

    @property
    def num_players(self) -> int:
        return len(self.names)

    def record(self) -> Record:
        """The game so far as a record; NoRecord for a state sampled by determinize()."""
        from scarab.core.record import Record

        if self.sampled:
            raise NoRecord(
                "this state was sampled by determinize(): it is one world consistent with a "
                "seat's view, not a game that was played, so it has no record"
            )
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


class Words(Protocol[W]):
    """A game's describer module (games/<game>/describe.py), as Game uses it."""

    def fields(self, view: dict[str, JSON], act: W, /) -> dict[str, JSON]: ...

    def describe(
        self, view: dict[str, JSON], act: W, known: dict[str, JSON] | None = None, /
    ) -> str: ...

    def phrase(
        self, view: dict[str, JSON], act: W, known: dict[str, JSON] | None = None, /
    ) -> tuple[str, dict[str, JSON]]: ...

    def event_phrase(self, kind: str, data: dict[str, JSON], /) -> tuple[str, dict[str, JSON]]: ...

    def final_rows(self, view: dict[str, JSON], /) -> list[dict[str, JSON]]: ...


@dataclass(frozen=True)
class GameInfo:
    """A game's facts, declared once in its package and read by every layer (as
    OpenSpiel's GameType and GameInfo), so that no front end, adapter or tool keeps a list
    of the games or of their numbers."""

    name: str  # the registry's name, as in notation and records
    title: str  # the box's title
    min_players: int
    max_players: int
    longest: int  # a generous bound on one game's decisions (random play needs under a quarter)
    chance: bool = True  # dice, shuffles or draws, all dealt from the state's seed
    hidden: bool = True  # a seat may not know everything (views differ)
    simultaneous: bool = False  # choices hidden from the other seats until all have chosen
    options: Mapping[str, type] = field(default_factory=lambda: MappingProxyType({}))


class Game(ABC, Generic[A]):
    """A game's rules: metadata, setup and notation."""

    info: GameInfo
    action_type: type[A]  # the class of this game's actions
    heuristics: Heuristics[A] | None = None  # how its bots value positions (None: the score)
    _every: tuple[A, ...] | None = None  # every_action, once built

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def min_players(self) -> int:
        return self.info.min_players

    @property
    def max_players(self) -> int:
        return self.info.max_players

    @property
    def options(self) -> Mapping[str, type]:
        """Option name -> the type of its value."""
        return self.info.options

    def every_action(self) -> tuple[A, ...]:
        """Every action the notation can name, in a fixed order that only ever grows at
        its end: the numbered action space of the research adapters (computed once)."""
        if self._every is None:
            self._every = tuple(self._every_action())
        return self._every

    @abstractmethod
    def _every_action(self) -> Iterable[A]:
        """The actions for every_action, built from the game's data."""

    def new_game(
        self, players: int | Sequence[str], seed: int | None = None, **options: JSON
    ) -> State[A]:
        """Set a game up, dealt from ``seed`` (a fresh one if None); BadOption on bad input.

        Everything is checked before anything is built: the player count or names,
        the seed, and each option's name and type.
        """
        names = self.seat_names(players)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        else:
            self.check_seed(seed)
        self.check_options(options)
        return self._new_game(names, seed, options)

    @abstractmethod
    def _new_game(self, names: tuple[str, ...], seed: int, options: dict[str, JSON]) -> State[A]:
        """Setup from checked arguments (the game checks how options combine)."""

    def parse(self, text: str) -> A:
        """The action that notation names, legal or not. Raises UnreadableAction for text
        that names no action of this game (its message says which forms read)."""
        if not isinstance(text, str):
            raise unreadable(Reason("refuse.not_text", value=brief(text)))
        if len(text) > MAX_NOTATION:
            raise unreadable(Reason("refuse.too_long", limit=MAX_NOTATION, n=len(text)))
        if not text.isascii():
            raise unreadable(Reason("refuse.not_ascii", value=brief(text)))
        return self._parse(text)

    @abstractmethod
    def _parse(self, text: str) -> A:
        """Read checked ASCII notation; UnreadableAction if it names no action."""

    @abstractmethod
    def board(self) -> dict[str, JSON]:
        """The static board and data a front end draws (JSON, from the data file): what
        no view repeats, fetched once per game."""

    # What a front end shows of a game, read from views only: the game's ``words`` module
    # (games/<game>/describe.py) says it, and these pass the calls on.
    words: Words[A]

    def fields(self, view: dict[str, JSON], action: A) -> dict[str, JSON]:
        """A legal action's parts (``verb`` and, by game, the piece, card, from, to,
        cells, ...), read from the deciding seat's view, so that a front end matches a
        click to an action without parsing notation or knowing a rule."""
        return self.words.fields(view, action)

    def describe(
        self, view: dict[str, JSON], action: A, fields: dict[str, JSON] | None = None
    ) -> str:
        """A few words on what a legal action does, read from the deciding seat's view
        (from its ``fields`` when the caller has them already)."""
        return self.words.describe(view, action, fields)

    def phrase(
        self, view: dict[str, JSON], action: A, fields: dict[str, JSON] | None = None
    ) -> tuple[str, dict[str, JSON]]:
        """What ``describe`` says, as a message id and its arguments, so that a front end
        words it in its reader's language from the message catalogues."""
        return self.words.phrase(view, action, fields)

    def event_phrase(self, kind: str, data: dict[str, JSON]) -> tuple[str, dict[str, JSON]]:
        """An event as a message id and its arguments, from the kind and the data one
        viewer was given (a hidden event's public data for the others). The acting seat's
        name is not in the message: a front end puts it before the line."""
        return self.words.event_phrase(kind, data)

    def final_rows(self, view: dict[str, JSON]) -> list[dict[str, JSON]]:
        """The final scoring by category, from a finished game's view: rows of ``label``,
        ``cells`` (text per seat) and ``points`` (per seat; None where a cell scores
        nothing itself), the last row the ``total``. A seat's points add up to its total,
        which is its score, so every front end shows one scoring that sums. Each row also
        has ``msg`` and ``args``: its label as a message; a row whose cells hold words has
        ``cell_msgs`` too, one ``{"msg", "args"}`` per seat."""
        return self.words.final_rows(view)

    def parse_action(self, state: State[A], text: str) -> A:
        """The legal action that ``text`` names. Raises UnreadableAction for text that names
        no action, IllegalAction (listing the legal ones) for an action not legal here."""
        act = self.parse(text)
        legal = state.legal_actions()
        if act not in legal:
            raise refused(state.refusal(act, legal))
        return act

    def seat_names(self, players: int | Sequence[str]) -> tuple[str, ...]:
        """Check a player count or list of names; default names are p1, p2, ...

        A name is 1 to MAX_NAME printable characters, without commas or outer
        spaces, that shows (check_name), and names are distinct: every accepted name
        survives a record.
        """
        if isinstance(players, int) and not isinstance(players, bool):
            count = players
        elif isinstance(players, (list, tuple)):
            count = len(players)
        else:
            raise BadOption(f"players is a player count or a list of names, not {brief(players)}")
        if not self.min_players <= count <= self.max_players:
            raise BadOption(
                f"{self.title} takes {self.min_players} to {self.max_players} players, "
                f"not {count if count < 10**6 else 'so many'}"
            )
        if isinstance(players, int):
            return tuple(f"p{i + 1}" for i in range(players))
        for name in players:
            check_name(name)
        if len(set(players)) != len(players):
            raise BadOption(f"player names must differ, but {brief(list(players))} repeats one")
        return tuple(players)

    def check_seed(self, seed: object) -> None:
        """A seed is an int in 0..2**64-1 (not a bool, float or string)."""
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEEDS:
            raise BadOption(f"a seed is a whole number from 0 to 2**64-1, not {brief(seed)}")

    def check_options(self, options: Mapping[str, object]) -> None:
        """Every option is one this game takes, with a value of its type."""
        known = ", ".join(sorted(self.options)) or "none"
        for key, value in options.items():
            kind = self.options.get(key) if isinstance(key, str) else None
            if kind is None:
                raise BadOption(f"{self.title} has no option {brief(key)}; its options: {known}")
            if type(value) is not kind:
                raise BadOption(f"option {key} takes a {kind.__name__}, not {brief(value)}")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickle a game as its name: there is one instance per game."""
        from scarab.core.registry import load

        return (load, (self.name,))

    def __repr__(self) -> str:
        return f"<Game {self.name}>"
