"""A bot's unseen choices (Pyramids' marks and the cells of their red crosses) are shown
together, a fixed time after it began: the moment it is done counts nothing of how many
it made, for a seat that decides after it (scarab.agents.unseen)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import groupby
from typing import Any

import pytest
from starlette.testclient import TestClient

from scarab.agents.unseen import RUN_SECONDS
from scarab.server.app import create_app
from scarab.server.stored import StoredMove
from tests.server.conftest import act, hub_of, look, make_table, server_config, wait_for

pytestmark = pytest.mark.slow  # bots' runs of hidden moves, timed

PACE = 0.15  # the run's time, scaled down for the test
GAMES = 4  # deals tried for a red cross of the bot's


@pytest.fixture
def served(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(server_config(db_url, pace=PACE))) as c:
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
    waits: list[float] = []
    longest = 0  # the bot's longest run of moves: 2 or more once a mark won a red cross
    for _ in range(GAMES):  # a deal (secret, random) may give the bot no red cross at all
        t = make_table(served, "pyramids", seats=seats)
        longest = max(longest, *play_marks(served, t, waits))
        if len(waits) >= 6 and longest >= 2:
            break
    assert longest >= 2, f"no mark of the bot won a red cross in {GAMES} games"
    assert min(waits) >= PACE * RUN_SECONDS  # each run shown when its time was up


def play_marks(served: TestClient, t: dict[str, Any], waits: list[float]) -> list[int]:
    """Play the people's first legal action until the game ends or the bot has made a run of
    two moves or more; each wait, from handing over to the bot's run shown, goes to
    ``waits``. The lengths of the bot's runs of moves."""
    live = hub_of(served).live
    while not (len(waits) >= 6 and max(bot_runs(live[t["table"]].table.moves)) >= 2):
        seat = look(served, t, None)["current"]  # (that is: until a red cross came)
        if seat is None:
            break
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
    return bot_runs(live[t["table"]].table.moves)


def bot_runs(moves: list[StoredMove]) -> list[int]:
    """The lengths of seat 1's runs of moves."""
    return [0] + [len(list(g)) for seat, g in groupby(m.seat for m in moves) if seat == 1]
