"""Each game's facts live in its package (its GameInfo), and no other module keeps a list
of the games.

A layer that needs every game asks the registry (``scarab.core.registry.games()``) and
a game's numbers from its ``GameInfo``; a front end's per-game module is found by the
game's name. A second hand-written list is how a fourth game would be left out.
"""

import ast
import random
from pathlib import Path

import pytest

from scarab.core.registry import games, load

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "scarab"
OWNERS = (PACKAGE / "games", PACKAGE / "locales")  # where a game's own name belongs
NAMES = frozenset(games())


def _named_games(node: ast.AST) -> set[str]:
    """The game names a literal collection spells out (a dict by its keys)."""
    items = node.keys if isinstance(node, ast.Dict) else getattr(node, "elts", [])
    return {
        item.value
        for item in items
        if isinstance(item, ast.Constant) and isinstance(item.value, str) and item.value in NAMES
    }


def lists_of_games(source: str) -> list[int]:
    """The lines where a list, tuple, set or dict literal names two games or more."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, (ast.List, ast.Tuple, ast.Set, ast.Dict))
        and len(_named_games(node)) >= 2
    ]


def test_the_finder_sees_a_hand_written_list_of_the_games() -> None:
    first, second = sorted(NAMES)[:2]
    assert lists_of_games(f"GAMES = ({first!r}, {second!r})\n") == [1]
    assert lists_of_games(f"X = {{{first!r}: 1, {second!r}: 2}}\n") == [1]
    assert lists_of_games(f"X = ({first!r}, 'other')\n") == []


def test_no_module_outside_the_games_lists_the_games() -> None:
    found = []
    for folder in ("src", "tools", "examples"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if any(path.is_relative_to(owner) for owner in OWNERS):
                continue
            for line in lists_of_games(path.read_text(encoding="utf-8")):
                found.append(f"{path.relative_to(ROOT)}:{line}")
    assert found == [], "ask scarab.core.registry.games() instead of listing the games"


@pytest.mark.parametrize("name", games())
def test_a_games_facts_name_it_and_bound_its_players(name: str) -> None:
    game = load(name)
    assert game.info.name == game.name == name
    assert 1 <= game.min_players <= game.max_players
    assert game.options is game.info.options
    assert game.new_game(game.max_players, seed=1).num_players == game.max_players


@pytest.mark.parametrize("name", games())
def test_random_games_end_well_inside_the_declared_longest(name: str) -> None:
    game = load(name)
    for players in (game.min_players, game.max_players):
        rng = random.Random(players)
        state = game.new_game(players, seed=players)
        decisions = 0
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
            assert decisions <= game.info.longest // 4, "random play needs under a quarter"


@pytest.mark.parametrize("name", games())
def test_every_action_is_named_once_and_reads_back_from_its_notation(name: str) -> None:
    game = load(name)
    every = game.every_action()
    assert len(set(every)) == len(every) > 0
    assert game.every_action() is every  # built once
    assert all(game.parse(str(action)) == action for action in every)
