"""Scenario building for Horus tests: set up a position, then play notation.

Cards are moved, never created, so the conservation checks hold in scenario
tests too. ScriptedRng makes the next dice what a rulebook example shows.
"""

from __future__ import annotations

from collections.abc import Iterable

import scarab
from scarab.core.game import Event
from scarab.core.rng import Rng
from scarab.games.horus import data as D
from scarab.games.horus import hazards as H
from scarab.games.horus.stages import ACTIONS, ADJUST, INSIDE
from scarab.games.horus.state import HorusState

HORUS = scarab.load("horus")
INITKAES, SANAKHT, IMHOTEP = range(3)  # the mummies, in data order


class ScriptedRng(Rng):
    """An Rng whose next die() results are given; other draws stay seeded."""

    __slots__ = ("script",)

    def __init__(self, seed: int, dice: Iterable[int] = ()) -> None:
        super().__init__(seed)
        self.script = list(dice)

    def copy(self) -> ScriptedRng:
        twin = ScriptedRng(self.state, self.script)
        return twin

    def die(self) -> int:
        return self.script.pop(0) if self.script else super().die()


def new(players: int = 2, seed: int = 0) -> HorusState:
    s = HORUS.new_game(players, seed=seed)
    assert isinstance(s, HorusState)
    return s


def play(s: HorusState, *texts: str) -> list[Event]:
    """Apply each action given in notation; returns all events."""
    events: list[Event] = []
    for t in texts:
        events.extend(s.apply(s.game.parse_action(s, t)))
    return events


def started(*adventurers: str, seed: int = 0) -> HorusState:
    """A game whose seats chose these adventurers (all at e1), now in round 1."""
    s = new(len(adventurers), seed)
    play(s, *(f"choose {a} e1" for a in adventurers))
    return s


def dice(s: HorusState, *values: int) -> None:
    """The next die() results, in order (action roll, mummy roll, lock, chests)."""
    s.rng = ScriptedRng(s.rng.state, values)


def place(s: HorusState, seat: int, x: int, y: int) -> None:
    s.pos[seat] = D.sq(x, y)
    s.status[seat] = INSIDE
    s.legal = None


def _take_from_piles(s: HorusState, name: str) -> int:
    """Remove one card of that name from a deck, the discard or a supply; -1 if none."""
    for pile in [*s.decks, s.discard]:
        found = [c for c in pile if D.CARDS[c].name == name]
        if found:
            pile.remove(found[0])
            return found[0]
    for k, supply in enumerate(s.supply):
        found = [c for c in supply if D.CARDS[c].name == name]
        if found:
            rest = list(supply)
            rest.remove(found[0])
            s.supply[k] = tuple(rest)
            return found[0]
    return -1


def give(s: HorusState, seat: int, *names: str) -> None:
    """Move one card of each name to the seat, from a deck, the discard or a supply."""
    for name in names:
        if name.endswith("-idol"):
            a = D.ALCOVE_GOD.index(name.removesuffix("-idol"))
            assert s.alcoves[a], f"the {name} is not in its alcove"
            s.alcoves[a] = False
            s.cards[seat].append(D.IDOL_CARD[D.ALCOVE_IDOL[a]])
            continue
        card = _take_from_piles(s, name)
        if card >= 0:
            s.cards[seat].append(card)
        else:
            for i, c in enumerate(s.sarc):
                if c >= 0 and D.CARDS[c].name == name:
                    s.sarc[i], s.sarc_open[i] = -1, False
                    s.cards[seat].append(c)
                    break
            else:
                raise AssertionError(f"no free card {name!r}")
    s.legal = None


def on_top(s: HorusState, deck: str, name: str) -> None:
    """Put a card of that name on top of a search deck (swapping within the deck)."""
    pile = s.decks[D.DECKS.index(deck)]
    j = next(i for i, c in enumerate(pile) if D.CARDS[c].name == name)
    pile[j], pile[-1] = pile[-1], pile[j]


def turn(s: HorusState, seat: int, actions: int) -> None:
    """Make it the seat's phase 3 turn with that many actions."""
    n = len(s.names)
    s.stage, s.turn_idx, s.in_turn = ACTIONS, (seat - s.keeper) % n, True
    s.left, s.used, s.lock, s.pending = actions, 0, (), []
    s.granted[seat] = actions
    s.seat, s.legal = seat, None


def adjust(s: HorusState, seat: int) -> None:
    """Make it the seat's phase 1 decision."""
    n = len(s.names)
    s.stage, s.turn_idx, s.in_turn, s.pending = ADJUST, (seat - s.keeper) % n, False, []
    s.seat, s.legal = seat, None


def legal(s: HorusState) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def held(s: HorusState, seat: int) -> list[str]:
    return [D.card_name(c) for c in s.cards[seat]]


class Rigged(ScriptedRng):
    """Scripted dice, and the next stone blocks drawn from the box are these numbers."""

    __slots__ = ("blocks", "box")

    def __init__(self, s: HorusState, blocks: list[int], dice: list[int]) -> None:
        super().__init__(s.rng.state, dice)
        self.box, self.blocks = s.box, blocks

    def die(self) -> int:
        return self.script.pop(0) if self.script else Rng.below(self, 6) + 1

    def below(self, n: int) -> int:
        if self.blocks and n == len(self.box):
            return self.box.index(self.blocks.pop(0))
        return super().below(n)


def falls(s: HorusState, *blocks: int, dice: tuple[int, ...] = ()) -> None:
    """The next blocks drawn are these; the next dice are those."""
    s.rng = Rigged(s, list(blocks), list(dice))


def fallen(s: HorusState, *blocks: int) -> None:
    """These blocks fell in earlier rounds."""
    for b in blocks:
        s.box.remove(b)
        s.fallen.append(b)
        s.blocked |= 1 << D.SQUARE_OF_BLOCK[b]


def at(s: HorusState, seat: int) -> str:
    return D.square_name(s.pos[seat])


def mummy_at(s: HorusState, m: int) -> str:
    return D.square_name(H.mummy_square(s, m))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
