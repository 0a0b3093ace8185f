"""The "How to play" guides: each game's goal, steps, what the page shows and how to act
on it, in every language, with the same messages, translated, and short."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from scarab import i18n
from scarab.core.registry import games

PARTS = ("turn", "see", "act")
HEADINGS = ("howto.title", "howto.goal", *(f"howto.{part}" for part in PARTS))


def guide(lang: str, game: str) -> dict[str, str]:
    prefix = f"howto.{game}."
    return {k: v for k, v in i18n.catalogue(lang).items() if k.startswith(prefix)}


def numbered(messages: dict[str, str], prefix: str) -> list[str]:
    """The ids ``prefix.1``, ``prefix.2``, ... in order, as the page reads them (up to
    the first one missing)."""
    out: list[str] = []
    while f"{prefix}.{len(out) + 1}" in messages:
        out.append(f"{prefix}.{len(out) + 1}")
    return out


@pytest.mark.parametrize("game", games())
def test_every_game_has_a_guide_with_the_same_messages_in_every_language(game: str) -> None:
    english = guide("en", game)
    assert f"howto.{game}.goal" in english
    for part in PARTS:
        steps = numbered(english, f"howto.{game}.{part}")
        assert steps, f"{game} has no {part} list"
    # every message is the goal or one of the numbered lists, read in order to its end
    listed = {f"howto.{game}.goal"} | {
        m for part in PARTS for m in numbered(english, f"howto.{game}.{part}")
    }
    assert set(english) == listed
    for lang in i18n.LANGS:
        assert set(guide(lang, game)) == set(english), lang


@pytest.mark.parametrize("lang", ["pt", "es"])
@pytest.mark.parametrize("game", games())
def test_no_guide_message_is_left_in_english(lang: str, game: str) -> None:
    english, own = guide("en", game), guide(lang, game)
    assert not [m for m in english if own[m] == english[m]]
    for heading in HEADINGS:
        assert i18n.catalogue(lang)[heading] != i18n.catalogue("en")[heading], heading


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("game", games())
def test_a_guide_is_short(lang: str, game: str) -> None:
    """About 200 words a game, a turn in at most six steps: a first read, not the rules."""
    messages = guide(lang, game)
    words = sum(len(text.split()) for text in messages.values())
    assert 100 <= words <= 215, f"{lang} {game}: {words} words"
    assert len(numbered(messages, f"howto.{game}.turn")) <= 6
    assert all(not i18n.HOLE.search(text) for text in messages.values())


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_each_game_s_guide_is_its_own_file(lang: str) -> None:
    """locales/<lang>/howto-<game>.json holds that game's guide and nothing else (the
    headings are in howto.json), as rules-<game>.json holds its rules."""
    folder = resources.files("scarab").joinpath("locales", lang)
    headings = json.loads(folder.joinpath("howto.json").read_text("utf-8"))
    assert set(headings) == set(HEADINGS)
    for game in games():
        held = json.loads(folder.joinpath(f"howto-{game}.json").read_text("utf-8"))
        assert held and all(re.match(rf"howto\.{game}\.", m) for m in held)
        assert held == guide(lang, game)
