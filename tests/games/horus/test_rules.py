"""Focused tests for every clause of the Pyramid of Horus rule catalogue (clauses.toml).

Positions are built with the helpers (place, give, turn, adjust) and played in
notation; dice come from ScriptedRng and the falling blocks from ``falls`` below.
"""

from __future__ import annotations

import pytest

from scarab.core.errors import BadOption, IllegalAction
from scarab.core.game import Event
from scarab.games.horus import data as D
from scarab.games.horus.rules import actions_for, cursed, wll
from scarab.games.horus.stages import (
    ACTIONS,
    ADJUST,
    CRUSHED,
    ESCAPED,
    INSIDE,
    MUMMY,
    SEALED,
    SETUP,
    WAITING,
)
from scarab.games.horus.state import HorusState
from tests.games.horus.helpers import (
    HORUS,
    IMHOTEP,
    INITKAES,
    SANAKHT,
    adjust,
    at,
    dice,
    fallen,
    falls,
    give,
    held,
    kinds,
    legal,
    mummy_at,
    new,
    on_top,
    place,
    play,
    started,
    turn,
)

MOVES = {"move n", "move e", "move s", "move w"}


# ---- local helpers ----------------------------------------------------------------
CALM = (1, 1, 1, 1, 1)  # a mummy roll that moves nobody


def end_round(
    s: HorusState, *, mummies: tuple[int, ...] = CALM, block: int = 35, then: tuple[int, ...] = ()
) -> list[Event]:
    """The last seat ends its turn: the mummies roll these dice, this block falls."""
    falls(s, block, dice=(*mummies, *then))
    turn(s, (s.keeper - 1) % len(s.names), 0)
    return play(s, "end")


def many(name: str, k: int) -> list[str]:
    return [name] * k


def escape_with(s: HorusState, seat: int, *cards: str, chests: tuple[int, ...] = ()) -> None:
    """Seat stands by exit e1 with these cards and walks out (chest dice scripted)."""
    place(s, seat, 2, 8)
    give(s, seat, *cards)
    turn(s, seat, 1)
    dice(s, *chests)
    play(s, "move s")
    assert s.status[seat] == ESCAPED


# ---- setup --------------------------------------------------------------------------
@pytest.mark.rule("HOR-SETUP-PLAYERS")
def test_two_to_six_players_each_with_an_adventurer() -> None:
    for n in range(2, 7):
        assert len(new(n).names) == n
    for n in (1, 7):
        with pytest.raises(BadOption):
            HORUS.new_game(n, seed=0)
    s = started("gore", "sarti", "chartier", "wahab", "rasputin", "rice")
    assert sorted(s.adv) == [0, 1, 2, 3, 4, 7]
    assert all(st == WAITING for st in s.status)


@pytest.mark.rule("HOR-SETUP-KEEPER", "HOR-SETUP-CHOOSE")
def test_from_the_dice_keeper_each_picks_a_free_adventurer_and_an_entrance() -> None:
    s = new(3)
    assert (s.stage, s.keeper, s.seat) == (SETUP, 0, 0)
    assert len(legal(s)) == 16  # eight adventurers, two entrances
    play(s, "choose rice e2")
    assert s.seat == 1 and len(legal(s)) == 14
    assert "choose rice e1" not in legal(s)
    with pytest.raises(IllegalAction, match="already taken"):
        play(s, "choose rice e1")
    play(s, "choose gore e1", "choose wahab e2")
    assert s.pos == [D.EXITS[1], D.EXITS[0], D.EXITS[1]]
    assert s.status == [WAITING] * 3
    assert (s.stage, s.round, s.keeper, s.seat) == (ACTIONS, 1, 0, 0)
    assert s.view(None)["keeper"] == 0


@pytest.mark.rule("HOR-SETUP-DECKS")
def test_the_three_search_decks_are_shuffled_face_down() -> None:
    a, b = new(2, seed=1), new(2, seed=2)
    assert a.decks != b.decks
    for s in (a, b):
        assert [sorted(d) for d in s.decks] == [sorted(d) for d in D.DECK_CARDS]
    view = a.view(0)
    assert view["decks"] == {"rubble": 18, "sand": 18, "water": 18}
    assert a.view(0) == b.view(0), "two different deals look the same to a player"


@pytest.mark.rule("HOR-SETUP-SARCOPHAGI")
def test_sarcophagus_cards_are_dealt_face_down_to_their_gods() -> None:
    deals = set()
    for seed in range(10):
        s = new(2, seed)
        assert [D.CARDS[c].god for c in s.sarc] == list(D.SARC_GOD)
        assert not any(s.sarc_open)
        assert all(
            v == {"square": D.SARC_SQUARE[i], "god": D.SARC_GOD[i], "state": "closed"}
            for i, v in enumerate(s.view(0)["sarcophagi"])
        )
        deals.add(tuple(s.sarc))
    assert len(deals) == 10


@pytest.mark.rule("HOR-SETUP-MUMMIES")
def test_mummies_start_on_their_squares_and_the_blocks_wait_in_the_box() -> None:
    s = new(2)
    mummies = s.view(None)["mummies"]
    assert mummies == [
        {"name": "Initkaes", "square": D.sq(7, 0), "facing": "w"},
        {"name": "Sanakht", "square": D.sq(0, 0), "facing": "s"},
        {"name": "Imhotep", "square": D.sq(8, 0), "facing": "s"},
    ]
    assert s.box == list(range(1, 37)) and s.fallen == [] and s.blocked == 0


# ---- the round ------------------------------------------------------------------------
@pytest.mark.rule("HOR-ROUND-PHASES")
def test_a_round_runs_actions_mummies_block_and_the_ankh() -> None:
    s = started("wahab", "ardila")
    play(s, "end")
    falls(s, 35, dice=(4, 1, 1, 1, 1))
    ev = play(s, "end")
    assert kinds(ev)[:5] == ["mummy dice", "mummy", "mummy", "mummy", "block"]
    assert kinds(ev)[5:7] == ["round", "dice"]
    assert mummy_at(s, INITKAES) == "6,0" and s.fallen == [35]
    assert (s.round, s.keeper, s.stage, s.seat) == (2, 1, ACTIONS, 1)


@pytest.mark.rule("HOR-ROUND-ORDER", "HOR-ROUND-ANKH", "HOR-WLL-DISCARD")
def test_phase_1_and_phase_3_go_clockwise_from_the_dice_keeper() -> None:
    s = started("wahab", "ardila", "rice")
    for seat in range(3):
        place(s, seat, 3 + seat, 7)
        give(s, seat, "necklace")
    end_round(s)
    assert (s.round, s.keeper, s.stage) == (2, 1, ADJUST)
    seats = []
    for _ in range(3):
        seats.append(s.seat)
        assert "discard necklace" in legal(s)
        play(s, "end")
    assert seats == [1, 2, 0] and s.stage == ACTIONS
    seats = []
    for _ in range(3):
        seats.append(s.seat)
        play(s, "end")  # each ends his whole turn before the next one plays
    assert seats == [1, 2, 0]


@pytest.mark.rule("HOR-ROUND-ANKH")
def test_the_ankh_passes_even_to_a_player_whose_adventurer_escaped() -> None:
    s = started("wahab", "ardila")
    place(s, 1, 4, 7)
    escape_with(s, 0)
    assert s.seat == 1
    falls(s, 35, dice=CALM)
    play(s, "end")
    assert (s.round, s.keeper, s.seat) == (2, 1, 1)
    falls(s, 31, dice=CALM)
    play(s, "end")
    assert (s.round, s.keeper) == (3, 0), "the escaped seat is Dice Keeper"
    assert s.seat == 1, "but only the adventurer inside plays"


# ---- WLL and actions ----------------------------------------------------------------
@pytest.mark.rule("HOR-WLL", "HOR-ACTIONS-COUNT")
@pytest.mark.parametrize(
    ("cards", "level"), [(0, 1), (2, 1), (3, 2), (5, 3), (6, 3), (8, 4), (9, 5), (12, 6)]
)
def test_wll_is_cards_over_two_rounded_up(cards: int, level: int) -> None:
    s = started("wahab", "ardila")
    place(s, 0, 4, 7)
    give(s, 0, *many("mummy", cards))
    assert wll(s, 0) == level
    assert actions_for(s, 0, (1, 2, 3, 4, 5)) == 6 - level
    assert actions_for(s, 0, (6, 6, 6, 6, 6)) == 5


@pytest.mark.rule("HOR-WLL-DISCARD")
def test_phase_1_drops_treasures_idols_equipment_but_never_wounds() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 4, 7)
    give(s, 0, "hededet3", "sobek-idol", "crowbar", "snake", "mummy", "block")
    adjust(s, 0)
    drops = {a for a in legal(s) if a.startswith("discard")}
    assert drops == {"discard hededet3", "discard sobek-idol", "discard crowbar"}
    for wound in ("snake", "mummy", "block"):
        with pytest.raises(IllegalAction, match="wounds are never discarded"):
            play(s, f"discard {wound}")
    play(s, "discard hededet3", "discard crowbar")
    assert held(s, 0) == ["sobek-idol", "snake", "mummy", "block"]
    assert [D.card_name(c) for c in s.discard] == ["hededet3", "crowbar"]
    assert s.seat == 0, "he may drop more before ending"
    play(s, "end")
    assert s.stage == ACTIONS, "seat 1, still outside, has nothing to drop"


@pytest.mark.rule("HOR-WLL-DISCARD", "HOR-CURSE")
def test_dropping_an_idol_in_phase_1_lifts_its_curse() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 4, 7)
    give(s, 0, "sobek-idol", "thoth-idol")
    assert cursed(s, 0) == {D.DICE.index("green"), D.DICE.index("blue")}
    assert actions_for(s, 0, (6, 6, 6, 6, 6)) == 3, "two idols strike two dice"
    dice(s, 6, 6, 6, 6, 6)
    adjust(s, 0)
    play(s, "discard sobek-idol", "end")
    assert s.stage == ACTIONS and s.granted[0] == 4
    assert cursed(s, 0) == {D.DICE.index("blue")}


@pytest.mark.rule("HOR-WLL-CAP", "HOR-WLL-DISCARD")
def test_a_thirteenth_card_forces_a_discard_at_once() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 4, 7)
    give(s, 0, *many("mummy", 11), "crowbar")
    turn(s, 0, 2)
    on_top(s, "rubble", "necklace")
    play(s, "search")
    assert len(s.cards[0]) == 13 and s.seat == 0
    assert legal(s) == {"discard crowbar", "discard necklace"}, "no move, no end, no wound"
    with pytest.raises(IllegalAction, match="more than 12 cards"):
        play(s, "move n")
    play(s, "discard necklace")
    assert len(s.cards[0]) == 12 and s.left == 1 and "search" in legal(s)


@pytest.mark.rule("HOR-WLL-CAP", "HOR-EQUIP-BAG")
def test_bagging_a_treasure_is_not_the_discard_a_thirteenth_card_forces() -> None:
    """Issue 9: the rulebook asks for a discarded card, so a bag with room does not help."""
    s = started("wahab", "ardila")
    place(s, 0, 3, 5)  # Scorpion Pit
    give(s, 0, *many("mummy", 10), "bag", "hededet3")
    turn(s, 0, 1)
    on_top(s, "sand", "hededet5")
    play(s, "search")
    assert legal(s) == {"discard bag", "discard hededet3", "discard hededet5"}
    with pytest.raises(IllegalAction, match="bagging one does not make room"):
        play(s, "bag hededet5")
    assert len(s.cards[0]) == 13 and s.bagged[0] == ()
    play(s, "discard hededet3")
    assert len(s.cards[0]) == 12 and held(s, 0)[-1] == "hededet5"
    assert "bag hededet5" in legal(s), "bagging is still free in the turn"


@pytest.mark.rule("HOR-WLL-CAP")
def test_with_twelve_wounds_no_action_may_bring_a_card() -> None:
    s = started("wahab", "ardila")
    give(s, 0, *many("mummy", 12))
    for x, y, verb in ((4, 7, "search"), (0, 3, "take"), (8, 5, "pick")):
        place(s, 0, x, y)
        slot = D.SARC_AT[D.sq(x, y)]
        if slot >= 0:
            s.sarc_open[slot] = True
        turn(s, 0, 5)
        assert verb not in legal(s)
        assert legal(s) & MOVES, "moving brings no card"
        with pytest.raises(IllegalAction, match="nothing you could drop"):
            play(s, verb)


@pytest.mark.rule("HOR-WLL-CAP", "HOR-TOUCH-WOUND")
def test_a_mummy_card_at_the_limit_pushes_out_a_carried_card_not_a_wound() -> None:
    s = started("wahab", "ardila")
    place(s, 1, 6, 0)
    give(s, 1, *many("snake", 3), *many("scorpion", 6), "block", "necklace", "medikit")
    turn(s, 1, 2)
    play(s, "move e")  # onto Initkaes
    assert len(s.cards[1]) == 13
    assert legal(s) == {"discard necklace", "discard medikit"}
    play(s, "discard necklace")
    assert held(s, 1).count("mummy") == 1 and len(s.cards[1]) == 12


@pytest.mark.rule("HOR-CURSE", "HOR-ACTIONS-COUNT")
def test_each_idol_strikes_out_its_own_die_for_its_holder_only() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 4, 7)
    place(s, 1, 5, 7)
    give(s, 0, "hededet-idol", "horus-idol")
    dice(s, 6, 6, 6, 6, 6)
    adjust(s, 0)
    play(s, "end")
    assert s.granted == [3, 5]
    assert s.view(1)["seats"][0]["cursed"] == ["red", "yellow"]


@pytest.mark.rule("HOR-ACTIONS-SPEND")
def test_actions_come_in_any_order_and_unused_ones_are_lost() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 4, 7)
    give(s, 0, "necklace", "necklace", "necklace")  # WLL 2
    turn(s, 0, 4)
    play(s, "move e", "search", "move w")
    assert (s.left, s.used) == (1, 3)
    play(s, "end")
    assert s.seat == 1
    end_round(s, then=(1, 1, 2, 2, 2))
    assert (s.stage, s.seat) == (ADJUST, 0)
    play(s, "end")
    assert s.granted[0] == 3, "three dice of 2, nothing carried over"


# ---- moving, entering, escaping -----------------------------------------------------
@pytest.mark.rule("HOR-MOVE")
def test_moves_cross_dotted_lines_and_doors_not_walls() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 3, 5)  # Pit, above the Cobra Nest wall
    turn(s, 0, 5)
    assert legal(s) & MOVES == {"move n", "move e", "move w"}
    with pytest.raises(IllegalAction, match="solid wall"):
        play(s, "move s")
    place(s, 0, 1, 5)  # the doors west to the corridor and south to the Nest
    turn(s, 0, 5)
    assert legal(s) & MOVES == MOVES
    play(s, "move w")
    assert at(s, 0) == "0,5" and D.AREA[s.pos[0]] == "c"
    assert legal(s) & MOVES == {"move n", "move e"}, "south and west are walls"


@pytest.mark.rule("HOR-MOVE", "HOR-BLOCK-FALL")
def test_nobody_enters_a_square_holding_a_stone_block() -> None:
    s = started("wahab", "ardila")
    fallen(s, 15)
    place(s, 0, 3, 5)
    turn(s, 0, 5)
    assert "move e" not in legal(s)
    with pytest.raises(IllegalAction, match="stone block fills 4,5"):
        play(s, "move e")


@pytest.mark.rule("HOR-MOVE", "HOR-TOUCH-ENTER")
def test_squares_with_adventurers_or_mummies_may_be_entered() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 6, 0)
    place(s, 1, 5, 0)
    turn(s, 0, 3)
    assert {"move e", "move w"} <= legal(s)
    play(s, "move w")
    assert s.pos[0] == s.pos[1]
    ev = play(s, "move e", "move e")
    assert at(s, 0) == "7,0" == mummy_at(s, INITKAES)
    assert kinds(ev).count("touch") == 1 and held(s, 0) == ["mummy"]


@pytest.mark.rule("HOR-ENTER")
def test_the_first_move_takes_an_adventurer_inside_his_entrance() -> None:
    s = new(2)
    play(s, "choose gore e1")
    dice(s, 6, 6, 6, 6, 6)
    play(s, "choose sarti e2")
    assert s.status == [WAITING, WAITING] and s.pos == list(D.EXITS)
    assert legal(s) == {"move n", "end"}
    with pytest.raises(IllegalAction, match="still at the entrance"):
        play(s, "search")
    ev = play(s, "move n")
    assert at(s, 0) == "2,8" and s.status[0] == INSIDE
    assert "enters the pyramid" in ev[0].text
    play(s, "end", "move n")
    assert at(s, 1) == "6,8"


@pytest.mark.rule("HOR-ESCAPE", "HOR-SCORE-VALUES")
def test_stepping_onto_an_exit_escapes_and_ends_the_turn() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 6, 8)
    place(s, 1, 4, 7)
    give(s, 0, "sobek4", "snake")
    turn(s, 0, 4)
    assert "move s" in legal(s)
    play(s, "move s")
    assert s.status[0] == ESCAPED and at(s, 0) == "e2"
    assert held(s, 0) == ["sobek4", "snake"] and s.score[0] == 4 + 1
    assert s.seat == 1, "the three actions left are lost"
    # nothing reaches him any more: no turns, no touches, no sealing
    fallen(s, 32)
    end_round(s, block=36)
    assert s.status == [ESCAPED, SEALED] and s.is_over
    assert held(s, 0) == ["sobek4", "snake"]


@pytest.mark.rule("HOR-ESCAPE-JUMP", "HOR-BLOCK-JUMP")
def test_jumping_from_a_falling_block_onto_an_exit_is_an_escape() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 2, 8)
    place(s, 1, 4, 7)
    give(s, 0, "necklace")
    end_round(s, block=32)
    assert s.seat == 0 and legal(s) == {"jump n", "jump e", "jump s", "jump w"}
    play(s, "jump s")
    assert s.status[0] == ESCAPED and at(s, 0) == "e1"
    assert held(s, 0) == ["necklace"], "no Block card follows him out"


# ---- searching -----------------------------------------------------------------------
@pytest.mark.rule("HOR-SEARCH", "HOR-ACTIONS-SPEND")
@pytest.mark.parametrize(("x", "y", "deck"), [(4, 7, "rubble"), (3, 5, "sand"), (4, 3, "water")])
def test_a_search_draws_from_the_deck_of_the_area(x: int, y: int, deck: str) -> None:
    s = started("wahab", "ardila")
    place(s, 0, x, y)
    pile = s.decks[D.DECKS.index(deck)]
    top = pile[-1]
    turn(s, 0, 2)
    play(s, "search")
    assert s.cards[0] == [top] and len(pile) == 17 and s.left == 1
    assert [len(d) for d in s.decks].count(18) == 2


@pytest.mark.rule("HOR-SEARCH")
def test_no_search_in_the_corridor_nor_in_an_empty_deck() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 0, 3)
    turn(s, 0, 3)
    assert "search" not in legal(s)
    with pytest.raises(IllegalAction, match="nothing to search in the Mummies' Corridor"):
        play(s, "search")
    sand = s.decks[D.DECKS.index("sand")]
    s.discard += sand
    sand.clear()
    place(s, 0, 3, 5)
    turn(s, 0, 3)
    assert "search" not in legal(s)
    with pytest.raises(IllegalAction, match="sand deck is empty"):
        play(s, "search")


@pytest.mark.rule("HOR-SEARCH-PUBLIC")
def test_every_seat_sees_the_card_drawn_and_what_each_adventurer_carries() -> None:
    s = started("wahab", "ardila", "rice")
    place(s, 0, 4, 3)
    on_top(s, "water", "chest")
    turn(s, 0, 1)
    ev = play(s, "search")
    search = next(e for e in ev if e.kind == "search")
    assert search.secret_to is None and search.data["card"] == "chest"
    for seat in (None, 1, 2):
        assert s.view(seat)["seats"][0]["cards"] == ["chest"]


# ---- the corridor: sarcophagi ---------------------------------------------------------
@pytest.mark.rule("HOR-SARC-OPEN", "HOR-SARC-TAKE")
def test_anyone_may_take_a_card_another_opened() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 8, 2)
    place(s, 1, 8, 3)
    slot = D.SARC_AT[D.sq(8, 2)]
    card = s.sarc[slot]
    turn(s, 0, 1)
    assert "open" in legal(s) and "take" not in legal(s)
    play(s, "open")  # his only action: the card lies open for all
    assert s.sarc_open[slot] and s.seat == 1
    assert s.view(1)["sarcophagi"][slot] == {
        "square": D.sq(8, 2),
        "god": "thoth",
        "state": "open",
        "card": D.card_name(card),
    }
    assert "take" not in legal(s), "not from the next square"
    play(s, "move n", "take")
    assert s.cards[1] == [card] and s.sarc[slot] == -1
    assert "open" not in legal(s) and "take" not in legal(s)
    with pytest.raises(IllegalAction, match="sarcophagus is empty"):
        play(s, "open")


@pytest.mark.rule("HOR-SARC-OPEN")
def test_horus_sarcophagi_open_from_the_north_wall_squares() -> None:
    s = started("wahab", "ardila")
    opened = []
    for x in range(9):
        place(s, 0, x, 0)
        turn(s, 0, 1)
        if "open" in legal(s):
            opened.append(x)
    assert opened == [1, 2, 6, 7]
    place(s, 0, 3, 3)
    turn(s, 0, 1)
    with pytest.raises(IllegalAction, match="no sarcophagus"):
        play(s, "open")


# ---- the corridor: alcoves -----------------------------------------------------------
@pytest.mark.rule("HOR-ALCOVE-ROLL", "HOR-ALCOVE-DICE", "HOR-ACTIONS-SPEND")
def test_either_square_in_front_of_the_horus_alcove_rolls_all_five_dice() -> None:
    s = started("wahab", "ardila")
    for x, ok in ((3, False), (4, True), (5, True), (6, False)):
        place(s, 0, x, 0)
        turn(s, 0, 2)
        assert ("pick" in legal(s)) == ok
    place(s, 0, 5, 0)
    turn(s, 0, 2)
    dice(s, 2, 3, 4, 5, 5)
    play(s, "pick")
    assert s.lock == (2, 3, 4, 5, 5) and s.left == 1
    assert s.view(1)["lock"] == {"alcove": "horus", "dice": [2, 3, 4, 5, 5], "missing": [6]}


@pytest.mark.rule("HOR-ALCOVE-DICE", "HOR-ALCOVE-IDOL")
@pytest.mark.parametrize(
    ("square", "roll", "missing"),
    [
        ((0, 5), (1, 3, 6, 6, 6), [5]),  # Hededet 1 3 5
        ((8, 5), (2, 4, 6, 1, 1), []),  # Sobek 2 4 6
        ((8, 0), (1, 2, 3, 3, 3), [4]),  # Thoth 1 2 3 4
        ((0, 0), (6, 5, 4, 3, 3), []),  # Anubis 3 4 5 6
        ((0, 0), (1, 1, 2, 2, 6), [3, 4, 5]),
    ],
)
def test_each_idol_needs_its_faces_once_each(
    square: tuple[int, int], roll: tuple[int, ...], missing: list[int]
) -> None:
    s = started("wahab", "ardila")
    place(s, 0, *square)
    turn(s, 0, 2)
    dice(s, *roll)
    play(s, "pick")
    god = D.ALCOVE_GOD[D.ALCOVE_AT[D.sq(*square)]]
    if missing:
        assert s.view(0)["lock"]["missing"] == missing
        assert f"{god}-idol" not in held(s, 0)
    else:
        assert held(s, 0) == [f"{god}-idol"] and s.left == 1


@pytest.mark.rule("HOR-ALCOVE-REROLL")
def test_a_reroll_changes_only_the_chosen_dice() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 8, 5)
    turn(s, 0, 4)
    assert not {a for a in legal(s) if a.startswith("reroll")}
    dice(s, 1, 1, 1, 2, 4, 5, 5)
    play(s, "pick")
    assert len({a for a in legal(s) if a.startswith("reroll")}) == 31
    play(s, "reroll 1,2")
    assert s.lock == (5, 5, 1, 2, 4) and s.left == 2
    dice(s, 6)
    play(s, "reroll 3")
    assert held(s, 0) == ["sobek-idol"] and s.left == 1


@pytest.mark.rule("HOR-ALCOVE-FRESH")
def test_any_other_action_or_the_end_of_the_turn_ends_an_attempt() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 0, 5)
    turn(s, 0, 5)
    dice(s, 1, 3, 2, 2, 2)
    play(s, "pick")
    assert s.lock and "reroll 3" in legal(s)
    play(s, "move n", "move s")
    assert s.lock == () and "reroll 3" not in legal(s)
    assert "pick" in legal(s), "a fresh attempt rolls all five again"
    dice(s, 1, 3, 2, 2, 2)
    play(s, "pick")
    play(s, "end")
    assert s.lock == ()
    turn(s, 0, 1)
    assert "reroll 3" not in legal(s) and "pick" in legal(s)


@pytest.mark.rule("HOR-HORUS-IDOL", "HOR-ALCOVE-IDOL", "HOR-BLOCK-JUMP", "HOR-BLOCK-WOUND")
def test_taking_the_horus_idol_drops_a_block_at_once() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 4, 0)
    turn(s, 0, 3)
    falls(s, 2, dice=(2, 3, 4, 5, 6))  # block 2 is the square he stands on
    ev = play(s, "pick")
    assert kinds(ev)[:3] == ["lock", "idol", "block"]
    assert s.fallen == [2] and 2 not in s.box
    assert legal(s) == {"jump w", "jump e", "jump s"}
    play(s, "jump e")
    assert at(s, 0) == "5,0"
    assert held(s, 0) == ["horus-idol", "block"]
    assert s.seat == 0 and s.left == 2, "his turn goes on"


@pytest.mark.rule("HOR-HORUS-IDOL", "HOR-SEAL")
def test_the_horus_idols_block_can_seal_its_taker() -> None:
    s = started("wahab", "ardila")
    fallen(s, 4, 8)
    place(s, 0, 5, 0)
    place(s, 1, 4, 7)
    turn(s, 0, 3)
    falls(s, 2, dice=(2, 3, 4, 5, 6))
    play(s, "pick")
    assert s.status == [SEALED, INSIDE]
    assert s.seat == 1


# ---- mummies ------------------------------------------------------------------------
@pytest.mark.rule("HOR-MUMMY-STEP")
@pytest.mark.parametrize(
    ("roll", "where"),
    [
        ((1, 2, 3, 3, 2), ("7,0", "0,0", "8,0")),
        ((4, 1, 1, 1, 1), ("6,0", "0,1", "8,1")),
        ((4, 5, 6, 6, 4), ("2,0", "0,5", "8,5")),
    ],
)
def test_each_mummy_steps_once_per_die_of_four_or_more(
    roll: tuple[int, ...], where: tuple[str, str, str]
) -> None:
    s = started("wahab", "ardila")
    play(s, "end")
    end_round(s, mummies=roll)
    assert tuple(mummy_at(s, m) for m in range(3)) == where


@pytest.mark.rule("HOR-MUMMY-TURN", "HOR-BOARD-SECTIONS")
def test_a_mummy_at_the_end_of_its_section_turns_for_free() -> None:
    s = started("wahab", "ardila")
    s.mpos[INITKAES], s.mdir[INITKAES] = 1, -1  # (1,0) walking west
    s.mpos[SANAKHT] = 5  # (0,5), walking south into the wall
    end_round(s, mummies=(4, 4, 1, 1, 1))
    # Initkaes: (0,0), turns there, (1,0); it never turns down the Anubis section
    assert mummy_at(s, INITKAES) == "1,0"
    assert s.view(None)["mummies"][INITKAES]["facing"] == "e"
    assert mummy_at(s, SANAKHT) == "0,3"
    assert mummy_at(s, IMHOTEP) == "8,2"


@pytest.mark.rule("HOR-MUMMY-BLOCK")
def test_a_fallen_block_is_a_wall_to_the_mummies() -> None:
    s = started("wahab", "ardila")
    fallen(s, 2, 17)
    end_round(s, mummies=(4, 4, 4, 4, 4))
    assert mummy_at(s, INITKAES) == "8,0"  # (6,0) (5,0), turns at block 2, back east
    assert mummy_at(s, IMHOTEP) == "8,1"  # down to (8,3), turns at block 17, back north
    assert mummy_at(s, SANAKHT) == "0,5"


# ---- the mummy's touch --------------------------------------------------------------
@pytest.mark.rule("HOR-TOUCH-ENTER", "HOR-TOUCH-WOUND")
def test_walking_onto_a_mummy_is_a_touch() -> None:
    s = started("wahab", "ardila")
    place(s, 1, 8, 1)
    turn(s, 1, 3)
    ev = play(s, "move n")
    touch = next(e for e in ev if e.kind == "touch")
    assert "Imhotep" in touch.text and held(s, 1) == ["mummy"]
    assert len(s.supply[0]) == 17
    play(s, "move s")
    assert held(s, 1) == ["mummy"], "leaving costs nothing"


@pytest.mark.rule("HOR-TOUCH-MOVE", "HOR-TOUCH-EACH")
def test_a_mummy_touches_everyone_on_each_square_it_enters_even_in_passing() -> None:
    s = started("wahab", "ardila", "rice")
    place(s, 0, 6, 0)
    place(s, 1, 6, 0)
    place(s, 2, 5, 0)
    ev = end_round(s, mummies=(4, 4, 4, 1, 1))
    assert mummy_at(s, INITKAES) == "4,0", "it walks on through"
    assert [e.player for e in ev if e.kind == "touch"] == [0, 1, 2]
    assert [held(s, p) for p in range(3)] == [["mummy"]] * 3


@pytest.mark.rule("HOR-TOUCH-MOVE", "HOR-MUMMY-TURN")
def test_a_mummy_that_turns_back_touches_again() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 8, 4)
    s.mpos[IMHOTEP] = 3  # (8,3) walking south
    end_round(s, mummies=(4, 4, 4, 4, 1))  # (8,4), (8,5), turns, (8,4), (8,3)
    assert mummy_at(s, IMHOTEP) == "8,3"
    assert held(s, 0) == ["mummy", "mummy"]


@pytest.mark.rule("HOR-TOUCH-STAY")
def test_still_sharing_a_square_at_the_next_round_is_another_touch() -> None:
    s = started("wahab", "ardila")
    place(s, 1, 6, 0)
    turn(s, 1, 2)
    play(s, "move e")
    assert held(s, 1) == ["mummy"]
    ev = end_round(s)  # Initkaes does not move
    assert mummy_at(s, INITKAES) == at(s, 1) == "7,0"
    assert kinds(ev).index("round") < kinds(ev).index("touch")
    assert held(s, 1) == ["mummy", "mummy"]


@pytest.mark.rule("HOR-TOUCH-JUMP", "HOR-BLOCK-JUMP", "HOR-BLOCK-WOUND")
def test_jumping_onto_a_mummy_to_escape_a_block_is_a_touch() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 4, 7)
    place(s, 1, 2, 0)
    s.mpos[INITKAES] = 3  # (3,0)
    end_round(s, block=1)
    assert s.seat == 1 and legal(s) == {"jump w", "jump e"}, "south is the Pit wall"
    ev = play(s, "jump e")
    assert at(s, 1) == "3,0"
    phase_5 = kinds(ev)[: kinds(ev).index("round")]
    assert phase_5 == ["jump", "wound", "touch"]
    assert held(s, 1)[:2] == ["block", "mummy"]


@pytest.mark.rule("HOR-TOUCH-EACH")
def test_two_mummies_on_a_corner_give_two_wounds() -> None:
    s = started("wahab", "ardila")
    s.mpos[INITKAES] = 0  # Initkaes joins Sanakht on the corner (0,0)
    place(s, 0, 0, 1)
    turn(s, 0, 1)
    ev = play(s, "move n")
    assert [e.data["mummy"] for e in ev if e.kind == "touch"] == [INITKAES, SANAKHT]
    assert held(s, 0) == ["mummy", "mummy"]


@pytest.mark.rule("HOR-TOUCH-WOUND")
def test_nothing_removes_a_mummy_wound() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 4, 7)
    give(s, 0, "mummy", "medikit", "antidote")
    adjust(s, 0)
    assert not {a for a in legal(s) if "mummy" in a}
    for text in ("medikit mummy", "antidote mummy"):
        with pytest.raises(IllegalAction):
            play(s, text)
    with pytest.raises(IllegalAction, match="never discarded"):
        play(s, "discard mummy")


@pytest.mark.rule("HOR-TOUCH-MUMMIFY", "HOR-TOUCH-EACH")
def test_a_touch_with_twelve_wounds_makes_a_mummy_that_touches_others() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 6, 0)
    place(s, 1, 4, 7)
    give(s, 0, *many("scorpion", 6), *many("crocodile", 6))
    turn(s, 0, 3)
    ev = play(s, "move e")  # onto Initkaes
    assert s.status[0] == MUMMY and "mummified" in kinds(ev)
    assert len(s.cards[0]) == 12 and "mummy" not in held(s, 0)
    assert s.seat == 1, "his adventure is over"
    assert s.view(1)["seats"][0]["facing"] == "e"
    end_round(s, mummies=(4, 4, 1, 1, 1))
    assert mummy_at(s, INITKAES) == "5,0"
    assert at(s, 0) == "7,0", "east to 8,0, then back from the wall (HOR-MUMMIFIED-MOVE)"
    place(s, 1, 8, 0)
    turn(s, 1, 2)
    assert s.seat == 1, "he has no turn any more"
    ev = play(s, "move w")  # onto the mummified adventurer
    touch = next(e for e in ev if e.kind == "touch")
    assert "a mummified adventurer" in touch.text and held(s, 1) == ["mummy"]


def mummified(s: HorusState, seat: int, x: int, y: int, facing: str) -> None:
    place(s, seat, x, y)
    s.status[seat], s.face[seat] = MUMMY, D.DIRS.index(facing)


@pytest.mark.rule("HOR-MUMMIFIED-MOVE", "HOR-TOUCH-MUMMIFY")
def test_a_mummified_figure_walks_straight_and_turns_back_at_a_block() -> None:
    s = started("wahab", "ardila")
    mummified(s, 0, 2, 6, "e")
    fallen(s, 23)  # on 4,6
    place(s, 1, 1, 6)
    ev = end_round(s, mummies=(4, 6, 5, 1, 1))  # three steps, like every mummy
    # 3,6; the block turns it back without costing the step; 2,6; 1,6
    assert at(s, 0) == "1,6" and s.view(None)["seats"][0]["facing"] == "w"
    order = kinds(ev)
    walked_onto = order.index("touch")
    assert order.index("walk") > walked_onto < order.index("block"), "touched in phase 4"
    assert ev[walked_onto].data == {"mummy": -1} and "mummified" in ev[walked_onto].text
    assert order.count("touch") == 2, "and again as the next round starts (HOR-TOUCH-STAY)"
    walk = next(e for e in ev if e.kind == "walk")
    assert walk.data == {"square": D.sq(1, 6), "facing": "w"}


@pytest.mark.rule("HOR-MUMMIFIED-MOVE")
def test_a_mummified_figure_walled_in_both_ways_stays_and_never_leaves() -> None:
    s = started("wahab", "ardila")
    mummified(s, 0, 3, 6, "e")
    fallen(s, 22, 23)  # on 2,6 and 4,6
    end_round(s, mummies=(4, 4, 4, 4, 4))
    assert at(s, 0) == "3,6"
    s = started("wahab", "ardila")
    mummified(s, 0, 2, 8, "s")  # at the door of e1: the way out is a wall to it
    end_round(s, mummies=(4, 1, 1, 1, 1))
    assert at(s, 0) == "2,7" and s.face[0] == D.DIRS.index("n")


@pytest.mark.rule("HOR-MUMMIFIED-MOVE")
def test_mummified_figures_walk_only_in_the_mummy_phase_and_with_its_roll() -> None:
    s = started("wahab", "ardila")
    mummified(s, 0, 2, 6, "e")
    end_round(s, mummies=(1, 1, 1, 1, 1))
    assert at(s, 0) == "2,6", "no mummy die of 4+: no step"
    turn(s, 1, 2)
    place(s, 1, 4, 7)
    play(s, "move n")
    assert at(s, 0) == "2,6", "a turn moves nobody else"


@pytest.mark.rule("HOR-END", "HOR-ESCAPE")
def test_the_view_at_game_over_shows_no_stale_turn_data() -> None:
    """Issue 9: the game ends mid-turn, with actions left; the final view has none."""
    s = started("wahab", "ardila")
    s.status[1] = CRUSHED
    place(s, 0, 2, 8)
    turn(s, 0, 4)
    s.dice = (6, 6, 6, 6, 6)
    play(s, "move s")
    assert s.is_over
    for viewer in (0, 1, None):
        v = s.view(viewer)
        assert v["to_move"] is None and v["pending"] is None and v["lock"] is None
        assert v["actions_left"] == 0 and v["dice"] == [] and v["mummy_dice"] == []
        assert [seat["actions"] for seat in v["seats"]] == [0, 0]


@pytest.mark.rule("HOR-WOUND-MARKER")
def test_a_marker_stands_in_when_the_mummy_cards_run_out() -> None:
    s = started("wahab", "ardila", "rice")
    give(s, 1, *many("mummy", 12))
    give(s, 2, *many("mummy", 6))
    assert s.supply[0] == ()
    place(s, 0, 6, 0)
    turn(s, 0, 2)
    play(s, "move e")
    assert held(s, 0) == ["mummy"] and s.cards[0] == [D.MUMMY_MARKER]
    play(s, "move w", "end")  # out of reach; then two mummies at once
    s.mpos[INITKAES] = 0
    place(s, 0, 0, 1)
    turn(s, 0, 1)
    play(s, "move n")
    assert s.cards[0] == [D.MUMMY_MARKER] * 3 and wll(s, 0) == 2


@pytest.mark.rule("HOR-WOUND-MARKER", "HOR-EQUIP-MEDIKIT", "HOR-BLOCK-WOUND")
def test_a_block_marker_counts_as_a_block_card_and_a_medikit_treats_it() -> None:
    s = started("wahab", "ardila")
    give(s, 1, *many("block", 8))
    place(s, 0, 4, 6)
    place(s, 1, 4, 7)
    give(s, 0, "medikit")
    end_round(s, block=23)
    play(s, "jump n")
    assert s.cards[0][-1] == D.BLOCK_MARKER and held(s, 0) == ["medikit", "block"]
    adjust(s, 0)
    play(s, "medikit block")
    assert s.cards[0] == [] and D.BLOCK_MARKER not in s.discard
    assert [D.card_name(c) for c in s.discard] == ["medikit"]


@pytest.mark.rule("HOR-WOUND-FULL", "HOR-BLOCK-WOUND")
def test_a_block_wound_kills_an_adventurer_with_twelve_wounds() -> None:
    s = started("wahab", "ardila", "rice")
    place(s, 0, 4, 6)
    place(s, 1, 4, 6)
    place(s, 2, 8, 8)
    give(s, 0, *many("mummy", 12))
    give(s, 1, *many("mummy", 6), *many("scorpion", 5), "necklace")
    end_round(s, block=23)
    assert legal(s) == {"jump n", "jump e", "jump s", "jump w"}
    play(s, "jump n")
    assert s.status[0] == CRUSHED
    play(s, "jump n")
    assert s.status[1] == INSIDE and len(s.cards[1]) == 13
    assert legal(s) == {"discard necklace"}, "room is made by dropping a carried card"


# ---- stone blocks and sealing --------------------------------------------------------
@pytest.mark.rule("HOR-BLOCK-FALL")
def test_a_random_block_falls_each_round_and_stays() -> None:
    s = started("wahab", "ardila")
    play(s, "end", "end")
    assert len(s.fallen) == 1 and len(s.box) == 35
    first = s.fallen[0]
    assert s.blocked == 1 << D.SQUARE_OF_BLOCK[first]
    end_round(s, block=35 if first != 35 else 31)
    assert s.fallen[0] == first and len(s.fallen) == 2
    assert bin(s.blocked).count("1") == 2


@pytest.mark.rule("HOR-BLOCK-JUMP")
def test_the_jump_avoids_walls_and_blocks_and_is_automatic_when_forced() -> None:
    s = started("wahab", "ardila")
    fallen(s, 2)
    place(s, 0, 4, 1)
    place(s, 1, 8, 8)
    end_round(s, block=6)
    assert legal(s) == {"jump w", "jump e", "jump s"}, "block 2 closes the door north"
    play(s, "jump s")
    assert at(s, 0) == "4,2" and held(s, 0) == ["block"]
    # with blocks 32 and 27 down, block 33 leaves one way out: he jumps there by himself
    s = started("wahab", "ardila")
    fallen(s, 32, 27)
    place(s, 0, 3, 8)
    place(s, 1, 8, 8)
    ev = end_round(s, block=33)
    assert at(s, 0) == "4,8" and "jump" in kinds(ev)
    assert held(s, 0) == ["block"]


@pytest.mark.rule("HOR-BLOCK-CRUSH")
def test_with_nowhere_to_jump_he_is_crushed() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 0, 4)
    place(s, 1, 8, 8)
    # the provisional board numbers no square whose every neighbour is numbered, so
    # the squares north and south of (0,4) are closed by hand; east is the Pit wall
    s.blocked |= 1 << D.sq(0, 3) | 1 << D.sq(0, 5)
    ev = end_round(s, block=19)
    assert s.status[0] == CRUSHED and "crushed" in kinds(ev)
    assert at(s, 0) == "0,4" and held(s, 0) == []


@pytest.mark.rule("HOR-SEAL")
def test_an_adventurer_cut_off_on_one_square_is_sealed() -> None:
    s = started("wahab", "ardila")
    fallen(s, 1)
    place(s, 0, 3, 0)
    place(s, 1, 8, 8)
    ev = end_round(s, block=2)
    assert s.status == [SEALED, INSIDE] and "sealed" in kinds(ev)
    assert s.score[0] == 0 and not s.is_over


@pytest.mark.rule("HOR-SEAL-OUTSIDE")
def test_an_adventurer_who_never_entered_is_out_when_his_door_is_blocked() -> None:
    s = started("wahab", "ardila")
    s.pos[1] = D.EXITS[1]
    ev = end_round(s, block=32)
    assert s.status == [SEALED, WAITING]
    sealed = next(e for e in ev if e.kind == "sealed")
    assert "sealed out" in sealed.text
    assert s.seat == 1


# ---- equipment ---------------------------------------------------------------------
@pytest.mark.rule("HOR-EQUIP-ANTIDOTE")
def test_an_antidote_discards_one_snake_or_scorpion_for_free() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 4, 7)
    give(s, 0, "antidote", "snake", "scorpion", "crocodile")
    turn(s, 0, 2)
    assert {"antidote snake", "antidote scorpion"} <= legal(s)
    play(s, "antidote scorpion")
    assert held(s, 0) == ["snake", "crocodile"] and s.left == 2
    assert [D.card_name(c) for c in s.discard] == ["antidote", "scorpion"]
    assert not {a for a in legal(s) if a.startswith("antidote")}
    with pytest.raises(IllegalAction, match="treats snake or scorpion"):
        play(s, "antidote crocodile")


@pytest.mark.rule("HOR-EQUIP-MEDIKIT")
def test_a_medikit_discards_one_crocodile_or_block_card() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 4, 7)
    give(s, 0, "medikit", "medikit", "crocodile", "block", "snake")
    adjust(s, 0)
    assert {"medikit crocodile", "medikit block"} <= legal(s)
    play(s, "medikit crocodile", "medikit block")
    assert held(s, 0) == ["snake"]
    with pytest.raises(IllegalAction):
        play(s, "medikit snake")


@pytest.mark.rule("HOR-EQUIP-CROWBAR")
def test_a_crowbar_stands_for_the_one_missing_face() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 0, 0)  # Anubis alcove: 3 4 5 6
    give(s, 0, "crowbar")
    turn(s, 0, 2)
    assert "crowbar" not in legal(s), "only during an attempt"
    dice(s, 3, 4, 1, 1, 1)
    play(s, "pick")
    assert "crowbar" not in legal(s), "two faces missing"
    dice(s, 5, 2, 2)
    play(s, "reroll 3,4,5")
    assert s.left == 0 and s.view(0)["lock"]["missing"] == [6]
    assert "crowbar" in legal(s), "even with no action left"
    play(s, "crowbar")
    assert held(s, 0) == ["anubis-idol"] and "crowbar" in map(D.card_name, s.discard)


@pytest.mark.rule("HOR-EQUIP-BAG", "HOR-WLL")
def test_a_bag_holds_two_treasures_and_counts_as_one_card() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 4, 7)
    give(s, 0, "bag", "hededet3", "sobek4", "necklace", "thoth-idol", "crowbar")
    adjust(s, 0)
    bags = {a for a in legal(s) if a.startswith("bag")}
    assert bags == {"bag hededet3", "bag sobek4", "bag necklace"}, "no idol, no equipment"
    play(s, "bag hededet3", "bag sobek4")
    assert held(s, 0) == ["bag", "necklace", "thoth-idol", "crowbar"] and wll(s, 0) == 2
    assert not {a for a in legal(s) if a.startswith("bag")}, "the bag is full"
    assert not {a for a in legal(s) if a in ("discard hededet3", "discard sobek4")}
    seats = s.view(1)["seats"]
    assert seats[0]["bags"] == [{"bag": 0, "holds": ["hededet3", "sobek4"]}]
    play(s, "discard bag")
    assert held(s, 0) == ["necklace", "thoth-idol", "crowbar"] and s.bagged[0] == ()
    assert sorted(map(D.card_name, s.discard)) == ["bag", "hededet3", "sobek4"]


@pytest.mark.rule("HOR-EQUIP-BAG", "HOR-SCORE-VALUES", "HOR-SCORE-CHEST")
def test_what_the_bag_holds_scores_and_its_chest_is_rolled_at_escape() -> None:
    s = started("wahab", "ardila")
    place(s, 1, 4, 7)
    place(s, 0, 2, 8)
    give(s, 0, "bag", "chest", "sobek6")
    turn(s, 0, 1)
    play(s, "bag chest", "bag sobek6")
    assert s.left == 1, "bagging is free"
    dice(s, 4)
    play(s, "move s")
    assert s.chests[0] == (4,) and s.score[0] == 4 + 6 + 1


@pytest.mark.rule("HOR-EQUIP-UDJAT")
def test_an_udjat_keeps_the_block_it_saw_for_phase_5() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 4, 7)
    place(s, 1, 5, 7)
    give(s, 0, "udjat", "udjat")
    turn(s, 0, 2)
    falls(s, 9)
    ev = play(s, "udjat")
    seen = next(e for e in ev if e.kind == "foresee")
    assert seen.secret_to == 0 and seen.data["block"] == 9
    assert legal(s) == {"keep", "swap"} and s.left == 2
    play(s, "keep")
    assert s.aside == 9 and held(s, 0) == ["udjat"]
    assert "udjat" not in legal(s), "one udjat or clairvoyance per round"
    end_round(s, block=30)  # the box would give 30, but the udjat's block falls
    assert s.fallen == [9]
    adjust(s, 0)
    assert "udjat" in legal(s), "a new round"


@pytest.mark.rule("HOR-EQUIP-UDJAT")
def test_an_udjat_may_swap_the_block_unseen() -> None:
    s = started("wahab", "ardila")
    place(s, 0, 4, 7)
    place(s, 1, 5, 7)
    give(s, 0, "udjat")
    turn(s, 0, 1)
    falls(s, 28, 9)  # 28 is his own square: he puts it back and sets aside another
    play(s, "udjat", "swap")
    assert s.aside == 9 and 28 in s.box and not s.aside_known
    end_round(s, block=30)
    assert s.fallen == [9] and s.status == [INSIDE, INSIDE]


# ---- abilities -----------------------------------------------------------------------
@pytest.mark.rule("HOR-ABILITY-ONCE", "HOR-ABILITY-SHOOT", "HOR-TOUCH-ENTER")
def test_david_shoots_a_mummy_and_passes_it_for_the_rest_of_the_phase() -> None:
    s = started("gore", "ardila")
    place(s, 0, 6, 0)
    turn(s, 0, 4)
    play(s, "move e")
    assert legal(s) == {"shoot", "accept"}
    ev = play(s, "shoot")
    assert "shoot" in kinds(ev) and held(s, 0) == [] and s.used_ability[0]
    play(s, "move w", "move e")  # back onto Initkaes: still untouched this phase
    assert held(s, 0) == [] and s.left == 1
    assert s.view(1)["seats"][0]["ability_used"] is True
    end_round(s)  # still together when the next round starts: no more shots
    assert held(s, 0) == ["mummy"]


@pytest.mark.rule("HOR-ABILITY-SHOOT", "HOR-TOUCH-MOVE")
def test_a_shot_mummy_walking_back_cannot_touch_him_that_phase() -> None:
    s = started("gore", "ardila")
    place(s, 0, 8, 4)
    place(s, 1, 4, 7)
    s.mpos[IMHOTEP] = 3  # (8,3) walking south: (8,4), (8,5), turns, (8,4), (8,3)
    falls(s, 35, dice=(4, 4, 4, 4, 1))
    turn(s, 1, 0)
    play(s, "end")
    assert s.seat == 0 and legal(s) == {"shoot", "accept"}
    ev = play(s, "shoot")
    assert kinds(ev).count("touch") == 0
    assert mummy_at(s, IMHOTEP) == "8,3" and held(s, 0) == []


@pytest.mark.rule("HOR-ABILITY-SHOOT", "HOR-ABILITY-ONCE")
def test_accepting_the_touch_keeps_the_shot_for_later() -> None:
    s = started("gore", "ardila")
    place(s, 0, 6, 0)
    turn(s, 0, 2)
    play(s, "move e", "accept")
    assert held(s, 0) == ["mummy"] and not s.used_ability[0]


@pytest.mark.rule("HOR-ABILITY-DODGE", "HOR-ABILITY-ONCE")
def test_chantal_dodges_the_block_card_but_still_jumps() -> None:
    s = started("wahab", "sarti")
    place(s, 0, 8, 8)
    place(s, 1, 4, 6)
    end_round(s, block=23)
    play(s, "jump s")
    assert legal(s) == {"dodge", "accept"}
    play(s, "dodge")
    assert at(s, 1) == "4,7" and held(s, 1) == []
    end_round(s, block=28)
    play(s, "jump s")
    assert held(s, 1) == ["block"], "only once per game"


@pytest.mark.rule("HOR-ABILITY-DODGE", "HOR-BLOCK-CRUSH")
def test_dodging_does_not_save_her_from_being_crushed() -> None:
    s = started("wahab", "sarti")
    place(s, 0, 8, 8)
    place(s, 1, 0, 4)
    s.blocked |= 1 << D.sq(0, 3) | 1 << D.sq(0, 5)  # closed by hand, as above
    end_round(s, block=19)
    assert s.status[1] == CRUSHED and not s.used_ability[1]


@pytest.mark.rule("HOR-ABILITY-STAMINA", "HOR-ABILITY-ONCE", "HOR-CURSE")
def test_delroy_ignores_his_wll_for_one_round() -> None:
    s = started("gore", "chartier")
    place(s, 1, 4, 7)
    give(s, 1, "sobek-idol", *many("mummy", 6))  # 7 cards: WLL 4, green struck out
    s.dice = (1, 2, 3, 4, 5)
    turn(s, 1, actions_for(s, 1, s.dice))
    assert s.left == 2  # the black 4 and the red 5
    play(s, "move e")
    assert "stamina" in legal(s)
    play(s, "stamina")
    assert s.left == 3 and s.used_ability[1], "four uncursed dice in all, one spent"
    assert "stamina" not in legal(s)
    play(s, "move w", "move e", "move w")
    assert s.left == 0


@pytest.mark.rule("HOR-ABILITY-STAMINA")
def test_stamina_is_not_offered_when_it_would_add_nothing() -> None:
    s = started("gore", "chartier")
    place(s, 1, 4, 7)
    s.dice = (6, 6, 6, 6, 6)
    turn(s, 1, 5)
    assert "stamina" not in legal(s)
    with pytest.raises(IllegalAction, match="no more actions"):
        play(s, "stamina")


@pytest.mark.rule("HOR-ABILITY-READ", "HOR-ABILITY-ONCE")
def test_abdel_reads_a_sarcophagus_for_free_and_may_leave_it_closed() -> None:
    s = started("gore", "wahab")
    place(s, 1, 0, 2)
    slot = D.SARC_AT[D.sq(0, 2)]
    turn(s, 1, 2)
    ev = play(s, "read")
    read = next(e for e in ev if e.kind == "read")
    assert read.secret_to == 1 and read.data["card"] == D.card_name(s.sarc[slot])
    assert s.left == 2 and not s.sarc_open[slot]
    assert "read" not in legal(s) and "open" in legal(s)
    play(s, "move s")
    assert "read" not in legal(s), "once per game"
    assert s.view(1)["sarcophagi"][slot]["read"] == read.data["card"]
    assert "read" not in s.view(0)["sarcophagi"][slot]


@pytest.mark.rule("HOR-ABILITY-CLAIRVOYANCE", "HOR-EQUIP-UDJAT", "HOR-ABILITY-ONCE")
def test_rasputin_foresees_the_block_but_not_after_an_udjat() -> None:
    s = started("gore", "rasputin")
    place(s, 0, 4, 7)
    place(s, 1, 5, 7)
    give(s, 0, "udjat")
    turn(s, 0, 1)
    play(s, "udjat", "keep", "end")
    assert s.seat == 1 and "clairvoyance" not in legal(s)
    with pytest.raises(IllegalAction, match="already used this round"):
        play(s, "clairvoyance")
    end_round(s, block=30)
    turn(s, 1, 1)
    falls(s, 3)
    play(s, "clairvoyance")
    assert legal(s) == {"keep", "swap"}
    play(s, "keep")
    assert s.aside == 3 and s.used_ability[1]
    end_round(s, block=30)
    assert s.fallen[-1] == 3
    turn(s, 1, 1)
    assert "clairvoyance" not in legal(s), "once per game"


@pytest.mark.rule("HOR-ABILITY-REFLEXES", "HOR-ABILITY-ONCE")
def test_maki_shakes_off_a_snake_she_has_just_drawn() -> None:
    s = started("gore", "watanabe")
    place(s, 1, 4, 7)
    turn(s, 1, 3)
    on_top(s, "rubble", "snake")
    play(s, "search")
    assert legal(s) == {"reflexes", "accept"}
    play(s, "reflexes")
    assert held(s, 1) == [] and "snake" in map(D.card_name, s.discard)
    on_top(s, "rubble", "snake")
    play(s, "search")
    assert held(s, 1) == ["snake"], "once per game: the second bite stays"


@pytest.mark.rule("HOR-ABILITY-REFLEXES", "HOR-ABILITY-SWIM")
def test_reflexes_are_for_snakes_and_scorpions_swimming_for_crocodiles() -> None:
    s = started("watanabe", "rice")
    place(s, 0, 4, 3)  # the Pond
    place(s, 1, 3, 5)  # the Pit
    turn(s, 0, 1)
    on_top(s, "water", "crocodile")
    play(s, "search")
    assert held(s, 0) == ["crocodile"], "Maki cannot dodge a crocodile"
    turn(s, 1, 1)
    on_top(s, "sand", "scorpion")
    play(s, "search")
    assert held(s, 1) == ["scorpion"], "Edgar cannot swim away from a scorpion"


@pytest.mark.rule("HOR-ABILITY-SWIM")
def test_edgar_swims_away_from_a_crocodile() -> None:
    s = started("gore", "rice")
    place(s, 1, 4, 3)
    turn(s, 1, 2)
    on_top(s, "water", "crocodile")
    play(s, "search")
    assert legal(s) == {"swim", "accept"}
    play(s, "swim")
    assert held(s, 1) == [] and s.used_ability[1] and s.left == 1


@pytest.mark.rule("HOR-ABILITY-LOCKPICK", "HOR-ABILITY-ONCE")
def test_jose_counts_one_die_as_the_missing_face() -> None:
    s = started("gore", "ardila")
    place(s, 1, 8, 0)  # Thoth alcove: 1 2 3 4
    turn(s, 1, 2)
    dice(s, 1, 1, 5, 5, 5)
    play(s, "pick")
    assert "lockpick" not in legal(s), "two faces missing"
    dice(s, 2, 3, 6)
    play(s, "reroll 3,4,5")
    assert s.left == 0 and "lockpick" in legal(s)
    play(s, "lockpick")
    assert held(s, 1) == ["thoth-idol"] and s.used_ability[1]


# ---- the end and the score -----------------------------------------------------------
@pytest.mark.rule("HOR-END")
def test_the_game_ends_as_soon_as_the_last_adventurer_escapes() -> None:
    s = started("wahab", "ardila", "rice")
    place(s, 1, 4, 7)
    place(s, 2, 1, 1)
    s.status[1], s.status[2] = CRUSHED, SEALED  # out in earlier rounds
    escape_with(s, 0, "necklace")
    assert s.is_over and s.round == 1 and s.stage != ACTIONS
    assert s.legal_actions() == []
    assert s.winners() == [0]


@pytest.mark.rule("HOR-END", "HOR-SEAL-OUTSIDE")
def test_the_game_ends_when_the_last_one_inside_is_sealed() -> None:
    s = started("wahab", "ardila")
    escape_with(s, 0, "necklace")
    ev = end_round(s, block=32)  # seat 1 never entered: its door is blocked
    assert s.is_over and s.round == 1 and "over" in kinds(ev)


@pytest.mark.rule("HOR-SCORE-VALUES", "HOR-SCORE-CHEST", "HOR-SCORE-IDOLS", "HOR-SCORE-VARIETY")
def test_an_escaped_adventurer_adds_values_chests_idols_and_variety() -> None:
    s = started("wahab", "ardila")
    escape_with(s, 0, "hededet3", "sobek4", "necklace", "chest", "thoth-idol", "snake", chests=(5,))
    assert s.final is None and not s.is_over  # the game goes on for the other seat
    view = s.view(1)["seats"][0]
    assert view["chests"] == [5]
    # treasures 3 + 4, necklace 2, chest 5, idol 8, gods hededet sobek thoth: 6
    assert s.score[0] == 7 + 2 + 5 + 8 + 6


@pytest.mark.rule("HOR-SCORE-VARIETY")
@pytest.mark.parametrize(
    ("cards", "bonus"),
    [
        ((), 0),
        (("necklace", "chest"), 0),
        (("hededet1", "hededet-idol"), 1),
        (("hededet1", "sobek1"), 3),
        (("hededet1", "sobek1", "thoth3"), 6),
        (("hededet1", "sobek1", "thoth3", "anubis3"), 10),
        (("hededet1", "sobek1", "thoth3", "anubis3", "horus6"), 15),
    ],
)
def test_the_variety_bonus_counts_gods(cards: tuple[str, ...], bonus: int) -> None:
    s = started("wahab", "ardila")
    escape_with(s, 0, *cards, chests=(1, 1))
    values = sum(D.CARDS[c].value for c in s.cards[0]) + sum(s.chests[0])
    assert s.score[0] == values + bonus


@pytest.mark.rule("HOR-WIN", "HOR-SCORE-IDOLS")
def test_the_highest_total_wins() -> None:
    s = started("wahab", "ardila")
    escape_with(s, 0, "hededet5")
    escape_with(s, 1, "hededet-idol")
    assert s.is_over and s.score == [6, 7] and s.winners() == [1]
    assert s.final is not None and s.final[1].idols == 6


@pytest.mark.rule("HOR-WIN")
def test_a_tie_goes_to_the_horus_idol() -> None:
    s = started("wahab", "ardila")
    escape_with(s, 0, "sobek-idol", "sobek6")  # 6 + 6 + 1
    escape_with(s, 1, "horus-idol")  # 12 + 1
    assert s.score == [13, 13] and s.winners() == [1]


@pytest.mark.rule("HOR-WIN")
def test_then_to_the_highest_idol_value_then_it_is_shared() -> None:
    s = started("wahab", "ardila", "rice")
    escape_with(s, 0, "hededet-idol", "necklace")  # 6 + 2 + 1
    escape_with(s, 1, "thoth-idol")  # 8 + 1
    escape_with(s, 2, "sobek3", "sobek5")  # 8 + 1
    assert s.score == [9, 9, 9] and s.winners() == [1]
    s = started("wahab", "ardila", "rice")
    escape_with(s, 0, "necklace", "necklace")
    escape_with(s, 1, "hededet3")
    escape_with(s, 2, "necklace")
    assert s.score == [4, 4, 2] and s.winners() == [0, 1]
    assert "won by p1, p2" in s.result_text()


@pytest.mark.rule("HOR-WIN-MUMMIES", "HOR-SEAL", "HOR-END")
def test_when_nobody_escapes_the_mummies_win() -> None:
    s = started("wahab", "ardila")
    fallen(s, 18, 20)
    place(s, 0, 4, 3)
    place(s, 1, 0, 3)
    give(s, 0, "sobek6")
    end_round(s, block=15)
    assert s.status == [SEALED, SEALED] and s.is_over
    assert s.winners() == [] and s.score == [0, 0]
    assert s.result_text().endswith("the mummies win")
    assert s.final is not None and s.final[0].total == 0


@pytest.mark.rule("HOR-EQUIP-ANTIDOTE", "HOR-EQUIP-MEDIKIT")
def test_a_cure_reads_as_english_in_the_log() -> None:
    """The terminal and records print the engine's words: "uses an antidote", not "a
    antidote"."""
    import random
    import re

    import scarab

    cures = []
    for seed in range(300):
        state = scarab.load("horus").new_game(2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(cures) < 3:
            events = state.apply(rng.choice(state.legal_actions()))
            cures += [e.text for e in events if " wound" in e.text and " uses " in e.text]
        if len(cures) >= 3:
            break
    assert cures and all(
        re.search(r"uses (an antidote|a medikit) and discards an? [a-z]+ wound$", c) for c in cures
    ), cures
