"""What the README and docs/ show runs as shown, and every link among them leads somewhere."""

import doctest
import re
from pathlib import Path

import pytest

import scarab

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")  # a Markdown link or image: [words](target)


def run_doctests(path: Path) -> doctest.TestResults:
    return doctest.testfile(
        str(path), module_relative=False, encoding="utf-8", optionflags=doctest.ELLIPSIS
    )


def test_the_readmes_python_example_runs_as_shown() -> None:
    readme = ROOT / "README.md"
    result = run_doctests(readme)
    assert result.attempted >= 8 and result.failed == 0


def test_a_readme_example_that_says_otherwise_fails(tmp_path: Path) -> None:
    """The doctest reads what the README says: a wrong score there is a failure."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "([107, 115], [1])" in readme
    wrong = tmp_path / "README.md"
    wrong.write_text(readme.replace("([107, 115], [1])", "([115, 107], [0])"), "utf-8")
    assert run_doctests(wrong).failed == 1


def test_the_readme_stays_short_and_holds_what_a_newcomer_needs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 300
    assert "Python 3.11 or newer" in readme and "python3-venv" in readme
    assert "![" in readme and "(LICENSE)" in readme
    for page in ("playing", "server", "bots", "research", "performance", "architecture"):
        assert f"(docs/{page}.md)" in readme, page


def test_the_sample_game_record_reads_replays_and_writes_back() -> None:
    research = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    section = research.split("### Game records\n", 1)[1]
    text = section.split("```\n", 2)[1]
    record = scarab.read_record(text)
    state = scarab.replay(record)
    assert len(state.history()) == len(record.moves) > 0
    assert scarab.read_record(scarab.write_record(record)) == record


def local_targets(page: Path) -> list[str]:
    """The page's links to files of the repository (web addresses and mail left out)."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    targets = (t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t))
    return [t for t in targets if not t.startswith("#")]


def test_the_link_reader_finds_files_and_skips_addresses_and_code(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "[a](docs/x.md) ![b](images/t.png) [c](https://example.org) [d](#top)\n"
        "```\n[not](a-link.md)\n```\n[e](server.md#figures)\n",
        encoding="utf-8",
    )
    assert local_targets(page) == ["docs/x.md", "images/t.png", "server.md#figures"]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_link_to_a_local_file_resolves(page: Path) -> None:
    missing = []
    for target in local_targets(page):
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve()
        heading = not anchor or file.suffix != ".md" or anchor in anchors(file)
        if not (file.exists() and heading):
            missing.append(target)
    assert missing == []


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings: lower case, punctuation dropped."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    headings = re.findall(r"^#+ (.+)$", text, flags=re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}
