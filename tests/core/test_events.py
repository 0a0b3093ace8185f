"""Events: what happened in data and words, with others' secrets hidden."""

from __future__ import annotations

import json
import random

import pytest

import scarab
from scarab.core.game import Event


def _events_of_random_game(seed: int) -> list[Event]:
    state = scarab.load("luxor").new_game(3, seed=seed)
    rng = random.Random(seed)
    events: list[Event] = []
    while not state.is_over:
        events.extend(state.apply(rng.choice(state.legal_actions())))
    return events


@pytest.mark.rule("LUX-HIDDEN", "LUX-TEMPLE-SCARAB")
def test_secret_events_are_hidden_from_other_viewers() -> None:
    events = [e for seed in range(5) for e in _events_of_random_game(seed)]
    secret = [e for e in events if e.secret_to is not None]
    assert {e.kind for e in secret} >= {"draw", "scarab"}
    for e in secret:
        mine = e.for_viewer(e.secret_to)
        theirs = e.for_viewer((e.secret_to + 1) % 3)
        spectator = e.for_viewer(None)
        assert mine is e
        assert theirs == spectator
        assert theirs.data == {} and theirs.text and theirs.text != e.text
        if e.kind == "scarab":
            assert f"{e.data['vp']}-VP" in e.text and "VP" not in theirs.text


def test_public_events_read_the_same_for_everyone() -> None:
    events = _events_of_random_game(11)
    kinds = {e.kind for e in events}
    assert {"play", "move", "final"} <= kinds
    for e in events:
        if e.secret_to is None:
            assert e.for_viewer(0) is e and e.for_viewer(None) is e
        json.dumps(e.to_json())
    rolls = [e for e in events if e.kind == "roll"]
    assert all(1 <= int(e.data["die"]) <= 6 and e.text == f"rolled {e.data['die']}" for e in rolls)
