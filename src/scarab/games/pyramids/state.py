"""The Pyramids game state: lists, ints and one dict of cell bitmasks, cheap to clone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scarab.core.game import JSON, Event, State
from scarab.core.refusal import Reason
from scarab.core.rng import RandomSource, Rng
from scarab.games.pyramids import rules, view
from scarab.games.pyramids.actions import PyramidsAction
from scarab.games.pyramids.scoring import points

if TYPE_CHECKING:
    from scarab.games.pyramids.scoring import Breakdown


class PyramidsState(State[PyramidsAction]):
    __slots__ = (
        "cards",
        "chosen",
        "claims",
        "claims_due",
        "dealt",
        "deck",
        "display",
        "done",
        "expedition",
        "extras",
        "green",
        "marks",
        "pending",
        "phase",
        "queue",
        "race",
        "red",
        "round",
        "seat",
        "shown",
        "skulls",
        "snap",
        "torches",
        "turn",
        "used",
    )

    names: tuple[str, ...]
    seed: int
    options: dict[str, JSON]
    date: str
    rng: Rng
    deck: list[int]  # pyramid card ids, top at the end
    display: list[int]
    dealt: list[tuple[int, ...]]  # setup: the cards dealt to each seat until it keeps two
    cards: list[list[int]]  # each seat's pyramid cards in play
    marks: dict[int, int]  # card id -> marked cells
    done: list[tuple[int, ...]]  # each seat's completed cards, in completion order
    red: list[int]  # score card: gems, skull count, torch bits by round
    green: list[int]
    skulls: list[int]
    torches: list[int]
    claims: list[tuple[tuple[int, int], ...]]  # (colour, pyramid points) per seat
    claims_due: list[tuple[int, int]]  # (card, seat) completed this turn, by card number
    race: list[int]  # per colour: how many pyramid-point values are taken
    expedition: list[int]  # this round's unrevealed expedition cards, top at the end
    used: list[int]  # this round's revealed expedition cards
    shown: int  # the expedition card in play (-1 when none)
    round: int
    turn: int
    phase: int
    seat: int
    extras: int  # red-cross marks still owed by the deciding seat
    pending: list[tuple[tuple[int, int], ...]]  # marks this turn, hidden from the others
    chosen: list[bool]  # seats that have made this turn's (or setup's) choice
    snap: list[tuple[int, int, int, int]]  # score cards as the others last saw them
    queue: list[tuple[int, int]]  # (seat, completed card) replacements still to make
    final: list[Breakdown] | None
    legal: list[PyramidsAction] | None

    @property
    def current_player(self) -> int | None:
        return None if self.phase == rules.OVER else self.seat

    @property
    def is_over(self) -> bool:
        return self.phase == rules.OVER

    @property
    def choosing_unseen(self) -> bool:
        return self.phase in (rules.KEEP, rules.MARK, rules.EXTRA)  # PYR-SIMULTANEOUS

    def _legal(self) -> list[Any]:
        return rules.legal_actions(self)

    def _do(self, seat: int, action: PyramidsAction, ev: list[Event] | None) -> None:
        rules.play(self, seat, action, ev)

    def why(self, action: PyramidsAction) -> Reason:
        return rules.why(self, action)

    def scores(self) -> list[int]:
        """Final totals once over; during play, what the score cards are worth now."""
        if self.final is not None:
            return [b.total for b in self.final]
        return [points(self, p) for p in range(len(self.names))]

    def winners(self) -> list[int]:
        return rules.winners(self) if self.final is not None else []

    def clone(self) -> PyramidsState:
        c = PyramidsState.__new__(PyramidsState)
        c.game, c.names, c.seed, c.options, c.date = (
            self.game,
            self.names,
            self.seed,
            self.options,
            self.date,
        )
        c.rng = self.rng.copy()
        c.deck = self.deck.copy()
        c.display = self.display.copy()
        c.dealt = self.dealt.copy()
        c.cards = [*map(list.copy, self.cards)]
        c.marks = self.marks.copy()
        c.done = self.done.copy()
        c.red, c.green = self.red.copy(), self.green.copy()
        c.skulls, c.torches = self.skulls.copy(), self.torches.copy()
        c.claims = self.claims.copy()
        c.claims_due = self.claims_due.copy()
        c.race = self.race.copy()
        c.expedition, c.used, c.shown = self.expedition.copy(), self.used.copy(), self.shown
        c.round, c.turn, c.phase, c.seat, c.extras = (
            self.round,
            self.turn,
            self.phase,
            self.seat,
            self.extras,
        )
        c.pending = self.pending.copy()
        c.chosen = self.chosen.copy()
        c.snap = self.snap.copy()
        c.queue = self.queue.copy()
        c.final, c.hist, c.legal = self.final, self.hist, self.legal
        c.sampled = self.sampled
        return c

    def _view(self, player: int | None) -> dict[str, JSON]:
        return view.view(self, player)

    def _determinize(self, player: int, rng: RandomSource) -> PyramidsState:
        return view.determinize(self, player, rng)

    def __repr__(self) -> str:
        return f"<PyramidsState round {self.round}, turn {self.turn}, seat {self.seat}>"
