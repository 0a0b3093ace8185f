"""Rematch: one request offers the same seats a new game (new seed, seats one place on),
each person's link still opens their seat there, and a person may decline theirs."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.conftest import hub_of, look, make_table, play_first, token, wait_for
from tests.server.test_ratings import finish

pytestmark = pytest.mark.slow  # whole games played to their end and rematched


def finished(client: TestClient, **spec: Any) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}]
    t = make_table(client, "pyramids", seats=seats, **spec)
    finish(client, t, {0: token(t, 0), 1: token(t, 1)})
    return t


def rematch_of(client: TestClient, t: dict[str, Any]) -> dict[str, Any]:
    """The rematch of finished two-seat table ``t``, shaped as make_table's answer: its
    seats one place on, each opened by its person's old token."""
    new = client.post(
        f"/api/tables/{t['table']}/rematch", json={}, headers={"X-Seat-Token": token(t, 0)}
    ).json()["table"]
    return {"table": new, "seats": [{"token": token(t, 1)}, {"token": token(t, 0)}]}


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


def test_a_finished_tables_summary_names_its_rematch(client: TestClient) -> None:
    """A guest's My tables (summaries of the tables kept in the browser) said "finished"
    while a rematch waited: the finished table's summary names it, as its page does."""
    t = finished(client)

    def summary() -> dict[str, Any]:
        r = client.post("/api/tables/summaries", json={"tables": [t["table"]]})
        (found,) = r.json()["tables"]
        return found  # type: ignore[no-any-return]

    assert summary()["over"] is True and summary()["rematch"] is None
    new = client.post(
        f"/api/tables/{t['table']}/rematch", json={}, headers={"X-Seat-Token": token(t, 1)}
    ).json()["table"]
    assert summary()["rematch"] == new == look(client, t, None)["rematch"]
    r = client.post("/api/tables/summaries", json={"tables": [new]})
    assert r.json()["tables"][0]["rematch"] is None


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
    new = rematch_of(client, finished(client))
    mover = look(client, new, None)["current"]
    play_first(client, new, 1)
    r = client.post(
        f"/api/tables/{new['table']}/decline", json={}, headers={"X-Seat-Token": token(new, mover)}
    )
    assert r.status_code == 400 and r.json()["msg"] == "ui.err.decline_played"
    assert hub_of(client).tables[new["table"]].seats[mover].kind == "human"  # nothing changed
    other = 1 - mover  # who has not played yet may still give the seat to the zombie
    r = client.post(
        f"/api/tables/{new['table']}/decline", json={}, headers={"X-Seat-Token": token(new, other)}
    )
    assert r.status_code == 200, r.text


def test_a_seat_the_zombie_played_on_its_timer_may_still_be_declined(client: TestClient) -> None:
    """Only a person's own moves count as playing: the zombie's for a timer that ran out do
    not, so a rematch seat nobody answered can still be given up."""
    t = rematch_of(client, finished(client, timer=60, zombie="random"))
    look(client, t, None)  # loads it into memory
    table = hub_of(client).tables[t["table"]]
    away = table.state.current_player
    assert away is not None
    table.turn_started -= 61  # as if a minute went by
    client.portal.call(lambda: _kick(hub_of(client), t["table"]))  # type: ignore[union-attr]
    wait_for(lambda: table.moves and table.state.current_player != away)
    assert all(m.note for m in table.moves if m.seat == away)  # the zombie's, noted
    r = client.post(
        f"/api/tables/{t['table']}/decline", json={}, headers={"X-Seat-Token": token(t, away)}
    )
    assert r.status_code == 200, r.text
    assert table.seats[away].kind == "bot"


def test_the_maker_gives_a_seat_whose_person_never_came_to_a_bot(client: TestClient) -> None:
    """A rematch (or any table) waiting on a person who has not come, and has made no move
    of their own, is not stuck: its maker may give that seat to a bot. A person who is here,
    or who has played, keeps their seat."""
    seats = [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}]
    t = make_table(client, "luxor", seats=seats)
    table = hub_of(client).tables[t["table"]]
    host = next(i for i, s in enumerate(table.seats) if s.host)
    other = 1 - host
    while table.state.current_player != other:
        assert look(client, t, host)["fillable"] == []  # the table does not wait on bob
        play_first(client, t, 1)
    assert look(client, t, host)["fillable"] == [other]  # it waits on bob, who has not come
    assert "fillable" not in look(client, t, other)  # only the maker is told
    fill = {"seat": other, "level": "greedy", "name": "greedy bot"}
    with client.websocket_connect(f"/ws/{t['table']}") as ws:  # bob is here now
        ws.send_json({"type": "hello", "token": token(t, other)})
        ws.receive_json()
        assert look(client, t, host)["fillable"] == []
        r = client.post(f"/api/tables/{t['table']}/fill", json=fill, headers=_as(t, host))
        assert r.status_code == 400 and r.json()["msg"] == "ui.err.seat_taken"
    r = client.post(f"/api/tables/{t['table']}/fill", json=fill, headers=_as(t, host))
    assert r.status_code == 200, r.text
    assert (table.seats[other].kind, table.seats[other].token_hash) == ("bot", None)
    gone = client.get(f"/api/tables/{t['table']}", headers={"X-Seat-Token": token(t, other)})
    assert gone.status_code == 400  # bob's link no longer holds a seat there
    played = make_table(client, "luxor", seats=seats)
    guest = next(
        i for i, s in enumerate(hub_of(client).tables[played["table"]].seats) if not s.host
    )
    while not any(m.seat == guest for m in hub_of(client).tables[played["table"]].moves):
        play_first(client, played, 1)  # until the guest has made a move of their own
    assert look(client, played, 1 - guest)["fillable"] == []
    fill["seat"] = guest
    r = client.post(
        f"/api/tables/{played['table']}/fill", json=fill, headers=_as(played, 1 - guest)
    )
    assert r.status_code == 400 and r.json()["msg"] == "ui.err.seat_taken"


def _as(table: dict[str, Any], seat: int) -> dict[str, str]:
    return {"X-Seat-Token": token(table, seat)}


async def _kick(hub: Any, table_id: str) -> None:
    hub.bots.start_next(hub.live[table_id])
