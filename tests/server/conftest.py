"""Fixtures for the web table: an app on a fresh database, and a few moves' helpers.

Every test runs on SQLite; the store tests also run on PostgreSQL when
SCARAB_TEST_POSTGRES names a server (.ci/run starts one on 127.0.0.1).
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from scarab.server.app import create_app
from scarab.server.config import Limits, ServerConfig
from scarab.server.hub import Hub

POSTGRES = os.environ.get("SCARAB_TEST_POSTGRES")


def server_config(db_url: str, **settings: Any) -> ServerConfig:
    """A test server's settings on the store at ``db_url``: its bots think on a thread of
    its own and move as soon as they have chosen (unless ``settings`` say otherwise)."""
    return ServerConfig(**{"db": db_url, "bot_workers": 0, "bot_step": 0.0, **settings})


def fresh_postgres() -> str:
    """The test database, emptied of the tables (and schema revision) an earlier test left."""
    assert POSTGRES is not None
    from sqlalchemy import create_engine, text

    engine = create_engine(POSTGRES)
    with engine.begin() as conn:
        for name in (
            "scarab_ratings",
            "scarab_chat",
            "scarab_seats",
            "scarab_player_keys",
            "scarab_players",
            "scarab_moves",
            "scarab_tables",
            "alembic_version",
        ):
            conn.execute(text(f"DROP TABLE IF EXISTS {name} CASCADE"))
    engine.dispose()
    return POSTGRES


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    if request.param == "postgresql":
        if POSTGRES is None:
            pytest.skip("SCARAB_TEST_POSTGRES is not set (.ci/run sets it)")
        return fresh_postgres()
    return f"sqlite:///{tmp_path / f'{uuid.uuid4().hex}.db'}"


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    # a bot's unseen Pyramids marks are shown at once here (test_unseen_runs measures the pace);
    # every socket of every test comes from one address, which a real server would see as
    # many people: its rate for all of an address's messages is raised (test_socket_protocol
    # tests it), each socket keeping its own
    limits = Limits(client_message_rate="100000/second")
    app = create_app(server_config(f"sqlite:///{tmp_path / 'scarab.db'}", pace=0.0, limits=limits))
    with TestClient(app) as c:
        yield c


def make_table(client: TestClient, game: str = "luxor", **spec: Any) -> dict[str, Any]:
    """A table for ``game``; by default two people, ann and bob."""
    body = {
        "game": game,
        "seats": [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}],
    }
    body.update(spec)
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def token(table: dict[str, Any], seat: int) -> str:
    return table["seats"][seat]["token"]  # type: ignore[no-any-return]


def look(client: TestClient, table: dict[str, Any], seat: int | None) -> dict[str, Any]:
    headers = {} if seat is None else {"X-Seat-Token": token(table, seat)}
    r = client.get(f"/api/tables/{table['table']}", headers=headers)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def act(client: TestClient, table: dict[str, Any], seat: int, action: str, version: Any) -> Any:
    return client.post(
        f"/api/tables/{table['table']}/act",
        json={"token": token(table, seat), "action": action, "version": version},
    )


def play_first(client: TestClient, table: dict[str, Any], moves: int) -> dict[str, Any]:
    """Play the first legal action ``moves`` times, whoever decides; the last state seen."""
    seat = look(client, table, None)["current"]
    state = look(client, table, seat)
    for _ in range(moves):
        r = act(client, table, seat, state["legal"][0]["action"], state["version"])
        assert r.status_code == 200, r.text
        seat = r.json()["current"]
        if seat is None:
            return r.json()  # type: ignore[no-any-return]
        state = look(client, table, seat)
    return state


def play_beside_bots(client: TestClient, table: dict[str, Any], seat: int = 0) -> None:
    """Play ``seat``'s first legal action whenever it decides, the bots moving by
    themselves, until the game ends (a pause while they think: no spinning on the API)."""
    mine = {"X-Seat-Token": token(table, seat)}
    for _ in range(2000):
        m = client.get(f"/api/tables/{table['table']}", headers=mine).json()
        if m["over"]:
            return
        if m["legal"]:
            act(client, table, seat, m["legal"][0]["action"], m["version"])
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not end")


def chat_lines(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The chat lines a socket's message brings: a line said now, or its history. The
    history is read after the socket's first state, so it may bring a line said meanwhile
    (which the socket is then not sent again)."""
    if message["type"] == "chat":
        return [message]
    return list(message["lines"]) if message["type"] == "chat_history" else []


def hub_of(client: TestClient) -> Hub:
    return client.app.state.hub  # type: ignore[attr-defined,no-any-return]


def wait_for(check: Any, seconds: float = 20.0) -> None:
    """Wait until ``check()`` holds; fail after ``seconds``."""
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "timed out waiting"
        time.sleep(0.02)
