"""The message catalogues: every message in every language, with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scarab import i18n
from scarab.core.clauses import catalogue as clauses
from scarab.core.clauses import examples
from scarab.core.registry import games
from scarab.games.horus import data as horus_data
from scarab.games.luxor import data as luxor_data


def test_every_message_has_a_translation_in_every_language() -> None:
    english = set(i18n.catalogue("en"))
    for lang in i18n.LANGS:
        own = set(i18n.catalogue(lang))
        assert not english - own, f"{lang} lacks {sorted(english - own)[:20]}"
        assert not own - english, f"{lang} has ids English lacks: {sorted(own - english)[:20]}"


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_a_translation_has_the_placeholders_of_the_original(lang: str) -> None:
    english, own = i18n.catalogue("en"), i18n.catalogue(lang)
    wrong = {
        msg: (sorted(set(i18n.HOLE.findall(text))), sorted(set(i18n.HOLE.findall(own[msg]))))
        for msg, text in english.items()
        if set(i18n.HOLE.findall(text)) != set(i18n.HOLE.findall(own.get(msg, text)))
    }
    assert not wrong, f"placeholders differ: {wrong}"


@pytest.mark.parametrize("lang", ["en", "pt", "es"])
def test_messages_are_text_with_balanced_braces(lang: str) -> None:
    for msg, text in i18n.catalogue(lang).items():
        assert isinstance(text, str) and text.strip(), msg
        stripped = i18n.HOLE.sub("", text)
        assert "{" not in stripped and "}" not in stripped, f"{lang} {msg}: {text!r}"


def test_a_singular_form_stands_beside_its_plural() -> None:
    english = i18n.catalogue("en")
    lonely = [m for m in english if m.endswith(".one") and m[: -len(".one")] not in english]
    assert not lonely


def test_a_message_is_filled_with_terms_seats_and_the_singular() -> None:
    assert i18n.text("en", "ui.lang") == "English"
    assert i18n.text("pt", "ui.lang") == "Português"
    names = ["Ana", "Bea"]
    words = i18n.text("en", "ui.status.to_play", {"who": "#1"}, names)
    assert words == "Bea to play."
    assert i18n.text("es", "ui.players.count", {"n": 1}) == "1 jugador"
    assert i18n.text("es", "ui.players.count", {"n": 3}) == "3 jugadores"
    # an unknown id and a missing argument stay visible rather than fail
    assert i18n.text("pt", "no.such.message") == "no.such.message"
    assert "{who}" in i18n.text("en", "ui.status.to_play")


def test_a_language_field_names_one_of_ours() -> None:
    with pytest.raises(ValueError, match="en, pt, es"):
        i18n.lang_field("fr")


def test_english_names_cards_and_tiles_in_words_as_the_engines_english_does() -> None:
    """A reader sees "Hededet 2" and "scarab or wild", never a code such as "hededet2":
    the English catalogue's terms are the words the engine's own English text uses."""
    english = i18n.catalogue("en")
    for name in horus_data.CARD_NAMES:
        assert english[f"horus.term.card.{name}"] == horus_data.card_words(name)
    for front in luxor_data.FRONTS:
        assert english[f"luxor.term.tile.{front}"] == luxor_data.tile_words(front)
    codes = {k: v for k, v in english.items() if ".term." in k and re.search(r"[a-z][0-9]|_", v)}
    assert not codes, codes
    assert horus_data.card_words("sobek-idol") == "Sobek idol"
    assert luxor_data.tile_words("horus12") == "favor of Horus 1/2"


@pytest.mark.parametrize("lang", ["en", "pt", "es"])
def test_the_terminal_asks_for_1_not_1_to_1_when_one_action_is_legal(lang: str) -> None:
    one = i18n.text(lang, "tty.choose", {"who": "ann", "n": 1})
    assert "1-1" not in one and " 1," in one
    assert "1-4" in i18n.text(lang, "tty.choose", {"who": "ann", "n": 4})


# How an English source begins, and how each translation must begin then (the longer
# English beginning first: "rulebook example" before "rulebook").
_SOURCE_LEADS = (
    ("rulebook example", {"pt": "exemplo das regras", "es": "ejemplo del reglamento"}),
    ("rulebook", {"pt": "regras", "es": "reglamento"}),
    ("ruling:", {"pt": "decisão nossa:", "es": "decisión nuestra:"}),
    ("our reading:", {"pt": "nossa leitura:", "es": "nuestra lectura:"}),
    ("research ", {"pt": "pesquisa ", "es": "investigación "}),
    ("Scarab variant", {"pt": "variante do Scarab", "es": "variante de Scarab"}),
    ("note ", {"pt": "nota ", "es": "nota "}),
)
# what a source cites and a translation keeps as it is: research files, items, issues, pages
_CITED = re.compile(r"[a-z]+\.md|\b[AB]\d+(?:#\d+)?|#\d+|\d+")
_ENGLISH = re.compile(
    r"\b(the|and|of|our|rulebook|research|ruling|reading|example|examples|note|with|"
    r"cannot|tile|tiles|card|cards|players?|components|scoring|summary|setup)\b",
    re.IGNORECASE,
)
# A count beside a plural word ("{n} pontos", "restam {n}") has a singular ".one" form,
# which an argument n of 1 picks (i18n.text, i18n.js t).
COUNTED = re.compile(
    r"\{(\w+)\}\)? (?!mais\b)\w{3,}s\b|\b(?:restam|quedan|faltam|faltan) \{(\w+)\}"
)
# Counts that are never 1: limits and settings (the server's, a game's card limit and bag
# capacity, the hint's searches and best actions, a clock), a rule's values (pyramid
# points 10/6/3, idols 6 and more), the wounds that make a mummy, the steps that overshoot
# the chamber (2 or more), a tool's missing faces (2 or more), Pyramids' 3 rounds, the
# players a table starts with (2 or more).
NEVER_ONE = {"limit", "capacity", "max", "seconds", "searches", "top", "time", "value"}
NEVER_ONE_IDS = (
    "ui.err.",
    "refuse.too_long",
    "tty.long_number",
    "ui.fill.start",
    "horus.event.mummified",
    "horus.refuse.tool.faces",
    "luxor.refuse.overshoot",
    "pyramids.page.over_sub",
    "pyramids.tty.after_rounds",
)


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_every_rule_source_is_in_the_readers_language(lang: str) -> None:
    """Each clause's and example's source (a rulebook section, a page, our ruling, a
    research note) is translated: none left in English, each beginning as its English
    does in that language's words, and the ids, notes and numbers it cites kept."""
    own = i18n.catalogue(lang)
    sources = {
        **{f"rules.{game}.source.{c.id}": c.source for game in games() for c in clauses(game)},
        **{
            f"rules.{game}.example_source.{e.id}": e.source
            for game in games()
            for e in examples(game)
        },
    }
    assert len(sources) == 202
    missing = sorted(key for key in sources if key not in own)
    assert not missing, f"{lang} lacks {missing[:10]}"
    wrong: dict[str, str] = {}
    for key, english in sources.items():
        said = own[key]
        leads = [words[lang] for start, words in _SOURCE_LEADS if english.startswith(start)]
        if said == english or _ENGLISH.search(said):
            wrong[key] = f"left in English: {said!r}"
        elif leads and not said.startswith(leads[0]):
            wrong[key] = f"{said!r} should begin {leads[0]!r}"
        elif sorted(_CITED.findall(said)) != sorted(_CITED.findall(english)):
            wrong[key] = f"{said!r} cites other marks than {english!r}"
    assert not wrong, wrong


def test_english_readers_keep_the_catalogues_own_sources() -> None:
    english = i18n.catalogue("en")
    for game in games():
        assert all(english[f"rules.{game}.source.{c.id}"] == c.source for c in clauses(game))
        assert all(
            english[f"rules.{game}.example_source.{e.id}"] == e.source for e in examples(game)
        )
    assert i18n.text("pt", "rules.horus.source.HOR-WOUND-FULL").startswith("nossa leitura: ")
    assert i18n.text("es", "rules.pyramids.source.PYR-SOLO").startswith("variante de Scarab ")


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_a_count_that_can_be_1_has_a_singular_form(lang: str) -> None:
    english, own = i18n.catalogue("en"), i18n.catalogue(lang)
    plural = []
    for msg, words in own.items():
        if msg.endswith(".one") or msg.startswith(NEVER_ONE_IDS):
            continue
        for match in COUNTED.finditer(words):
            name = match.group(1) or match.group(2)
            if name not in NEVER_ONE and msg + ".one" not in english:
                plural.append((msg, match.group(0)))
    assert not plural, plural


def test_one_of_a_count_is_said_in_the_singular() -> None:
    one = {"n": 1, "statues": "A2", "box": 3, "level": 2, "top": "x"}
    said = {lang: i18n.text(lang, "luxor.page.seat.lying", one) for lang in i18n.LANGS}
    assert said == {"en": "1 lying (A2)", "pt": "1 deitado (A2)", "es": "1 tumbado (A2)"}
    assert i18n.text("pt", "luxor.page.left", one) == "resta 1"
    assert i18n.text("es", "horus.page.blocks_line", one) == "bloques: 1 caído, 3 en la caja"
    assert i18n.text("pt", "horus.page.seat_carrying", one) == "carregando 1 ponto"
    assert i18n.text("es", "luxor.tty.horus_stack", one) == "nivel 2: x arriba (queda 1)"
    assert i18n.text("pt", "luxor.page.left", {"n": 2}) == "restam 2"


def test_the_pages_messages_are_given_the_arguments_they_name() -> None:
    """Each t("id", {...}) in the page's modules gives the message's placeholders (n too,
    where it has a singular form), so a renamed placeholder cannot leave "{n} left"."""
    english = i18n.catalogue("en")
    static = Path(i18n.__file__).parent / "server" / "static" / "js"
    wrong, calls = [], 0
    for path in static.rglob("*.js"):
        source = path.read_text("utf-8")
        for call in re.finditer(r'\bt\("([a-z0-9_.]+)", \{', source):
            keys, spread = top_level_keys(source, call.end())
            msg = call.group(1)
            holes = set(i18n.HOLE.findall(english.get(msg, "")))
            if msg + ".one" in english:
                holes |= {"n"}
            calls += 1
            if not spread and keys != holes:
                wrong.append((path.name, msg, sorted(keys), sorted(holes)))
    assert calls > 100 and not wrong, wrong


def top_level_keys(source: str, start: int) -> tuple[set[str], bool]:
    """The keys of the object literal opening just before ``start``, and whether it
    spreads another in; strings and nested brackets are skipped."""
    keys: set[str] = set()
    spread, depth, part, i = False, 1, "", start
    while depth:
        c = source[i]
        if c in "\"'`":
            i = source.index(c, i + 1)
            while source[i - 1] == "\\":
                i = source.index(c, i + 1)
        elif c in "{([":
            depth += 1
        elif c in "})]":
            depth -= 1
        if (depth == 1 and c == ",") or depth == 0:
            part = part.strip()
            spread |= part.startswith("...")
            if key := re.match(r"[A-Za-z_]\w*", part):
                keys.add(key.group(0))
            part = ""
        elif depth >= 1:
            part += c if depth == 1 else ""
        i += 1
    return keys, spread


def test_portuguese_says_an_action_is_permitted_not_legal() -> None:
    """In Brazil "ação legal" reads as "a cool action": the allowed ones are "permitidas"."""
    legal = [
        msg
        for msg, words in i18n.catalogue("pt").items()
        if re.search(r"\blega(l|is)\b", i18n.HOLE.sub("", words).replace("legal_actions()", ""))
    ]
    assert not legal


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_ratings_are_named_in_the_readers_language(lang: str) -> None:
    english = [
        msg
        for msg, words in i18n.catalogue(lang).items()
        if re.search(r"\b(rating|ratings|rated)\b", words, re.IGNORECASE)
    ]
    assert not english


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_table_log_and_a_replay_are_not_the_record_and_a_rematch(lang: str) -> None:
    """The log beside the board is not the record one downloads, and a replay (watching
    a game again) is not playing it again, which the rematch offers."""
    words = i18n.catalogue(lang)
    assert words["ui.table.log"].lower() not in words["ui.final.download"].lower()
    replays = ("ui.final.replay", "ui.nav.replay", "ui.replay.title", "ui.profile.replay")
    assert not [m for m in replays if re.match(r"repet|jogar de novo", words[m], re.I)]


# A page's words that ask for a click, and the words around them that ask for a tap too.
CLICK = {
    "en": (r"\bclick", r"\btap or click"),
    "pt": (r"\bclique", r"\btoque ou clique"),
    "es": (r"\bhaz clic", r"\b(toca|tócal[ao]) o haz clic"),
}


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_page_asks_to_tap_or_click_never_to_click_alone(lang: str) -> None:
    """A phone is tapped: where the page tells the reader to click, it says "tap or click"
    (or "choose"), in every language."""
    said, both = CLICK[lang]
    alone = [
        msg
        for msg, words in i18n.catalogue(lang).items()
        if (msg.startswith("ui.") or ".page." in msg)
        and re.search(said, re.sub(both, "", words, flags=re.IGNORECASE), re.IGNORECASE)
    ]
    assert not alone, f"{lang} asks for a click alone in {alone}"


# One word for one thing in each language, the word the page's buttons and labels use:
# (language, ids starting with, a word to avoid) -> the word used instead.
ONE_WORD = {
    ("pt", "", r"\bassentos?\b"): "lugar",
    ("pt", "", r"\bna vez\b"): "é a vez",
    ("es", "", r"\bpuestos?\b"): "asiento",
    ("es", "", r"\brecuento final\b"): "puntuación final",
    ("es", "ui.", r"\bmir(a|ar|ando|arla)\b"): "observar (a spectator)",
}


@pytest.mark.parametrize(("lang", "ids", "avoid"), list(ONE_WORD))
def test_each_language_says_a_thing_with_one_word(lang: str, ids: str, avoid: str) -> None:
    other = [
        msg
        for msg, words in i18n.catalogue(lang).items()
        if msg.startswith(ids)
        and "source." not in msg  # a source names the rulebook's sections as it does
        and re.search(avoid, words, re.IGNORECASE)
    ]
    assert not other, f"{lang} says {ONE_WORD[lang, ids, avoid]!r} elsewhere: {other}"


def test_a_wild_tiles_two_lines_read_in_order() -> None:
    fronts = {
        lang: (
            i18n.text(lang, "luxor.page.front.wild"),
            i18n.text(lang, "luxor.page.front.wild.more"),
        )
        for lang in i18n.LANGS
    }
    assert fronts == {
        "en": ("Wild", "tile"),
        "pt": ("Peça", "coringa"),
        "es": ("Loseta", "comodín"),
    }
