"""The Pyramid of Horus in words: every action, event and scoring row is a message of
the catalogues (scarab/locales/*/horus.json), worded in English, Portuguese and
Spanish with nothing left unfilled, and the English action words are describe()'s."""

from __future__ import annotations

import random
from functools import cache

from scarab import i18n
from scarab.core.clauses import event_clauses
from scarab.core.game import Event, events_for
from scarab.games.horus import data as D
from scarab.games.horus import describe as W
from scarab.games.horus.state import HorusState
from tests.games.horus.helpers import (
    HORUS,
    fallen,
    falls,
    give,
    new,
    on_top,
    place,
    play,
    started,
    turn,
)

NAMES = ["Ana", "Bea", "Caio", "Dora", "Enzo", "Fé"]


def words(lang: str, msg: str, args: dict[str, object], names: list[str] = NAMES) -> str:
    """A message in one language, checked: known in English, every placeholder filled,
    every term found."""
    assert msg in i18n.catalogue("en"), f"no English message {msg!r}"
    text = i18n.text(lang, msg, args, names)
    assert not i18n.HOLE.search(text), f"{lang} {msg} {args}: {text!r}"
    assert "horus." not in text and "@" not in text, f"{lang} {msg} {args}: {text!r}"
    return text


SAMPLES: dict[str, dict[str, object]] = {}  # the data of one event of each kind seen


def check_events(events: list[Event], players: int) -> set[str]:
    """Each viewer's copy of each event says something in every language; the kinds."""
    seen: set[str] = set()
    for viewer in [None, *range(players)]:
        for e in events_for(events, viewer):
            msg, args = HORUS.event_phrase(e.kind, dict(e.data))
            assert msg.startswith("horus.event."), (e, msg)
            for lang in i18n.LANGS:
                assert words(lang, msg, args).strip(), (e, lang)
            seen.add(e.kind)
            SAMPLES.setdefault(e.kind, dict(e.data))
    return seen


def check_actions(s: HorusState) -> None:
    """Each legal action, from the deciding seat's view: the English phrase is describe."""
    view = s.view(s.current_player)
    for act in s.legal_actions():
        msg, args = HORUS.phrase(view, act)
        english = HORUS.describe(view, act)
        assert i18n.text("en", msg, args) == english, (str(act), msg, args)
        assert msg.startswith("horus.act.") and english, str(act)
        for lang in ("pt", "es"):
            words(lang, msg, args)
        assert HORUS.phrase(view, act, HORUS.fields(view, act)) == (msg, args)


def play_randomly(players: int, seed: int) -> tuple[HorusState, set[str]]:
    """A seeded game that prefers doing something to ending the turn."""
    rng = random.Random(seed)
    s = new(players, seed)
    seen: set[str] = set()
    while not s.is_over:
        check_actions(s)
        legal = s.legal_actions()
        busy = [a for a in legal if a.verb != "end"]
        act = rng.choice(busy if busy and rng.random() < 0.85 else legal)
        seen |= check_events(s.apply(act), players)
    return s, seen


@cache
def random_games() -> frozenset[str]:
    seen: set[str] = set()
    for players in (2, 4, 6):
        for seed in range(8):
            s, kinds_seen = play_randomly(players, seed)
            seen |= kinds_seen
            check_final_rows(s)
    return frozenset(seen)


def check_final_rows(s: HorusState) -> None:
    for viewer in (None, 0):
        for row in HORUS.final_rows(s.view(viewer)):
            msg, args = row["msg"], row["args"]
            assert msg.startswith("horus.final.") and isinstance(args, dict)
            assert i18n.text("en", msg, args) == row["label"]
            for lang in i18n.LANGS:
                words(lang, msg, args)


# ---- random games -------------------------------------------------------------------
def test_every_legal_action_reads_in_english_as_describe_says_it() -> None:
    assert random_games()  # the actions are checked at every decision of the games


def test_random_games_show_most_event_kinds_and_every_copy_has_words() -> None:
    seen = random_games()
    common = {"choose", "round", "dice", "move", "search", "mummy dice", "mummy", "block"}
    common |= {"escape", "open", "take", "lock", "discard", "foresee", "over", "sealed"}
    assert common <= seen, sorted(common - seen)


# ---- the rare events, driven as the rules tests do ---------------------------------
def acting(s: HorusState, *texts: str) -> list[Event]:
    """Play these actions, checking the words of the legal actions before each."""
    events: list[Event] = []
    for text in texts:
        check_actions(s)
        events += play(s, text)
    return events


def end_round(s: HorusState, block: int, mummies: tuple[int, ...] = (1, 1, 1, 1, 1)) -> list[Event]:
    falls(s, block, dice=mummies)
    turn(s, (s.keeper - 1) % len(s.names), 0)
    return play(s, "end")


def crowbar_and_lockpick() -> list[Event]:
    s = started("wahab", "ardila")
    place(s, 0, 0, 0)  # Anubis alcove: 3 4 5 6
    give(s, 0, "crowbar")
    turn(s, 0, 2)
    falls(s, dice=(3, 4, 5, 1, 1))
    ev = acting(s, "pick", "crowbar")
    s = started("gore", "ardila")
    place(s, 1, 8, 0)  # Thoth alcove: 1 2 3 4
    turn(s, 1, 2)
    falls(s, dice=(1, 2, 3, 5, 5))
    return ev + acting(s, "pick", "lockpick")


def crushed_both_ways() -> list[Event]:
    s = started("wahab", "ardila")
    place(s, 0, 0, 4)
    place(s, 1, 8, 8)
    s.blocked |= 1 << D.sq(0, 3) | 1 << D.sq(0, 5)  # closed by hand, as in test_rules
    ev = end_round(s, 19)
    s = started("wahab", "ardila")
    place(s, 0, 4, 6)
    place(s, 1, 8, 8)
    give(s, 0, *["mummy"] * 12)
    ev += end_round(s, 23)
    return ev + acting(s, "jump n")


def mummified_walks_and_is_shot() -> list[Event]:
    s = started("wahab", "gore")
    place(s, 0, 6, 0)
    place(s, 1, 4, 7)
    give(s, 0, *["scorpion"] * 6, *["crocodile"] * 6)
    turn(s, 0, 3)
    ev = acting(s, "move e")  # onto Initkaes: a mummy now
    ev += end_round(s, 35, mummies=(4, 4, 1, 1, 1))  # it walks to 7,0
    place(s, 1, 8, 0)
    turn(s, 1, 2)
    return ev + acting(s, "move w", "shoot")


def abilities() -> list[Event]:
    s = started("sarti", "wahab")
    place(s, 0, 4, 6)
    place(s, 1, 0, 2)
    turn(s, 1, 2)
    ev = acting(s, "read")
    ev += end_round(s, 23)
    ev += acting(s, "jump s", "dodge")
    s = started("watanabe", "rice")
    place(s, 0, 4, 7)
    place(s, 1, 4, 3)
    turn(s, 0, 1)
    on_top(s, "rubble", "snake")
    ev += acting(s, "search", "reflexes")
    turn(s, 1, 1)
    on_top(s, "water", "crocodile")
    return ev + acting(s, "search", "swim")


def a_chest_and_a_shared_win() -> list[Event]:
    s = started("wahab", "ardila")
    ev: list[Event] = []
    for seat, cards in ((0, ("necklace", "chest")), (1, ("hededet3",))):
        place(s, seat, 2, 8)
        give(s, seat, *cards)
        turn(s, seat, 1)
        falls(s, dice=(2,))
        ev += acting(s, "move s")
    assert s.is_over and s.winners() == [0, 1] and s.chests[0] == (2,)
    return ev


SCENARIOS = (
    crowbar_and_lockpick,
    crushed_both_ways,
    mummified_walks_and_is_shot,
    abilities,
    a_chest_and_a_shared_win,
)
RARE = {"crowbar", "lockpick", "crushed", "mummified", "walk", "shoot", "read", "dodge"}
RARE |= {"reflexes", "swim", "escape", "over"}


def scenario_events() -> list[tuple[list[Event], int]]:
    return [(scenario(), 2) for scenario in SCENARIOS]


def test_rare_events_have_words_for_every_viewer() -> None:
    seen: set[str] = set()
    for events, players in scenario_events():
        seen |= check_events(events, players)
    assert seen >= RARE, sorted(RARE - seen)


def test_every_kind_in_the_events_table_has_a_message() -> None:
    """Kinds the rules emit are worded from a real event's data; the table's other kinds
    (a reroll is a "lock" event, an udjat a "foresee", and Horus has no "final" event)
    from no data at all."""
    random_games()
    for events, players in scenario_events():
        check_events(events, players)
    table = set(event_clauses("horus"))
    assert len(table) >= 35
    assert table - set(SAMPLES) <= {"reroll", "udjat", "clairvoyance", "keep", "swap", "final"}
    for kind in table:
        msg, args = W.event_phrase(kind, dict(SAMPLES.get(kind, {})))
        assert msg.startswith("horus.event.") and msg != "horus.event.other", kind
        for lang in i18n.LANGS:
            words(lang, msg, args)


def test_the_public_copy_of_a_secret_event_has_its_own_words() -> None:
    assert W.event_phrase("read", {}) == ("horus.event.read.public", {})
    assert W.event_phrase("foresee", {}) == ("horus.event.foresee.public", {})
    msg, args = W.event_phrase("foresee", {"block": 9, "with": "udjat", "adventurer": "rice"})
    assert words("en", msg, args) == "Edgar Rice uses udjat and sees block 9"
    assert words("pt", msg, args) == "Edgar Rice usa udjat e vê o bloco 9"


def test_seats_and_terms_are_arguments_worded_by_the_reader() -> None:
    msg, args = W.event_phrase("round", {"round": 3, "keeper": 1})
    assert words("en", msg, args) == "round 3: Bea is Dice Keeper"
    assert words("es", msg, args) == "ronda 3: Bea es el Guardián de los dados"
    data = {"dice": [6, 2, 4, 5, 1], "actions": [3, 1, 0], "seats": [2, 0]}
    msg, args = W.event_phrase("dice", data)
    assert words("en", msg, args) == "action dice 6 2 4 5 1: Caio 0, Ana 3"
    msg, args = W.event_phrase("over", {"scores": [4, 4], "winners": [0, 1]})
    assert words("pt", msg, args) == "fim de jogo: Ana e Bea venceram"
    msg, args = W.event_phrase("over", {"scores": [4, 0], "winners": [0]})
    assert words("pt", msg, args) == "fim de jogo: Ana venceu"
    msg, args = W.event_phrase(
        "search", {"deck": "rubble", "card": "snake", "adventurer": "ardila"}
    )
    assert words("en", msg, args) == "José Ardila searches the rubble deck: snake"
    assert words("pt", msg, args) == "José Ardila procura no baralho de escombros: cobra"
    assert words("es", msg, args) == "José Ardila busca en el mazo de escombros: serpiente"


def test_a_finished_games_rows_are_messages_in_every_language() -> None:
    s = started("wahab", "ardila")
    fallen(s, 2)
    for seat in (0, 1):
        place(s, seat, 2, 8)
        give(s, seat, "necklace")
        turn(s, seat, 1)
        play(s, "move s")
    assert s.is_over
    check_final_rows(s)
    msg, args = W.event_phrase("final", {"escaped": False})
    assert words("es", msg, args) == "no escapó; 0"
