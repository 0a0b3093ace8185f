"""What the server tells a seat is what the engine lets that seat know, and nothing more."""

from __future__ import annotations

import json
import random
import time

import pytest

from scarab.core.game import Event, events_for
from scarab.server.seats import HUMAN
from scarab.server.stored import StoredTable
from scarab.server.table import Table

PLAYERS = {"luxor": 3, "pyramids": 3, "horus": 3}


def new_table(game: str, seed: int) -> Table:
    seats = [{"name": f"p{i + 1}", "kind": HUMAN} for i in range(PLAYERS[game])]
    return Table(StoredTable("t", game, {}, seed, seats, None, "random", time.time()))


def play(table: Table, seat: int, action: str, version: object) -> list[Event]:
    """Play and accept a move at once, as the hub does once the store has it."""
    played = table.play(seat, action, version)
    table.accept(played)
    return played.events


@pytest.mark.parametrize("game", sorted(PLAYERS))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_seat_that_learns_nothing_is_sent_nothing_new(game: str, seed: int) -> None:
    """A decision that shows a seat no event and leaves its view alone leaves that seat's
    message byte for byte the same: no counter or version tells it a hidden decision was made
    (Pyramids' extra red-cross cells, say)."""
    table = new_table(game, seed)
    rnd = random.Random(seed)
    seats = range(PLAYERS[game])
    quiet = 0
    while not table.over and len(table.moves) < 400:
        decider = table.state.current_player
        assert decider is not None
        before = {v: json.dumps(table.message(v, set())) for v in (*seats, None)}
        views = {v: table.state.view(v) for v in (*seats, None)}
        mine = table.message(decider, set())
        action = rnd.choice(mine["legal"])["action"]  # type: ignore[index]
        events = play(table, decider, action, mine["version"])
        for v in (*seats, None):
            if v == decider or table.state.current_player == v:
                continue
            if not events_for(events, v) and table.state.view(v) == views[v]:
                quiet += 1
                assert json.dumps(table.message(v, set())) == before[v]
    if game == "pyramids":
        assert quiet > 0  # hidden marks happened, and nobody heard of them


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_every_message_carries_only_its_seats_view_and_visible_events(game: str) -> None:
    table = new_table(game, 5)
    rnd = random.Random(5)
    events: list[Event] = []
    for _ in range(60):
        decider = table.state.current_player
        if decider is None:
            break
        for v in (*range(PLAYERS[game]), None):
            m = table.message(v, set())
            assert m["view"] == table.state.view(v)
            shown = [e.text for e in events_for(events, v) if e.text and e.kind != "final"]
            assert [line["text"] for line in m["log"]] == shown[-len(m["log"]) :]  # type: ignore[index,union-attr]
            assert "seed" not in json.dumps(m).lower()
            assert bool(m["legal"]) == (v == decider)
        mine = table.message(decider, set())
        choice = rnd.choice(mine["legal"])["action"]  # type: ignore[index]
        events += play(table, decider, choice, mine["version"])
