"""The engine's reasons for refusing an action are messages: over random games of every
game, each action that is not legal now (drawn from those legal at other moments, and
from notation that reads as nothing) is refused with a message id whose English is the
error's text and whose Portuguese and Spanish are whole."""

from __future__ import annotations

import json
import random

import pytest

import scarab
from scarab import i18n
from scarab.core.refusal import Reason, Term, either, listing
from tests.games.refusals import worded

UNREADABLE = [
    "",
    "fly away",
    "move up",
    "reroll 9",
    "discard gold",
    "antidote block",
    "choose nobody e1",
    "choose gore e9",
    "take nothing",
    "1:a1,a1",
    "take 0",
    "é",
]


def refusals(game: str, players: int, seed: int) -> set[str]:
    """Play a random game, trying a few actions that are not legal at each decision."""
    rng = random.Random(seed)
    g = scarab.load(game)
    s = g.new_game(players, seed=seed)
    pool: dict[str, object] = {}
    seen: set[str] = set()
    while not s.is_over:
        legal = s.legal_actions()
        pool.update((str(a), a) for a in legal)
        tries = [*rng.sample(sorted(pool), min(4, len(pool))), rng.choice(UNREADABLE)]
        for text in tries:
            if text in pool and pool[text] in legal:
                continue
            with pytest.raises(scarab.IllegalAction) as info:
                g.parse_action(s, text)
            # notation that reads (another moment's action) is illegal, not unreadable
            unread = isinstance(info.value, scarab.UnreadableAction)
            assert unread is (text not in pool), (text, info.value.msg)
            assert info.value.code == ("unreadable_action" if unread else "illegal_action")
            worded(info.value)
            json.dumps(info.value.params)  # what the server sends
            seen.add(info.value.msg)
            reason = info.value.params.get("reason")
            if isinstance(reason, dict):
                seen.add(reason["msg"])
        s.apply(rng.choice(legal))
    with pytest.raises(scarab.IllegalAction) as over:
        s.apply(legal[0])
    worded(over.value)
    return seen | {over.value.msg}


@pytest.mark.parametrize(
    ("game", "players"), [("luxor", 2), ("pyramids", 3), ("horus", 2), ("horus", 4)]
)
def test_every_refusal_in_random_games_is_worded_in_every_language(game: str, players: int) -> None:
    seen: set[str] = set()
    for seed in range(3):
        seen |= refusals(game, players, seed)
    reasons = {m for m in seen if m.startswith(f"{game}.refuse.")}
    assert "refuse.not_legal" in seen and "refuse.over" in seen
    assert len(reasons) >= 5, sorted(seen)


@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_an_action_of_the_wrong_kind_or_notation_not_text_is_unreadable_in_every_language(
    game: str,
) -> None:
    g = scarab.load(game)
    s = g.new_game(2, seed=1)
    before = s.record()
    for wrong in ("take deck", 42, None):
        with pytest.raises(scarab.UnreadableAction) as info:
            s.apply(wrong)
        assert info.value.msg == "refuse.not_action"
        assert g.title in str(info.value) and "legal_actions()" in str(info.value)
        worded(info.value)
    for not_text in (42, b"take deck", ["L a2"]):
        with pytest.raises(scarab.UnreadableAction) as info:
            g.parse_action(s, not_text)  # type: ignore[arg-type]
        assert info.value.msg == "refuse.not_text"
        worded(info.value)
    assert s.record() == before  # nothing was played


def test_a_reason_nests_terms_reasons_and_lists_in_english_and_as_arguments() -> None:
    inner = Reason("horus.refuse.no_card", card=Term("horus.term.card.sobek4", "Sobek 4"))
    outer = Reason("horus.refuse.overflow_discard", reason=inner, limit=12)
    assert outer.english == "you carry no Sobek 4; you carry more than 12 cards"
    assert outer.args() == {
        "reason": {"msg": "horus.refuse.no_card", "args": {"card": "@horus.term.card.sobek4"}},
        "limit": 12,
    }
    assert Reason(
        "horus.refuse.parse.entrance", word="'e9'", entrances=either(["e1", "e2"])
    ).english == ("no entrance 'e9': start on e1 or e2")
    listed = Reason("refuse.not_legal", action="x", reason=inner, legal=listing(["a", "b", "c"]))
    assert listed.english.endswith("Legal now: a, b, c")
    assert listed.args()["legal"] == {"items": ["a", "b", "c"]}  # each item whole
    many = listing([str(i) for i in range(20)])
    assert many.items[-2:] == ("15", "...")
    mixed = listing(["end", Reason("horus.refuse.reroll_any", n=5)])  # a reason among them
    assert Reason("refuse.not_legal", action="x", reason=inner, legal=mixed).english.endswith(
        "Legal now: end, " + Reason("horus.refuse.reroll_any", n=5).english
    )
    for lang in i18n.LANGS:  # read as a list in every language
        assert i18n.text(lang, "refuse.not_legal", listed.args()).endswith("a, b, c")
