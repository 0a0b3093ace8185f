"""A bot's moves come a step apart (``--bot-step``), so that the people at its table can
follow a turn of several moves one at a time, not see the board jump."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

import pytest
from starlette.testclient import TestClient

from scarab.server.app import create_app
from tests.server.conftest import hub_of, make_table, play_beside_bots, server_config

pytestmark = pytest.mark.slow  # bots' games shown step by step in real time

STEP = 0.05


@pytest.fixture
def served(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(server_config(db_url, pace=0.0, bot_step=STEP))) as c:
        yield c


def test_each_bot_move_is_shown_a_step_after_the_change_before_it(served: TestClient) -> None:
    seats = [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "random"}]
    gaps: list[float] = []  # before each bot move
    own: list[float] = []  # between two moves of one bot turn
    for _ in range(5):  # a game can end early (all sealed in): play another
        t = make_table(served, "horus", seats=seats)
        play_beside_bots(served, t)
        moves = hub_of(served).live[t["table"]].table.moves
        for a, b in pairwise(moves):
            if b.seat == 1:
                gaps.append(b.at - a.at)
                if a.seat == 1:
                    own.append(b.at - a.at)
        if len(own) >= 10:
            break
    assert len(own) >= 10  # a Horus turn is several moves: each came on its own
    assert min(gaps) >= STEP * 0.95  # (stored times are the wall clock's)
