"""Ratings: a rated table's result moves its players' (and bots') ratings in that game,
once; an unrated one leaves them; the leaderboard and profiles show them.

Each seat's moves come from an address of its own (X-Forwarded-For, which this module's
server reads): one address on both sides plays a rated game unrated (test_rated_fairly)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from scarab.server.app import create_app
from scarab.server.config import Limits
from tests.server.conftest import look, play_beside_bots, server_config

pytestmark = pytest.mark.slow  # whole rated games played through the server


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    limits = Limits(forwarded_header="X-Forwarded-For")
    app = create_app(server_config(f"sqlite:///{tmp_path / 's.db'}", pace=0.0, limits=limits))
    with TestClient(app) as c:
        yield c


def player(client: TestClient, name: str) -> tuple[dict[str, str], str]:
    made = client.post("/api/players", json={"name": name}).json()
    return {"X-Player-Key": made["key"]}, made["player"]


def finish(client: TestClient, t: dict[str, Any], tokens: dict[int, str]) -> dict[str, Any]:
    """Play the first legal action for whoever decides until the game ends, each seat from
    an address of its own (where the server reads X-Forwarded-For)."""
    for _ in range(2000):
        current = look(client, t, None)["current"]
        if current is None:
            return look(client, t, None)
        m = client.get(f"/api/tables/{t['table']}", headers={"X-Seat-Token": tokens[current]})
        state = m.json()
        r = client.post(
            f"/api/tables/{t['table']}/act",
            json={
                "token": tokens[current],
                "action": state["legal"][0]["action"],
                "version": state["version"],
            },
            headers={"X-Forwarded-For": f"10.0.0.{current + 1}"},
        )
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def table(client: TestClient, rated: bool) -> tuple[dict[str, Any], dict[int, str], list[str]]:
    (ann, ann_id), (bob, bob_id) = player(client, "ann"), player(client, "bob")
    seats = [{"kind": "human", "me": True}, {"kind": "open"}]
    spec = {"game": "pyramids", "seats": seats, "public": True, "rated": rated}
    t = client.post("/api/tables", json=spec, headers=ann).json()
    took = client.post(f"/api/tables/{t['table']}/sit", json={"seat": 1}, headers=bob).json()
    return t, {0: t["seats"][0]["token"], 1: took["token"]}, [ann_id, bob_id]


def test_a_rated_game_moves_both_ratings_once_and_the_board_shows_them(
    client: TestClient,
) -> None:
    t, tokens, ids = table(client, rated=True)
    end = finish(client, t, tokens)
    board = client.get("/api/leaderboard/pyramids").json()
    rows = {r["entrant"]: r for r in board["rows"]}
    assert set(rows) == set(ids) and all(r["played"] == 1 for r in rows.values())
    winner = ids[end["winners"][0]]
    loser = ids[1 - end["winners"][0]] if len(end["winners"]) == 1 else None
    if loser is not None:
        assert rows[winner]["mu"] > 25 > rows[loser]["mu"] and rows[winner]["won"] == 1
    assert board["rows"][0]["rating"] >= board["rows"][-1]["rating"]
    profile = client.get(f"/api/players/{ids[0]}/profile").json()
    assert profile["name"] == "ann" and profile["finished"] == {"pyramids": 1}
    assert profile["ratings"][0]["game"] == "pyramids"
    assert profile["recent"][0]["replay"] == f"/replay#table={t['table']}"


def test_an_unrated_game_leaves_every_rating_as_it_was(client: TestClient) -> None:
    t, tokens, ids = table(client, rated=False)
    finish(client, t, tokens)
    assert client.get("/api/leaderboard/pyramids").json()["rows"] == []
    assert client.get(f"/api/players/{ids[0]}/profile").json()["ratings"] == []


def test_a_rated_table_must_be_public_and_bots_are_rated_by_level(client: TestClient) -> None:
    r = client.post(
        "/api/tables",
        json={"game": "luxor", "seats": [{"kind": "human"}] * 2, "rated": True},
    )
    assert r.status_code == 400 and "public" in r.json()["error"]
    ann, ann_id = player(client, "ann")
    seats = [{"kind": "human", "me": True}, {"kind": "bot", "level": "greedy"}]
    rows = rated_game_beside_a_bot(client, ann, "pyramids", seats)
    assert {r["entrant"] for r in rows} == {ann_id, "bot:greedy"}
    assert [r["bot"] for r in rows if r["entrant"] == "bot:greedy"] == [True]


def test_a_player_is_rated_under_their_own_name_not_the_seats(client: TestClient) -> None:
    mallory, mallory_id = player(client, "mallory")
    player(client, "Alice")
    seats = [{"kind": "human", "me": True, "name": "Alice"}, {"kind": "bot", "level": "random"}]
    rows = rated_game_beside_a_bot(client, mallory, "luxor", seats)
    assert {r["entrant"]: r["name"] for r in rows}[mallory_id] == "mallory"


def rated_game_beside_a_bot(
    client: TestClient, key: dict[str, str], game: str, seats: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """A rated public table made with ``key``, its first seat played to the end beside
    its bot; the game's leaderboard rows after it."""
    spec = {"game": game, "seats": seats, "public": True, "rated": True}
    t = client.post("/api/tables", json=spec, headers=key).json()
    play_beside_bots(client, t)
    return client.get(f"/api/leaderboard/{game}").json()["rows"]  # type: ignore[no-any-return]


def test_two_bots_of_one_level_are_rated_once_with_both_their_results(
    client: TestClient,
) -> None:
    """Two random bots at one rated table are one entrant: one game played and the win
    shares of both seats (the last seat's result overwrote the other's, and a level new to
    the board was inserted twice)."""
    ann, ann_id = player(client, "ann")
    bot = {"kind": "bot", "level": "random"}
    seats = [{"kind": "human", "me": True}, {**bot, "name": "r1"}, {**bot, "name": "r2"}]
    spec = {"game": "luxor", "seats": seats, "public": True, "rated": True}
    t = client.post("/api/tables", json=spec, headers=ann).json()
    play_beside_bots(client, t)
    end = look(client, t, None)
    rows = {r["entrant"]: r for r in client.get("/api/leaderboard/luxor").json()["rows"]}
    assert set(rows) == {ann_id, "bot:random"}
    bots_won = sum(1 / len(end["winners"]) for w in end["winners"] if w != 0)
    assert rows["bot:random"]["played"] == 1 and rows["bot:random"]["won"] == bots_won
    assert rows[ann_id]["won"] == (1 / len(end["winners"]) if 0 in end["winners"] else 0)
