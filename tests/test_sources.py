"""What a reader sees cites the rulebook or our ruling, never our own working papers.

A rule's source is the rulebook (page, section) or our ruling; a provisional value says
why in words. No clause, worked example, message in any language or data file names a
research note, an issue or another working document ("research luxor.md B6#1",
"issue #9", "investigación horus.md B8#7", "note B4#2")."""

import re
import tomllib
from pathlib import Path

import pytest

import scarab
from scarab import i18n
from scarab.core.clauses import catalogue, examples

SRC = Path(scarab.__file__).resolve().parent

# a research note (any language), an issue, a note's part or item, a Markdown file
WORKING_PAPER = re.compile(
    r"research|investigaci|pesquisa|\bissues?\b|\bnot[ae] [AB]\d|\b[AB]\d+#\d+|#\d+\b|\w\.md\b",
    re.IGNORECASE,
)


def cited(texts: dict[str, str]) -> dict[str, str]:
    return {where: text for where, text in texts.items() if WORKING_PAPER.search(text)}


def test_the_pattern_finds_each_kind_of_working_paper_and_spares_rulebook_sources() -> None:
    found = [
        "research luxor.md B6#1",
        "rulebook: Tunnel; issue #9",
        "investigación horus.md B8#7",
        "pesquisa pyramids.md B3#6",
        "rulebook p. 6; note B4#1",
        "rulebook p. 15; note A9",
        "tabuleiro provisório (nota B9)",
        "see README.md",
    ]
    kept = [
        "rulebook p. 7 (note), p. 15; bags: our ruling",
        "rulebook: 3 (Nota); the rest is our ruling",
        "regras: 2. Traçar espaços; o resto é decisão nossa",
        "ruling: the rulebook is silent",
    ]
    assert all(WORKING_PAPER.search(text) for text in found)
    assert not any(WORKING_PAPER.search(text) for text in kept)


@pytest.mark.parametrize("game", scarab.game_names())
def test_no_clause_or_worked_example_cites_a_working_paper(game: str) -> None:
    texts = {f"{c.id} text": c.text for c in catalogue(game)}
    texts |= {f"{c.id} source": c.source for c in catalogue(game)}
    texts |= {f"{e.id} text": e.text for e in examples(game)}
    texts |= {f"{e.id} source": e.source for e in examples(game)}
    assert cited(texts) == {}


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_no_message_in_any_language_cites_a_working_paper(lang: str) -> None:
    """Every message a reader may see: the rules panel, actions, logs, refusals, how-tos."""
    assert cited(i18n.catalogue(lang)) == {}


def provisional_reasons(value: object, where: str) -> dict[str, str]:
    """Every string under a key that says why a value is provisional, found anywhere."""
    if isinstance(value, list):
        value = dict(enumerate(value))
    if not isinstance(value, dict):
        return {}
    found: dict[str, str] = {}
    for key, inner in value.items():
        if isinstance(inner, str) and "provisional" in str(key):
            found[f"{where}.{key}"] = inner
        found |= provisional_reasons(inner, f"{where}.{key}")
    return found


def test_each_provisional_value_says_why_in_words_not_by_a_note() -> None:
    reasons: dict[str, str] = {}
    for data in sorted((SRC / "games").glob("*/*.toml")) + sorted((SRC / "agents").glob("*.toml")):
        reasons |= provisional_reasons(tomllib.loads(data.read_text("utf-8")), data.name)
    assert len(reasons) >= 20
    assert all(len(why) > 20 for why in reasons.values())
    assert cited(reasons) == {}


def test_the_data_files_comments_name_no_working_paper() -> None:
    """The comments beside the values say why in words (a colour's #3d9a4b is no issue, and
    a page of docs/ is no working paper)."""
    comment = re.compile(r"research|\bissue\b|(?<!docs/)\b\w+\.md\b|\bnote [AB]\d", re.IGNORECASE)
    files = [*(SRC / "games").glob("*/*.toml"), *(SRC / "games").glob("*/*.json")]
    files += [*(SRC / "agents").glob("*.toml"), *(SRC / "core").glob("*.toml")]
    named = {
        f"{path.name}:{n}": line
        for path in files
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if comment.search(line)
    }
    assert len(files) >= 10 and named == {}
