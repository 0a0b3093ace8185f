"""Illegal actions and malformed notation: IllegalAction, a clear message, no change."""

from __future__ import annotations

import pytest

import scarab
from scarab.core.rng import Rng
from scarab.games.luxor import data as D
from scarab.games.luxor.actions import action, parse
from scarab.games.luxor.state import LuxorState
from tests.games.luxor.helpers import give, new, place, play, set_hand, set_tile, set_treasure
from tests.games.refusals import worded

CH = D.CHAMBER


def rigged(value: int) -> Rng:
    """A generator whose next die roll is ``value``."""
    seed = next(k for k in range(1000) if Rng(k).die() == value)
    return Rng(seed)


def refused(s: LuxorState, text: str, *words: str) -> str:
    """Play ``text``: it must be refused with all ``words`` in the message, changing nothing."""
    before = s.clone()
    views = [s.view(p) for p in (*range(s.num_players), None)]
    history = s.history()
    with pytest.raises(scarab.IllegalAction) as info:
        play(s, text)
    msg = str(info.value)
    worded(info.value)
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"
    assert isinstance(info.value, ValueError)
    assert s == before and s.key() == before.key()
    assert [s.view(p) for p in (*range(s.num_players), None)] == views
    assert s.history() == history
    return msg


def start() -> LuxorState:
    s = new()
    set_hand(s, 0, ["1", "2", "3", "4", "5"])
    return s


# ---- notation ---------------------------------------------------------------
@pytest.mark.parametrize(
    "text", ["", "jump", "L", "L S+10", "M S+1", "L S*3", "act", "act X", "12", "L die now"]
)
def test_unreadable_text(text: str) -> None:
    msg = refused(start(), text, "cannot read", "forms", "'L S+3'", "'take key'")
    assert repr(text.strip()) in msg


def test_take_gold_is_not_a_reward() -> None:
    with pytest.raises(scarab.IllegalAction, match="cannot take 'gold'") as info:
        parse("take gold")
    assert "key, h1, h2, h3, scarab, wild" in str(info.value)
    s = start()
    refused(s, "take gold", "cannot take 'gold'", "the rewards are")


def test_notation_ignores_case_and_spacing() -> None:
    assert parse("  l   s+3 ") == parse("L S+3") == action("move", "L", D.STAIRS, 3)
    assert parse("TAKE Key") == action("take", what="key")
    assert str(parse("r 12-1")) == "R 12-1"


@pytest.mark.parametrize("where", ["S", "C", "0", "41", "7", "99"])
@pytest.mark.parametrize("form", ["L {}+1", "R {}-1", "{}+2", "act {}"])
def test_what_notation_reads_as_echoes_as_notation_that_reads(form: str, where: str) -> None:
    """'L 41+1' read as the chamber and a refusal echoed 'L C+1', which did not read."""
    a = parse(form.format(where))
    assert parse(str(a)) is a


@pytest.mark.parametrize(
    ("text", "reads"),
    [("L S + 3", "L S+3"), ("L S+ 3", "L S+3"), ("r 12 -  1", "R 12-1"), ("12 + 4", "12+4")],
)
def test_spaces_around_the_sign_do_not_matter(text: str, reads: str) -> None:
    """The README says extra spaces do not matter; 'L S +3' read and 'L S + 3' did not."""
    assert parse(text) is parse(reads)


# ---- card play --------------------------------------------------------------
def test_card_not_at_an_end() -> None:
    s = start()  # 1 2 3 4 5: the 3 sits in the middle
    refused(s, "L S+3", "leftmost card (1) does not move +3", "Legal now: L S+1, R S+5")
    refused(s, "R S+3", "rightmost card (5) does not move +3")


def test_wrong_number_for_the_card() -> None:
    s = start()
    refused(s, "R S+4", "rightmost card (5) does not move +4", "R S+5")
    set_hand(s, 0, ["pm1", "2", "3", "4", "1-3"])
    refused(s, "L S+2", "(+/-1) does not move +2")
    refused(s, "R S+4", "(1-3) does not move +4")


def test_wrong_card_kind() -> None:
    s = start()
    refused(s, "L die", "your leftmost card is the 1 card")
    refused(s, "R all", "your rightmost card is the 5 card")
    refused(s, "L last", "your leftmost card is the 1 card")
    set_hand(s, 0, ["die", "2", "3", "4", "5"])
    refused(s, "L S+3", "your leftmost card is the die card", "L die")


def test_moving_from_a_space_without_an_adventurer_of_yours() -> None:
    s = start()
    place(s, 1, [5, 0])
    refused(s, "L 5+1", "no movable adventurer on 5", "L S+1")
    refused(s, "L 12+1", "no movable adventurer on 12")


def test_sleeping_and_chamber_adventurers_cannot_be_moved() -> None:
    s = start()
    place(s, 0, [CH, 0], sleeping=(1,))
    refused(s, "L C+1", "no movable adventurer on C")  # the chamber is no starting point
    refused(s, "L 9+1", "no movable adventurer on 9")


def test_overshooting_the_chamber() -> None:
    s = start()
    place(s, 0, [39, 0])
    give(s, 0, keys=1)
    refused(s, "R 39+5", "5 tiles from 39 overshoot the tomb chamber", "exact")


def test_entering_the_chamber_without_a_key() -> None:
    s = new()
    place(s, 0, [39, 0])
    set_hand(s, 0, ["2", "1", "3", "4", "5"])
    msg = refused(s, "L 39+2", "needs a key", "you have none")
    assert "Legal now: L S+2, R S+5" in msg


def test_backward_from_the_first_tile_or_the_stairs() -> None:
    s = new()
    place(s, 0, [1, 0])
    set_hand(s, 0, ["pm1", "1", "3", "4", "5"])
    refused(s, "L 1-1", "no tile behind it", "L 1+1")
    refused(s, "L S-1", "no tile behind it", "stairs are not a tile")
    set_tile(s, 1, D.EMPTY, 0)
    place(s, 0, [2, 0])
    refused(s, "L 2-1", "no tile behind it")


def test_pass_while_a_move_exists() -> None:
    s = start()
    refused(s, "L pass", "only when neither end card can move anyone", "L S+1, R S+5")
    refused(s, "R pass", "only when neither end card can move anyone")


def test_last_and_all_without_a_use() -> None:
    s = new()
    place(s, 0, [5, 5])
    set_hand(s, 0, ["last", "1", "3", "4", "5"])
    refused(s, "L last", "cannot move any of your adventurers now", "R 5+5")
    place(s, 0, [40, 40])
    set_hand(s, 0, ["all2", "1", "3", "4", "pm1"])
    refused(s, "L all", "all +2 cannot move any of your adventurers now", "R 40-1")


# ---- wrong verb for the phase -------------------------------------------------
def test_take_or_act_during_card_play() -> None:
    s = start()
    refused(s, "take key", "now you must play your leftmost (L) or rightmost (R) card")
    refused(s, "act 3", "now you must play your leftmost (L) or rightmost (R) card")
    refused(s, "S+1", "now you must play your leftmost (L) or rightmost (R) card")


def test_card_play_after_a_roll() -> None:
    s = new()
    set_hand(s, 0, ["die", "2", "3", "4", "5"])
    s.rng = rigged(5)
    play(s, "L die")
    refused(s, "L S+3", "now you must move an adventurer with the roll of 5", "S+5")
    refused(s, "R S+5", "now you must move an adventurer with the roll of 5")
    refused(s, "take key", "roll of 5")
    refused(s, "S+4", "the roll was 5", "Legal now: S+5")
    refused(s, "3+5", "no movable adventurer on 3")


def test_card_play_during_a_reward_choice() -> None:
    s = new()
    place(s, 0, [3])
    set_hand(s, 0, ["1", "2", "3", "4", "5"])
    play(s, "L 3+1")  # Horus tile: key or a level-1 card
    refused(s, "L 4+1", "now you must choose your reward", "take key, take h1")


# ---- offers -----------------------------------------------------------------
def test_a_reward_not_offered() -> None:
    s = new()
    place(s, 0, [3])
    set_hand(s, 0, ["1", "2", "3", "4", "5"])
    play(s, "L 3+1")
    for what in ("scarab", "wild", "h2", "h3"):
        refused(s, f"take {what}", f"{what} is not offered here", "take key, take h1")


def test_act_on_a_space_not_offered() -> None:
    s = new()
    place(s, 0, [3, 0])
    set_tile(s, 5, D.TEMPLE, D.F_WILD)
    set_tile(s, 2, D.TEMPLE, D.F_SCARAB)
    set_hand(s, 0, ["all2", "2", "3", "4", "5"])
    play(s, "L all")
    assert s.act_spaces == (2, 5)
    refused(s, "act 3", "3 is not where an adventurer moved by this card stands", "act 2, act 5")
    refused(s, "act 40", "40 is not where an adventurer moved")
    refused(s, "take wild", "now you must choose the space whose action to perform")


# ---- game over --------------------------------------------------------------
def test_any_action_after_the_game_is_over() -> None:
    s = new()
    place(s, 0, [40, 40])
    place(s, 1, [40, 40])
    set_hand(s, 0, ["2", "3", "4", "5", "5"])
    set_hand(s, 1, ["2", "3", "4", "4", "3"])
    play(s, "L pass", "L pass")
    assert s.is_over
    for text in ("L pass", "L S+1", "take key", "act 3", "S+2"):
        refused(s, text, "the game is over", "no action is legal")
    refused(s, "hello", "cannot read")


def test_apply_refuses_an_action_object_too() -> None:
    s = start()
    before = s.clone()
    with pytest.raises(scarab.IllegalAction, match=r"leftmost card \(1\) does not move"):
        s.apply(action("move", "L", D.STAIRS, 3))
    assert s == before
    set_treasure(s, 1, 6, 3)
    play(s, "L S+1")  # still playable afterwards
    assert s.current_player == 1
