"""Scenario building for Pyramids tests: set up a position, then play notation.

The deck file is provisional, so scenarios never rely on what a card id holds:
they install their own grids for the ids they use (``grid``, through pytest's
monkeypatch) and move those ids where they are needed. Every helper keeps the
48 cards conserved (ids are swapped between piles, never created).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import scarab
from scarab.core.game import Event
from scarab.games.pyramids import data as D
from scarab.games.pyramids import rules
from scarab.games.pyramids.state import PyramidsState

# A plain card: entrance a1, tomb a5, nothing else.
PLAIN = ("E....", ".....", ".....", ".....", "T....")


def new(players: int | Sequence[str] = 2, seed: int = 0) -> PyramidsState:
    """A fresh game at the keep step (one player plays the solo variant)."""
    count = players if isinstance(players, int) else len(players)
    options: dict[str, Any] = {"solo": True} if count == 1 else {}
    s = scarab.load("pyramids").new_game(players, seed=seed, **options)
    assert isinstance(s, PyramidsState)
    return s


def play(s: PyramidsState, *texts: str) -> list[Event]:
    """Apply each action given in notation; returns all events."""
    events: list[Event] = []
    for t in texts:
        events.extend(s.apply(s.game.parse_action(s, t)))
    return events


def keep_all(s: PyramidsState) -> list[Event]:
    """Every seat keeps the two lowest-numbered cards dealt to it."""
    events: list[Event] = []
    while s.phase == rules.KEEP:
        a, b = sorted(s.dealt[s.seat])[:2]
        events.extend(play(s, f"keep {a},{b}"))
    return events


def started(
    players: int | Sequence[str] = 2, seed: int = 0, shape: str = "domino"
) -> PyramidsState:
    """A game past the keep step, seat 1 to mark, with the named expedition pattern shown."""
    s = new(players, seed)
    keep_all(s)
    show(s, shape)
    return s


def show(s: PyramidsState, shape: str) -> None:
    """Make the revealed expedition card one with this pattern (swapped with an unrevealed one)."""
    assert s.phase == rules.MARK and s.seat == 0 and not any(s.chosen), "only at a turn's start"
    if D.EXPEDITIONS[s.shown] != shape:
        js = [j for j, e in enumerate(s.expedition) if D.EXPEDITIONS[e] == shape]
        assert js, f"no unrevealed {shape} card left this round"
        j = js[0]
        s.expedition[j], s.shown = s.shown, s.expedition[j]
        s.used[-1] = s.shown
    s.legal = None


def grid(
    monkeypatch: pytest.MonkeyPatch, cid: int, colour: str = "green", rows: Sequence[str] = PLAIN
) -> int:
    """Install this grid for card ``cid`` for the length of the test; returns cid."""
    assert len(rows) == D.SIZE and all(len(r) == D.SIZE for r in rows)
    assert "E" in rows[0] and "T" in rows[-1]
    monkeypatch.setitem(D.CARDS, cid, D._card({"id": cid, "colour": colour, "rows": list(rows)}))
    return cid


def _piles(s: PyramidsState) -> list[list[int]]:
    return [s.deck, s.display, *s.dealt, *s.cards]


def all_cards(s: PyramidsState) -> list[int]:
    """Every card id wherever it lies, sorted (48 of them while conserved).

    At the keep step a seat's kept cards are still among those dealt to it."""
    held = [c for p, cs in enumerate(s.cards) for c in cs if c not in s.dealt[p]]
    return sorted([*s.deck, *s.display, *held, *(c for d in [*s.dealt, *s.done] for c in d)])


def _fetch(s: PyramidsState, cid: int, into: list[int], i: int) -> None:
    """Swap card cid into into[i] (it must be free: not completed, not marked)."""
    assert cid not in s.marks and not any(cid in d for d in s.done), f"card {cid} is in use"
    for pile in _piles(s):
        if cid in pile and not (pile is into and pile.index(cid) < i):
            j = pile.index(cid)
            pile[j], into[i] = into[i], pile[j]
            return
    raise AssertionError(f"card {cid} not found")


def hand(s: PyramidsState, seat: int, *cids: int) -> None:
    """Give a seat exactly these pyramid cards (unmarked); its old ones take their places."""
    cards = s.cards[seat]
    for c in cards:
        s.marks.pop(c, None)
    while len(cards) < len(cids):  # a seat that lost a card: take one from the deck first
        cards.append(s.deck.pop(0))
    while len(cards) > len(cids):
        s.deck.insert(0, cards.pop())
    for i, cid in enumerate(cids):
        if cards[i] != cid:
            _fetch(s, cid, cards, i)
    s.legal = None


def completed(s: PyramidsState, seat: int, *cids: int) -> None:
    """As if the seat had completed these cards earlier (taken from the deck or display)."""
    for cid in cids:
        for pile in (s.deck, s.display):
            if cid in pile:
                pile.remove(cid)
                break
        else:
            raise AssertionError(f"card {cid} is not in the deck or display")
        s.done[seat] += (cid,)
        s.marks[cid] = D.CARDS[cid].open
    s.legal = None


def premark(s: PyramidsState, cid: int, cells: str) -> None:
    """Mark cells of a card without their symbols taking effect (as if marked long ago)."""
    for name in cells.replace(",", " ").split():
        s.marks[cid] = s.marks.get(cid, 0) | 1 << D.cell_index(name)
    s.legal = None


def marked(s: PyramidsState, cid: int) -> list[str]:
    return [D.cell_name(i) for i in D.cells_of(s.marks.get(cid, 0))]


def idle(s: PyramidsState) -> list[Event]:
    """The seat to decide marks plain single cells (no symbol, no tomb) until its turn is done."""
    seat, when = s.seat, (s.round, s.turn)
    events: list[Event] = []
    while s.phase in (rules.MARK, rules.EXTRA) and s.seat == seat and (s.round, s.turn) == when:
        acts = [
            a
            for a in s.legal_actions()
            if a.verb == "pass"
            or (
                a.mask.bit_count() == 1
                and not a.mask >> D.CARDS[a.card].tomb & 1
                and not D.CARDS[a.card].symbols[a.mask.bit_length() - 1]
            )
        ]
        events.extend(s.apply(acts[0] if acts else s.legal_actions()[0]))
    return events


def idle_until(s: PyramidsState, seat: int) -> None:
    """Seats before ``seat`` idle until it is its turn to mark."""
    while s.seat != seat and s.phase in (rules.MARK, rules.EXTRA):
        idle(s)


def end_turn(s: PyramidsState) -> list[Event]:
    """Every seat still to mark this turn idles."""
    when = (s.round, s.turn)
    events: list[Event] = []
    while s.phase in (rules.MARK, rules.EXTRA) and (s.round, s.turn) == when:
        events.extend(idle(s))
    return events


def one_turn(s: PyramidsState, moves: dict[int, str] | None = None) -> list[Event]:
    """One whole turn: the seats in ``moves`` play that notation (a red cross's extra cells
    after a space: '7:a1,a2 8:a1'), the others idle; replacements take the deck top."""
    todo = dict(moves or {})
    when = (s.round, s.turn)
    events: list[Event] = []
    while s.phase in (rules.MARK, rules.EXTRA) and (s.round, s.turn) == when:
        if s.seat in todo:
            events.extend(play(s, *todo.pop(s.seat).split()))
        else:
            events.extend(idle(s))
    while s.phase == rules.REPLACE:
        events.extend(play(s, "take deck" if s.deck else f"take {s.display[0]}"))
    return events


def spare(s: PyramidsState, k: int, avoid: Sequence[int] = ()) -> list[int]:
    """k card ids from the pyramid deck (none of ``avoid``), for scenarios to dress up."""
    ids = [c for c in s.deck if c not in avoid][:k]
    assert len(ids) == k
    return ids


def last_turn(s: PyramidsState) -> None:
    """Jump to the last turn of the last round (the revealed card stays)."""
    assert s.phase == rules.MARK and not any(s.chosen)
    s.round = D.ROUNDS
    while s.turn < D.TURNS_PER_ROUND:
        s.used.insert(0, s.expedition.pop(0))
        s.turn += 1
    s.legal = None


def texts(actions: list[Any]) -> list[str]:
    return sorted(str(a) for a in actions)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
