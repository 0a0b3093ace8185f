"""Hidden information in Luxor: what no seat's view, events or samples may show.

What holds for every game alike (a sample agrees with the view; viewers' copies of events)
is tests/games/test_conformance.py; here, this game's own secrets.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scarab.core.rng import Rng
from scarab.games.luxor import data as D
from scarab.games.luxor.state import LuxorState
from tests.games.luxor.test_properties import (
    check_invariants,
    choice_seeds,
    new,
    play_out,
    player_counts,
    seeds,
)


def swap_differing(
    a: list[int], b: list[int], rnd: random.Random, label: Callable[[int], object]
) -> bool:
    """Swap one element of a with one of b that looks different; False if none does."""
    pairs = [(i, j) for i in range(len(a)) for j in range(len(b)) if label(a[i]) != label(b[j])]
    if not pairs:
        return False
    i, j = rnd.choice(pairs)
    a[i], b[j] = b[j], a[i]
    return True


def swap_scarabs(
    t: LuxorState, p: int, q: int | None, rnd: random.Random, label: Callable[[int], object]
) -> bool:
    """swap_differing between seat p's scarabs and seat q's (or the supply's)."""
    mine = list(t.scarabs[p])
    theirs = t.scarab_supply if q is None else list(t.scarabs[q])
    if not swap_differing(mine, theirs, rnd, label):
        return False
    t.scarabs[p] = tuple(mine)
    if q is not None:
        t.scarabs[q] = tuple(theirs)
    return True


def card_code(c: int) -> str:
    return D.CARDS[c].code


def same_value(v: int) -> int:
    return v


def check_leaks(s: LuxorState, me: int, rnd: random.Random) -> None:
    """Changing what `me` may not know leaves view(me) and view(None) as they were."""
    n = s.num_players
    over = s.is_over
    others = [p for p in range(n) if p != me]
    mine = s.view(me)
    spectator = s.view(None)
    json.dumps(mine)
    json.dumps(spectator)
    seat_view = mine["seats"][me]
    assert mine["viewer"] == me
    assert seat_view["hand"] == [card_code(c) for c in s.hands[me]]
    assert seat_view["scarabs"] == sorted(s.scarabs[me])
    for p in others:
        assert "hand" not in mine["seats"][p]
        assert ("scarabs" in mine["seats"][p]) == over  # revealed at the end (LUX-SCORE-SCARABS)
        assert mine["seats"][p]["hand_size"] == len(s.hands[p])
        assert mine["seats"][p]["scarab_count"] == len(s.scarabs[p])
    assert all("hand" not in seat for seat in spectator["seats"])

    k = rnd.getrandbits(32)
    sample = s.determinize(me, random.Random(k))

    def hidden(change: Callable[[LuxorState], bool], owner: int | None = None) -> None:
        t = s.clone()
        if not change(t):
            return
        t.legal = None
        assert t.view(me) == mine
        assert t.view(None) == spectator
        # nor what determinize gives me: it may draw only on my view and my rng
        assert t.determinize(me, random.Random(k)) == sample
        if owner is not None:  # the change is real: the owner sees it
            assert t.view(owner) != s.view(owner)

    def swap_unseen_cards(t: LuxorState, p: int, q: int | None) -> bool:
        """Swap a card of p's hand with one of q's hand (None: the draw pile) that looks
        different; Horus cards everyone saw taken stay put."""
        hand = t.hands[p]
        other = t.draw if q is None else t.hands[q]
        seen = set(t.known[p]) | (set() if q is None else set(t.known[q]))
        pairs = [
            (i, j)
            for i in range(len(hand))
            for j in range(len(other))
            if hand[i] not in seen
            and other[j] not in seen
            and card_code(hand[i]) != card_code(other[j])
        ]
        if not pairs:
            return False
        i, j = rnd.choice(pairs)
        hand[i], other[j] = other[j], hand[i]
        return True

    if not over:
        for p in others:
            hidden(partial(swap_unseen_cards, p=p, q=None), p)
            hidden(partial(swap_scarabs, p=p, q=None, rnd=rnd, label=same_value), p)
        if len(others) >= 2:
            p, q = others[:2]
            hidden(lambda t: swap_unseen_cards(t, p, q), p)
            hidden(lambda t: swap_scarabs(t, p, q, rnd, same_value), p)

    def reorder(items: list[int]) -> bool:
        before = items[:]
        rnd.shuffle(items)
        if items == before and len(set(items)) > 1:
            items.reverse()
        return items != before

    hidden(lambda t: reorder(t.draw))

    def reorder_temple(t: LuxorState) -> bool:
        stacks = [list(stack) for stack in t.temple]
        changed = any([reorder(stack) for stack in stacks])
        t.temple = [tuple(stack) for stack in stacks]
        return changed

    hidden(reorder_temple)
    hidden(lambda t: reorder(t.scarab_supply))

    def below_tops(t: LuxorState) -> bool:
        changed = False
        for lv in D.HORUS_LEVELS:
            below = list(t.horus[lv][:-1])
            if reorder(below):
                t.horus[lv] = (*below, *t.horus[lv][-1:])
                changed = True
        return changed

    hidden(below_tops)

    def reseed(t: LuxorState) -> bool:
        t.rng = Rng(rnd.getrandbits(64))
        return True

    hidden(reseed)

    # ... while what is on the table shows: my own hand, the Horus tops
    t = s.clone()
    if swap_unseen_cards(t, me, None):
        assert t.view(me) != mine
        assert t.view(None) == spectator
    for lv in D.HORUS_LEVELS:
        stack = s.horus[lv]
        if len(stack) >= 2 and card_code(stack[-1]) != card_code(stack[0]):
            t = s.clone()
            t.horus[lv] = (stack[-1], *stack[1:-1], stack[0])
            assert t.view(me) != mine and t.view(None) != spectator


@pytest.mark.slow
@pytest.mark.rule("LUX-HIDDEN", "LUX-TEMPLE-SCARAB", "LUX-SETUP-HORUS-CARDS", "LUX-SETUP-TEMPLE")
@given(seeds, player_counts, choice_seeds, st.integers(min_value=3, max_value=25))
@settings(max_examples=40, deadline=None)
def test_views_show_nothing_hidden(seed: int, players: int, choice: int, every: int) -> None:
    s = new(players, seed)
    rnd = random.Random(choice ^ 0x5EED)

    def visit(state: LuxorState, i: int) -> None:
        if i % every == 0:
            check_leaks(state, rnd.randrange(players), rnd)

    play_out(s, random.Random(choice), visit)
    for me in range(players):
        check_leaks(s, me, rnd)


def check_determinize(s: LuxorState, me: int, k: int) -> set[tuple[object, ...]]:
    """Samples are positions the rules allow that keep my hand and scarabs; the others'
    hands and the draw pile of each sample (its view: tests/games/test_conformance.py)."""
    seen: set[tuple[object, ...]] = set()
    for j in range(5):
        d = s.determinize(me, random.Random(k + j))
        assert isinstance(d, LuxorState)
        check_invariants(d)
        assert d.hands[me] == s.hands[me] and d.scarabs[me] == s.scarabs[me]
        assert d.rng.state != s.rng.state, "future dice and shuffles are resampled too"
        others = tuple(tuple(h) for p, h in enumerate(d.hands) if p != me)
        seen.add((others, tuple(d.draw)))
    return seen


@pytest.mark.rule("LUX-HIDDEN")
@given(seeds, player_counts, choice_seeds, st.integers(min_value=4, max_value=30))
@settings(max_examples=40, deadline=None)
def test_a_determinization_keeps_every_invariant_and_resamples_the_hidden_cards(
    seed: int, players: int, choice: int, every: int
) -> None:
    s = new(players, seed)
    rnd = random.Random(choice)
    checked = 0

    def visit(state: LuxorState, i: int) -> None:
        nonlocal checked
        if i % every == 0:
            me = rnd.randrange(players)
            seen = check_determinize(state, me, rnd.getrandbits(32))
            checked += 1
            unseen = len(state.draw) + sum(
                len(h) - len(state.known[p]) for p, h in enumerate(state.hands) if p != me
            )
            if unseen >= 4:  # 24+ orders: five samples alike would be a (1/24)**4 fluke
                assert len(seen) > 1, "hidden cards are resampled"

    play_out(s, random.Random(choice), visit)
    assert checked >= 1


@pytest.mark.rule("LUX-HIDDEN", "LUX-SCORE-SCARABS")
@pytest.mark.parametrize("seed", [0, 1, 3])
def test_determinize_after_the_end_keeps_the_revealed_scarabs(seed: int) -> None:
    s = new(2, seed)
    play_out(s, random.Random(seed))
    assert s.is_over and s.scarabs[0], "seat 1 holds scarabs to be revealed"
    view = s.view(1)
    for k in range(10):
        d = s.determinize(1, random.Random(k))
        assert isinstance(d, LuxorState)
        assert d.view(1) == view, f"seed {seed}, rng {k}"
        assert d.scarabs[0] == s.scarabs[0]


def until_seat_takes_a_horus_card(s: LuxorState, seat: int, choose: random.Random) -> int | None:
    """Play on until `seat` takes a Horus card (everyone sees which); that card, or None."""
    while not s.is_over:
        before = s.hands[seat][:]
        events = s.apply(choose.choice(s.legal_actions()))
        if any(e.kind == "horus" and e.player == seat for e in events):
            (card,) = [c for c in s.hands[seat] if c not in before]
            return card
    return None


@pytest.mark.rule("LUX-HIDDEN", "LUX-HORUS-CARD")
def test_determinize_keeps_a_publicly_taken_horus_card_in_its_hand() -> None:
    found = 0
    for seed in range(100):
        s = new(2, seed)
        card = until_seat_takes_a_horus_card(s, 1, random.Random(seed))
        if card is None:
            continue
        found += 1
        assert D.CARDS[card].level > 0 and card in s.hands[1]
        for k in range(10):
            d = s.determinize(0, random.Random(k))
            assert isinstance(d, LuxorState)
            assert card in d.hands[1], f"seed {seed}, rng {k}: {D.CARDS[card].code} left p2's hand"
            assert d.hands[1].index(card) == s.hands[1].index(card), "and stays in its slot"
        if found == 5:
            break
    assert found == 5
