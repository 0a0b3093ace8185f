"""Horus analytics: every adventurer accounted for, points traced to their areas."""

from __future__ import annotations

from typing import Any

import pytest

from scarab import read_record
from scarab.arena import ArenaSpec, run_arena
from scarab.arena.analytics.horus import (
    DEATHS,
    OTHER,
    VALUED,
    GameTally,
    analyse,
    end_outcome,
    tally_game,
)
from scarab.arena.results import read_games
from scarab.core.registry import load
from scarab.games.horus import data as D


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    folder = tmp_path_factory.mktemp("horus")
    run_arena(ArenaSpec("horus", ("greedy", "random"), 6, 1), folder, progress=False)
    return list(read_games(folder))


@pytest.fixture(scope="module")
def tallies(games: list[dict[str, Any]]) -> list[GameTally]:
    return [tally_game(g) for g in games]


@pytest.mark.rule("HOR-END")
def test_every_seat_escaped_died_or_was_otherwise_out(tallies: list[GameTally]) -> None:
    assert len(tallies) == 6
    for t in tallies:
        escaped = t.outcome.count("escaped")
        dead = sum(o in DEATHS for o in t.outcome)
        other = sum(o in OTHER for o in t.outcome)
        assert escaped + dead + other == len(t.entrants) == 2
        assert "unfinished" not in t.outcome  # a finished game leaves nobody in play


@pytest.mark.rule("HOR-WIN")
@pytest.mark.rule("HOR-ESCAPE")
def test_winners_escaped_and_only_the_escaped_score(tallies: list[GameTally]) -> None:
    for t in tallies:
        assert all(t.outcome[w] == "escaped" for w in t.winners)
        assert all(
            score == 0 for o, score in zip(t.outcome, t.scores, strict=True) if o != "escaped"
        )


@pytest.mark.rule("HOR-SCORE-VALUES")
@pytest.mark.rule("HOR-SCORE-CHEST")
@pytest.mark.rule("HOR-SCORE-VARIETY")
def test_points_by_area_add_up_to_the_scores(tallies: list[GameTally]) -> None:
    assert any(t.banked for t in tallies)
    for t in tallies:
        assert sum(t.banked.values()) + t.variety == sum(t.scores)
        for area in t.banked:  # a card is escaped with only after it was found
            assert t.banked[area] - t.chest_points[area] <= t.found[area]


def _picked_up(line: dict[str, Any]) -> tuple[int, int]:
    """Valued cards and their printed points that came into any seat's hands, read from
    the state between moves rather than from the events."""
    record = read_record(line["record"])
    game = load("horus")
    state: Any = game.new_game(record.players, seed=record.seed)
    seen: set[int] = set()
    for _, text in record.moves:
        state.apply(game.parse_action(state, text))
        for p in range(len(record.players)):
            seen |= {c for c in state.cards[p] if D.CARDS[c].kind in VALUED}
            seen |= {c for _, c in state.bagged[p]}
    return len(seen), sum(D.CARDS[c].value for c in seen)


@pytest.mark.rule("HOR-SEARCH")
@pytest.mark.rule("HOR-SARC-TAKE")
def test_points_found_by_area_sum_to_the_treasure_collected(
    games: list[dict[str, Any]], tallies: list[GameTally]
) -> None:
    for line, t in zip(games, tallies, strict=True):
        cards, points = _picked_up(line)
        assert sum(t.cards.values()) == cards
        assert sum(t.found.values()) == points
        assert set(t.found) <= set(D.AREA_KEYS)


@pytest.mark.rule("HOR-WOUND-FULL")
@pytest.mark.rule("HOR-BLOCK-CRUSH")
@pytest.mark.rule("HOR-SEAL")
@pytest.mark.rule("HOR-SEAL-OUTSIDE")
def test_death_causes_read_from_the_end_event_and_the_one_before() -> None:
    assert end_outcome("crushed", "jump", True) == "worn out"  # the block wound after a jump
    assert end_outcome("crushed", "move", True) == "crushed"  # nowhere to jump
    assert end_outcome("sealed", "move", True) == "sealed"
    assert end_outcome("sealed", "choose", False) == "shut out"
    assert end_outcome("mummified", "touch", True) == "mummified"
    assert end_outcome("escape", "move", True) == "escaped"


def test_section_rates_and_charts_are_well_formed(games: list[dict[str, Any]]) -> None:
    section = analyse(games)
    titles = [t.title for t in section.tables]
    assert titles[:3] == ["Escape rate", "How adventurers ended", "Value by area (per game)"]
    for table in section.tables:
        assert all(len(row) == len(table.columns) for row in table.rows)
        for name in ("escape rate", "share of deaths", "seats visiting"):
            if name in table.columns:
                i = table.columns.index(name)
                rates = [r[i] for r in table.rows if r[i] != ""]
                assert rates and all(isinstance(x, float) and 0 <= x <= 1 for x in rates)
    rate = section.tables[0]
    assert rate.rows[0][0] == "all seats" and rate.rows[0][1] == 12
    assert rate.rows[1][0] == "winning seats" and rate.rows[1][3] == 1.0
    for chart in section.charts:
        if chart.kind == "bar":
            assert all(len(v) == len(chart.categories) for v in chart.series.values())
    area_chart = next(c for c in section.charts if c.name == "horus-value-by-area")
    assert area_chart.categories == tuple(D.AREA_NAME[a] for a in D.AREA_KEYS)
    deaths = next(c for c in section.charts if c.name == "horus-death-causes")
    assert sum(deaths.series["deaths"]) == rate.rows[0][5]


def test_no_games_give_an_empty_section() -> None:
    assert analyse([]).tables == ()
