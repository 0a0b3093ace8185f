"""Luxor's words as messages (scarab.i18n): every legal action, every event as each
viewer sees it and every final scoring row become a message id and its arguments, which
English words exactly as the engine's own text and Portuguese and Spanish fill completely.

Random games (seeded, 2, 3 and 4 players) are the material; together they show every
kind of event the rules' [events] table names.
"""

from __future__ import annotations

import random
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import scarab
from scarab import i18n
from scarab.core.game import JSON, Event, events_for
from scarab.games.luxor import describe as words
from scarab.games.luxor.state import LuxorState

# (players, seeds): every kind of event happens in these games, the rare "pass" (two
# players, seed 3) and "stuck" (seed 10) among them, in a few seconds.
GAMES = ((2, (0, 1, 3, 7, 10)), (3, (0, 1, 2)), (4, (0, 1, 2)))


@dataclass
class Played:
    """One random game: its names, every event, each decision's view and legal actions,
    and the finished game's view."""

    names: list[str]
    events: list[Event] = field(default_factory=list)
    decisions: list[tuple[dict[str, JSON], list[Any]]] = field(default_factory=list)
    final: dict[str, JSON] = field(default_factory=dict)


@cache
def played() -> tuple[Played, ...]:
    out: list[Played] = []
    for players, seeds in GAMES:
        for seed in seeds:
            state = scarab.load("luxor").new_game(players, seed=seed)
            assert isinstance(state, LuxorState)
            game = Played(list(state.names))
            choose = random.Random(seed)
            while not state.is_over:
                legal = state.legal_actions()
                game.decisions.append((state.view(state.current_player), legal))
                game.events.extend(state.apply(choose.choice(legal)))
            game.final = state.view(None)
            out.append(game)
    return tuple(out)


def seen_events() -> list[tuple[Event, list[str]]]:
    """Every event as every viewer (each seat and a spectator) was given it."""
    out: list[tuple[Event, list[str]]] = []
    for game in played():
        for viewer in [None, *range(len(game.names))]:
            out.extend((e, game.names) for e in events_for(game.events, viewer))
    return out


def filled(msg: str, args: dict[str, JSON], names: list[str]) -> None:
    """The message is known in English and leaves no placeholder open in any language."""
    assert msg in i18n.catalogue("en"), msg
    for lang in i18n.LANGS:
        text = i18n.text(lang, msg, args, names)
        assert text.strip() and not i18n.HOLE.search(text), (lang, msg, args, text)
        assert "luxor.term" not in text, (lang, msg, text)


def without_actor(event: Event, names: list[str]) -> str:
    """The event's English text less the acting seat's name (a front end prints it)."""
    if event.player is None:
        return event.text
    name = names[event.player]
    for head in (f"{name}: ", f"{name} "):
        if event.text.startswith(head):
            return event.text[len(head) :]
    return event.text


def test_every_kind_of_event_in_the_rules_table_happens_in_these_games() -> None:
    path = resources.files("scarab.games.luxor").joinpath("clauses.toml")
    kinds = set(tomllib.loads(path.read_text("utf-8"))["events"])
    seen = {e.kind for e, _ in seen_events()}
    assert kinds <= seen, sorted(kinds - seen)


def test_every_event_as_each_viewer_sees_it_is_a_message_filled_in_every_language() -> None:
    for event, names in seen_events():
        msg, args = words.event_phrase(event.kind, dict(event.data))
        assert msg.startswith("luxor.event."), msg
        filled(msg, args, names)


def test_the_english_message_of_an_event_says_what_its_text_says() -> None:
    for event, names in seen_events():
        msg, args = words.event_phrase(event.kind, dict(event.data))
        assert i18n.text("en", msg, args, names) == without_actor(event, names)


def test_a_drawn_card_or_scarab_is_named_only_to_the_seat_that_drew_it() -> None:
    for game in played():
        for viewer in [None, *range(len(game.names))]:
            for e in events_for(game.events, viewer):
                if e.kind not in ("draw", "scarab"):
                    continue
                msg, args = words.event_phrase(e.kind, dict(e.data))
                if e.player == viewer:
                    assert msg in ("luxor.event.draw.card", "luxor.event.scarab.value")
                else:
                    assert (msg, args) == (f"luxor.event.{e.kind}", {})


def test_every_legal_action_is_worded_in_english_exactly_as_describe_says() -> None:
    for game in played():
        for view, legal in game.decisions:
            for action in legal:
                known = words.fields(view, action)
                msg, args = words.phrase(view, action, known)
                assert msg.startswith("luxor.act."), msg
                assert (msg, args) == words.phrase(view, action)
                english = words.describe(view, action, known)
                assert i18n.text("en", msg, args, game.names) == english
                filled(msg, args, game.names)


def test_the_final_scoring_rows_keep_their_labels_and_are_messages_in_every_language() -> None:
    for game in played():
        rows = words.final_rows(game.final)
        for row in rows:
            msg, args = row["msg"], row["args"]
            assert isinstance(msg, str) and msg.startswith("luxor.final.")
            assert isinstance(args, dict)
            assert i18n.text("en", msg, args) == row["label"]
            filled(msg, args, game.names)
        assert rows[-1]["msg"] == "luxor.final.total"


def test_an_event_from_an_older_record_without_the_new_fields_still_reads() -> None:
    for kind in ("pass", "stuck", "play"):
        msg, args = words.event_phrase(kind, {})
        filled(msg, args, [])
