"""Nothing the engine hands out shares a mutable object with the state (issue 9, point 4).

Events, views, records and legal-action lists go to servers, bots and clients that may
change them; if one held a live list of the state (as the Horus escape event once held
the seat's chests), changing it would change the game. Every game, every decision:
change everything handed out, in place, and the state must be exactly as it was.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from scarab.core.game import Event, State
from tests.core.support import GAMES, PLAYERS, new
from tests.games.horus.helpers import dice, give, place, play, started, turn

SENTINEL = "changed by a client"


def deface(obj: Any, seen: set[int] | None = None) -> None:
    """Change, in place, every list and dict reachable from obj."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, dict):
        for value in list(obj.values()):
            deface(value, seen)
        obj[SENTINEL] = SENTINEL
    elif isinstance(obj, list):
        for value in obj:
            deface(value, seen)
        obj.append(SENTINEL)
        obj.reverse()
    elif isinstance(obj, tuple):
        for value in obj:
            deface(value, seen)
    elif isinstance(obj, Event):
        deface(obj.data, seen)
        deface(obj.public_data, seen)


def snapshot(s: State) -> bytes:
    return pickle.dumps(s)


def check_outputs_are_copies(s: State, rng: random.Random) -> int:
    """Play s to the end, defacing every output; the number of decisions checked."""
    viewers = [None, *range(s.num_players)]
    decisions = 0
    while not s.is_over:
        before = snapshot(s)
        legal = s.legal_actions()
        expected = list(legal)
        deface(legal)
        for v in viewers:
            deface(s.view(v))
        record = s.record()
        deface(record.moves)
        deface(record.options)
        assert snapshot(s) == before and s.legal_actions() == expected
        events = s.apply(rng.choice(expected))
        after = snapshot(s)
        for v in viewers:
            for e in events:
                seen = e.for_viewer(v)
                if seen is not None:
                    deface(seen)
        deface(events)
        assert snapshot(s) == after, "an event shares an object with the state"
        decisions += 1
    final = snapshot(s)
    for v in viewers:
        deface(s.view(v))
    assert snapshot(s) == final
    return decisions


@pytest.mark.parametrize("game", GAMES)
def test_events_views_records_and_legal_lists_share_nothing_with_the_state(game: str) -> None:
    checked = 0
    for seed, players in enumerate(PLAYERS[game]):
        checked += check_outputs_are_copies(new(game, players, seed), random.Random(seed))
    assert checked > 100


@pytest.mark.rule("HOR-ESCAPE", "HOR-SCORE-CHEST")
def test_the_horus_escape_event_holds_a_copy_of_the_chests() -> None:
    """The instance the review found: changing the event changed the game."""
    s = started("wahab", "ardila")
    place(s, 0, 2, 8)  # beside exit e1
    give(s, 0, "chest")
    turn(s, 0, 1)
    dice(s, 5)  # the chest's die
    escape = next(e for e in play(s, "move s") if e.kind == "escape")
    escape.data["chests"].append(6)
    assert s.chests[0] == (5,) and s.score[0] == escape.data["total"]
