"""The rulebook's worked examples, each rebuilt as a position and played in notation.

Dice colours run yellow, green, blue, black, red (the engine's order); the example
of page 8 names only green (the Sobek curse), so the other colours are ours.
"""

from __future__ import annotations

import pytest

from scarab.games.horus import data as D
from scarab.games.horus import hazards as H
from scarab.games.horus.rules import cursed, wll
from scarab.games.horus.stages import ACTIONS, ESCAPED, INSIDE, SEALED
from scarab.games.horus.state import HorusState
from tests.games.horus.helpers import (
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
    place,
    play,
    started,
    turn,
)


# ---- page 8: Wound and Load Level, number of actions ------------------------------
def page_8_table() -> HorusState:
    """David 4 treasures + 2 wounds, Chantal 5 treasures + 2 equipment + 1 wound,
    Delroy 1 treasure + the Sobek idol + 1 wound; a fourth adventurer carries 9."""
    s = started("gore", "sarti", "chartier", "rasputin")
    for seat, (x, y) in enumerate([(4, 7), (3, 3), (8, 4), (2, 2)]):
        place(s, seat, x, y)
    give(s, 0, "hededet1", "hededet2", "sobek3", "necklace", "snake", "scorpion")
    give(s, 1, "hededet3", "sobek4", "anubis5", "thoth6", "necklace", "crowbar", "bag")
    give(s, 1, "mummy")
    give(s, 2, "sobek5", "sobek-idol", "crocodile")
    give(s, 3, "hededet4", "hededet5", "sobek6", "necklace", "necklace", "udjat")
    give(s, 3, "antidote", "snake", "block")
    return s


@pytest.mark.rule("HOR-WLL")
def test_six_cards_give_wll_3_eight_give_4_three_give_2() -> None:
    s = page_8_table()
    assert [len(s.cards[p]) for p in range(4)] == [6, 8, 3, 9]
    assert [wll(s, p) for p in range(4)] == [3, 4, 2, 5]
    assert s.view(None)["seats"][1]["wll"] == 4


@pytest.mark.rule("HOR-ACTIONS-COUNT", "HOR-CURSE", "HOR-WLL-DISCARD")
def test_one_roll_gives_four_two_four_and_no_actions() -> None:
    s = page_8_table()
    # yellow 3, green 4, blue 2, black 4, red 3
    dice(s, 3, 4, 2, 4, 3)
    adjust(s, 0)
    play(s, "end", "end", "end", "end")  # nobody discards in phase 1
    assert s.stage == ACTIONS and s.dice == (3, 4, 2, 4, 3)
    assert D.DICE[1] == "green" and cursed(s, 2) == {1}
    # David four (3, 4, 4, 3), Chantal two (4, 4), Delroy four: five dice reach his
    # WLL 2 but Sobek strikes out the green 4; WLL 5 gets nothing
    assert s.granted == [4, 2, 4, 0]
    assert s.seat == 0 and s.left == 4
    play(s, "end", "end", "end")
    assert s.seat == 3 and s.left == 0
    assert not legal(s) & {"move n", "move s", "move e", "move w", "search"}
    assert "udjat" in legal(s), "things that cost no action remain"


# ---- page 10: David Gore searches the Cobra Nest -------------------------------
@pytest.mark.rule("HOR-SEARCH", "HOR-SEARCH-PUBLIC", "HOR-ACTIONS-SPEND")
def test_david_gore_finds_a_treasure_a_crowbar_and_a_cobra_then_moves_on() -> None:
    s = started("gore", "sarti")
    place(s, 0, 4, 7)
    rubble = s.decks[D.DECKS.index("rubble")]
    for name in ("snake", "crowbar", "necklace"):  # the last one lies on top
        card = next(c for c in rubble if D.CARDS[c].name == name)
        rubble.remove(card)
        rubble.append(card)
    turn(s, 0, 4)
    ev = play(s, "search")
    assert held(s, 0) == ["necklace"] and s.left == 3
    assert ev[0].secret_to is None and "necklace" in ev[0].text  # shown to everyone
    play(s, "search")
    assert held(s, 0) == ["necklace", "crowbar"]
    ev = play(s, "search")
    assert held(s, 0) == ["necklace", "crowbar", "snake"], "bitten until an antidote"
    assert wll(s, 0) == 2
    assert "search" in legal(s), "he could risk a fourth search"
    play(s, "move n")  # the fourth and last action: closer to the pond
    assert at(s, 0) == "4,6"
    assert s.seat == 1, "no action left: his turn is over"
    assert s.view(1)["seats"][0]["cards"] == ["necklace", "crowbar", "snake"]


# ---- page 14: Chantal Sarti and the Anubis sarcophagus ---------------------------
@pytest.mark.rule("HOR-SARC-OPEN", "HOR-SARC-TAKE", "HOR-ACTIONS-SPEND")
def test_chantal_opens_an_anubis_sarcophagus_and_takes_the_treasure() -> None:
    s = started("gore", "sarti")
    place(s, 1, 0, 3)
    slot = D.SARC_AT[D.sq(0, 3)]
    card = s.sarc[slot]
    assert D.SARC_GOD[slot] == "anubis"
    turn(s, 1, 3)  # two actions for the example, one to spare
    assert "take" not in legal(s), "closed sarcophagi cannot be emptied"
    ev = play(s, "open")
    assert s.sarc_open[slot] and ev[0].secret_to is None
    assert s.view(0)["sarcophagi"][slot]["card"] == D.card_name(card)
    play(s, "take")
    assert s.cards[1] == [card] and s.sarc[slot] == -1
    assert D.CARDS[card].god == "anubis"
    assert s.left == 1 and s.used == 2


# ---- page 12: mummy movement -----------------------------------------------------
@pytest.mark.rule("HOR-MUMMY-STEP", "HOR-MUMMY-TURN", "HOR-ROUND-PHASES")
def test_three_dice_of_four_or_more_move_each_mummy_three_squares() -> None:
    s = started("gore", "sarti")
    s.mpos[IMHOTEP], s.mdir[IMHOTEP] = 3, 1  # Imhotep at (8,3), walking south
    turn(s, 1, 0)
    dice(s, 2, 4, 6, 1, 5)
    ev = play(s, "end")  # the last turn: phase 4 follows
    assert kinds(ev)[:2] == ["mummy dice", "mummy"] and ev[0].data["steps"] == 3
    assert mummy_at(s, INITKAES) == "4,0"  # three squares west
    assert mummy_at(s, SANAKHT) == "0,3"  # three squares south
    # Imhotep walks (8,4), (8,5), meets the wall, turns for free, steps back to (8,4)
    assert mummy_at(s, IMHOTEP) == "8,4"
    assert H.mummy_facing(IMHOTEP, s.mpos[IMHOTEP], s.mdir[IMHOTEP]) == "n"
    assert s.round == 2 and len(s.fallen) == 1, "phase 5 dropped a block, phase 6 passed on"


# ---- page 14: Delroy picks the Sobek lock ----------------------------------------
@pytest.mark.rule(
    "HOR-ALCOVE-ROLL",
    "HOR-ALCOVE-DICE",
    "HOR-ALCOVE-REROLL",
    "HOR-ALCOVE-IDOL",
    "HOR-CURSE",
)
def test_delroy_rerolls_three_dice_takes_the_sobek_idol_and_moves_on() -> None:
    s = started("gore", "chartier")
    place(s, 1, 8, 5)
    turn(s, 1, 3)
    assert D.IDOL_FACES[D.IDOL_GOD.index("sobek")] == (2, 4, 6)
    # first roll: 2 4 1 3 5 has no 6; he rerolls the 1, 3 and 5 and gets 6 1 2
    dice(s, 2, 4, 1, 3, 5, 6, 1, 2)
    ev = play(s, "pick")
    assert s.lock == (2, 4, 1, 3, 5) and s.left == 2
    assert s.view(0)["lock"]["missing"] == [6]
    ev = play(s, "reroll 3,4,5")
    assert "idol" in kinds(ev) and s.left == 1, "the idol costs no extra action"
    assert held(s, 1) == ["sobek-idol"] and not s.alcoves[D.ALCOVE_GOD.index("sobek")]
    assert cursed(s, 1) == {D.DICE.index("green")}
    assert not s.lock and "reroll 1" not in legal(s)
    play(s, "move n")  # the third action: on to the next corridor square
    assert at(s, 1) == "8,4" and s.left == 0 and s.used == 3


# ---- page 16: block 15 seals the Cobra Nest off -----------------------------------
@pytest.mark.rule("HOR-SEAL", "HOR-BLOCK-FALL")
def test_block_15_seals_everyone_but_david_gore_in_the_nest() -> None:
    s = started("gore", "sarti", "chartier", "wahab")
    fallen(s, 18, 20)
    place(s, 0, 3, 7)  # David Gore in the Cobra Nest
    place(s, 1, 5, 3)  # Chantal in the Crocodile Pond
    place(s, 2, 6, 5)  # Delroy in the Scorpion Pit, by the middle door
    place(s, 3, 0, 3)  # Abdel in the Anubis corridor
    turn(s, 3, 0)
    falls(s, 15, dice=(1, 1, 1, 1, 1))  # the mummies stay put
    ev = play(s, "end")
    assert s.fallen == [18, 20, 15]
    assert s.status == [INSIDE, SEALED, SEALED, SEALED]
    assert [e.player for e in ev if e.kind == "sealed"] == [1, 2, 3]
    assert s.round == 2 and not s.is_over, "David Gore plays on"
    # and he can still get out
    turn(s, 0, 3)
    play(s, "move w", "move s", "move s")
    assert s.status[0] == ESCAPED and s.is_over
    assert s.winners() == [0]
