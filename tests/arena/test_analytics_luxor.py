"""Luxor analytics: the score splits exactly into its categories, every reward is credited
to a tile that gives it, counts stay within the box, and the section holds what it says."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from scarab import read_record, replay
from scarab.arena import ArenaSpec, run_arena
from scarab.arena.analytics.luxor import (
    CATEGORIES,
    COPIES,
    FRONT_COPIES,
    FRONT_LABEL,
    HORUS_CODES,
    HORUS_TILES,
    LABEL,
    SOURCES,
    GameFacts,
    analyse,
    replay_game,
)
from scarab.arena.results import read_games
from scarab.games.luxor import data as D
from scarab.games.luxor.state import LuxorState

COUNTED = ("keys", "Horus cards", "scarabs", "wild tiles")  # one thing each, unlike VP or spaces
# Which reward spaces may give each reward (LUX-HORUS-TILE, LUX-TEMPLE-*).
GIVERS = {
    "keys": set(HORUS_TILES),
    "Horus cards": {*HORUS_TILES, "horus12", "horus23"},
    "scarabs": {"scarab", "scarab_or_wild"},
    "scarab VP": {"scarab", "scarab_or_wild"},
    "wild tiles": {"wild", "scarab_or_wild"},
    "tunnel spaces": {"tunnel"},
}


@pytest.fixture(scope="module", params=[("greedy", "random"), ("greedy", "random", "random")])
def games(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> list[Any]:
    folder = tmp_path_factory.mktemp("luxor")
    count = 6 if len(request.param) == 2 else 3
    run_arena(ArenaSpec("luxor", request.param, count, 1), folder, progress=False)
    return list(read_games(folder))


def replayed(games: list[Any]) -> list[tuple[dict[str, Any], GameFacts, LuxorState]]:
    out = []
    for line in games:
        state = replay(read_record(line["record"]))
        assert isinstance(state, LuxorState)
        out.append((line, replay_game(line), state))
    return out


@pytest.mark.rule("LUX-SCORE-ORDER", "LUX-TREASURE-TAKE")
def test_the_categories_add_up_to_every_seats_final_score(games: list[Any]) -> None:
    for line, facts, state in replayed(games):
        for p, seat in enumerate(facts.seats):
            assert sum(seat.points) == seat.score == line["scores"][p]
            tiles = sum(D.TREASURES[t].vp for t in state.treasures[p])
            assert seat.points[CATEGORIES.index("treasure tiles")] == tiles
            assert seat.won == (p in line["winners"])


@pytest.mark.rule("LUX-TEMPLE-SCARAB", "LUX-TEMPLE-WILD", "LUX-SCORE-SCARABS", "LUX-HORUS-TILE")
def test_every_reward_comes_from_a_tile_that_gives_it(games: list[Any]) -> None:
    for _, facts, state in replayed(games):
        for (source, gift), amount in facts.gifts.items():
            assert amount == 0 or source in GIVERS[gift], (source, gift)
        for p, seat in enumerate(facts.seats):
            assert seat.gifts["scarab VP"] == sum(state.scarabs[p])
            assert seat.gifts["scarab VP"] == seat.points[CATEGORIES.index("scarabs")]
            assert seat.gifts["scarabs"] == len(state.scarabs[p])
            assert seat.gifts["wild tiles"] == state.wilds[p]
            assert seat.gifts["Horus cards"] == sum(seat.taken.values())
        assert sum(facts.fired.values()) == sum(sum(s.fired.values()) for s in facts.seats)


@pytest.mark.rule("LUX-TEMPLE-LATER", "LUX-HORUS-TILE", "LUX-EDGE-SUPPLY")
def test_each_action_on_a_reward_space_is_counted_once(games: list[Any]) -> None:
    """While its supply lasts a scarab, wild or Horus tile gives exactly one thing per action."""
    for _, facts, state in replayed(games):
        given = {
            src: sum(n for (s, g), n in facts.gifts.items() if s == src and g in COUNTED)
            for src in SOURCES
        }
        if state.scarab_supply:
            assert facts.fired["scarab"] == given["scarab"]
        if state.wild_supply:
            assert facts.fired["wild"] == given["wild"]
        if state.scarab_supply and state.wild_supply:
            assert facts.fired["scarab_or_wild"] == given["scarab_or_wild"]
        if state.key_supply:
            for tile in HORUS_TILES:
                assert facts.fired[tile] == given[tile]


@pytest.mark.rule("LUX-CHAMBER-KEY", "LUX-SCORE-KEYS", "LUX-CHAMBER-SARC")
def test_keys_and_sarcophagi_follow_the_chamber_entries(games: list[Any]) -> None:
    for _, facts, state in replayed(games):
        assert [p for _, p in facts.entries] == state.chamber
        rounds = [r for r, _ in facts.entries]
        assert rounds == sorted(rounds) and all(1 <= r <= facts.rounds for r in rounds)
        sarcs = Counter[int]()
        for (_, p), value in zip(facts.entries, D.SARCOPHAGI, strict=False):
            sarcs[p] += value
        for p, seat in enumerate(facts.seats):
            assert seat.points[CATEGORIES.index("keys")] == seat.gifts["keys"] - seat.entered
            assert seat.points[CATEGORIES.index("sarcophagi")] == sarcs[p]
        assert facts.stuck == (len(facts.entries) < 2)


@pytest.mark.rule("LUX-SETUP-TEMPLE", "LUX-SETUP-HORUS-CARDS", "LUX-HAND-DISCARD")
def test_counts_stay_within_what_the_box_holds(games: list[Any]) -> None:
    for _, facts, _ in replayed(games):
        taken = sum((s.taken for s in facts.seats), Counter[str]())
        assert all(n <= COPIES[code] for code, n in taken.items())
        assert all(n <= FRONT_COPIES[front] for front, n in facts.revealed.items())
        for seat in facts.seats:
            for code in HORUS_CODES:  # a Horus card is played only once in a hand
                assert seat.played[code] <= seat.taken[code] + seat.drawn[code]
        plays = sum(facts.plays[code, "plays"] for code in COPIES)
        assert plays == sum(sum(s.played.values()) for s in facts.seats)


def test_the_section_has_its_tables_and_aligned_charts(games: list[Any]) -> None:
    section = analyse(games)
    tables = {t.title: t for t in section.tables}
    points = tables["Points by scoring category (mean per seat)"]
    assert [row[0] for row in points.rows] == [*CATEGORIES, "total"]
    for col in range(1, len(points.columns)):
        parts = sum(float(row[col]) for row in points.rows[:-1])
        assert parts == pytest.approx(float(points.rows[-1][col]), abs=0.05)
    shares = tables["Treasure vs position: share of the mean score"]
    for row in shares.rows:
        assert sum(float(x) for x in row[3:]) == pytest.approx(1, abs=0.02)
    horus = tables["Value of each Horus card kind: seats that took one vs the others"]
    assert [row[0] for row in horus.rows] == [LABEL[c] for c in HORUS_CODES]
    temple = tables["Value of each temple tile kind: seats that acted on one vs the others"]
    assert [row[0] for row in temple.rows] == [FRONT_LABEL[f] for f in D.FRONTS]
    seats = sum(len(g["seats"]) for g in games)
    assert all(0 <= int(row[1]) <= seats for row in (*horus.rows, *temple.rows))
    names = [c.name for c in section.charts]
    assert len(set(names)) == len(names)
    assert {"luxor-points-by-category", "luxor-horus-card-value"} <= set(names)
    for chart in section.charts:
        assert re.fullmatch(r"[a-z0-9-]+", chart.name)
        if chart.kind == "bar":
            assert all(len(v) == len(chart.categories) for v in chart.series.values())
    by_name = {c.name: c for c in section.charts}
    assert by_name["luxor-points-by-category"].categories == CATEGORIES
    assert list(by_name["luxor-points-by-category"].series) == ["winners", "others"]


def test_no_luxor_games_gives_a_section_that_says_so(games: list[Any]) -> None:
    other = [{**g, "game": "horus"} for g in games]
    section = analyse(other)
    assert "No Luxor games" in section.text
    assert section.tables == () and section.charts == ()
