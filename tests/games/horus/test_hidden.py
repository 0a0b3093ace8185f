"""Hidden information in The Pyramid of Horus: what no seat's view or events may show.

Hidden: the order of the three search decks, the face-down sarcophagus cards (but the
one Abdel Wahab read, to him), which block an udjat or clairvoyance set aside (but to
the seat that kept the block it saw) or is being looked at, and the RNG (future dice
and blocks). Two games that differ only in those give every other seat the same view,
and determinize() gives a full game with the same view, playable to its end, in which
the hidden things vary with the caller's rng.
"""

from __future__ import annotations

import json
import random
from bisect import insort
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scarab.core.game import Event
from scarab.core.rng import Rng
from scarab.games.horus import data as D
from scarab.games.horus.stages import P_FORESEE
from scarab.games.horus.state import HorusState
from tests.games.horus.helpers import give, place, play, started, turn
from tests.games.horus.test_properties import (
    check_invariants,
    chooser,
    eagerness,
    new,
    play_out,
)

seeds = st.integers(min_value=0, max_value=2**64 - 1)
player_counts = st.integers(min_value=2, max_value=6)
choice_seeds = st.integers(min_value=0, max_value=2**32 - 1)


def closed_unread(s: HorusState, me: int | None) -> list[int]:
    """Closed sarcophagus slots whose card `me` has not read."""
    return [
        i
        for i, c in enumerate(s.sarc)
        if c >= 0 and not s.sarc_open[i] and (me is None or not s.known[me] >> i & 1)
    ]


def readers(s: HorusState, i: int) -> list[int]:
    return [p for p in range(s.num_players) if s.known[p] >> i & 1]


def aside_hidden_from(s: HorusState, me: int | None) -> bool:
    return s.aside >= 0 and not (me is not None and s.aside_by == me and s.aside_known)


def check_leaks(s: HorusState, me: int, rnd: random.Random) -> int:
    """Changing what `me` may not know leaves view(me) and view(None) as they were.

    Returns how many hidden changes were tried."""
    mine, spectator = s.view(me), s.view(None)
    json.dumps(mine)
    json.dumps(spectator)
    assert mine["viewer"] == me and spectator["viewer"] is None
    k = rnd.getrandbits(32)
    sample = s.determinize(me, random.Random(k))
    tried = 0

    def hidden(change: Callable[[HorusState], list[int] | None]) -> None:
        """`change` alters t in place; it returns the seats that may see it (None: no change)."""
        nonlocal tried
        t = s.clone()
        owners = change(t)
        if owners is None:
            return
        tried += 1
        t.legal = None
        assert t.view(me) == mine
        assert t.view(None) == spectator
        # nor what determinize gives me: it may draw only on what I know and my rng
        assert t.determinize(me, random.Random(k)) == sample
        for owner in owners:  # the change is real: whoever may know it sees it
            assert t.view(owner) != s.view(owner)

    def reorder(t: HorusState) -> list[int] | None:
        decks = [d for d in t.decks if len({D.card_name(c) for c in d}) > 1]
        if not decks:
            return None
        deck = rnd.choice(decks)
        before = deck[:]
        while deck == before or [D.card_name(c) for c in deck] == [D.card_name(c) for c in before]:
            rnd.shuffle(deck)
        return []

    def swap_sarcophagi(t: HorusState) -> list[int] | None:
        """HOR-SETUP-SARCOPHAGI, HOR-ABILITY-READ: two closed cards of one god trade places."""
        slots = closed_unread(t, me)
        pairs = [(i, j) for i in slots for j in slots if i < j and D.SARC_GOD[i] == D.SARC_GOD[j]]
        if not pairs:
            return None
        i, j = rnd.choice(pairs)
        t.sarc[i], t.sarc[j] = t.sarc[j], t.sarc[i]
        return readers(t, i) + readers(t, j)

    def swap_aside(t: HorusState) -> list[int] | None:
        """HOR-EQUIP-UDJAT: the block set aside (unseen by me) is another one from the box."""
        if not aside_hidden_from(t, me) or not t.box:
            return None
        b = rnd.choice(t.box)
        t.box.remove(b)
        insort(t.box, t.aside)
        t.aside = b
        return [t.aside_by] if t.aside_known else []

    def swap_foreseen(t: HorusState) -> list[int] | None:
        """The block another seat is looking at right now, before keep or swap."""
        at = [i for i, (kind, p, _) in enumerate(t.pending) if kind == P_FORESEE and p != me]
        if not at or not t.box:
            return None
        kind, p, old = t.pending[at[0]]
        b = rnd.choice(t.box)
        t.box.remove(b)
        insort(t.box, old)
        t.pending[at[0]] = (kind, p, b)
        return [p] if at[0] == 0 else []

    def reseed(t: HorusState) -> list[int] | None:
        t.rng = Rng(rnd.getrandbits(64))
        return []

    for change in (reorder, swap_sarcophagi, swap_aside, swap_foreseen, reseed):
        hidden(change)
    return tried


def check_events(events: list[Event], s: HorusState) -> None:
    """What a secret event tells its seat never reaches another seat or a spectator."""
    json.dumps([e.to_json() for e in events])
    for e in events:
        assert e.kind not in ("read",) or e.secret_to == e.player is not None
        if e.kind == "foresee" and "block" in e.data:
            assert e.secret_to == e.player is not None
        if e.secret_to is None:
            assert "block" not in e.data or e.kind == "block", e
            continue
        secret = e.data.get("card", e.data.get("block"))
        assert secret is not None
        for other in [None, *range(s.num_players)]:
            if other == e.secret_to:
                assert e.for_viewer(other) is e
                continue
            seen = e.for_viewer(other)
            assert seen.data == {} and seen.text == e.public_text and seen.text
            assert str(secret) not in seen.text.replace(s.names[e.player or 0], "")
            assert seen.kind == e.kind and seen.player == e.player


# ---- random games ------------------------------------------------------------
@pytest.mark.rule("HOR-SETUP-DECKS", "HOR-SETUP-SARCOPHAGI", "HOR-ABILITY-READ", "HOR-EQUIP-UDJAT")
@given(seeds, player_counts, choice_seeds, eagerness, st.integers(min_value=3, max_value=25))
@settings(max_examples=40, deadline=None)
def test_views_show_nothing_hidden(
    seed: int, players: int, choice: int, eager: float, every: int
) -> None:
    s = new(players, seed)
    rnd = random.Random(choice ^ 0x5EED)
    choose = chooser(choice, eager)
    decisions = 0
    while not s.is_over:
        if decisions % every == 0 or any(kind == P_FORESEE for kind, _, _ in s.pending):
            check_leaks(s, rnd.randrange(players), rnd)
        check_events(s.apply(choose(s)), s)
        decisions += 1
    for me in range(players):
        check_leaks(s, me, rnd)


def check_determinize(s: HorusState, me: int, k: int) -> set[tuple[object, ...]]:
    key, mine, spectator = s.key(), s.view(me), s.view(None)
    legal = s.legal_actions()
    seen: set[tuple[object, ...]] = set()
    for j in range(5):
        d = s.determinize(me, random.Random(k + j))
        assert isinstance(d, HorusState) and d is not s
        assert d.view(me) == mine
        assert d.view(None) == spectator
        check_invariants(d)
        # what I know stays: my cards, the sarcophagus I read, the block I kept
        assert d.cards == s.cards and d.bagged == s.bagged
        for i in range(len(s.sarc)):
            if s.sarc_open[i] or s.sarc[i] < 0 or s.known[me] >> i & 1:
                assert d.sarc[i] == s.sarc[i]
        if s.aside >= 0 and s.aside_by == me and s.aside_known:
            assert d.aside == s.aside
        for kind, p, arg in d.pending:
            if kind == P_FORESEE and p == me:
                assert (kind, p, arg) in s.pending
        if s.current_player == me:
            assert d.legal_actions() == legal, "my options are what they were"
        assert d.rng.state != s.rng.state, "future dice and blocks are resampled too"
        seen.add((tuple(map(tuple, d.decks)), tuple(d.sarc), d.aside, tuple(d.pending)))
        if j == 0:
            assert d == s.determinize(me, random.Random(k)), "the caller's rng decides all"
            play_out(d, chooser(k, 0.5))  # the determinization plays on to its end
            assert d.is_over
    assert s.key() == key, "determinize leaves the game (and its RNG) untouched"
    assert s.view(me) == mine
    return seen


@pytest.mark.rule("HOR-SETUP-DECKS", "HOR-SETUP-SARCOPHAGI")
@given(seeds, player_counts, choice_seeds, eagerness, st.integers(min_value=4, max_value=40))
@settings(max_examples=30, deadline=None)
def test_determinize_is_consistent_with_the_view(
    seed: int, players: int, choice: int, eager: float, every: int
) -> None:
    s = new(players, seed)
    rnd = random.Random(choice)
    checked = 0

    def visit(state: HorusState, i: int) -> None:
        nonlocal checked
        if i % every == 0:
            me = rnd.randrange(players)
            seen = check_determinize(state, me, rnd.getrandbits(32))
            checked += 1
            if max(len(d) for d in state.decks) >= 4:  # 4+ cards: five samples alike = fluke
                assert len(seen) > 1, "hidden cards are resampled"

    play_out(s, chooser(choice, eager), visit)
    check_determinize(s, 0, rnd.getrandbits(32))
    assert checked >= 1


# ---- the secrets abilities and the udjat give --------------------------------
def reading() -> HorusState:
    """Abdel Wahab (seat 0) has read the Anubis sarcophagus at 0,1; seat 1 has not."""
    s = started("wahab", "gore", "rasputin")
    place(s, 0, 0, 1)
    place(s, 1, 0, 1)
    turn(s, 0, 3)
    events = play(s, "read")
    check_events(events, s)
    return s


@pytest.mark.rule("HOR-ABILITY-READ")
def test_what_wahab_read_reaches_his_view_only() -> None:
    s = reading()
    i = D.SARC_AT[D.sq(0, 1)]
    card = D.card_name(s.sarc[i])
    assert s.view(0)["sarcophagi"][i] == {
        "square": D.sq(0, 1),
        "god": "anubis",
        "state": "closed",
        "read": card,
    }
    for viewer in (1, 2, None):
        assert "read" not in s.view(viewer)["sarcophagi"][i]
        assert card not in json.dumps(s.view(viewer)["sarcophagi"])
    rnd = random.Random(1)
    for me in (0, 1, 2):
        assert check_leaks(s, me, rnd) >= 2
    # the reader keeps the card in every determinization; the others get it resampled
    others: set[int] = set()
    for k in range(30):
        assert s.determinize(0, random.Random(k)).sarc[i] == s.sarc[i]
        others.add(s.determinize(1, random.Random(k)).sarc[i])
    assert len(others) > 1 and others <= set(D.SARC_CARDS["anubis"])
    # once opened, everyone sees it
    play(s, "open")
    for viewer in (0, 1, 2, None):
        assert s.view(viewer)["sarcophagi"][i]["card"] == card


def foreseeing(ability: str, seed: int = 0) -> HorusState:
    """Rasputin (seat 0) has just drawn this round's block, by udjat or clairvoyance."""
    s = started("rasputin", "wahab", "gore", seed=seed)
    place(s, 0, 4, 4)
    turn(s, 0, 2)
    if ability == "udjat":
        give(s, 0, "udjat")
    events = play(s, ability)
    check_events(events, s)
    (event,) = events
    assert event.secret_to == 0 and event.data["block"] == s.pending[0][2]
    return s


@pytest.mark.rule("HOR-EQUIP-UDJAT", "HOR-ABILITY-CLAIRVOYANCE")
@pytest.mark.parametrize("ability", ["udjat", "clairvoyance"])
def test_the_block_being_foreseen_is_the_seers_secret(ability: str) -> None:
    s = foreseeing(ability)
    kind, p, block = s.pending[0]
    assert (kind, p) == (P_FORESEE, 0) and block not in s.box
    assert s.view(0)["pending"] == {"kind": "foresee", "seat": 0, "block": block}
    for viewer in (1, 2, None):
        assert s.view(viewer)["pending"] == {"kind": "foresee", "seat": 0}
    rnd = random.Random(2)
    for me in (1, 2):
        assert check_leaks(s, me, rnd) >= 3
    blocks = set()
    for k in range(40):
        d = s.determinize(1, random.Random(k))
        assert d.pending[0][:2] == (P_FORESEE, 0) and d.pending[0][2] not in d.box
        blocks.add(d.pending[0][2])
    assert len(blocks) > 1, "the others do not know which block he sees"
    for k in range(10):
        d = s.determinize(0, random.Random(k))
        assert d.pending[0] == s.pending[0] and d.view(0) == s.view(0)


@pytest.mark.rule("HOR-EQUIP-UDJAT")
@pytest.mark.parametrize("ability", ["udjat", "clairvoyance"])
def test_a_kept_block_is_known_to_the_keeper_only(ability: str) -> None:
    s = foreseeing(ability)
    block = s.pending[0][2]
    check_events(play(s, "keep"), s)
    assert (s.aside, s.aside_by, s.aside_known) == (block, 0, True)
    assert s.view(0)["block_aside"] == block
    for viewer in (1, 2, None):
        assert s.view(viewer)["block_aside"] == "hidden"
    rnd = random.Random(3)
    for me in (0, 1, 2):
        check_leaks(s, me, rnd)
    others = set()
    for k in range(40):
        assert s.determinize(0, random.Random(k)).aside == block
        others.add(s.determinize(1, random.Random(k)).aside)
    assert len(others) > 1


@pytest.mark.rule("HOR-EQUIP-UDJAT")
@pytest.mark.parametrize("ability", ["udjat", "clairvoyance"])
def test_a_swapper_puts_the_block_back_and_draws_blind_so_it_may_come_again(ability: str) -> None:
    # the rulebook's order: back into the box, then another drawn unseen; the swapper
    # learns nothing of the new block, which is the old one about one time in the box's size
    again = 0
    for seed in range(120):
        s = foreseeing(ability, seed)
        seen = s.pending[0][2]
        box = len(s.box) + 1  # the seen block goes back before the draw
        check_events(play(s, "swap"), s)
        assert s.aside >= 0 and s.aside not in s.box and len(s.box) == box - 1
        again += s.aside == seen
    assert 0 < again < 20  # about 120 / 35
    assert (s.aside_by, s.aside_known) == (0, False)
    for viewer in (0, 1, 2, None):
        assert s.view(viewer)["block_aside"] == "hidden"
    rnd = random.Random(4)
    for me in (0, 1, 2):
        check_leaks(s, me, rnd)
    mine, theirs = set(), set()
    for k in range(200):
        mine.add(s.determinize(0, random.Random(k)).aside)
        theirs.add(s.determinize(1, random.Random(k)).aside)
    assert seen in mine and len(mine) > 1, "the block it put back may come again"
    assert seen in theirs, "the others do not know which block it put back"


@pytest.mark.rule("HOR-EQUIP-UDJAT", "HOR-BLOCK-FALL")
@given(seeds, st.integers(min_value=0, max_value=2**32 - 1), st.booleans())
@settings(max_examples=40, deadline=None)
def test_the_block_set_aside_is_the_one_that_falls_that_round(
    seed: int, choice: int, swap: bool
) -> None:
    s = foreseeing("udjat")
    s.rng = Rng(seed)
    seen = s.pending[0][2]
    play(s, "swap" if swap else "keep")
    aside = s.aside
    assert swap or aside == seen  # kept, it is the block seen; swapped, any from the box
    while s.round == 1 and not s.is_over:
        s.apply(chooser(choice, 0.5)(s))
    # the block set aside is the one that falls in phase 5 (nobody reaches the Horus idol)
    assert s.fallen[0] == aside
