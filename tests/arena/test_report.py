"""The arena report: ratings, head-to-head, seats, charts, and the Markdown and HTML layout."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import scarab.arena.report as report_module
from scarab.arena import ArenaSpec, run_arena
from scarab.arena.ratings import finish_ranks, rate, win_shares
from scarab.arena.report import draw, to_html, to_markdown, write_report
from scarab.arena.results import MANIFEST, read_games
from scarab.arena.sections import Chart, Section, Table
from scarab.arena.stats import finished_ahead, head_to_head_section, seat_section, wilson
from scarab.core.errors import BadOption, BadRecord


@pytest.fixture(scope="module")
def luxor(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("luxor")
    run_arena(ArenaSpec("luxor", ("greedy", "random"), 8, 1), folder, progress=False)
    return folder


def games_in(folder: Path) -> list[dict[str, Any]]:
    return list(read_games(folder))


def line(index: int, seats: list[str], scores: list[int], winners: list[int]) -> dict[str, Any]:
    return {"index": index, "seats": seats, "scores": scores, "winners": winners}


@pytest.mark.slow
def test_the_report_is_written_and_every_image_it_links_exists(luxor: Path) -> None:
    md = write_report(luxor)
    assert md == luxor / "report.md"
    text = md.read_text(encoding="utf-8")
    page = (luxor / "report.html").read_text(encoding="utf-8")
    assert "8 finished of 8 planned" in text
    assert "8 finished of 8 planned" in page
    for heading in ("Ratings", "Head-to-head", "Seat advantage", "Scores", "Game length"):
        assert f"## {heading}" in text
        assert f"<h2>{heading}</h2>" in page
    pngs = re.findall(r"!\[[^\]]*\]\((plots/[a-z0-9-]+\.png)\)", text)
    svgs = re.findall(r'<img src="(plots/[a-z0-9-]+\.svg)"', page)
    assert "plots/seat-win-rate.png" in pngs
    assert len(svgs) == len(pngs)
    for link in pngs + svgs:
        assert (luxor / link).stat().st_size > 1000, link


def test_ratings_put_the_greedy_bot_above_the_random_one(luxor: Path) -> None:
    ratings = rate(games_in(luxor))
    assert [r.entrant for r in ratings] == ["greedy", "random"]
    best, worst = ratings
    assert best.ordinal > worst.ordinal and best.mu > worst.mu
    assert best.games == worst.games == 8
    assert best.wins + worst.wins == 8
    assert best.win_rate >= 0.75


def test_seat_wins_add_up_to_the_games(luxor: Path) -> None:
    rows = seat_section(games_in(luxor)).tables[0].rows
    assert [row[0] for row in rows] == ["seat 1", "seat 2"]
    assert [row[1] for row in rows] == [8, 8]
    assert sum(float(row[2]) for row in rows) == 8


def test_head_to_head_shares_of_a_pair_sum_to_one(luxor: Path) -> None:
    pairs = finished_ahead(games_in(luxor))
    ahead, met = pairs["greedy", "random"]
    behind, met_again = pairs["random", "greedy"]
    assert met == met_again == 8
    assert ahead + behind == pytest.approx(1)
    assert ahead > behind


def test_ties_share_first_place_and_the_rest_rank_by_score() -> None:
    tie_for_first = line(0, ["a", "b", "c"], [10, 10, 5], [0, 1])
    tie_behind = line(1, ["a", "b", "c"], [20, 7, 7], [0])
    tie_break = line(2, ["a", "b", "c"], [10, 10, 3], [1])
    assert finish_ranks(tie_for_first) == [1, 1, 3]
    assert finish_ranks(tie_behind) == [1, 2, 2]
    assert finish_ranks(tie_break) == [2, 1, 3]
    assert win_shares(tie_for_first) == [0.5, 0.5, 0.0]
    wins = {r.entrant: r.wins for r in rate([tie_break, tie_behind, tie_for_first])}
    assert wins == {"a": 1.5, "b": 1.5, "c": 0.0}
    pairs = finished_ahead([tie_for_first, tie_behind])
    assert pairs["a", "b"] == (0.75, 2)  # a tie counts half, a win whole
    assert pairs["b", "c"] == (0.75, 2)


def test_ratings_do_not_depend_on_the_order_lines_arrive_in() -> None:
    lines = [line(i, ["a", "b"], [i, 3], [0] if i > 3 else [1]) for i in range(8)]
    assert rate(lines) == rate(list(reversed(lines)))


def test_wilson_interval_is_honest_at_the_edges() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 3), round(high, 3)) == (0.237, 0.763)
    assert wilson(0, 10)[0] == 0 and 0.2 < wilson(0, 10)[1] < 0.4
    assert wilson(10, 10)[1] == pytest.approx(1) and 0.6 < wilson(10, 10)[0] < 0.8


def test_a_folder_without_games_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BadOption, match="no arena run"):
        write_report(tmp_path)
    spec = ArenaSpec("luxor", ("greedy", "random"), 4, 1)
    (tmp_path / MANIFEST).write_text(json.dumps(spec.to_json()), encoding="utf-8")
    with pytest.raises(BadOption, match="no finished games"):
        write_report(tmp_path)


@pytest.mark.parametrize("name", ["../evil", "Plot", "a/b", "", "dots.png", "x" * 65])
def test_a_chart_name_that_could_leave_the_plots_folder_is_refused(
    tmp_path: Path, name: str
) -> None:
    plots = tmp_path / "plots"
    plots.mkdir()
    with pytest.raises(ValueError, match="chart name"):
        draw(Chart(name, "t", "bar", {"s": [1.0]}, ("a",)), plots)
    assert list(tmp_path.rglob("*.*")) == []


@pytest.mark.slow
def test_whatever_an_analytics_section_holds_is_laid_out(
    luxor: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("arena.json", "games.jsonl"):
        (tmp_path / name).write_bytes((luxor / name).read_bytes())
    section = Section(
        "Game analytics",
        "What the game's own analysis found.",
        (Table("Findings", ("what", "value"), (("a | b", 0.125), ("c", 3))),),
        (
            Chart("spread", "Spread", "hist", {"x": [1.5, 2.5, 2.5], "y": [3.0]}),
            Chart("by-kind", "By kind", "box", {"k": [1, 2, 3]}),
        ),
    )
    monkeypatch.setattr(report_module, "section_for", lambda game, games: section)
    text = write_report(tmp_path).read_text(encoding="utf-8")
    assert "| a \\| b | 0.12 |" in text
    assert "![Spread](plots/spread.png)" in text
    assert (tmp_path / "plots" / "by-kind.svg").exists()
    assert '<img src="plots/spread.svg"' in (tmp_path / "report.html").read_text(encoding="utf-8")


def test_two_charts_of_one_name_are_refused(
    luxor: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("arena.json", "games.jsonl"):
        (tmp_path / name).write_bytes((luxor / name).read_bytes())
    clash = Section("x", charts=(Chart("scores", "Again", "box", {"a": [1.0]}),))
    monkeypatch.setattr(report_module, "section_for", lambda game, games: clash)
    with pytest.raises(ValueError, match="two charts are named 'scores'"):
        write_report(tmp_path)


def test_text_is_escaped_in_html_and_markdown() -> None:
    section = Section("<b>", "x < y & z", (Table("t|", ("a", "b"), (("<i>|", 1),)),))
    page = to_html("T", [("Game", "<script>")], [section])
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "&lt;i&gt;|" in page and "x &lt; y &amp; z" in page
    assert "| &lt;i&gt;" not in to_markdown("T", [], [section])
    assert "| <i>\\| | 1 |" in to_markdown("T", [], [section])


def test_a_three_player_run_is_rated_and_reported(tmp_path: Path) -> None:
    run_arena(ArenaSpec("pyramids", ("greedy", "random", "random"), 3, 1), tmp_path, progress=False)
    ratings = rate(games_in(tmp_path))
    assert {r.entrant for r in ratings} == {"greedy", "random1", "random2"}
    assert all(r.games == 3 for r in ratings)
    assert sum(r.wins for r in ratings) == pytest.approx(3)
    assert ratings[0].entrant == "greedy"
    matrix = head_to_head_section(games_in(tmp_path)).tables[1]
    assert matrix.columns == ("entrant", "greedy", "random1", "random2")
    assert [row[i + 1] for i, row in enumerate(matrix.rows)] == ["\N{EN DASH}"] * 3
    assert [row[1] for row in seat_section(games_in(tmp_path)).tables[0].rows] == [3, 3, 3]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "heading"),
    [("luxor", "Horus card"), ("pyramids", "colour"), ("horus", "escape")],
)
def test_the_command_rebuilds_each_games_report_with_its_analytics(
    game: str, heading: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from scarab.cli import main

    run_arena(ArenaSpec(game, ("greedy", "random"), 4, 3), tmp_path, progress=False)
    assert main(["arena", "--report", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert str(tmp_path / "report.md") in out and str(tmp_path / "report.html") in out
    text = (tmp_path / "report.md").read_text()
    assert heading.lower() in text.lower()
    images = re.findall(r"!\[[^\]]*\]\((plots/[^)]+)\)", text)
    assert any(game in name for name in images)  # the game's own charts, not only the generic ones
    assert all((tmp_path / name).is_file() for name in images)
    assert main(["arena", "--report", str(tmp_path / "nothing-here")]) == 2
    assert "no arena run" in capsys.readouterr().err


def test_a_results_line_with_a_broken_record_is_named_in_the_error(tmp_path: Path) -> None:
    run_arena(ArenaSpec("horus", ("greedy", "random"), 2, 1), tmp_path, progress=False)
    with (tmp_path / "games.jsonl").open("a") as f:
        f.write(json.dumps(line(7, ["greedy", "random"], [1, 0], [0]) | {"record": "junk"}) + "\n")
    with pytest.raises(BadRecord, match="game 7 of the results: line 1: cannot read 'junk'"):
        write_report(tmp_path)


def test_a_report_that_cannot_be_written_is_said_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from scarab.cli import main

    run_arena(ArenaSpec("luxor", ("greedy", "random"), 2, 3), tmp_path, progress=False)
    (tmp_path / "plots").write_text("a file where the plots folder goes")
    assert main(["arena", "--report", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("scarab arena: cannot write the report to") and "plots" in err
