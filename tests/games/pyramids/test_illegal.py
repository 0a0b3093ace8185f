"""Illegal actions and malformed notation: IllegalAction, a clear message, no change."""

from __future__ import annotations

import pytest

import scarab
from scarab.games.pyramids import rules
from scarab.games.pyramids.actions import mark, parse, take
from scarab.games.pyramids.state import PyramidsState
from tests.games.pyramids.helpers import (
    completed,
    end_turn,
    grid,
    hand,
    idle,
    keep_all,
    last_turn,
    new,
    play,
    premark,
    spare,
    started,
)
from tests.games.refusals import worded

MP = pytest.MonkeyPatch

# Entrance b1, tomb d5, walls c3 and e1; a red cross at b4 next to the tomb row.
CARD = (".E..#", ".....", "..#..", ".x...", "...T.")


def refused(s: PyramidsState, text: str, *words: str) -> str:
    """Play ``text``: it must be refused with all ``words`` in the message, changing nothing."""
    before = s.clone()
    key = s.key()
    views = [s.view(p) for p in (*range(s.num_players), None)]
    history = s.history()
    with pytest.raises(scarab.IllegalAction) as info:
        play(s, text)
    msg = str(info.value)
    worded(info.value)
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"
    assert isinstance(info.value, ValueError)
    assert s.key() == key and s == before
    assert [s.view(p) for p in (*range(s.num_players), None)] == views
    assert s.history() == history
    return msg


def marking(monkeypatch: MP, shape: str = "line of 3", players: int = 2) -> PyramidsState:
    """Seat 0 to mark, holding card 7 (CARD) and card 8 (plain, entrance a1)."""
    s = started(players, seed=3, shape=shape)
    grid(monkeypatch, 7, "green", CARD)
    grid(monkeypatch, 8, "orange")
    hand(s, 0, 7, 8)
    return s


def replacing(monkeypatch: MP) -> PyramidsState:
    """Seat 0 must replace its completed card 8."""
    s = marking(monkeypatch, "domino")
    premark(s, 8, "a1 a2 a3 a4")
    play(s, "8:a5")
    idle(s)
    assert s.phase == rules.REPLACE and s.current_player == 0
    return s


# ---- notation ---------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump",
        "keep",
        "take",
        "take all",
        "17",
        "17:",
        "17:f1",
        "17:a6",
        "17:a0",
        "17 b1",
        "mark 17:b1",
        "100:a1",
        "17:b1;c1",
        "pass now",
        "keep a,b",
    ],
)
def test_unreadable_text(monkeypatch: MP, text: str) -> None:
    msg = refused(marking(monkeypatch), text, "cannot read", "forms", "'17:b1,b2,c2'", "'pass'")
    assert repr(text.strip()) in msg
    with pytest.raises(scarab.IllegalAction, match="cannot read"):
        parse(text)


@pytest.mark.parametrize("text", ["7:b1,b1", "7:b1,c1,B1", "7: b2 , b1,b2"])
def test_a_cell_named_twice(monkeypatch: MP, text: str) -> None:
    refused(marking(monkeypatch), text, "names a cell twice", repr(text.strip()))


def test_take_0_is_not_the_deck(monkeypatch: MP) -> None:
    refused(replacing(monkeypatch), "take 0", "no pyramid card 0", "take deck")


# ---- the keep step ----------------------------------------------------------
def test_keep_cards_not_dealt(monkeypatch: MP) -> None:
    s = new(2, seed=1)
    dealt = sorted(s.dealt[0])
    listed = ", ".join(map(str, dealt))
    stranger = next(c for c in range(1, 49) if c not in dealt)
    for text in (
        f"keep {dealt[0]},{stranger}",
        f"keep {dealt[0]}",
        f"keep {dealt[0]},{dealt[1]},{dealt[2]}",
        f"keep {dealt[0]},{dealt[0]}",
    ):
        refused(s, text, "keep exactly 2 of the cards dealt to you", f"({listed})")


def test_keep_the_cards_dealt_to_another_seat() -> None:
    s = new(2, seed=2)
    a, b = sorted(s.dealt[0])[:2]
    play(s, f"keep {a},{b}")
    refused(s, f"keep {a},{b}", "keep exactly 2 of the cards dealt to you")


@pytest.mark.parametrize("text", ["pass", "7:a1", "take 3", "take deck"])
def test_anything_but_keep_at_setup(text: str) -> None:
    refused(new(2, seed=3), text, "first keep two of the four cards dealt to you", "'keep 5,33'")


# ---- marking ------------------------------------------------------------------
def test_a_wall(monkeypatch: MP) -> None:
    s = marking(monkeypatch)
    refused(s, "7:c3", "cell c3 is a wall")
    refused(s, "7:c1,d1,e1", "cell e1 is a wall")
    premark(s, 7, "b1 b2 c2")
    refused(s, "7:c3,c4,c5", "cell c3 is a wall")


def test_the_first_mark_without_the_entrance(monkeypatch: MP) -> None:
    s = marking(monkeypatch)
    refused(s, "7:c1", "the first mark must include the entrance b1")
    refused(s, "7:a2,b2,c2", "the first mark must include the entrance b1")
    refused(s, "8:a2,a3,a4", "the first mark must include the entrance a1")


def test_a_cell_already_marked(monkeypatch: MP) -> None:
    s = marking(monkeypatch)
    premark(s, 7, "b1 b2")
    refused(s, "7:b2", "cell b2 is already marked")
    refused(s, "7:a2,b2,c2", "cell b2 is already marked")


@pytest.mark.parametrize(
    ("shape", "text"),
    [
        ("line of 3", "7:b1,c1,c2"),  # bent
        ("line of 3", "7:a1,b1"),  # too few
        ("line of 3", "7:a1,b1,c1,d1"),  # too many
        ("line of 3", "7:b1,d1"),  # a gap
        ("domino", "7:b1,c2"),  # diagonal
        ("square of 4", "7:a1,b1,c1,b2"),
        ("T of 4", "7:a1,b1,c1,d1"),
        ("L of 4", "7:a1,b1,b2,c2"),  # an S
    ],
)
def test_cells_not_forming_the_pattern(monkeypatch: MP, shape: str, text: str) -> None:
    s = marking(monkeypatch, shape)
    refused(s, text, f"do not form the {shape} pattern", "rotated or mirrored", "Legal now:")


def test_a_line_does_not_wrap_round_the_grid(monkeypatch: MP) -> None:
    s = marking(monkeypatch, "line of 3")
    grid(monkeypatch, 9, "purple", ("....E", ".....", ".....", ".....", "T...."))
    hand(s, 0, 9, 8)
    refused(s, "9:d1,e1,a2", "do not form the line of 3 pattern")


def test_a_mark_away_from_the_path(monkeypatch: MP) -> None:
    s = marking(monkeypatch)
    premark(s, 7, "b1")
    refused(s, "7:d1", "must touch a marked cell")
    refused(s, "7:c2", "must touch a marked cell orthogonally")  # diagonal only
    refused(s, "7:a3,b3,c3", "cell c3 is a wall")
    refused(s, "7:d2,d3,d4", "must touch a marked cell")


def test_a_card_not_yours(monkeypatch: MP) -> None:
    s = marking(monkeypatch)
    theirs = s.cards[1][0]
    shown = s.display[0]
    for c in (theirs, shown, 99, 0):
        refused(s, f"{c}:a1", f"card {c} is not one of your pyramid cards", "(7, 8)")


def test_a_completed_card_set_aside(monkeypatch: MP) -> None:
    s = replacing(monkeypatch)
    play(s, "take deck")
    assert 8 in s.done[0]
    refused(s, "8:b1", "card 8 is not one of your pyramid cards")


def test_an_extra_cell_on_the_card_just_completed(monkeypatch: MP) -> None:
    s = marking(monkeypatch, "domino")
    grid(monkeypatch, 7, "green", (".E..#", ".....", "..#..", ".....", "..xT."))
    premark(s, 7, "b1 b2 b3 b4 b5")
    play(s, "7:c5,d5")  # a red cross and the tomb in one pattern
    assert s.phase == rules.EXTRA
    refused(s, "7:e5", "card 7 is complete and takes no more marks")
    refused(s, "7:c4", "card 7 is complete")


def test_more_than_one_extra_cell(monkeypatch: MP) -> None:
    s = marking(monkeypatch, "domino")
    premark(s, 7, "b1 b2 b3")
    play(s, "7:b4")
    refused(s, "7:a4,a5", "a red cross gives exactly one extra cell")
    refused(s, "8:a1,a2", "a red cross gives exactly one extra cell")


@pytest.mark.parametrize("text", ["pass", "take 3", "take deck", "keep 1,2"])
def test_anything_but_the_extra_cell(monkeypatch: MP, text: str) -> None:
    s = marking(monkeypatch, "domino")
    premark(s, 7, "b1 b2 b3")
    play(s, "7:b4")
    refused(s, text, "mark the extra cell your red cross gives")


def test_pass_while_a_mark_exists(monkeypatch: MP) -> None:
    s = marking(monkeypatch)
    refused(s, "pass", "you still have a card to mark", "Legal now:", "7:b1")


@pytest.mark.parametrize("text", ["take 3", "take deck", "keep 7,8"])
def test_anything_but_a_mark_in_the_marking_step(monkeypatch: MP, text: str) -> None:
    s = marking(monkeypatch, "T of 4")
    refused(s, text, "mark the T of 4 pattern or one cell")


def test_actions_as_objects_are_checked_too(monkeypatch: MP) -> None:
    s = marking(monkeypatch)
    key = s.key()
    with pytest.raises(scarab.IllegalAction, match="is a wall"):
        s.apply(mark(7, 1 << 12))  # c3
    with pytest.raises(scarab.IllegalAction, match="mark the line of 3 pattern"):
        s.step(take(5))
    assert s.key() == key


# ---- replacing ------------------------------------------------------------------
def test_take_a_card_not_in_the_display(monkeypatch: MP) -> None:
    s = replacing(monkeypatch)
    listed = ", ".join(map(str, s.display))
    theirs = s.cards[1][0]
    deck = s.deck[0]
    for c in (theirs, deck, 7, 99):
        refused(s, f"take {c}", f"card {c} is not in the display", f"({listed})")


def test_take_deck_when_the_deck_is_empty(monkeypatch: MP) -> None:
    s = replacing(monkeypatch)
    s.done[1] += tuple(s.deck)
    s.deck.clear()
    s.legal = None
    refused(s, "take deck", "the pyramid deck is empty")


@pytest.mark.parametrize("text", ["7:b1", "pass", "keep 7,8"])
def test_anything_but_take_when_replacing(monkeypatch: MP, text: str) -> None:
    refused(replacing(monkeypatch), text, "replace your completed card", "'take deck'")


# ---- game over --------------------------------------------------------------------
@pytest.mark.parametrize("text", ["pass", "7:b1", "take deck", "keep 1,2"])
def test_nothing_is_legal_once_the_game_is_over(text: str) -> None:
    s = new(2, seed=5)
    keep_all(s)
    completed(s, 0, *spare(s, 1))
    last_turn(s)
    end_turn(s)
    assert s.is_over
    refused(s, text, "the game is over")
    refused(s, "fly", "cannot read")
