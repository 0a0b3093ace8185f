"""Pyramids' words as messages: every action, event and final row becomes a message id
with arguments that the catalogues word in every language, and in English the actions
read exactly as ``describe`` words them."""

from __future__ import annotations

import io
import random
import re
from functools import cache
from importlib import resources
from pathlib import Path

import pytest
from rich.console import Console

import scarab
from scarab import i18n
from scarab.core.clauses import event_clauses
from scarab.core.game import Event, events_for
from scarab.games.pyramids import data as D
from scarab.games.pyramids import describe
from scarab.games.pyramids.actions import PyramidsAction
from scarab.games.pyramids.rules import KEEP
from scarab.games.pyramids.state import PyramidsState
from scarab.terminal import common
from scarab.terminal import pyramids as tty

PYRAMIDS = scarab.load("pyramids")
NAMES = ("Ana", "Bea", "Caio", "Dora")
GAMES = [(1, 5), (2, 11), (3, 17), (4, 23)]  # (seats, seed)


def unfilled(words: str) -> list[str]:
    return i18n.HOLE.findall(words)


def racing(s: PyramidsState, rnd: random.Random) -> PyramidsAction:
    """Mostly the mark that reaches lowest on its card (towards the tomb), so pyramids
    get completed and claimed; otherwise any legal action."""
    legal: list[PyramidsAction] = s.legal_actions()
    if rnd.random() < 0.2:
        return rnd.choice(legal)

    def depth(a: PyramidsAction) -> tuple[int, int, float]:
        if a.verb != "mark":
            return (0, 0, rnd.random())
        return (max(D.cells_of(a.mask)) // D.SIZE, a.mask.bit_count(), rnd.random())

    return max(legal, key=depth)


class Game:
    """One seeded game played to the end: each decision's view and legal actions, and
    every event."""

    def __init__(self, seats: int, seed: int, starved: bool = False) -> None:
        options = {"solo": True} if seats == 1 else {}
        s = PYRAMIDS.new_game(NAMES[:seats], seed=seed, **options)
        assert isinstance(s, PyramidsState)
        rnd = random.Random(seed)
        self.names = NAMES[:seats]
        self.decisions: list[tuple[dict[str, object], list[PyramidsAction]]] = []
        self.events: list[Event] = []
        while not s.is_over:
            if starved and s.phase != KEEP and (s.deck or s.display):
                # no replacements left: completed cards leave seats with nothing to mark
                s.done[-1] += (*s.deck, *s.display)
                s.deck, s.display, s.legal = [], [], None
            seat = s.current_player
            assert seat is not None
            self.decisions.append((s.view(seat), s.legal_actions()))
            self.events += s.apply(racing(s, rnd))
        self.final_view = s.view(None)


@cache
def played() -> tuple[Game, ...]:
    return (*(Game(seats, seed) for seats, seed in GAMES), Game(2, 29, starved=True))


def test_every_kind_of_event_in_the_clause_table_happens_in_these_games() -> None:
    seen = {e.kind for game in played() for e in game.events}
    assert set(event_clauses("pyramids")) <= seen
    assert kinds_in_the_rules() <= seen  # "no-card" too, which the table leaves out


def test_every_viewer_s_copy_of_every_event_has_a_message_worded_in_every_language() -> None:
    english = i18n.catalogue("en")
    for game in played():
        for viewer in [None, *range(len(game.names))]:
            for e in events_for(game.events, viewer):
                msg, args = describe.event_phrase(e.kind, dict(e.data))
                assert msg.startswith("pyramids.event.") and msg in english, (e.kind, msg)
                for lang in i18n.LANGS:
                    words = i18n.text(lang, msg, args, game.names)
                    assert words.strip() and not unfilled(words), (lang, e.kind, words)


def test_a_hidden_event_is_worded_from_its_public_copy_without_the_secret() -> None:
    game = played()[1]
    keep = next(e for e in game.events if e.kind == "keep" and e.player == 0)
    assert describe.event_phrase("keep", dict(keep.data)) == (
        "pyramids.event.keep.2",
        {"card1": keep.data["cards"][0], "card2": keep.data["cards"][1]},
    )
    for viewer in (None, 1):
        (seen,) = events_for([keep], viewer)
        assert describe.event_phrase(seen.kind, dict(seen.data)) == (
            "pyramids.event.keep.hidden",
            {},
        )
    mark = next(e for e in game.events if e.kind == "mark" and e.player == 0)
    assert events_for([mark], 1) == [] and events_for([mark], None) == []


def test_the_marking_seat_reads_its_mark_with_the_symbols_gained_and_the_tomb() -> None:
    marks = [e for game in played() for e in game.events if e.kind == "mark"]
    assert any(e.data["tomb"] for e in marks) and any(e.data["symbols"] for e in marks)
    for e in marks:
        words = i18n.text("en", *describe.event_phrase(e.kind, dict(e.data)))
        assert e.text.endswith(words), (e.text, words)


def test_the_english_event_words_are_the_event_text_after_the_seat_s_name() -> None:
    for game in played():
        for e in game.events:
            if e.player is None or e.kind == "final":
                continue
            words = i18n.text("en", *describe.event_phrase(e.kind, dict(e.data)), game.names)
            assert e.text == f"{game.names[e.player]} {words}", e.text


def test_every_legal_action_s_english_words_are_what_describe_says() -> None:
    checked = 0
    for game in played():
        for view, legal in game.decisions:
            for act in legal:
                fields = describe.fields(view, act)
                msg, args = describe.phrase(view, act, fields)
                words = describe.describe(view, act, fields)
                assert i18n.text("en", msg, args) == words, (str(act), msg, words)
                assert msg.startswith("pyramids.act.") or (msg, words) == ("", ""), msg
                checked += 1
    assert checked > 1000


def test_every_legal_action_is_worded_in_every_language_without_a_hole() -> None:
    for game in played():
        for view, legal in game.decisions[::7]:
            for act in legal:
                msg, args = describe.phrase(view, act)
                for lang in i18n.LANGS:
                    assert not unfilled(i18n.text(lang, msg, args)), (lang, str(act))


def test_the_final_rows_keep_their_english_labels_and_are_worded_in_every_language() -> None:
    for game in played():
        rows = describe.final_rows(game.final_view)
        for row in rows:
            assert i18n.text("en", row["msg"], row["args"]) == row["label"]
            for lang in i18n.LANGS:
                words = i18n.text(lang, row["msg"], row["args"])
                assert words.strip() and not unfilled(words), (lang, row["msg"])


def kinds_in_the_rules() -> set[str]:
    source = resources.files("scarab.games.pyramids").joinpath("rules.py").read_text("utf-8")
    return set(re.findall(r'Event\(\s*"([a-z-]+)"', source))


@pytest.mark.parametrize("kind", sorted(kinds_in_the_rules()))
def test_every_kind_the_rules_emit_has_its_own_message(kind: str) -> None:
    samples = {e.kind: dict(e.data) for game in played() for e in game.events}
    msg, args = describe.event_phrase(kind, samples.get(kind, {}))
    assert msg != "pyramids.event.other" and msg in i18n.catalogue("en")
    for lang in i18n.LANGS:
        assert not unfilled(i18n.text(lang, msg, args)), lang


def test_terms_and_list_messages_exist_for_everything_the_data_names() -> None:
    english = i18n.catalogue("en")
    for colour in D.COLOURS:
        assert describe.term("colour", colour)[1:] in english
    for name in describe.SYMBOLS.values():
        assert describe.term("symbol", name)[1:] in english
    for shape in D.EXPEDITIONS:
        assert english[describe.term("shape", shape)[1:]] == shape
    longest = max(len(cells) for cells in D.EXPEDITION_CELLS)
    for k in range(1, longest + 1):
        assert f"pyramids.act.mark.{k}" in english and f"pyramids.event.mark.{k}" in english


@pytest.mark.parametrize(
    ("package", "names"),
    [
        # the page's entry module and the parts it imports (games/pyramids/)
        ("scarab.server.static.js.games", ("pyramids.js", "pyramids/*.js")),
        ("scarab.terminal", ("pyramids.py",)),
    ],
)
def test_every_message_the_page_and_the_terminal_name_is_in_every_catalogue(
    package: str, names: tuple[str, ...]
) -> None:
    folder = Path(str(resources.files("scarab").joinpath(*package.split(".")[1:])))
    source = "".join(p.read_text("utf-8") for name in names for p in sorted(folder.glob(name)))
    named = set(re.findall(r"[\"'](pyramids\.[a-z0-9_.]+)[\"']", source))
    assert len(named) > 20
    for lang in i18n.LANGS:
        assert not named - set(i18n.catalogue(lang)), lang


@pytest.mark.slow
@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_terminal_draws_a_whole_game_without_a_hole_or_a_bare_message_id(lang: str) -> None:
    game = played()[2]
    out = io.StringIO()
    con = Console(file=out, width=140, color_system=None)
    common.set_lang(lang)
    try:
        for view, legal in [*game.decisions[::9], game.decisions[-1]]:
            tty.render(con, view, ["a line"])
            con.print(tty.prompt_line(view))
            tty.choices(con, view, legal)
        tty.render(con, game.final_view, [])
        tty.final(con, game.final_view)
    finally:
        common.set_lang("en")
    words = out.getvalue()
    if lang == "en":  # the shapes revealed earlier in the round are listed too
        assert "earlier this round: " in words
    assert not unfilled(words) and "pyramids." not in words
