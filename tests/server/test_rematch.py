"""Rematch: one request offers the same seats a new game (new seed, seats one place on),
each person's link still opens their seat there, and a person may decline theirs."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.server.conftest import hub_of, look, make_table, play_first, token, wait_for
from tests.server.test_ratings import finish


def finished(client: TestClient) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}]
    t = make_table(client, "pyramids", seats=seats)
    finish(client, t, {0: token(t, 0), 1: token(t, 1)})
    return t


def test_a_rematch_seats_everyone_one_place_on_with_a_new_seed(client: TestClient) -> None:
    t = finished(client)
    r = client.post(
        f"/api/tables/{t['table']}/rematch", json={}, headers={"X-Seat-Token": token(t, 1)}
    )
    assert r.status_code == 200, r.text
    new = r.json()["table"]
    again = client.post(
        f"/api/tables/{t['table']}/rematch", json={}, headers={"X-Seat-Token": token(t, 0)}
    )
    assert again.json()["table"] == new  # one rematch, whoever asks
    assert look(client, t, 0)["rematch"] == new  # the finished table points to it
    look(client, {"table": new}, None)  # loads it into memory
    hub = hub_of(client)
    old_table, new_table = hub.tables[t["table"]], hub.tables[new]
    assert new_table.seed != old_table.seed
    assert [s.name for s in new_table.seats] == ["bob", "ann"]  # one place on
    ann = client.get(f"/api/tables/{new}", headers={"X-Seat-Token": token(t, 0)}).json()
    assert ann["seat"] == 1 and ann["names"][1] == "ann"  # her old link opens her new seat


def test_no_rematch_before_the_end_or_for_a_watcher(client: TestClient) -> None:
    t = make_table(client, "pyramids")
    r = client.post(
        f"/api/tables/{t['table']}/rematch", json={}, headers={"X-Seat-Token": token(t, 0)}
    )
    assert r.status_code == 400 and "once the game is over" in r.json()["error"]
    done = finished(client)
    r = client.post(f"/api/tables/{done['table']}/rematch", json={})
    assert r.status_code == 400 and "only a seat" in r.json()["error"]


def test_a_declined_seat_goes_to_the_zombie_and_the_game_plays_on(client: TestClient) -> None:
    t = finished(client)
    new = client.post(
        f"/api/tables/{t['table']}/rematch", json={}, headers={"X-Seat-Token": token(t, 0)}
    ).json()["table"]
    r = client.post(f"/api/tables/{new}/decline", json={}, headers={"X-Seat-Token": token(t, 1)})
    assert r.status_code == 200, r.text
    seats = hub_of(client).tables[new].seats
    assert (seats[0].kind, seats[0].level, seats[0].token_hash) == ("bot", "greedy", None)
    gone = client.get(f"/api/tables/{new}", headers={"X-Seat-Token": token(t, 1)})
    assert gone.status_code == 400  # bob's link no longer holds a seat there
    wait_for(lambda: hub_of(client).tables[new].moves)  # the bot took up the seat's turn


def test_a_seat_that_has_played_cannot_be_declined_so_no_loss_goes_unrated(
    client: TestClient,
) -> None:
    seats = [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}]
    t = make_table(client, "luxor", seats=seats)
    mover = look(client, t, None)["current"]
    play_first(client, t, 1)
    r = client.post(
        f"/api/tables/{t['table']}/decline", json={}, headers={"X-Seat-Token": token(t, mover)}
    )
    assert r.status_code == 400 and r.json()["msg"] == "ui.err.decline_played"
    assert hub_of(client).tables[t["table"]].seats[mover].kind == "human"  # nothing changed
    other = 1 - mover  # who has not played yet may still give the seat to the zombie
    r = client.post(
        f"/api/tables/{t['table']}/decline", json={}, headers={"X-Seat-Token": token(t, other)}
    )
    assert r.status_code == 200, r.text
