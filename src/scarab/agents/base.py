"""What every bot is: an Agent that chooses for a Seat, and the Seat it sees.

A Seat is the only handle a bot gets on a game. It exposes what a player at
the table has: the seat number, the game's rules, that seat's view, the legal
actions on its own turn, and a determinized copy (a full state consistent with
the view, every hidden thing resampled). It holds no reference to the real
state as an attribute: the handle's methods are closures, so a bot cannot
reach the real hands, draw pile or RNG by accident. (Python cannot stop
deliberate introspection; this is a guard, not a sandbox.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar, runtime_checkable

from scarab import i18n
from scarab.core.errors import ScarabError
from scarab.core.game import JSON, Action, Game, State
from scarab.core.rng import RandomSource

# A bot's reason as message ids and their arguments (scarab/locales/*/bots.json), read
# one after another: the reader's language, where explain() gives the English.
Phrase = tuple[str, dict[str, JSON]]
NOT_YET: list[Phrase] = [("bot.not_yet", {})]


def reason_in(lang: str, said: Sequence[Phrase]) -> str:
    """A bot's reason (its ``said()``) in one language."""
    return "".join(i18n.text(lang, msg, args) for msg, args in said)


def english(said: Sequence[Phrase]) -> str:
    """A bot's reason in English: what its explain() says."""
    return reason_in("en", said)


class NotYourTurn(ScarabError):
    """A seat asked for legal actions while another seat (or nobody) is to decide."""

    code = "not_your_turn"


A = TypeVar("A", bound=Action)  # the game's action type


class Seat(Generic[A]):
    """One seat's restricted view of a game in progress."""

    __slots__ = ("_determinize", "_legal", "_slip", "_view", "game", "seat")

    seat: int
    game: Game[A]

    def __init__(self, state: State[A], seat: int) -> None:
        checked = state.seat_of(seat)  # BadSeat unless a seat of this game
        assert checked is not None
        self.seat = checked
        self.game = state.game

        def view() -> dict[str, JSON]:
            return state.view(seat)

        def legal() -> list[A]:
            if state.current_player != seat:
                who = state.current_player
                now = "the game is over" if who is None else f"it is seat {who}'s decision"
                raise NotYourTurn(f"seat {seat} has no legal actions now: {now}")
            return state.legal_actions()

        def determinize(rng: RandomSource) -> State[A]:
            return state.determinize(seat, rng)

        def slip(action: A) -> str | None:
            return state.slip(action)

        self._view: Callable[[], dict[str, JSON]] = view
        self._legal: Callable[[], list[A]] = legal
        self._determinize: Callable[[RandomSource], State[A]] = determinize
        self._slip: Callable[[A], str | None] = slip

    def view(self) -> dict[str, JSON]:
        """What this seat may know, JSON-able (the game's view for this seat)."""
        return self._view()

    def legal_actions(self) -> list[A]:
        """This seat's legal actions; NotYourTurn unless it is this seat's decision."""
        return self._legal()

    def determinize(self, rng: RandomSource) -> State[A]:
        """A full state this seat cannot tell from the real one; hidden things from ``rng``.

        It holds nothing else of the real game: its seed is drawn from ``rng``, its
        history starts empty and it has no record (State.determinize).
        """
        return self._determinize(rng)

    def slip(self, action: A) -> str | None:
        """The kind of loss a person takes only on purpose that ``action`` would be, or None
        (State.slip: judged from what the seat did itself, nothing hidden)."""
        return self._slip(action)

    def __repr__(self) -> str:
        return f"<Seat {self.seat} of {self.game.name}>"


@runtime_checkable
class Agent(Protocol):
    """A player program: it chooses an action for a seat and says why."""

    name: str

    def choose(self, seat: Seat[A]) -> A:
        """One of ``seat.legal_actions()``."""
        ...

    def explain(self) -> str:
        """A short reason for the last choice, in English."""
        ...

    def said(self) -> list[Phrase]:
        """The same reason as message ids, for the reader's language."""
        ...
