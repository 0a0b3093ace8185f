"""Focused tests for every clause of the Pyramids rule catalogue (clauses.toml).

Scenarios install their own grids for the card ids they use (the deck file is
provisional): legend E entrance, T tomb, # wall, . open, x red cross, r red gem,
g green gem, t torch, s skull, p potion; row 1 first; cells a1..e5.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import scarab
from scarab.core.errors import BadOption
from scarab.core.game import events_for
from scarab.games.pyramids import data as D
from scarab.games.pyramids import rules
from scarab.games.pyramids.actions import PASS
from scarab.games.pyramids.scoring import Breakdown, final_scoring
from scarab.games.pyramids.state import PyramidsState
from tests.games.pyramids.helpers import (
    all_cards,
    completed,
    end_turn,
    grid,
    hand,
    idle,
    keep_all,
    kinds,
    last_turn,
    marked,
    new,
    one_turn,
    play,
    premark,
    spare,
    started,
    texts,
)

GREEN, ORANGE, PURPLE = (D.COLOURS.index(c) for c in ("green", "orange", "purple"))
MP = pytest.MonkeyPatch


# ---- local helpers ----------------------------------------------------------
def seat_view(s: PyramidsState, seat: int, viewer: int | None) -> dict[str, Any]:
    v = s.view(viewer)["seats"][seat]
    assert isinstance(v, dict)
    return v


def near_tomb(mp: MP, s: PyramidsState, seat: int, cid: int, colour: str = "green") -> None:
    """Seat holds plain card cid (plus a filler) with a1..a4 marked: 'cid:a5' completes it."""
    grid(mp, cid, colour)
    filler = spare(s, 1, avoid=[cid, *[c for cs in s.cards for c in cs]])[0]
    keep = [c for c in s.cards[seat] if c != cid][:1] or [filler]
    hand(s, seat, cid, *keep)
    premark(s, cid, "a1 a2 a3 a4")


def play_out(s: PyramidsState) -> None:
    """Finish the game with plain moves."""
    while not s.is_over:
        if s.phase == rules.REPLACE:
            s.apply(s.legal_actions()[0])
        else:
            idle(s)


# ---- setup ------------------------------------------------------------------
@pytest.mark.rule("PYR-SETUP-DEAL")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_four_cards_dealt_to_each_seat_from_the_shuffled_48(players: int) -> None:
    s = new(players, seed=5)
    assert tuple(range(1, 49)) == D.CARD_IDS
    assert all(len(d) == D.DEAL == 4 for d in s.dealt)
    assert all(c == [] for c in s.cards) and s.display == []
    assert len(s.deck) == 48 - 4 * players
    assert all_cards(s) == list(range(1, 49))
    assert seat_view(s, 0, 0)["dealt"] == sorted(s.dealt[0])
    deals = {tuple(new(players, seed=k).dealt[0]) for k in range(6)}
    assert len(deals) > 1  # shuffled from the seed


@pytest.mark.rule("PYR-SETUP-KEEP")
def test_each_seat_keeps_two_of_its_four_in_secret() -> None:
    s = new(3, seed=1)
    dealt = sorted(s.dealt[0])
    pairs = [(a, b) for i, a in enumerate(dealt) for b in dealt[i + 1 :]]
    assert texts(s.legal_actions()) == sorted(f"keep {a},{b}" for a, b in pairs)
    assert s.current_player == 0
    a, b = dealt[2], dealt[0]
    events = play(s, f"keep {a},{b}")
    assert s.current_player == 1 and s.phase == rules.KEEP
    assert s.cards[0] == sorted([a, b])
    # Seat 2 and spectators learn only that seat 1 has chosen.
    for viewer in (1, 2, None):
        v = seat_view(s, 0, viewer)
        assert v["chosen"] is True and v["cards"] == [] and "dealt" not in v
        assert [e.text for e in events_for(events, viewer)] == ["p1 has chosen"]
    assert [c["id"] for c in seat_view(s, 0, 0)["cards"]] == sorted([a, b])
    assert "dealt" not in seat_view(s, 1, 0)
    keep_all(s)
    assert s.phase == rules.MARK
    for viewer in (1, 2, None):
        assert [c["id"] for c in seat_view(s, 0, viewer)["cards"]] == sorted([a, b])


@pytest.mark.rule("PYR-SETUP-DISPLAY")
@pytest.mark.parametrize("players", [2, 4])
def test_returned_cards_go_back_and_four_are_turned_up(players: int) -> None:
    s = new(players, seed=9)
    dealt = [sorted(d) for d in s.dealt]
    keep_all(s)
    returned = [c for d in dealt for c in d[2:]]
    assert len(s.display) == D.DISPLAY == 4
    assert len(s.deck) == 48 - 2 * players - 4
    assert set(returned) <= set(s.deck + s.display)
    assert all(d == () for d in s.dealt)
    assert all_cards(s) == list(range(1, 49))
    assert [c["id"] for c in s.view(None)["display"]] == s.display
    # The deck is shuffled with the returned cards: they are not simply put on top.
    tops = set()
    for seed in range(6):
        t = new(players, seed=seed)
        ret = {c for d in t.dealt for c in sorted(d)[2:]}
        keep_all(t)
        tops.add(frozenset(t.deck[-len(ret) :]) == ret)
    assert tops != {True}


# ---- rounds and turns -------------------------------------------------------
@pytest.mark.rule("PYR-ROUND", "PYR-END")
def test_four_rounds_of_seven_of_the_eight_expedition_cards() -> None:
    s = started(2, seed=3)
    seen: dict[int, list[int]] = {}
    leftover: dict[int, list[int]] = {}
    while not s.is_over:
        if s.phase == rules.MARK and s.seat == 0 and not any(s.chosen):
            seen.setdefault(s.round, []).append(s.turn)
            assert s.used[-1] == s.shown and len(s.used) == s.turn
            if s.turn == D.TURNS_PER_ROUND:
                leftover[s.round] = s.expedition[:]
                assert sorted(s.used + s.expedition) == list(range(8))
        if s.phase == rules.REPLACE:
            s.apply(s.legal_actions()[0])
        else:
            idle(s)
    assert seen == {r: list(range(1, 8)) for r in range(1, 5)}
    assert all(len(v) == 1 for v in leftover.values())  # the 8th is never revealed
    assert s.phase == rules.OVER and s.legal_actions() == [] and s.current_player is None
    assert s.round == D.ROUNDS and s.view(None)["round"] == D.ROUNDS  # not a fifth round


@pytest.mark.rule("PYR-ROUND")
def test_the_expedition_cards_are_reshuffled_each_round() -> None:
    orders = set()
    for seed in range(3):
        s = started(1, seed=seed)
        while not s.is_over:
            if s.turn == 1 and s.phase == rules.MARK:
                orders.add((*s.expedition, s.shown))
            if s.phase == rules.REPLACE:
                s.apply(s.legal_actions()[0])
            else:
                idle(s)
    assert len(orders) > 3


@pytest.mark.rule("PYR-TURN-REVEAL")
def test_the_revealed_card_is_the_same_for_every_seat(monkeypatch: MP) -> None:
    s = started(3, seed=2, shape="line of 3")
    shown = {"name": "line of 3", "cells": [[0, 0], [1, 0], [2, 0]]}
    for viewer in (0, 1, 2, None):
        assert s.view(viewer)["expedition"] == shown
    before = s.used[:]
    # Every seat may mark that pattern: 3-cell marks exist for each.
    for seat in range(3):
        assert s.seat == seat
        assert any(a.mask.bit_count() == 3 for a in s.legal_actions())
        assert all(a.mask.bit_count() in (1, 3) for a in s.legal_actions())
        idle(s)
    assert s.turn == 2 and len(s.used) == 2 and s.used[:1] == before
    assert s.view(None)["expedition_used"][0] == "line of 3"


@pytest.mark.rule("PYR-SIMULTANEOUS")
def test_marks_stay_hidden_until_every_seat_has_marked(monkeypatch: MP) -> None:
    s = started(2, seed=4, shape="domino")
    a = grid(monkeypatch, 5, "green", ("E....", "r....", ".....", ".....", "T...."))
    (f0,) = spare(s, 1, avoid=[5])
    hand(s, 0, a, f0)
    assert s.current_player == 0
    events = play(s, "5:a1,a2")
    assert s.current_player == 1 and s.chosen == [True, False]
    assert seat_view(s, 0, 0)["cards"][0]["marked"] == ["a1", "a2"]
    assert seat_view(s, 0, 0)["score_card"]["red_gems"] == 1
    for viewer in (1, None):
        assert seat_view(s, 0, viewer)["cards"][0]["marked"] == []
        assert seat_view(s, 0, viewer)["score_card"]["red_gems"] == 0
        assert "5:a1,a2" not in " ".join(e.text for e in events_for(events, viewer))
    assert "5:a1,a2" in events[0].text and events_for(events, 0)[0] is events[0]
    events = idle(s)
    assert "reveal" in kinds(events)
    for viewer in (0, 1, None):
        assert seat_view(s, 0, viewer)["cards"][0]["marked"] == ["a1", "a2"]
        assert seat_view(s, 0, viewer)["score_card"]["red_gems"] == 1


# ---- marking ------------------------------------------------------------------
@pytest.mark.rule("PYR-MARK-PATTERN")
def test_the_pattern_in_any_orientation_all_cells_no_fewer(monkeypatch: MP) -> None:
    s = started(2, seed=1, shape="line of 3")
    c = grid(monkeypatch, 6, "orange", ("..E..", ".....", ".....", ".....", "T...."))
    hand(s, 0, c, spare(s, 1, avoid=[6])[0])
    threes = {str(a) for a in s.legal_actions() if a.card == c and a.mask.bit_count() == 3}
    assert threes == {"6:a1,b1,c1", "6:b1,c1,d1", "6:c1,d1,e1", "6:c1,c2,c3"}
    assert "6:c1,d1" not in texts(s.legal_actions())  # fewer cells than the pattern
    play(s, "6:c1,c2,c3")  # turned a quarter
    assert marked(s, c) == ["c1", "c2", "c3"]


@pytest.mark.rule("PYR-MARK-PATTERN")
def test_corner_of_3_offers_all_four_turns(monkeypatch: MP) -> None:
    s = started(1, seed=1, shape="corner of 3")
    c = grid(monkeypatch, 6, "orange", ("..E..", ".....", ".....", ".....", "T...."))
    hand(s, 0, c, spare(s, 1, avoid=[6])[0])
    threes = {str(a) for a in s.legal_actions() if a.card == c and a.mask.bit_count() == 3}
    assert threes == {
        "6:b1,c1,b2",
        "6:b1,c1,c2",
        "6:c1,d1,c2",
        "6:c1,d1,d2",
        "6:c1,b2,c2",
        "6:c1,c2,d2",
    }


@pytest.mark.rule("PYR-MARK-CELLS")
def test_no_walls_no_cell_twice_and_nothing_outside_the_grid(monkeypatch: MP) -> None:
    s = started(1, seed=2, shape="line of 3")
    c = grid(monkeypatch, 8, "purple", ("...#E", "..#..", ".....", ".....", "T...."))
    hand(s, 0, c, spare(s, 1, avoid=[8])[0])
    ours = [a for a in s.legal_actions() if a.card == c]
    walls = D.CARDS[c].walls
    assert ours and all(not a.mask & walls for a in ours)
    # Along the top row the wall at d1 blocks, and a line never wraps onto row 2.
    assert texts([a for a in ours if a.mask.bit_count() == 3]) == ["8:e1,e2,e3"]
    play(s, "8:e1,e2,e3")
    s.legal = None
    for a in s.legal_actions():
        if a.card == c:
            assert not a.mask & s.marks[c] and not a.mask & walls


@pytest.mark.rule("PYR-MARK-ENTRANCE")
def test_the_first_mark_on_a_card_includes_its_entrance(monkeypatch: MP) -> None:
    s = started(1, seed=3, shape="square of 4")
    a = grid(monkeypatch, 10, "green", (".E...", ".....", ".....", ".....", "...T."))
    b = grid(monkeypatch, 11, "green", ("....E", ".....", ".....", ".....", "T...."))
    hand(s, 0, a, b)
    acts = s.legal_actions()
    assert {x.card for x in acts} == {10, 11}
    for x in acts:
        assert x.mask >> D.CARDS[x.card].entrance & 1
    assert texts([x for x in acts if x.mask.bit_count() == 1]) == ["10:b1", "11:e1"]
    assert texts([x for x in acts if x.card == 11 and x.mask.bit_count() == 4]) == [
        "11:d1,e1,d2,e2"
    ]


@pytest.mark.rule("PYR-MARK-TOUCH")
def test_later_marks_touch_a_marked_cell_orthogonally(monkeypatch: MP) -> None:
    s = started(1, seed=4, shape="domino")
    c = grid(monkeypatch, 14, "orange", ("E....", ".....", ".....", ".....", "....T"))
    hand(s, 0, c, spare(s, 1, avoid=[14])[0])
    premark(s, c, "a1 b1 b2")
    ours = [a for a in s.legal_actions() if a.card == c]
    for a in ours:
        assert a.mask & D.neighbours(s.marks[c])
    singles = texts([a for a in ours if a.mask.bit_count() == 1])
    assert singles == ["14:a2", "14:b3", "14:c1", "14:c2"]
    assert "14:c3" not in singles  # diagonal to b2 only
    dominoes = texts([a for a in ours if a.mask.bit_count() == 2])
    assert "14:c3,d3" not in dominoes and "14:c3,c4" not in dominoes
    assert "14:b3,b4" in dominoes and "14:c2,c3" in dominoes
    play(s, "14:c2,c3")
    # The marks always form one connected group grown from the entrance.
    grown, frontier = 1 << D.CARDS[c].entrance, s.marks[c]
    while True:
        more = D.neighbours(grown) & frontier
        if not more:
            break
        grown |= more
    assert grown == s.marks[c]


@pytest.mark.rule("PYR-MARK-SINGLE")
def test_one_single_cell_instead_even_the_tomb(monkeypatch: MP) -> None:
    s = started(2, seed=5, shape="square of 4")
    a = grid(monkeypatch, 16, "green")
    b = grid(monkeypatch, 17, "purple", ("...E.", ".....", ".....", ".....", ".T..."))
    hand(s, 0, a, b)
    premark(s, a, "a1 a2 a3 a4")
    singles = texts([x for x in s.legal_actions() if x.mask.bit_count() == 1])
    # On either card: next to the marks (the tomb a5 among them) or an unstarted entrance.
    assert singles == ["16:a5", "16:b1", "16:b2", "16:b3", "16:b4", "17:d1"]
    play(s, "16:a5")
    idle(s)
    assert s.done[0] == (16,)


@pytest.mark.rule("PYR-PASS")
def test_a_seat_without_cards_passes(monkeypatch: MP) -> None:
    s = started(2, seed=6)
    for c in s.cards[0]:
        s.done[0] += (c,)
        s.marks[c] = D.CARDS[c].open
    s.cards[0] = []
    s.legal = None
    assert s.legal_actions() == [PASS]
    events = play(s, "pass")
    assert kinds(events) == ["pass"] and s.current_player == 1
    assert PASS not in s.legal_actions()  # seat 2 still has cards to mark


# ---- symbols ------------------------------------------------------------------
@pytest.mark.rule("PYR-SYM-CROSS")
def test_a_red_cross_gives_one_more_cell_on_either_card_and_chains(monkeypatch: MP) -> None:
    s = started(2, seed=7, shape="domino")
    a = grid(monkeypatch, 18, "green", ("E#...", "x....", "x....", ".....", "T...."))
    b = grid(monkeypatch, 19, "orange", (".E...", ".....", ".....", ".....", "T...."))
    hand(s, 0, a, b)
    play(s, "18:a1,a2")
    assert s.phase == rules.EXTRA and s.current_player == 0
    assert s.view(0)["extra_marks"] == 1
    assert texts(s.legal_actions()) == ["18:a3", "18:b2", "19:b1"]
    play(s, "18:a3")  # another cross: one more
    assert s.phase == rules.EXTRA and s.current_player == 0
    assert texts(s.legal_actions()) == ["18:a4", "18:b2", "18:b3", "19:b1"]
    play(s, "19:b1")  # the entrance of the other card
    assert s.phase == rules.MARK and s.current_player == 1
    assert marked(s, a) == ["a1", "a2", "a3"] and marked(s, b) == ["b1"]


@pytest.mark.rule("PYR-SYM-CROSS")
def test_two_crosses_in_one_pattern_give_two_cells(monkeypatch: MP) -> None:
    s = started(1, seed=7, shape="line of 3")
    a = grid(monkeypatch, 18, "green", ("E....", "x....", "x....", ".....", "T...."))
    hand(s, 0, a, spare(s, 1, avoid=[18])[0])
    play(s, "18:a1,a2,a3", "18:a4")
    assert s.phase == rules.EXTRA
    play(s, "18:b1")
    assert s.turn == 2 and marked(s, a) == ["a1", "b1", "a2", "a3", "a4"]


@pytest.mark.rule("PYR-SYM-CROSS")
def test_a_cross_with_nowhere_to_go_is_lost(monkeypatch: MP) -> None:
    s = started(2, seed=8, shape="domino")
    a = grid(monkeypatch, 22, "green", ("E#...", "x#...", "##...", ".....", "T...."))
    hand(s, 0, a)
    play(s, "22:a1,a2")
    assert s.phase == rules.MARK and s.current_player == 1 and s.extras == 0


@pytest.mark.rule("PYR-SYM-GEM")
def test_gems_fill_their_colour_up_to_ten(monkeypatch: MP) -> None:
    s = started(1, seed=9, shape="line of 3")
    a = grid(monkeypatch, 23, "green", ("E....", "r....", "g....", "r....", "T...."))
    hand(s, 0, a, spare(s, 1, avoid=[23])[0])
    s.red[0], s.green[0] = 9, 3
    play(s, "23:a1,a2,a3")
    assert (s.red[0], s.green[0]) == (10, 4)
    play(s, "23:a4")  # a red gem with the red track full: no effect
    assert (s.red[0], s.green[0]) == (10, 4)
    card = seat_view(s, 0, 0)["score_card"]
    assert (card["red_gems"], card["green_gems"]) == (10, 4)


@pytest.mark.rule("PYR-SYM-TORCH")
def test_one_torch_per_round_only_in_its_round(monkeypatch: MP) -> None:
    s = started(1, seed=10, shape="domino")
    a = grid(monkeypatch, 24, "green", ("E....", "t....", "t....", "t....", "T...."))
    hand(s, 0, a, spare(s, 1, avoid=[24])[0])
    s.round = 3
    play(s, "24:a1,a2")
    assert s.torches[0] == 0b0100
    play(s, "24:a3")
    assert s.torches[0] == 0b0100  # a second torch this round: nothing
    while s.round == 3:
        idle(s)
    play(s, "24:a4")
    assert s.torches[0] == 0b1100
    assert seat_view(s, 0, None)["score_card"]["torches"] == [False, False, True, True]


@pytest.mark.rule("PYR-SYM-SKULL")
def test_skulls_fill_the_ten_spaces_in_order(monkeypatch: MP) -> None:
    s = started(1, seed=11, shape="domino")
    a = grid(monkeypatch, 25, "green", ("Es...", "s....", "s....", ".....", "T...."))
    hand(s, 0, a, spare(s, 1, avoid=[25])[0])
    play(s, "25:a1,b1")
    assert s.skulls[0] == 1
    assert seat_view(s, 0, 0)["score_card"]["worst_skull"] == -D.SKULLS[0]
    s.skulls[0] = 9
    play(s, "25:a2")
    assert s.skulls[0] == 10
    play(s, "25:a3")  # an eleventh skull: no effect
    assert s.skulls[0] == 10 == len(D.SKULLS)
    assert seat_view(s, 0, 0)["score_card"]["worst_skull"] == -D.SKULLS[-1]


@pytest.mark.rule("PYR-SYM-POTION")
@pytest.mark.parametrize(("before", "after"), [(0, 0), (1, 0), (2, 0), (3, 1), (7, 5)])
def test_a_potion_erases_the_two_worst_skulls(monkeypatch: MP, before: int, after: int) -> None:
    s = started(1, seed=12, shape="domino")
    a = grid(monkeypatch, 26, "green", ("Ep...", ".....", ".....", ".....", "T...."))
    hand(s, 0, a, spare(s, 1, avoid=[26])[0])
    s.skulls[0] = before
    play(s, "26:a1,b1")
    assert s.skulls[0] == after
    assert final_scoring(s, 0).worst_skull == (D.SKULLS[after - 1] if after else 0)


@pytest.mark.rule("PYR-SYM-POTION")
def test_skulls_of_the_same_placement_are_counted_before_the_potion(monkeypatch: MP) -> None:
    s = started(1, seed=12, shape="line of 3")
    a = grid(monkeypatch, 26, "green", ("Eps..", ".....", ".....", ".....", "T...."))
    hand(s, 0, a, spare(s, 1, avoid=[26])[0])
    s.skulls[0] = 2
    play(s, "26:a1,b1,c1")  # potion and skull together: 3 skulls, then 2 erased
    assert s.skulls[0] == 1


@pytest.mark.rule("PYR-TOMB-DONE")
def test_the_tomb_completes_the_card_and_it_takes_no_more_marks(monkeypatch: MP) -> None:
    s = started(2, seed=13, shape="domino")
    a = grid(monkeypatch, 27, "green", ("E....", ".....", ".....", "x....", "T...."))
    b = grid(monkeypatch, 28, "orange", ("..E..", ".....", ".....", ".....", "T...."))
    hand(s, 0, a, b)
    premark(s, a, "a1 a2 a3")
    play(s, "27:a4,a5")  # the pattern covers a cross and the tomb
    assert s.phase == rules.EXTRA
    assert texts(s.legal_actions()) == ["28:c1"]  # not on the completed card
    play(s, "28:c1")
    events = idle(s)
    assert ("complete", 0) in [(e.kind, e.player) for e in events]
    assert s.done[0] == (27,) and 27 not in s.cards[0]
    assert seat_view(s, 0, 1)["completed"][0]["complete"] is True
    play(s, f"take {s.display[0]}")
    assert all(a.card != 27 for a in s.legal_actions())


# ---- completing cards -----------------------------------------------------------
@pytest.mark.rule("PYR-REPLACE")
def test_a_completed_card_is_replaced_from_the_display_or_the_deck(monkeypatch: MP) -> None:
    s = started(2, seed=14)
    near_tomb(monkeypatch, s, 0, 29)
    near_tomb(monkeypatch, s, 1, 30)
    play(s, "29:a5", "30:a5")
    assert s.phase == rules.REPLACE and s.current_player == 0
    display = s.display[:]
    assert texts(s.legal_actions()) == sorted([f"take {c}" for c in display] + ["take deck"])
    play(s, f"take {display[2]}")
    assert display[2] in s.cards[0] and display[2] not in s.display
    top = s.deck[-1]
    play(s, "take deck")
    assert top in s.cards[1]
    assert all(len(c) == 2 for c in s.cards) and all_cards(s) == list(range(1, 49))
    assert s.phase == rules.MARK and s.turn == 2


@pytest.mark.rule("PYR-REPLACE", "PYR-DISPLAY-REFILL")
def test_both_completed_cards_are_replaced_refill_after_the_second(monkeypatch: MP) -> None:
    s = started(2, seed=15, shape="domino")
    a = grid(monkeypatch, 31, "green", ("E....", ".....", ".....", "x....", "T...."))
    b = grid(monkeypatch, 32, "orange")
    hand(s, 0, a, b)
    premark(s, a, "a1 a2 a3")
    premark(s, b, "a1 a2 a3 a4")
    play(s, "31:a4,a5", "32:a5")  # the cross's extra cell completes the other card
    idle(s)
    assert s.phase == rules.REPLACE and s.current_player == 0
    first = s.display[0]
    play(s, f"take {first}")
    assert len(s.display) == 3 and s.current_player == 0  # not refilled yet
    second = s.display[0]
    play(s, f"take {second}")
    assert len(s.display) == 4
    assert s.cards[0] == [first, second] and s.done[0] == (31, 32)


@pytest.mark.rule("PYR-REPLACE-ORDER", "PYR-DISPLAY-REFILL")
def test_seats_replace_by_their_lowest_completed_number(monkeypatch: MP) -> None:
    s = started(3, seed=16, shape="domino")
    a = grid(monkeypatch, 40, "green", ("E....", ".....", ".....", "x....", "T...."))
    b = grid(monkeypatch, 5, "orange")
    hand(s, 0, a, b)
    premark(s, a, "a1 a2 a3")
    premark(s, b, "a1 a2 a3 a4")
    near_tomb(monkeypatch, s, 1, 20)
    near_tomb(monkeypatch, s, 2, 12)
    play(s, "40:a4,a5", "5:a5", "20:a5", "12:a5")
    order: list[int | None] = []
    while s.phase == rules.REPLACE:
        seat = s.current_player
        assert len(s.display) == (4 if not order or order[-1] != seat else 3)
        order.append(seat)
        play(s, f"take {s.display[0]}")
    # Seat 0 (card 5) replaces both its cards, then seat 2 (card 12), then seat 1 (card 20).
    assert order == [0, 0, 2, 1]


@pytest.mark.rule("PYR-DECK-OUT")
def test_with_the_deck_gone_the_display_is_not_refilled(monkeypatch: MP) -> None:
    s = started(2, seed=17)
    near_tomb(monkeypatch, s, 0, 33)
    # Leave one card in the deck: the rest go to seat 2's completed pile.
    extra = s.deck[1:]
    s.done[1] += tuple(extra)
    del s.deck[1:]
    play(s, "33:a5")
    idle(s)
    assert texts(s.legal_actions())[-1] == "take deck"
    play(s, f"take {s.display[0]}")
    assert len(s.display) == 4 and s.deck == []  # refilled with the last card
    fresh = s.cards[0][0]
    grid(monkeypatch, fresh, "orange")
    premark(s, fresh, "a1 a2 a3 a4")
    play(s, f"{fresh}:a5")
    idle(s)
    assert s.phase == rules.REPLACE
    assert "take deck" not in texts(s.legal_actions())
    play(s, f"take {s.display[0]}")
    assert len(s.display) == 3 and s.phase == rules.MARK  # play goes on
    one_turn(s)
    assert s.turn == 4 and len(s.display) == 3
    assert all_cards(s) == list(range(1, 49))


@pytest.mark.rule("PYR-EDGE-EMPTY", "PYR-PASS")
def test_with_deck_and_display_empty_a_completed_card_is_not_replaced(monkeypatch: MP) -> None:
    s = started(2, seed=18)
    near_tomb(monkeypatch, s, 0, 35)
    s.done[1] += (*s.deck, *s.display)
    s.deck, s.display = [], []
    play(s, "35:a5")
    events = idle(s)
    assert "no-card" in kinds(events)
    assert s.phase == rules.MARK and s.turn == 2 and len(s.cards[0]) == 1
    other = s.cards[0][0]
    grid(monkeypatch, other, "purple")
    premark(s, other, "a1 a2 a3 a4")
    one_turn(s, {0: f"{other}:a5"})
    assert s.cards[0] == [] and s.done[0] == (35, other)
    assert s.legal_actions() == [PASS]  # nothing left to mark
    one_turn(s)
    assert s.turn == 4


# ---- the colour race ------------------------------------------------------------
@pytest.mark.rule("PYR-RACE")
def test_2nd_4th_and_6th_pyramids_claim_10_6_3(monkeypatch: MP) -> None:
    s = started(2, seed=19)
    values = []
    for k in range(1, 8):
        cid = next(c for c in range(1, 49) if c in s.deck)
        near_tomb(monkeypatch, s, 0, cid, "green")
        events = one_turn(s, {0: f"{cid}:a5"})
        values.append([e.data["value"] for e in events if e.kind == "claim"])
        assert len(s.done[0]) == k
    assert values == [[], [10], [], [6], [], [3], []]
    assert s.claims[0] == ((GREEN, 10), (GREEN, 6), (GREEN, 3))
    assert s.view(1)["race"]["green"] == []
    assert s.view(1)["race"]["orange"] == [10, 6, 3]


@pytest.mark.rule("PYR-RACE")
def test_others_cross_off_a_claimed_value(monkeypatch: MP) -> None:
    s = started(2, seed=20)
    g0, g1, h0 = spare(s, 3)
    for c in (g0, g1, h0):
        grid(monkeypatch, c, "orange")
    completed(s, 0, g0)
    completed(s, 1, h0)
    near_tomb(monkeypatch, s, 0, g1, "orange")
    one_turn(s, {0: f"{g1}:a5"})
    assert s.claims[0] == ((ORANGE, 10),)
    for viewer in (0, 1, None):
        assert s.view(viewer)["race"]["orange"] == [6, 3]
    (h1,) = spare(s, 1)
    near_tomb(monkeypatch, s, 1, h1, "orange")
    one_turn(s, {1: f"{h1}:a5"})
    assert s.claims[1] == ((ORANGE, 6),)  # the 10 is gone for seat 2


@pytest.mark.rule("PYR-RACE-ORDER")
def test_same_turn_claims_go_by_the_completed_cards_numbers(monkeypatch: MP) -> None:
    s = started(2, seed=21)
    done = spare(s, 2, avoid=[12, 30])
    for c in done:
        grid(monkeypatch, c, "purple")
    completed(s, 0, done[0])
    completed(s, 1, done[1])
    near_tomb(monkeypatch, s, 0, 30, "purple")
    near_tomb(monkeypatch, s, 1, 12, "purple")
    events = one_turn(s, {0: "30:a5", 1: "12:a5"})
    claims = [(e.player, e.data["value"]) for e in events if e.kind == "claim"]
    assert claims == [(1, 10), (0, 6)]  # seat 2's card 12 comes before seat 1's card 30


@pytest.mark.rule("PYR-RACE-ORDER", "PYR-RACE")
def test_two_cards_of_one_colour_in_one_turn(monkeypatch: MP) -> None:
    s = started(1, seed=22, shape="domino")
    a = grid(monkeypatch, 41, "green", ("E....", ".....", ".....", "x....", "T...."))
    b = grid(monkeypatch, 3, "green")
    hand(s, 0, a, b)
    premark(s, a, "a1 a2 a3")
    premark(s, b, "a1 a2 a3 a4")
    events = one_turn(s, {0: "41:a4,a5 3:a5"})
    assert s.done[0] == (3, 41)
    assert [e.data["value"] for e in events if e.kind == "claim"] == [10]


# ---- end and scoring --------------------------------------------------------------
@pytest.mark.rule("PYR-END")
def test_the_game_ends_after_round_4_unfinished_cards_score_nothing(monkeypatch: MP) -> None:
    s = started(2, seed=23, shape="domino")
    a = grid(monkeypatch, 42, "green", ("Er...", "g....", ".....", ".....", "T...."))
    hand(s, 0, a, spare(s, 1, avoid=[42])[0])
    last_turn(s)
    play(s, "42:a1,a2")  # on a card never finished
    assert not s.is_over
    idle(s)
    assert s.is_over and s.final is not None
    b = s.final[0]
    assert b.pyramids == 0 and b.green == 1  # the gem on its score card still counts
    assert "final" in s.view(None) and s.view(None)["phase"] == "over"


@pytest.mark.rule("PYR-SCORE-TOMB")
def test_each_completed_pyramid_scores_10() -> None:
    s = started(2, seed=24)
    completed(s, 0, *spare(s, 3))
    b = final_scoring(s, 0)
    assert b.pyramids == 3 and dict(b.rows())["pyramids (3)"] == 30 and b.total == 30
    assert final_scoring(s, 1).total == 0


@pytest.mark.rule("PYR-SCORE-POINTS")
def test_claimed_pyramid_points_score_their_value() -> None:
    s = started(2, seed=25)
    s.claims[1] = ((GREEN, 10), (PURPLE, 3), (GREEN, 6))
    b = final_scoring(s, 1)
    assert b.pyramid_points == 19 and b.total == 19


@pytest.mark.rule("PYR-SCORE-TORCH")
@pytest.mark.parametrize(("bits", "vp"), [(0, 0), (0b0001, 5), (0b1001, 10), (0b1111, 20)])
def test_each_torch_scores_5(bits: int, vp: int) -> None:
    s = started(2, seed=26)
    s.torches[0] = bits
    assert final_scoring(s, 0).total == vp


@pytest.mark.rule("PYR-SCORE-GEMS")
@pytest.mark.parametrize(
    ("red", "green", "vp"),
    [(0, 0, 0), (1, 0, 1), (0, 2, 2), (1, 1, 5), (3, 1, 7), (6, 3, 18), (10, 10, 50)],
)
def test_gem_pairs_score_5_and_leftover_gems_1(red: int, green: int, vp: int) -> None:
    b = Breakdown(pyramids=0, pyramid_points=0, torches=0, red=red, green=green, worst_skull=0)
    assert b.gem_points == vp == b.total


@pytest.mark.rule("PYR-SCORE-SKULL")
@pytest.mark.parametrize("count", range(11))
def test_only_the_worst_skull_counts(count: int) -> None:
    s = started(2, seed=27)
    s.skulls[0] = count
    worst = D.SKULLS[count - 1] if count else 0
    assert final_scoring(s, 0).worst_skull == worst
    assert final_scoring(s, 0).total == -worst
    assert list(D.SKULLS) == sorted(D.SKULLS) and len(D.SKULLS) == 10


def _ended(s: PyramidsState, done: dict[int, list[int]], red: dict[int, int]) -> None:
    """Give seats completed cards and red gems, then play the game's last turn."""
    for p, cids in done.items():
        completed(s, p, *cids)
    for p, n in red.items():
        s.red[p] = n
        s.snap[p] = rules.score_card(s, p)
    last_turn(s)
    end_turn(s)
    assert s.is_over


@pytest.mark.rule("PYR-WIN")
def test_most_points_wins() -> None:
    s = started(3, seed=28)
    a, b, c = spare(s, 3)
    _ended(s, {0: [a], 1: [b, c]}, {2: 3})
    assert s.scores() == [10, 20, 3] and s.winners() == [1]


@pytest.mark.rule("PYR-WIN")
def test_a_tie_goes_to_the_lowest_numbered_completed_pyramid() -> None:
    s = started(3, seed=28)
    low, high = sorted(spare(s, 2))
    _ended(s, {0: [high], 1: [low]}, {2: 10})
    assert s.scores() == [10, 10, 10] and s.winners() == [1]


@pytest.mark.rule("PYR-WIN")
def test_a_tie_without_completed_pyramids_is_shared() -> None:
    s = started(3, seed=28)
    _ended(s, {}, {0: 2, 1: 2, 2: 1})
    assert s.scores() == [2, 2, 1] and s.winners() == [0, 1]
    assert s.view(None)["winners"] == [0, 1]


# ---- solo and hidden information ------------------------------------------------------
@pytest.mark.rule("PYR-SOLO")
def test_one_player_plays_solo_under_the_same_rules() -> None:
    s = new(1, seed=29)
    assert s.options == {"solo": True}
    keep_all(s)
    assert len(s.display) == 4 and len(s.deck) == 48 - 2 - 4
    play_out(s)
    assert s.is_over and s.winners() == [0]
    game = scarab.load("pyramids")
    assert game.new_game(1, seed=1).options == {"solo": True}  # the one game for one player
    with pytest.raises(BadOption, match="solo"):
        game.new_game(1, seed=1, solo=False)
    with pytest.raises(BadOption, match="solo"):
        game.new_game(2, seed=1, solo=True)
    with pytest.raises(BadOption, match=r"no option .speed.; its options: solo"):
        game.new_game(2, seed=1, speed=3)
    with pytest.raises(BadOption, match="1 to 4 players"):
        game.new_game(5, seed=1)


@pytest.mark.rule("PYR-SOLO")
def test_solo_is_named_our_variant_not_the_rulebooks() -> None:
    """The rulebook is for 2-4 players; the catalogue and the docs say whose solo is."""
    from pathlib import Path

    from scarab.core.clauses import catalogue

    solo = next(c for c in catalogue("pyramids") if c.id == "PYR-SOLO")
    assert "not in the rulebook" in solo.text and "not the rulebook" in solo.source
    assert not solo.source.startswith("rulebook")
    notation = (Path(__file__).parents[3] / "docs" / "research.md").read_text("utf-8")
    assert "Scarab's own\nvariant, not the rulebook's" in notation


@pytest.mark.rule("PYR-HIDDEN")
def test_deck_order_and_unrevealed_expeditions_are_hidden() -> None:
    s = started(3, seed=30)
    v = s.view(1)
    assert v["deck"] == len(s.deck)
    assert v["expedition_used"] == [D.EXPEDITIONS[s.shown]]
    assert "rng" not in v and "seed" not in v
    # Card ids show only in the display and in the seats' cards, none from the deck.
    visible = {c["id"] for c in v["display"]}
    for seat in v["seats"]:
        visible |= {c["id"] for c in seat["cards"] + seat["completed"]}
    assert not visible & set(s.deck)
    assert len(visible) == 4 + 2 * 3


@pytest.mark.rule("PYR-HIDDEN", "PYR-SIMULTANEOUS", "PYR-SETUP-KEEP")
@pytest.mark.parametrize("seed", range(4))
def test_determinize_keeps_each_seats_view(seed: int) -> None:
    s = new(3, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not s.is_over and steps < 40:
        for p in range(3):
            d = s.determinize(p, rng)
            assert d.view(p) == s.view(p)
            assert all_cards(d) == list(range(1, 49))
        s.apply(rng.choice(s.legal_actions()))
        steps += 1


@pytest.mark.rule("PYR-HIDDEN")
def test_determinize_resamples_the_deck_not_the_game_rng() -> None:
    s = started(2, seed=31)
    rng_state = s.rng.state
    orders = {tuple(s.determinize(0, random.Random(k)).deck) for k in range(5)}
    assert len(orders) > 1 and s.rng.state == rng_state
    assert all(sorted(o) == sorted(s.deck) for o in orders)
