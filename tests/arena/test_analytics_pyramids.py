"""Pyramids analytics: replayed points add up to the scores, and the report is consistent."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from scarab.arena import ArenaSpec, run_arena
from scarab.arena.analytics.pyramids import CATEGORIES, analyse, replay_game
from scarab.arena.results import read_games
from scarab.arena.sections import Section
from scarab.games.pyramids import data as D


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    folder: Path = tmp_path_factory.mktemp("pyramids")
    run_arena(ArenaSpec("pyramids", ("greedy", "random"), 6, 1), folder, progress=False)
    return list(read_games(folder))


@pytest.fixture(scope="module")
def section(games: list[dict[str, Any]]) -> Section:
    return analyse(games)


@pytest.mark.rule(
    "PYR-SCORE-TOMB", "PYR-SCORE-POINTS", "PYR-SCORE-TORCH", "PYR-SCORE-GEMS", "PYR-SCORE-SKULL"
)
def test_category_points_add_up_to_each_seats_score(games: list[dict[str, Any]]) -> None:
    assert len(games) == 6
    for line in games:
        facts = replay_game(line)
        assert [sum(points) for points in facts.points] == line["scores"]
        for points in facts.points:
            assert len(points) == len(CATEGORIES)
            assert points[0] % D.TOMB_VP == 0 and points[2] % D.TORCH_VP == 0
            assert points[4] <= 0  # the worst skull is a penalty


@pytest.mark.rule("PYR-SCORE-TOMB", "PYR-END")
def test_the_cards_a_seat_held_add_up_to_its_score(games: list[dict[str, Any]]) -> None:
    for line in games:
        facts = replay_game(line)
        for seat, score in enumerate(line["scores"]):
            holds = [h for h in facts.holds if h.seat == seat]
            assert sum(h.points for h in holds) == score
            done = [h for h in holds if h.completed]
            assert len(done) * D.TOMB_VP == facts.points[seat][0]
            for h in holds:
                assert (h.turns is not None) == h.completed
                assert h.completed or h.race == 0  # unfinished cards claim nothing
                assert h.source in ("setup", "display", "deck")
            assert sum(h.source == "setup" for h in holds) == D.KEEP


@pytest.mark.rule("PYR-RACE")
def test_race_points_go_to_the_completions_that_claimed_them(games: list[dict[str, Any]]) -> None:
    for line in games:
        facts = replay_game(line)
        for seat in range(len(line["seats"])):
            race = [h.race for h in facts.holds if h.seat == seat and h.race]
            assert sum(race) == facts.points[seat][1]
            assert set(race) <= set(D.PYRAMID_POINTS)
        for colour in range(len(D.COLOURS)):
            values = [v for c, v in facts.claims if c == colour]
            assert sorted(values, reverse=True) == list(D.PYRAMID_POINTS[: len(values)])


def test_no_card_is_completed_more_often_than_held(games: list[dict[str, Any]]) -> None:
    held: Counter[int] = Counter()
    done: Counter[int] = Counter()
    for line in games:
        for h in replay_game(line).holds:
            held[h.card] += 1
            done[h.card] += h.completed
    assert done and all(done[c] <= held[c] for c in held)


def test_tables_are_consistent(section: Section) -> None:
    assert section.tables and "6 games replayed" in section.text
    for table in section.tables:
        for row in table.rows:
            assert len(row) == len(table.columns)
            cells = dict(zip(table.columns, row, strict=True))
            for column, value in cells.items():
                if "rate" in column or "share" in column:
                    assert isinstance(value, float) and 0.0 <= value <= 1.0
            if "kept at setup" in cells:
                held = int(cells["kept at setup"]) + int(cells["taken later"])
                assert int(cells["completed"]) <= held
            if "held" in cells:
                assert int(cells["completed"]) <= int(cells["held"])


def test_charts_align_series_with_categories(section: Section) -> None:
    names = [c.name for c in section.charts]
    assert len(names) == len(set(names))
    for chart in section.charts:
        assert re.fullmatch(r"[a-z0-9-]+", chart.name)
        assert chart.kind == "bar" and chart.series
        for values in chart.series.values():
            assert len(values) == len(chart.categories)
    by_name = {c.name: c for c in section.charts}
    assert by_name["pyramids-points-winners"].categories == CATEGORIES
    assert len(by_name["pyramids-points-by-card"].categories) == len(D.CARD_IDS)


def test_no_games_gives_a_section_without_tables() -> None:
    section = analyse([])
    assert not section.tables and not section.charts and section.text
