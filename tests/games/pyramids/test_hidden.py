"""Hidden information in Silver & Gold: Pyramids: what no seat's view, events or samples may show.

A seat's view never depends on what it may not know: the deck and expedition order, the RNG,
other seats' dealt cards and keep choices, and other seats' marks this turn. What holds for
every game alike (a sample agrees with the view; viewers' copies of events) is
tests/games/test_conformance.py.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable
from functools import partial
from itertools import combinations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import scarab
from scarab.core.game import events_for
from scarab.core.rng import Rng
from scarab.games.pyramids import data as D
from scarab.games.pyramids.actions import PyramidsAction
from scarab.games.pyramids.state import PyramidsState
from tests.games.pyramids.test_properties import (
    DEALT,
    EXTRA,
    KEEP,
    KEPT,
    MARK,
    SIDE,
    cells,
    check_invariants,
    choice_seeds,
    count,
    new,
    pick,
    play_out,
    player_counts,
    score_card,
    seeds,
)


def check_own_view(s: PyramidsState, me: int, mine: dict[str, object]) -> None:
    """My own dealt cards, keep choice and pending marks show in my view; others' do not."""
    seats = mine["seats"]
    assert isinstance(seats, list)
    assert mine["viewer"] == me
    my = seats[me]
    names = [D.cell_name(i) for i in range(SIDE * SIDE)]
    if s.phase == KEEP:
        assert my["dealt"] == sorted(s.dealt[me])
    else:
        assert "dealt" not in my
    assert [v["id"] for v in my["cards"]] == s.cards[me]
    for v in my["cards"] + my["completed"]:
        assert v["marked"] == [names[i] for i in cells(s.marks.get(v["id"], 0))]
    assert my["score_card"]["red_gems"] == s.red[me]
    assert my["score_card"]["skulls"] == s.skulls[me]
    for q, seat in enumerate(seats):
        if q == me:
            continue
        assert "dealt" not in seat
        if s.phase == KEEP:
            assert seat["cards"] == []
        hidden: dict[int, int] = {}
        for c, m in s.pending[q]:
            hidden[c] = hidden.get(c, 0) | m
        for v in seat["cards"] + seat["completed"]:
            public = s.marks.get(v["id"], 0) & ~hidden.get(v["id"], 0)
            assert v["marked"] == [names[i] for i in cells(public)]
        red, _, skulls, _ = s.snap[q] if s.phase != KEEP else (0, 0, 0, 0)
        assert (seat["score_card"]["red_gems"], seat["score_card"]["skulls"]) == (red, skulls)


def check_leaks(s: PyramidsState, me: int, rnd: random.Random) -> None:
    """Changing what `me` may not know leaves view(me) (and the spectator's) as they were."""
    n = s.num_players
    others = [q for q in range(n) if q != me]
    mine, spectator = s.view(me), s.view(None)
    json.dumps(mine)
    json.dumps(spectator)
    check_own_view(s, me, mine)
    k = rnd.getrandbits(32)
    sample = s.determinize(me, random.Random(k))

    def hidden(change: Callable[[PyramidsState], bool], owner: int | None = None) -> None:
        t = s.clone()
        if not change(t):
            return
        t.legal = None
        assert t.view(me) == mine
        assert t.view(None) == spectator
        # nor what determinize gives me: it may draw only on my view
        assert t.determinize(me, random.Random(k)) == sample
        if owner is not None:  # the change is real: its owner sees it
            assert t.view(owner) != s.view(owner)

    def reorder(items: list[int]) -> bool:
        before = items[:]
        rnd.shuffle(items)
        if items == before:
            items.reverse()
        return items != before

    hidden(lambda t: reorder(t.deck))
    hidden(lambda t: reorder(t.expedition))

    def reseed(t: PyramidsState) -> bool:
        t.rng = Rng(rnd.getrandbits(64))
        return True

    hidden(reseed)
    if s.phase == KEEP:  # PYR-SETUP-KEEP: others' dealt cards and choices stay secret

        def swap_dealt(t: PyramidsState, q: int) -> bool:
            i, j = rnd.randrange(DEALT), rnd.randrange(len(t.deck))
            old, new_card = t.dealt[q][i], t.deck[j]
            t.dealt[q] = (*t.dealt[q][:i], new_card, *t.dealt[q][i + 1 :])
            t.deck[j] = old
            t.cards[q] = sorted(new_card if c == old else c for c in t.cards[q])
            return True

        def rechoose(t: PyramidsState, q: int) -> bool:
            if not t.chosen[q]:
                return False
            pairs = [list(p) for p in combinations(sorted(t.dealt[q]), KEPT)]
            pairs.remove(sorted(t.cards[q]))
            t.cards[q] = rnd.choice(pairs)
            return True

        for q in others:
            hidden(partial(swap_dealt, q=q), q)
            hidden(partial(rechoose, q=q), q)
    # ... while my own dealt cards show
    if s.phase == KEEP and s.deck:
        t = s.clone()
        t.dealt[me], t.deck[0] = (t.deck[0], *t.dealt[me][1:]), t.dealt[me][0]
        t.cards[me] = []
        t.chosen[me] = False
        assert t.view(me) != mine


@pytest.mark.rule("PYR-HIDDEN", "PYR-SETUP-KEEP", "PYR-SIMULTANEOUS")
@given(seeds, player_counts, choice_seeds, st.integers(min_value=3, max_value=25))
@settings(max_examples=25, deadline=None)
def test_views_show_nothing_hidden(seed: int, players: int, choice: int, every: int) -> None:
    s = new(players, seed)
    rnd = random.Random(choice ^ 0x5EED)

    def visit(state: PyramidsState, i: int) -> None:
        if i < players or i % every == 0:  # every setup decision, then now and then
            check_leaks(state, rnd.randrange(players), rnd)

    play_out(s, random.Random(choice), bool(choice & 1), visit)
    for me in range(players):
        check_leaks(s, me, rnd)


def finish_seat(t: PyramidsState, q: int, rnd: random.Random) -> None:
    """Seat q's red-cross extras, at random, until another seat decides (or the turn ends)."""
    while t.phase == EXTRA and t.seat == q:
        t.apply(rnd.choice(t.legal_actions()))


def others_marks_hide(s: PyramidsState, rnd: random.Random) -> bool:
    """Seat q marks two different ways in two clones; until the reveal, nobody else can tell.
    False when there is nothing to compare."""
    q, n = s.seat, s.num_players
    marks = [a for a in s.legal_actions() if a.verb == "mark"]
    if s.phase != MARK or q == n - 1 or len(marks) < 2:
        return False
    a1, a2 = rnd.sample(marks, 2)
    t1, t2 = s.clone(), s.clone()
    t1.apply(a1)
    t2.apply(a2)
    # compared before the extras: two marks with their extras may cover the same cells
    assert t1.view(q) != t2.view(q), "my own pending marks show in my view"
    finish_seat(t1, q, rnd)
    finish_seat(t2, q, rnd)
    turn = (s.round, s.turn)
    k = rnd.getrandbits(32)
    while t1.phase in (MARK, EXTRA) and (t1.round, t1.turn) == turn:
        assert (t2.phase, t2.seat, t2.round, t2.turn) == (t1.phase, t1.seat, *turn)
        for v in [None, *range(n)]:
            if v != q:
                assert t1.view(v) == t2.view(v), f"seat {v} sees seat {q}'s pending marks"
        me = rnd.choice([v for v in range(n) if v != q])
        d1, d2 = t1.determinize(me, random.Random(k)), t2.determinize(me, random.Random(k))
        assert d1.key()[:-1] == d2.key()[:-1], "determinize draws on my view only"
        legal = t1.legal_actions()
        assert legal == t2.legal_actions(), "the later seats' options do not depend on q's marks"
        a = rnd.choice(legal)
        t1.apply(a)
        t2.apply(a)
    return True


@pytest.mark.rule("PYR-HIDDEN", "PYR-SIMULTANEOUS")
@given(seeds, st.integers(min_value=2, max_value=4), choice_seeds)
@example(seed=475, players=2, choice=475)  # two marks, each with an extra, on the same cells
@settings(max_examples=30, deadline=None)
def test_others_pending_marks_never_reach_my_view(seed: int, players: int, choice: int) -> None:
    s = new(players, seed)
    rnd = random.Random(choice)
    compared = 0

    def visit(state: PyramidsState, i: int) -> None:
        nonlocal compared
        if state.phase == MARK and (not compared or rnd.random() < 0.15):
            compared += others_marks_hide(state, rnd)

    play_out(s, random.Random(choice ^ 1), bool(choice & 1), visit)
    assert compared >= 1


def cross_then_extra(seed: int, players: int) -> tuple[PyramidsState, PyramidsState] | None:
    """A state where seat 1 is to mark, and a clone where seat 1 has marked a red cross and
    now takes the extra cell; None if this game never gets there."""
    s = new(players, seed)
    rnd = random.Random(seed)
    while not s.is_over:
        if s.phase == MARK and s.seat == 0:
            for a in s.legal_actions():
                if a.verb == "mark" and count(a.card, a.mask, D.CROSS):
                    t = s.clone()
                    t.apply(a)
                    if t.phase == EXTRA:
                        return s, t
        s.apply(rnd.choice(s.legal_actions()))
    return None


@pytest.mark.rule("PYR-HIDDEN", "PYR-SIMULTANEOUS", "PYR-SYM-CROSS")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_pending_red_cross_is_not_shown_to_the_others(players: int) -> None:
    for seed in range(50):
        found = cross_then_extra(seed, players)
        if found is not None:
            break
    assert found is not None
    before, during = found  # seat 1 yet to mark, or seat 1 taking its extra: the same to others
    for v in [None, *range(1, players)]:
        assert during.view(v) == before.view(v)


@pytest.mark.rule("PYR-HIDDEN", "PYR-SIMULTANEOUS", "PYR-SYM-CROSS")
@pytest.mark.parametrize("players", [2, 3])
def test_the_others_learn_one_event_per_marking_extra_cells_or_not(players: int) -> None:
    """Issue 9: a seat that decides twice (its marks, then a red cross's extra cell) and a
    seat that decides once give every other viewer the same single event."""
    found = next(f for seed in range(50) if (f := cross_then_extra(seed, players)))
    before, during = found
    plain = before.clone()
    plain_events = plain.apply(next(a for a in plain.legal_actions() if not crosses(plain, a)))
    assert plain.seat == 1
    with_extra = during.clone()
    first = before.clone().apply(next(a for a in before.legal_actions() if crosses(before, a)))
    assert with_extra.phase == EXTRA
    last: list[scarab.Event] = []
    while with_extra.seat == 0 and with_extra.phase == EXTRA:
        last = with_extra.apply(with_extra.legal_actions()[0])
    for viewer in [None, *range(1, players)]:
        assert events_for(first, viewer) == [], "nothing while the seat still decides"
        for events in (plain_events, last):
            seen = [e.to_json() for e in events_for(events, viewer)]
            assert seen[:1] == [
                {"kind": "marked", "player": 0, "text": "p1 has marked", "data": {}}
            ]
            assert [e["kind"] for e in seen].count("marked") == 1
    assert [e.kind for e in events_for(first, 0)] == ["mark"], "the seat sees its own marks"


def crosses(s: PyramidsState, a: PyramidsAction) -> bool:
    return a.verb == "mark" and bool(count(a.card, a.mask, D.CROSS))


@pytest.mark.rule("PYR-HIDDEN", "PYR-SIMULTANEOUS", "PYR-SYM-CROSS")
def test_determinize_draws_the_deciding_seat_from_every_position_it_could_be_in() -> None:
    """Issue 9: the observer cannot tell 'not marked yet' from 'taking an extra cell', so the
    samples hold both, never the true marks for certain, and are the same from either."""
    before, during = next(f for seed in range(50) if (f := cross_then_extra(seed, 2)))
    true_marks = during.pending[0]
    fresh = extra = kept = 0
    for k in range(200):
        d = during.determinize(1, random.Random(k))
        assert isinstance(d, PyramidsState)
        assert pickle.dumps(d) == pickle.dumps(before.determinize(1, random.Random(k)))
        assert d.seat == 0 and d.view(1) == during.view(1)
        check_invariants(d)
        fresh += d.phase == MARK and not d.pending[0]
        extra += d.phase == EXTRA and bool(d.pending[0])
        kept += d.pending[0] == true_marks
    assert fresh + extra == 200 and fresh > 0 and extra > 0
    assert kept < 100, "the true marks are one possibility among many"


def check_determinize(s: PyramidsState, me: int, k: int) -> set[tuple[int, ...]]:
    """Samples are positions the rules allow that keep my cards, marks and score card, and
    play on to an end that keeps them too; the deck of each sample (its view:
    tests/games/test_conformance.py)."""
    decks: set[tuple[int, ...]] = set()
    mine = [*s.cards[me], *s.done[me]]
    for j in range(4):
        d = s.determinize(me, random.Random(k + j))
        assert isinstance(d, PyramidsState)
        check_invariants(d)
        assert d.cards[me] == s.cards[me] and d.dealt[me] == s.dealt[me]
        assert {c: d.marks.get(c) for c in mine} == {c: s.marks.get(c) for c in mine}
        assert score_card(d, me) == score_card(s, me)
        assert d.rng.state != s.rng.state, "future shuffles are resampled too"
        decks.add(tuple(d.deck))
        if j == 0:
            play_out(d, random.Random(k), race=bool(k & 1))  # it plays on to the end by itself
            check_invariants(d)
    return decks


@pytest.mark.rule("PYR-HIDDEN")
@given(seeds, player_counts, choice_seeds, st.integers(min_value=5, max_value=40))
@settings(max_examples=25, deadline=None)
def test_a_determinization_keeps_every_invariant_and_resamples_the_deck(
    seed: int, players: int, choice: int, every: int
) -> None:
    s = new(players, seed)
    rnd = random.Random(choice)
    phases: set[int] = set()

    def visit(state: PyramidsState, i: int) -> None:
        if i % every == 0 or (state.phase not in phases and rnd.random() < 0.5):
            phases.add(state.phase)
            me = rnd.randrange(players)
            decks = check_determinize(state, me, rnd.getrandbits(32))
            if len(state.deck) >= 4:  # 24+ orders: four samples alike would be a fluke
                assert len(decks) > 1, "the deck order is resampled"

    play_out(s, random.Random(choice), bool(choice & 1), visit)
    check_determinize(s, rnd.randrange(players), rnd.getrandbits(32))
    assert KEEP in phases and MARK in phases


@pytest.mark.rule("PYR-HIDDEN", "PYR-SYM-CROSS")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_while_another_seat_takes_an_extra_cell(players: int) -> None:
    for seed in range(20):
        s = new(players, seed)
        rnd = random.Random(seed)
        while not s.is_over and not (s.phase == EXTRA and s.seat != 0):
            s.apply(pick(s, rnd, False))
        if not s.is_over:
            break
    assert s.phase == EXTRA and s.seat != 0
    check_invariants(s)
    for k in range(5):  # seat 1 sees the seat taking its extra cell; any world it imagines ...
        d = s.determinize(0, random.Random(k))
        assert isinstance(d, PyramidsState) and d.view(0) == s.view(0)
        check_invariants(d)  # ... is one the rules can reach
