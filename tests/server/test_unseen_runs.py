"""A bot's unseen choices (Pyramids' marks and the cells of their red crosses) are shown
together, a fixed time after it began: the moment it is done counts nothing of how many
it made, for a seat that decides after it (scarab.agents.unseen)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import groupby

import pytest
from starlette.testclient import TestClient

from scarab.agents.unseen import RUN_SECONDS
from scarab.server.app import create_app
from scarab.server.store import StoredMove
from tests.server.conftest import act, hub_of, look, make_table, wait_for

PACE = 0.15  # the run's time, scaled down for the test


@pytest.fixture
def served(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_workers=0, pace=PACE)) as c:
        yield c


@pytest.mark.rule("PYR-SIMULTANEOUS")
def test_a_bots_run_of_marks_takes_the_same_time_whatever_its_length(
    served: TestClient,
) -> None:
    seats = [
        {"kind": "human", "name": "ann"},
        {"kind": "bot", "level": "greedy"},
        {"kind": "human", "name": "bob"},
    ]
    t = make_table(served, "pyramids", seats=seats)
    live = hub_of(served).live
    waits: list[float] = []
    while not (len(waits) >= 6 and max(bot_runs(live[t["table"]].table.moves)) >= 2):
        seat = look(served, t, None)["current"]  # (that is: until a red cross came)
        assert seat is not None, "no mark of the bot won a red cross in a whole game"
        if seat == 1:  # the bot's seen move (a replacement) under way
            wait_for(lambda: look(served, t, None)["current"] != 1)
            continue
        state = look(served, t, seat)
        handed_over = time.monotonic()
        r = act(served, t, seat, state["legal"][0]["action"], state["version"])
        assert r.status_code == 200, r.text
        now = live[t["table"]].table.state  # one state: the bot may have moved on since
        if now.current_player == 1 and now.choosing_unseen:  # its run cannot end so soon
            wait_for(lambda: look(served, t, None)["current"] != 1)
            waits.append(time.monotonic() - handed_over)
    assert min(waits) >= PACE * RUN_SECONDS  # each run shown when its time was up


def bot_runs(moves: list[StoredMove]) -> list[int]:
    """The lengths of seat 1's runs of moves."""
    return [0] + [len(list(g)) for seat, g in groupby(m.seat for m in moves) if seat == 1]
