"""A level's settings are read into types, and a misspelt one is refused, not ignored."""

from __future__ import annotations

import pytest

from scarab.agents import LEVELS, Budget, Search
from scarab.agents.settings import Level, read_level
from scarab.core.errors import BadOption
from scarab.core.registry import games


def test_every_shipped_level_reads_with_a_search_for_every_game() -> None:
    assert list(LEVELS) == ["novice", "casual", "strong", "expert"]
    for level in LEVELS.values():
        assert sorted(level.by_game) == games()
        assert all(isinstance(s, Search) for s in level.by_game.values())


def test_a_setting_is_one_value_or_one_per_game_and_a_game_left_out_gets_the_default() -> None:
    level = read_level("x", {"iterations": {"luxor": 7}, "temperature": 0.5, "seconds": 2})
    assert level.for_game("luxor").budget == Budget(iterations=7, seconds=2.0)
    assert level.for_game("horus").budget == Budget(iterations=Budget().iterations, seconds=2.0)
    assert {s.temperature for s in level.by_game.values()} == {0.5}
    assert level.seconds == 2.0 and read_level("y", {}).seconds is None


@pytest.mark.parametrize(
    ("table", "says"),
    [
        ({"iteratoins": 10}, "no setting 'iteratoins'; the settings are: .*'iterations'"),
        ({"own_turn": {"hours": True}}, "own_turn names no game \\['hours'\\]"),
        ({"temperature": "hot"}, "temperature takes a number, not 'hot'"),
        ({"own_turn": 1}, "own_turn takes true or false, not 1"),
        ({"rollout_depth": True}, "rollout_depth takes a whole number, not True"),
        ({"iterations": 0}, "iterations takes a positive whole number, not 0"),
        ({"iterations": 2.5}, "iterations takes a positive whole number"),
        ({"seconds": -1}, "seconds takes a positive number, not -1"),
        ({"never_drawn": "gives_up"}, "never_drawn takes a list of kinds of slip"),
        ({"never_drawn": ["oops"]}, "never_drawn names kinds of slip gives_up, walks_back"),
    ],
)
def test_a_wrong_key_game_or_value_is_refused_with_what_would_be_right(
    table: dict[str, object], says: str
) -> None:
    with pytest.raises(BadOption, match=says):
        read_level("wrong", table)


def test_a_level_with_one_search_for_every_game_and_a_new_budget() -> None:
    level = Level.same("one", Search(Budget(iterations=5), temperature=0.1))
    assert {s.budget.iterations for s in level.by_game.values()} == {5}
    clocked = level.with_budget(Budget(iterations=None, seconds=0.5))
    assert clocked.for_game("luxor").temperature == 0.1
    assert clocked.seconds == 0.5 and level.seconds is None
    with pytest.raises(BadOption, match="no settings for a game 'chess'"):
        level.for_game("chess")
