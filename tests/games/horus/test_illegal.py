"""Illegal actions and malformed notation: IllegalAction, a clear message, no change.

Every verb of the notation is tried where it is illegal; the message must say what is
wrong and what would be right (the legal actions), and the game, its views and its
history stay exactly as they were.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scarab
from scarab.games.horus import data as D
from scarab.games.horus import hazards as H
from scarab.games.horus import rules
from scarab.games.horus.actions import PLAIN, HorusAction
from scarab.games.horus.stages import P_BLOCKCARD, P_DANGER, P_FORESEE, P_JUMP, P_TOUCH
from scarab.games.horus.state import HorusState
from tests.games.horus.helpers import (
    HORUS,
    adjust,
    dice,
    give,
    legal,
    new,
    on_top,
    place,
    play,
    started,
    turn,
)
from tests.games.refusals import worded

WOUNDS12 = ("scorpion",) * 6 + ("crocodile",) * 6
FORMS = ("'choose gore e1'", "'move n'", "'reroll 1,3'", "'discard crowbar'", "'end'")


def refused(s: HorusState, text: str, *words: str) -> str:
    """``text`` must be refused with all ``words`` in the message, changing nothing."""
    before = s.clone()
    key = s.key()
    views = [s.view(p) for p in (*range(s.num_players), None)]
    history = s.history()
    options = s.legal_actions()
    with pytest.raises(scarab.IllegalAction) as info:
        HORUS.parse_action(s, text)
    msg = str(info.value)
    worded(info.value)
    assert isinstance(info.value, ValueError)
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"
    try:
        act = HORUS.parse(text)
    except scarab.IllegalAction:
        act = None
    if act is not None:  # readable but illegal: apply and step refuse it the same way
        assert act not in options
        with pytest.raises(scarab.IllegalAction) as again:
            s.apply(act)
        assert str(again.value) == msg
        if not s.is_over:
            first = options[0]
            shown = "reroll any of dice 1-5" if first.verb == "reroll" else str(first)
            assert "Legal now: " in msg and shown in msg
        with pytest.raises(scarab.IllegalAction):
            s.step(act)
    assert s.key() == key and s == before
    assert [s.view(p) for p in (*range(s.num_players), None)] == views
    assert s.history() == history and s.legal_actions() == options
    return msg


def fall(s: HorusState, number: int) -> None:
    """Block `number` lies on its square (taken from the box; nobody jumps)."""
    s.box.remove(number)
    s.fallen.append(number)
    s.blocked |= 1 << D.SQUARE_OF_BLOCK[number]
    s.legal = None


def acting(*adventurers: str, at: tuple[int, int] = (4, 4), actions: int = 3) -> HorusState:
    """Seat 0 (the first adventurer) takes its phase-3 turn on square `at`."""
    s = started(*adventurers) if len(adventurers) > 1 else started(adventurers[0], "rice")
    place(s, 0, *at)
    turn(s, 0, actions)
    return s


def at_alcove(*faces: int, who: str = "ardila") -> HorusState:
    """Seat 0 at the Sobek alcove (needs 2, 4, 6) after a pick showing `faces`."""
    s = acting(who, "sarti", at=(8, 5))
    dice(s, *faces)
    play(s, "pick")
    assert s.lock
    return s


# ---- notation ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", ("an empty action names nothing", *FORMS)),
        ("   ", ("an empty action names nothing", *FORMS)),
        ("fly", ("cannot read 'fly'", *FORMS)),
        ("move", ("cannot read 'move'", *FORMS)),
        ("move n s", ("cannot read 'move n s'", *FORMS)),
        ("search now", ("cannot read 'search now'", *FORMS)),
        ("end turn", ("cannot read 'end turn'", *FORMS)),
        ("reroll", ("cannot read 'reroll'", *FORMS)),
        ("choose gore", ("cannot read 'choose gore'", *FORMS)),
        ("move x", ("'x' is not a direction", "n, e, s or w")),
        ("move up", ("'up' is not a direction", "n, e, s or w")),
        ("jump 2", ("'2' is not a direction", "n, e, s or w")),
        ("reroll 7", ("reroll names dice 1 to 5", "'reroll 1,3'")),
        ("reroll 0", ("reroll names dice 1 to 5", "'reroll 1,3'")),
        ("reroll 1,x", ("reroll names dice 1 to 5", "'reroll 1,3'")),
        ("reroll -1", ("reroll names dice 1 to 5", "'reroll 1,3'")),
        ("discard foo", ("no card is called 'foo'", "sobek4", "necklace", "thoth-idol")),
        ("bag gold", ("no card is called 'gold'", "sobek4")),
        ("antidote crocodile", ("an antidote treats snake or scorpion", "'crocodile'")),
        ("medikit snake", ("a medikit treats crocodile or block", "'snake'")),
        ("choose bob e1", ("no adventurer 'bob'", "gore, sarti, chartier, wahab")),
        ("choose gore e3", ("no entrance 'e3'", "e1 or e2")),
    ],
)
def test_unreadable_text(text: str, words: tuple[str, ...]) -> None:
    for s in (new(3), acting("gore", "sarti")):
        refused(s, text, *words)
    with pytest.raises(scarab.IllegalAction):
        HORUS.parse(text)


def test_case_and_spacing_do_not_matter() -> None:
    assert HORUS.parse("  MOVE   North ") is HorusAction("move", "n")
    assert HORUS.parse("reroll 3, 1") is HorusAction("reroll", "1,3")
    assert HORUS.parse("Choose GORE E2") is HorusAction("choose", "gore e2")
    assert HORUS.parse("reroll 2,2") is HorusAction("reroll", "2")


@pytest.mark.parametrize("text", ["reroll 1 ,3", "reroll 1 , 3", "reroll 1,  3", "reroll 3\t,1"])
def test_spaces_around_a_comma_do_not_matter(text: str) -> None:
    """'reroll 1, 3' read but 'reroll 1 ,3' and 'reroll 1,  3' did not."""
    assert HORUS.parse(text) is HorusAction("reroll", "1,3")


TOKENS = [
    *PLAIN,
    "move",
    "jump",
    "reroll",
    "discard",
    "bag",
    "antidote",
    "medikit",
    "choose",
    "n",
    "north",
    "x",
    "1,3",
    "7",
    "0",
    ",",
    "gore",
    "e1",
    "e9",
    "sobek4",
    "snake",
    "block",
    "crowbar",
    "-",
    "",
]


@given(
    st.one_of(
        st.text(max_size=30),
        st.lists(st.sampled_from(TOKENS), max_size=4).map(" ".join),
    )
)
@settings(max_examples=400, deadline=None)
def test_fuzzed_text_raises_nothing_but_illegal_action(text: str) -> None:
    s = FUZZ_STATE
    key = s.key()
    try:
        a = HORUS.parse(text)
    except scarab.IllegalAction as e:
        assert str(e)
    else:
        assert isinstance(a, HorusAction) and HORUS.parse(str(a)) is a
    try:
        a = HORUS.parse_action(s, text)
    except scarab.IllegalAction as e:
        assert str(e)
    else:
        assert a in s.legal_actions()
    assert s.key() == key


FUZZ_STATE = acting("gore", "sarti")


# ---- setup ------------------------------------------------------------------
@pytest.mark.rule("HOR-SETUP-CHOOSE")
@pytest.mark.parametrize(
    "text", ["move n", "end", "search", "crowbar", "keep", "discard crowbar", "jump n", "shoot"]
)
def test_anything_but_choose_at_setup(text: str) -> None:
    refused(new(3), text, "first choose an adventurer and an entrance", "'choose gore e1'")


@pytest.mark.rule("HOR-SETUP-CHOOSE")
def test_an_adventurer_already_taken() -> None:
    s = new(3)
    play(s, "choose gore e1")
    msg = refused(s, "choose gore e2", "David Gore is already taken", "choose sarti e1")
    assert "choose gore" not in msg.split("Legal now")[1]


@pytest.mark.rule("HOR-SETUP-CHOOSE")
@pytest.mark.parametrize("phase", ["adjust", "actions"])
def test_choose_after_setup(phase: str) -> None:
    s = acting("gore", "sarti")
    if phase == "adjust":
        give(s, 0, "sobek4")
        adjust(s, 0)
    refused(s, "choose rice e1", "adventurers are chosen once, at setup")


# ---- phase 1 ------------------------------------------------------------------
def phase1(*cards: str, who: str = "gore") -> HorusState:
    s = acting(who, "sarti")
    give(s, 0, *cards)
    adjust(s, 0)
    return s


@pytest.mark.rule("HOR-ROUND-PHASES", "HOR-WLL-DISCARD")
@pytest.mark.parametrize(
    "text", ["move n", "search", "open", "take", "pick", "reroll 1,2", "stamina", "read"]
)
def test_no_actions_in_phase_1(text: str) -> None:
    verb = text.split()[0]
    refused(phase1("sobek4"), text, "it is phase 1", "'end'", f"'{verb}' comes in your turn")


@pytest.mark.rule("HOR-WLL-DISCARD", "HOR-TOUCH-WOUND")
@pytest.mark.parametrize("wound", ["snake", "scorpion", "crocodile", "mummy", "block"])
def test_wounds_are_never_discarded_for_free(wound: str) -> None:
    s = phase1("sobek4", wound)
    refused(s, f"discard {wound}", "wounds are never discarded for free", "discard sobek4")


@pytest.mark.rule("HOR-WLL-DISCARD")
def test_discarding_a_card_not_carried() -> None:
    refused(phase1("sobek4"), "discard crowbar", "you carry no crowbar", "discard sobek4")
    refused(phase1("sobek4"), "discard sobek-idol", "you carry no Sobek idol")


@pytest.mark.rule("HOR-EQUIP-BAG")
def test_bagging_wrongly() -> None:
    refused(phase1("sobek4"), "bag sobek4", "you carry no bag")
    s = phase1("bag", "sobek4", "sobek5", "hededet1")
    play(s, "bag sobek4", "bag sobek5")
    refused(s, "bag hededet1", "your bags are full", "2 treasures each")
    s = phase1("bag", "sobek4", "sobek-idol", "crowbar")
    refused(s, "bag sobek5", "you carry no loose Sobek 5", "bag sobek4")
    refused(s, "bag sobek-idol", "never idols or equipment")
    refused(s, "bag crowbar", "never idols or equipment")
    refused(s, "bag bag", "never idols or equipment")


@pytest.mark.rule("HOR-EQUIP-ANTIDOTE", "HOR-EQUIP-MEDIKIT")
def test_treating_wrongly() -> None:
    s = phase1("snake", "crocodile")
    refused(s, "antidote snake", "you carry no antidote")
    refused(s, "medikit crocodile", "you carry no medikit")
    s = phase1("antidote", "medikit", "crocodile")
    refused(s, "antidote scorpion", "you have no scorpion wound", "medikit crocodile")
    refused(s, "medikit block", "you have no block wound")


@pytest.mark.rule("HOR-EQUIP-UDJAT", "HOR-ABILITY-CLAIRVOYANCE", "HOR-ABILITY-ONCE")
@pytest.mark.parametrize("phase", ["adjust", "actions"])
def test_foresight_wrongly(phase: str) -> None:
    def make(who: str = "gore", *cards: str) -> HorusState:
        s = acting(who, "sarti")
        give(s, 0, "sobek4", *cards)
        if phase == "adjust":
            adjust(s, 0)
        return s

    refused(make(), "udjat", "you carry no udjat")
    refused(make(), "clairvoyance", "clairvoyance is Rasputin's ability")
    s = make("rasputin", "udjat")
    s.foresight = True  # someone used an udjat this round
    refused(s, "udjat", "an udjat or clairvoyance was already used this round")
    refused(s, "clairvoyance", "an udjat or clairvoyance was already used this round")
    s = make("rasputin", "udjat")
    s.box, s.fallen = [], list(D.BLOCKS)  # every block has fallen (blocked squares aside)
    refused(s, "udjat", "no block is left in the box")
    refused(s, "clairvoyance", "no block is left in the box")
    s = make("rasputin")
    s.used_ability[0] = True
    refused(s, "clairvoyance", "clairvoyance is used once per game, and you have used it")


@pytest.mark.parametrize("text", ["crowbar", "lockpick"])
def test_alcove_help_in_phase_1(text: str) -> None:
    refused(phase1("sobek4", "crowbar", who="ardila"), text, "only during an alcove attempt")


@pytest.mark.parametrize(
    "text", ["keep", "swap", "accept", "jump n", "shoot", "dodge", "reflexes", "swim"]
)
def test_answers_with_nothing_asked_in_phase_1(text: str) -> None:
    verb = text.split()[0]
    refused(phase1("sobek4"), text, f"'{verb}' answers something that happens to you")


# ---- phase 3: moving ---------------------------------------------------------
@pytest.mark.rule("HOR-MOVE")
def test_moving_into_a_wall() -> None:
    s = acting("gore", "sarti", at=(0, 4))
    refused(s, "move w", "a solid wall stands on the west side of 0,4", "move n")
    refused(s, "move e", "a solid wall stands on the east side of 0,4")  # corridor | pit
    s = acting("gore", "sarti", at=(4, 8))
    refused(s, "move s", "a solid wall stands on the south side of 4,8")


@pytest.mark.rule("HOR-MOVE", "HOR-BLOCK-FALL")
def test_moving_onto_a_block() -> None:
    s = acting("gore", "sarti", at=(2, 2))
    fall(s, 5)  # 2,1
    refused(s, "move n", "a stone block fills 2,1", "move s")


@pytest.mark.rule("HOR-ACTIONS-SPEND")
@pytest.mark.parametrize("text", ["move n", "search", "open", "pick", "reroll 1"])
def test_no_actions_left(text: str) -> None:
    square = {"open": (0, 4), "pick": (8, 5)}.get(text, (4, 4))
    s = acting("gore", "sarti", at=square, actions=0)
    give(s, 0, "udjat")  # something free keeps the turn open
    refused(s, text, "you have no actions left this round", "udjat", "end")


@pytest.mark.rule("HOR-ENTER")
def test_at_the_entrance() -> None:
    s = started("gore", "sarti")
    turn(s, 0, 3)
    assert s.pos[0] == D.EXITS[0] and legal(s) == {"move n", "end"}
    refused(s, "move e", "a solid wall stands on the east side of e1", "move n")
    refused(s, "search", "you are still at the entrance: move into the pyramid first")
    refused(s, "pick", "you are still at the entrance")


# ---- phase 3: searching and sarcophagi ---------------------------------------
@pytest.mark.rule("HOR-SEARCH")
def test_searching_wrongly() -> None:
    refused(
        acting("gore", "sarti", at=(0, 3)),
        "search",
        "nothing to search in the Mummies' Corridor",
        "Cobra Nest, Scorpion Pit or Crocodile Pond",
    )
    s = acting("gore", "sarti", at=(4, 7))
    rubble = s.decks[0]
    s.discard += rubble
    s.decks[0] = []
    refused(s, "search", "the rubble deck is empty", "move n")
    s = acting("gore", "sarti", at=(4, 3))
    give(s, 0, *WOUNDS12)
    refused(s, "search", "you carry 12 cards and nothing you could drop")


@pytest.mark.rule("HOR-SARC-OPEN", "HOR-SARC-TAKE")
def test_sarcophagi_wrongly() -> None:
    s = acting("gore", "sarti", at=(4, 4))
    for text in ("open", "take"):
        refused(s, text, "no sarcophagus beside 4,4")
    s = acting("gore", "sarti", at=(0, 2))
    refused(s, "take", "open the sarcophagus first", "open")
    play(s, "open")
    refused(s, "open", "that sarcophagus is already open", "take")
    give(s, 0, *WOUNDS12)
    refused(s, "take", "you carry 12 cards and nothing you could drop")
    s.cards[0] = s.cards[0][:3]
    s.legal = None
    play(s, "take")
    refused(s, "open", "that sarcophagus is empty")
    refused(s, "take", "that sarcophagus is empty")


# ---- phase 3: alcoves ----------------------------------------------------------
@pytest.mark.rule("HOR-ALCOVE-ROLL", "HOR-ALCOVE-REROLL", "HOR-ALCOVE-FRESH")
def test_alcoves_wrongly() -> None:
    s = acting("gore", "sarti", at=(4, 4))
    refused(s, "pick", "no alcove beside 4,4")
    refused(s, "reroll 1,2", "reroll follows a failed 'pick' in this turn")
    s = acting("gore", "sarti", at=(8, 5))
    s.alcoves[D.ALCOVE_GOD.index("sobek")] = False
    s.legal = None
    refused(s, "pick", "the Sobek idol is gone")
    s = acting("gore", "sarti", at=(8, 5))
    give(s, 0, *WOUNDS12)
    refused(s, "pick", "you carry 12 cards and nothing you could drop")
    s = at_alcove(1, 1, 1, 1, 1)
    refused(s, "pick", "your attempt is still going: reroll some dice instead", "reroll any")
    play(s, "move n")  # anything else ends the attempt (HOR-ALCOVE-FRESH)
    refused(s, "reroll 1", "reroll follows a failed 'pick'")


@pytest.mark.rule("HOR-EQUIP-CROWBAR", "HOR-ABILITY-LOCKPICK", "HOR-ABILITY-ONCE")
def test_crowbar_and_lockpick_wrongly() -> None:
    s = acting("ardila", "gore", at=(8, 5))
    give(s, 0, "crowbar")
    for text in ("crowbar", "lockpick"):
        refused(s, text, f"{text} helps only during an alcove attempt")
    s = at_alcove(1, 1, 1, 1, 1)
    give(s, 0, "crowbar")
    for text in ("crowbar", "lockpick"):
        refused(s, text, "it supplies one face, but 3 are missing", "reroll any", "end")
    s = at_alcove(2, 4, 1, 1, 1)
    refused(s, "crowbar", "you carry no crowbar", "lockpick", "end")
    s.used_ability[0] = True
    s.legal = None
    refused(s, "lockpick", "lockpick is used once per game, and you have used it")
    s = at_alcove(2, 4, 1, 1, 1, who="gore")
    refused(s, "lockpick", "lockpick is José Ardila's ability")


# ---- phase 3: free things ------------------------------------------------------
@pytest.mark.rule("HOR-WLL-DISCARD")
def test_no_free_discard_in_phase_3() -> None:
    s = acting("gore", "sarti")
    give(s, 0, "sobek4")
    refused(s, "discard sobek4", "free discards happen in phase 1", "thirteenth card")


@pytest.mark.parametrize(
    "text", ["keep", "swap", "accept", "jump w", "shoot", "dodge", "reflexes", "swim"]
)
def test_answers_with_nothing_asked(text: str) -> None:
    who = {"shoot": "gore", "dodge": "sarti", "reflexes": "watanabe", "swim": "rice"}
    s = acting(who.get(text, "gore"), "wahab")
    verb = text.split()[0]
    refused(s, text, f"'{verb}' answers something that happens to you; nothing asks it now")


@pytest.mark.rule("HOR-ABILITY-STAMINA", "HOR-ABILITY-ONCE")
def test_stamina_wrongly() -> None:
    refused(acting("gore", "sarti"), "stamina", "stamina is Delroy Chartier's ability")
    s = acting("chartier", "gore", actions=5)
    s.dice = (1, 2, 3, 4, 5)
    s.legal = None
    refused(s, "stamina", "it would give you no more actions")
    s = acting("chartier", "gore", actions=1)
    s.dice, s.used_ability[0] = (1, 2, 3, 4, 5), True
    s.legal = None
    refused(s, "stamina", "stamina is used once per game, and you have used it")


@pytest.mark.rule("HOR-ABILITY-READ", "HOR-ABILITY-ONCE")
def test_reading_wrongly() -> None:
    refused(acting("gore", "sarti", at=(0, 2)), "read", "read is Abdel Wahab's ability")
    refused(acting("wahab", "sarti", at=(4, 4)), "read", "no sarcophagus beside 4,4")
    s = acting("wahab", "sarti", at=(0, 2))
    play(s, "read")
    refused(s, "read", "read is used once per game, and you have used it", "open")
    s = acting("wahab", "sarti", at=(0, 2))
    play(s, "open")
    refused(s, "read", "that sarcophagus is already open", "take")


# ---- interruptions ------------------------------------------------------------
def jumping(who: str = "sarti", number: int = 12, *before: int) -> HorusState:
    """Blocks `before` lie on the board; block `number` falls on seat 0: it must jump."""
    s = acting(who, "gore", at=D.XY[D.SQUARE_OF_BLOCK[number]], actions=1)
    for b in before:
        fall(s, b)
    s.box.remove(number)
    H.drop_block(s, number, None)
    rules.advance(s, None)
    assert s.pending[0] == (P_JUMP, 0, 0) and s.seat == 0
    return s


@pytest.mark.rule("HOR-BLOCK-JUMP")
@pytest.mark.parametrize("text", ["end", "move n", "search", "accept", "dodge"])
def test_a_jump_comes_first(text: str) -> None:
    refused(jumping(), text, "a block falls on your square: jump to a free", "jump n")


@pytest.mark.rule("HOR-BLOCK-JUMP")
def test_jumping_onto_a_wall_or_a_block() -> None:
    s = jumping("sarti", 4)  # 0,1 in the corridor: walls east and west
    assert legal(s) == {"jump n", "jump s"}
    for d in "ew":
        refused(s, f"jump {d}", "a block falls on your square: jump to a free", "jump n")
    s = jumping("sarti", 27, 28, 33)  # 3,7 in the Cobra Nest: blocks east (4,7) and south
    assert legal(s) == {"jump n", "jump w"}
    for d in "es":
        refused(s, f"jump {d}", "a block falls on your square: jump to a free", "jump w")
    refused(s, "jump x", "'x' is not a direction")


@pytest.mark.rule("HOR-ABILITY-DODGE", "HOR-BLOCK-WOUND")
def test_after_the_jump_dodge_or_accept() -> None:
    s = jumping("sarti")
    play(s, "jump n")
    assert s.pending[0][0] == P_BLOCKCARD
    for text in ("end", "jump s", "shoot", "move n"):
        refused(s, text, "the block wounds you: 'dodge' it or 'accept' the Block card")


@pytest.mark.rule("HOR-ABILITY-SHOOT", "HOR-TOUCH-ENTER")
def test_a_touch_is_shot_or_accepted() -> None:
    s = acting("gore", "sarti", at=(0, 1))
    play(s, "move n")  # onto Sanakht at 0,0
    assert s.pending[0][:2] == (P_TOUCH, 0) and legal(s) == {"shoot", "accept"}
    for text in ("end", "move s", "dodge", "pick"):
        refused(s, text, "a mummy touches you: 'shoot' it or 'accept' the wound")


@pytest.mark.rule("HOR-ABILITY-REFLEXES", "HOR-ABILITY-SWIM")
def test_a_dangerous_card_is_escaped_or_accepted() -> None:
    s = acting("watanabe", "sarti", at=(4, 7))
    on_top(s, "rubble", "snake")
    play(s, "search")
    assert s.pending[0][:2] == (P_DANGER, 0) and legal(s) == {"reflexes", "accept"}
    for text in ("swim", "end", "search", "antidote snake"):
        refused(s, text, "you drew a dangerous card: use your ability or 'accept' the wound")


@pytest.mark.rule("HOR-WLL-CAP")
def test_a_thirteenth_card_forces_a_discard() -> None:
    s = acting("gore", "sarti", at=(4, 7))
    give(s, 0, "sobek4", *WOUNDS12[:11])
    on_top(s, "rubble", "necklace")
    play(s, "search")
    assert len(s.cards[0]) == 13 and legal(s) == {"discard sobek4", "discard necklace"}
    for text in ("end", "move n", "search", "accept"):
        refused(
            s,
            text,
            "you carry more than 12 cards: discard a treasure, idol or equipment card first",
        )
    refused(s, "discard scorpion", "wounds are never discarded", "more than 12 cards")
    refused(s, "discard crowbar", "you carry no crowbar", "more than 12 cards")


@pytest.mark.rule("HOR-EQUIP-UDJAT")
def test_a_foreseen_block_is_kept_or_swapped() -> None:
    s = acting("gore", "sarti")
    give(s, 0, "udjat")
    play(s, "udjat")
    assert s.pending[0][:2] == (P_FORESEE, 0) and legal(s) == {"keep", "swap"}
    for text in ("end", "udjat", "accept", "move n"):
        refused(s, text, "you saw this round's block: 'keep' it or 'swap' it unseen")


def test_after_the_end_nothing_is_legal() -> None:
    s = new(2, seed=5)
    rnd = random.Random(5)
    while not s.is_over:
        s.step(rnd.choice(s.legal_actions()))
    for text in ("end", "move n", "choose gore e1", "accept"):
        refused(s, text, "the game is over; no action is legal")
