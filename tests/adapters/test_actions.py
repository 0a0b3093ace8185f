"""The fixed integer action spaces: unique ids, round trips, pinned numbering, masks."""

from __future__ import annotations

import hashlib

import pytest

from scarab.adapters.actions import action_space
from scarab.core.errors import UnknownGame
from scarab.core.registry import load
from tests.adapters.helpers import GAME_COUNTS, GAMES, random_states

# The numbering is part of the public interface: trained networks depend on it.
# If one of these fails, an action was reordered or removed; only append new ones.
SIZES = {"luxor": 875, "pyramids": 16_490, "horus": 151}
DIGESTS = {
    "luxor": "bd4c2eaf30aedf5f",
    "pyramids": "88f44172b99ff0da",
    "horus": "d08394832ae1e018",
}
PINNED = {
    "luxor": [
        ("L die", 0),
        ("L all", 1),
        ("L last", 2),
        ("L pass", 3),
        ("R die", 291),
        ("S+1", 582),
        ("act 1", 828),
        ("take key", 868),
        ("take wild", 873),
        ("act C", 874),  # appended with issue 9
    ],
    "pyramids": [
        ("keep 1,2", 0),
        ("keep 1,3", 1),
        ("1:a1", 1128),
        ("1:b1", 1129),
        ("take 1", 16_440),
        ("take deck", 16_488),
        ("pass", 16_489),
    ],
    "horus": [
        ("choose gore e1", 0),
        ("choose gore e2", 1),
        ("move n", 16),
        ("jump w", 23),
        ("search", 24),
        ("reroll 1", 42),
        ("reroll 1,2", 44),
        ("medikit block", 150),
    ],
}


def digest(game: str, first: int | None = None) -> str:
    text = "\n".join(str(a) for a in action_space(game).actions[:first])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_luxor_act_c_was_appended_after_the_first_874_ids() -> None:
    assert digest("luxor", 874) == "d36508aac375f835"


@pytest.mark.parametrize("game", GAMES)
def test_the_numbering_is_pinned(game: str) -> None:
    space = action_space(game)
    assert len(space) == SIZES[game]
    assert digest(game) == DIGESTS[game], "the action order changed: only append new actions"
    for text, action_id in PINNED[game]:
        action = load(game).parse(text)
        assert space.encode(action) == action_id, text
        assert str(space.decode(action_id)) == text


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_id_round_trips(game: str) -> None:
    space = action_space(game)
    assert space is action_space(game), "one cached space per game"
    names = [str(a) for a in space.actions]
    assert len(set(names)) == len(names), "every action has its own notation"
    for i, action in enumerate(space.actions):
        assert space.encode(action) == i
        assert space.decode(i) == action
        assert load(game).parse(str(action)) == action, "the notation names the action"


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_legal_actions_of_random_states_map_to_unique_ids_and_back(game: str, players: int) -> None:
    space = action_space(game)
    seen: set[int] = set()
    states = 0
    for state in random_states(game, players, games=3):
        legal = state.legal_actions() if not state.is_over else []
        ids = [space.encode(a) for a in legal]
        assert len(set(ids)) == len(ids) == len(legal)
        assert [space.decode(i) for i in ids] == legal
        assert space.legal_ids(state) == sorted(ids)
        seen.update(ids)
        states += 1
    assert states > 30
    assert len(seen) > 10, "random play reaches many different ids"


@pytest.mark.parametrize("game", GAMES)
def test_bad_ids_and_foreign_actions_are_refused(game: str) -> None:
    space = action_space(game)
    for bad in (-1, len(space), 10**9):
        with pytest.raises(ValueError, match="outside"):
            space.decode(bad)
    with pytest.raises(ValueError, match="not in the"):
        space.encode("no such action")


def test_unknown_game() -> None:
    with pytest.raises(UnknownGame):
        action_space("senet")
