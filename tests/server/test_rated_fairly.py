"""A rated result belongs to the person who sat down: each way the audit found to game
one ends rated as that person's, or played unrated and saying so.

Every client here names its address in X-Forwarded-For (the server is told to read it),
so that two people are two addresses, as they would be."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from scarab.server.app import create_app
from scarab.server.config import Limits
from tests.server.conftest import hub_of, look, server_config, wait_for
from tests.server.test_rematch import _kick

pytestmark = pytest.mark.slow  # whole rated games, each seat's moves counted

GAME = "luxor"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """On SQLite and PostgreSQL: a rated result is settled in the store."""
    limits = Limits(forwarded_header="X-Forwarded-For")
    app = create_app(server_config(db_url, pace=0.0, limits=limits))
    with TestClient(app) as c:
        yield c


def at(address: str, **headers: str) -> dict[str, str]:
    return {"X-Forwarded-For": address, **headers}


def player(client: TestClient, name: str, address: str) -> dict[str, str]:
    """A new player's headers, from ``address``."""
    made = client.post("/api/players", json={"name": name}, headers=at(address)).json()
    return at(address, **{"X-Player-Key": made["key"], "X-Id": made["player"]})


def rated(client: TestClient, maker: dict[str, str], *seats: dict[str, Any], **spec: Any) -> Any:
    body = {"game": GAME, "seats": list(seats), "public": True, "rated": True, **spec}
    r = client.post("/api/tables", json=body, headers=maker)
    assert r.status_code == 201, r.text
    return r.json()


def state(client: TestClient, table: str, who: dict[str, str]) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}", headers=who)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def move(client: TestClient, table: str, who: dict[str, str]) -> None:
    """``who`` plays its first legal action, once it decides."""
    wait_for(lambda: state(client, table, who)["legal"])
    m = state(client, table, who)
    body = {"token": None, "action": m["legal"][0]["action"], "version": m["version"]}
    r = client.post(f"/api/tables/{table}/act", json=body, headers=who)
    assert r.status_code == 200, r.text


def leave(client: TestClient, table: str, who: dict[str, str]) -> None:
    with client.websocket_connect(f"/ws/{table}", headers=at(who["X-Forwarded-For"])) as ws:
        ws.send_json({"type": "hello", "token": None, "player": who["X-Player-Key"]})
        ws.receive_json()
        ws.send_json({"type": "leave"})
        while ws.receive_json()["type"] != "state":
            pass


def rows(client: TestClient) -> dict[str, dict[str, Any]]:
    board = client.get(f"/api/leaderboard/{GAME}").json()["rows"]
    return {r["entrant"]: r for r in board}


def to_the_end(client: TestClient, table: str) -> dict[str, Any]:
    wait_for(lambda: look(client, {"table": table}, None)["over"], 60)
    return look(client, {"table": table}, None)


ME = {"kind": "human", "me": True}
RANDOM = {"kind": "bot", "level": "random"}


def test_leaving_a_rated_table_before_moving_plays_it_unrated(client: TestClient) -> None:
    """The zombie (greedy) beat the random bot for a player who left at once, and the
    player took the rating: now such a table is aborted, as lichess aborts a game left
    before its first move."""
    ann = player(client, "ann", "10.0.0.1")
    t = rated(client, ann, ME, RANDOM)["table"]
    leave(client, t, ann)
    assert state(client, t, ann)["unrated"] == "ui.rated.no_move"  # said at once
    end = to_the_end(client, t)
    assert end["rated"] is True and end["unrated"] == "ui.rated.no_move"
    assert rows(client) == {}  # nobody's rating moved


def test_a_person_who_leaves_after_moving_takes_last_place_whatever_the_zombie_does(
    client: TestClient,
) -> None:
    ann = player(client, "ann", "10.0.0.1")
    t = rated(client, ann, ME, RANDOM, zombie="greedy")["table"]
    move(client, t, ann)
    leave(client, t, ann)
    end = to_the_end(client, t)
    assert end["unrated"] is None
    board = rows(client)
    assert board[ann["X-Id"]]["played"] == 1 and board[ann["X-Id"]]["won"] == 0
    assert board[ann["X-Id"]]["mu"] < 25 < board["bot:random"]["mu"]  # a loss, on the board
    assert board["bot:random"]["won"] == 1


def test_letting_the_timer_play_most_moves_is_a_loss_and_decline_answers_only_a_rematch(
    client: TestClient,
) -> None:
    ann, bob = player(client, "ann", "10.0.0.1"), player(client, "bob", "10.0.0.2")
    seats = ({"kind": "human", "me": True}, {"kind": "open"})
    t = rated(client, ann, *seats, timer=60, zombie="greedy")["table"]
    r = client.post(f"/api/tables/{t}/sit", json={"seat": 1}, headers=bob)
    assert r.status_code == 200, r.text
    table = hub_of(client).tables[t]
    for _ in range(400):  # bob lets his timer run out every time; ann plays
        if table.state.is_over:
            break
        seat = table.state.current_player
        if seat == 0:
            move(client, t, ann)
        else:
            if not table.played(1) and table.moves:  # mid-game, the timer's moves his so far
                r = client.post(f"/api/tables/{t}/decline", json={}, headers=bob)
                assert r.status_code == 400 and r.json()["msg"] == "ui.err.decline_offer"
                move(client, t, bob)  # one move of his own: the table is not aborted
                continue
            table.turn_started -= 61
            client.portal.call(lambda: _kick(hub_of(client), t))  # type: ignore[union-attr]
            wait_for(lambda s=seat: table.state.current_player != s or table.state.is_over)
    end = to_the_end(client, t)
    assert end["unrated"] is None and 1 in table.forfeits() and 0 not in table.forfeits()
    board = rows(client)
    assert board[bob["X-Id"]]["won"] == 0 and board[ann["X-Id"]]["won"] == 1  # bob last


def test_no_seat_of_a_rated_game_changes_hands_after_its_first_move(client: TestClient) -> None:
    """The host filled a guest's unopened seat with the expert after the zombie had
    played for it, and the bot carried the result: once the game is on, no more."""
    ann = player(client, "ann", "10.0.0.1")
    made = rated(client, ann, ME, {"kind": "human", "name": "guest"}, timer=60)
    t, guest_token = made["table"], made["seats"][1]["token"]
    table = hub_of(client).tables[t]
    while table.state.current_player != 1:
        move(client, t, ann)
    table.turn_started -= 61  # the guest never came: the zombie plays for them
    client.portal.call(lambda: _kick(hub_of(client), t))  # type: ignore[union-attr]
    wait_for(lambda: any(m.seat == 1 for m in table.moves))
    while table.state.current_player != 1:
        move(client, t, ann)
    assert state(client, t, ann)["fillable"] == []
    fill = {"seat": 1, "level": "expert"}
    r = client.post(f"/api/tables/{t}/fill", json=fill, headers=ann)
    assert r.status_code == 400 and r.json()["msg"] == "ui.err.seat_taken"
    bob = player(client, "bob", "10.0.0.2")  # nor does a guest's seat become a player's
    with client.websocket_connect(f"/ws/{t}", headers=at("10.0.0.2")) as ws:
        ws.send_json({"type": "hello", "token": guest_token, "player": bob["X-Player-Key"]})
        ws.receive_json()
    assert table.seats[1].player is None and table.seats[1].kind == "human"


def test_two_accounts_of_one_address_or_device_play_each_other_unrated(
    client: TestClient,
) -> None:
    for same in ("address", "device"):
        ann = player(client, "ann", "10.0.0.1")
        bob = player(client, "bob", "10.0.0.1" if same == "address" else "10.0.0.2")
        seats = ({"kind": "human", "me": True}, {"kind": "open"})
        t = rated(client, ann, *seats)["table"]
        assert client.post(f"/api/tables/{t}/sit", json={"seat": 1}, headers=bob).status_code == 200
        for who in (ann, bob):  # each opens the table on their page, one browser's device id
            with client.websocket_connect(f"/ws/{t}", headers=at(who["X-Forwarded-For"])) as ws:
                hello = {"type": "hello", "player": who["X-Player-Key"], "device": "one-phone"}
                ws.send_json(hello)
                assert ws.receive_json()["type"] == "state"
        assert state(client, t, ann)["unrated"] == "ui.rated.one_origin"
        table = hub_of(client).tables[t]
        while not table.state.is_over:
            move(client, t, ann if table.state.current_player == 0 else bob)
        assert rows(client) == {}, same  # neither moved: one person on both sides


def test_two_people_of_two_addresses_and_devices_play_rated(client: TestClient) -> None:
    ann, bob = player(client, "ann", "10.0.0.1"), player(client, "bob", "10.0.0.2")
    t = rated(client, ann, ME, {"kind": "open"})["table"]
    client.post(f"/api/tables/{t}/sit", json={"seat": 1}, headers=bob)
    for who, phone in ((ann, "ann-phone"), (bob, "bob-phone")):
        with client.websocket_connect(f"/ws/{t}", headers=at(who["X-Forwarded-For"])) as ws:
            ws.send_json({"type": "hello", "player": who["X-Player-Key"], "device": phone})
            ws.receive_json()
    table = hub_of(client).tables[t]
    while not table.state.is_over:
        move(client, t, ann if table.state.current_player == 0 else bob)
    assert state(client, t, ann)["unrated"] is None
    assert {ann["X-Id"], bob["X-Id"]} <= set(rows(client))


def test_a_device_id_that_is_not_one_is_refused_at_the_hello(client: TestClient) -> None:
    ann = player(client, "ann", "10.0.0.1")
    t = rated(client, ann, ME, RANDOM)["table"]
    with client.websocket_connect(f"/ws/{t}", headers=at("10.0.0.1")) as ws:
        ws.send_json({"type": "hello", "player": ann["X-Player-Key"], "device": "x" * 500})
        said = ws.receive_json()
        assert said["type"] == "error" and "device" in said["message"]
