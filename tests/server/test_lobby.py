"""The public lobby: open seats of public tables listed for anyone, taken with one call,
and quick play, which seats a player at a waiting table that fits or makes one."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

import scarab
from scarab.games.luxor.data import CARDS
from tests.server.conftest import hub_of, look, wait_for


def player(client: TestClient, name: str) -> dict[str, str]:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return {"X-Player-Key": r.json()["key"]}


def public_table(client: TestClient, key: dict[str, str], game: str = "luxor") -> dict[str, Any]:
    seats = [{"kind": "human", "me": True}, {"kind": "open"}, {"kind": "bot", "level": "greedy"}]
    r = client.post("/api/tables", json={"game": game, "seats": seats, "public": True}, headers=key)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def public_with(client: TestClient, key: dict[str, str], seats: list[Any]) -> dict[str, Any]:
    """A public Luxor table with these seats, made by the player whose key is ``key``."""
    r = client.post(
        "/api/tables", json={"game": "luxor", "seats": seats, "public": True}, headers=key
    )
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def lobby(client: TestClient, query: str = "", key: dict[str, str] | None = None) -> dict[str, Any]:
    r = client.get(f"/api/lobby{query}", headers=key)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_public_tables_with_open_seats_are_listed_and_private_ones_are_not(
    client: TestClient,
) -> None:
    ann = player(client, "ann")
    t = public_table(client, ann)
    private = [{"kind": "human", "name": "x"}, {"kind": "human", "name": "y"}]
    client.post("/api/tables", json={"game": "luxor", "seats": private})
    listed = lobby(client)["tables"]
    assert [e["table"] for e in listed] == [t["table"]]
    e = listed[0]
    assert set(e) == {
        "table",
        "game",
        "title",
        "players",
        "seats",
        "open",
        "timer",
        "rated",
        "options",
        "created",
        "watch",
        "yours",
    }  # the header only: nothing of any seat's view, no count of moves
    assert e["yours"] is None  # asked without a key
    assert e["open"] == 1 and [s["kind"] for s in e["seats"]] == ["human", "open", "bot"]
    assert e["rated"] is False  # a taker sees whether the result moves ratings
    assert lobby(client, "?game=pyramids")["tables"] == []


def test_an_open_seat_is_taken_with_one_call_and_the_table_then_leaves_the_lobby(
    client: TestClient,
) -> None:
    ann, bob = player(client, "ann"), player(client, "bob")
    t = public_table(client, ann)
    r = client.post(f"/api/tables/{t['table']}/sit", json={"seat": 1}, headers=bob)
    assert r.status_code == 200, r.text
    took = r.json()
    assert took["seat"] == 1 and took["link"].endswith(took["token"])
    mine = look(client, {"table": t["table"], "seats": [None, took]}, 1)
    assert mine["seat"] == 1 and mine["names"][1] == "bob"
    assert hub_of(client).tables[t["table"]].state.names[1] == "bob"  # the game knows bob
    assert lobby(client)["tables"] == []  # no open seat left
    listed = client.get("/api/players/me", headers=bob).json()["tables"]
    assert [e["table"] for e in listed] == [t["table"]]


def test_the_lobby_says_which_seat_the_asking_player_holds(client: TestClient) -> None:
    """A table the asker sits at names their seat (the page opens it, rather than offer
    to take another); a guest, or a key not known here, gets the list all the same."""
    ann, bob = player(client, "ann"), player(client, "bob")
    seats = [{"kind": "open"}, {"kind": "human", "me": True}, {"kind": "open"}]
    t = public_with(client, ann, seats)
    assert [e["yours"] for e in lobby(client, key=ann)["tables"]] == [1]
    assert [e["yours"] for e in lobby(client, key=bob)["tables"]] == [None]
    client.post(f"/api/tables/{t['table']}/sit", json={"seat": 2}, headers=bob)
    assert [e["yours"] for e in lobby(client, key=bob)["tables"]] == [2]
    for stranger in ({"X-Player-Key": "no-such-key"}, {"X-Player-Key": "x" * 500}):
        assert [e["yours"] for e in lobby(client, key=stranger)["tables"]] == [None]


@pytest.mark.parametrize(
    ("seat", "who", "says"),
    [
        (0, "cy", "seat 0 is not open; the open seats are [1]"),
        (2, "cy", "is not open"),
        (9, "cy", "is not open"),
        ("1", "cy", "its number"),
        (1, "ann", "you sit at this table already"),
    ],
)
def test_a_seat_that_cannot_be_taken_is_refused_with_the_reason(
    client: TestClient, seat: Any, who: str, says: str
) -> None:
    ann = player(client, "ann")
    t = public_table(client, ann)
    key = ann if who == "ann" else player(client, who)
    r = client.post(f"/api/tables/{t['table']}/sit", json={"seat": seat}, headers=key)
    assert r.status_code == 400 and says in r.json()["error"], r.text
    assert lobby(client)["tables"][0]["open"] == 1  # nothing changed


def test_quick_play_joins_a_waiting_table_that_fits_or_makes_one(client: TestClient) -> None:
    ann, bob, cy = player(client, "ann"), player(client, "bob"), player(client, "cy")
    made = client.post("/api/quickplay", json={"game": "luxor", "players": 2}, headers=ann).json()
    assert made["seat"] == 0
    listed = lobby(client)["tables"]
    assert [e["table"] for e in listed] == [made["table"]] and listed[0]["players"] == 2
    again = client.post("/api/quickplay", json={"game": "luxor", "players": 2}, headers=ann).json()
    assert again["table"] != made["table"]  # ann does not join her own table
    joined = client.post("/api/quickplay", json={"game": "luxor", "players": 2}, headers=bob).json()
    assert joined["table"] == made["table"] and joined["seat"] == 1  # the longest waiting
    three = client.post("/api/quickplay", json={"game": "luxor", "players": 3}, headers=cy).json()
    assert three["table"] not in (made["table"], again["table"])
    bad = client.post("/api/quickplay", json={"game": "luxor", "players": 9}, headers=cy)
    assert bad.status_code == 400 and "2 to 4 players" in bad.json()["error"]


def test_the_lobby_is_paged_and_bounded(client: TestClient) -> None:
    ann = player(client, "ann")
    for _ in range(22):
        public_table(client, ann)
    first = lobby(client)
    assert len(first["tables"]) == 20 and first["more"] is True
    second = lobby(client, "?page=1")
    assert len(second["tables"]) == 2 and second["more"] is False
    assert not {e["table"] for e in first["tables"]} & {e["table"] for e in second["tables"]}
    for page in ("-1", "x", "50"):
        r = client.get(f"/api/lobby?page={page}")
        assert r.status_code == 400 and "page is a number" in r.json()["error"]


def test_open_seats_belong_to_public_tables_and_no_zombie_plays_them(client: TestClient) -> None:
    seats = [{"kind": "open"}, {"kind": "human", "name": "x"}]
    r = client.post("/api/tables", json={"game": "luxor", "seats": seats})
    assert r.status_code == 400 and "public" in r.json()["error"]
    both = [{"kind": "open"}, {"kind": "open"}]  # whoever decides first is an open seat
    r = client.post(
        "/api/tables", json={"game": "luxor", "seats": both, "public": True, "timer": 60}
    )
    head = hub_of(client).tables[r.json()["table"]].header()
    assert head.current is not None and head.due is None  # no timer runs for an empty seat


def test_the_maker_fills_an_open_seat_with_a_bot_and_only_the_maker(client: TestClient) -> None:
    ann, bob = player(client, "ann"), player(client, "bob")
    seats = [{"kind": "human", "me": True}, {"kind": "open"}, {"kind": "open"}]
    made = public_with(client, ann, seats)
    url = f"/api/tables/{made['table']}"
    assert client.post(f"{url}/sit", json={"seat": 1}, headers=bob).status_code == 200
    refused = client.post(f"{url}/fill", json={"seat": 2, "level": "greedy"}, headers=bob)
    assert refused.status_code == 400 and "only the person who made" in refused.json()["error"]
    r = client.post(f"{url}/fill", json={"seat": 2, "level": "casual"}, headers=ann)
    assert r.status_code == 200, r.text
    table = hub_of(client).tables[made["table"]]
    assert (table.seats[2].kind, table.seats[2].level) == ("bot", "casual")
    assert table.state.names[2] == table.seats[2].name == "casual bot 1"
    for seat, level, says in ((2, "greedy", "neither open"), (0, "greedy", "neither open")):
        bad = client.post(f"{url}/fill", json={"seat": seat, "level": level}, headers=ann)
        assert bad.status_code == 400 and says in bad.json()["error"]
        assert bad.json()["msg"] == "ui.err.seat_taken"  # the page words it
    other = public_table(client, ann)
    r = client.post(
        f"/api/tables/{other['table']}/fill", json={"seat": 1, "level": "god"}, headers=ann
    )
    assert r.status_code == 400 and "no bot level" in r.json()["error"]


def test_a_filled_seat_takes_the_name_the_page_gives_it_numbered_on_if_taken(
    client: TestClient,
) -> None:
    ann = player(client, "ann")
    seats = [{"kind": "human", "me": True}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}]
    made = public_with(client, ann, seats)
    url = f"/api/tables/{made['table']}"
    for bad, says in ((7, "a text"), ("", "name"), ("x" * 41, "name")):
        r = client.post(
            f"{url}/fill", json={"seat": 1, "level": "greedy", "name": bad}, headers=ann
        )
        assert r.status_code == 400 and says in r.json()["error"], r.text
    assert hub_of(client).tables[made["table"]].seats[1].kind == "open"  # nothing changed
    for seat in (1, 2):
        fill = {"seat": seat, "level": "greedy", "name": "bot ganancioso"}
        assert client.post(f"{url}/fill", json=fill, headers=ann).status_code == 200
    names = hub_of(client).tables[made["table"]].state.names
    assert names[1:3] == ("bot ganancioso", "bot ganancioso 2")


def test_the_maker_starts_with_the_players_seated_and_everyone_moves_up(
    client: TestClient,
) -> None:
    ann, bob = player(client, "ann"), player(client, "bob")
    seats = [{"kind": "open"}, {"kind": "human", "me": True}, {"kind": "open"}, {"kind": "open"}]
    made = public_with(client, ann, seats)
    url = f"/api/tables/{made['table']}"
    bob_seat = client.post(f"{url}/sit", json={"seat": 2}, headers=bob).json()
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "hello", "token": bob_seat["token"]})
        assert ws.receive_json()["seat"] == 2
        refused = client.post(f"{url}/start", json={}, headers=bob)
        assert refused.status_code == 400 and refused.json()["msg"] == "ui.err.host_only"
        r = client.post(f"{url}/start", json={}, headers=ann)
        assert r.status_code == 200, r.text
        assert r.json()["names"] == ["ann", "bob"] and r.json()["started"] is False
        seen = ws.receive_json()
        while seen.get("type") != "state" or seen["seat"] != 1:
            seen = ws.receive_json()
        assert seen["names"][seen["seat"]] == "bob"  # bob's socket followed his seat
    table = hub_of(client).tables[made["table"]]
    assert [s.kind for s in table.seats] == ["human", "human"]
    assert list(table.state.names) == ["ann", "bob"]
    assert lobby(client)["tables"] == []
    for key, seat in ((ann, 0), (bob, 1)):  # "my tables" and the links know the new seats
        held = client.get("/api/players/me", headers=key).json()["tables"]
        assert [(e["table"], e["seat"]) for e in held] == [(made["table"], seat)]
    mine = client.get(url, headers={"X-Seat-Token": bob_seat["token"]}).json()
    assert mine["seat"] == 1
    again = client.post(f"{url}/start", json={}, headers=ann)
    assert again.status_code == 400 and again.json()["msg"] == "ui.err.none_open"


def test_starting_early_deals_afresh_so_a_hand_seen_before_is_not_the_draw_pile(
    client: TestClient,
) -> None:
    ann, bob = player(client, "ann"), player(client, "bob")
    seats = [{"kind": "human", "me": True}, {"kind": "open"}, {"kind": "open"}]
    made = public_with(client, ann, seats)
    url = f"/api/tables/{made['table']}"
    bob_seat = client.post(f"{url}/sit", json={"seat": 2}, headers=bob).json()
    hub = hub_of(client)
    before = hub.tables[made["table"]].seed
    seen = client.get(url, headers={"X-Seat-Token": bob_seat["token"]}).json()["view"]["seats"][2][
        "hand"
    ]
    assert client.post(f"{url}/start", json={}, headers=ann).status_code == 200
    table = hub.tables[made["table"]]
    assert table.seed != before  # the same seed would put bob's old hand on the draw pile
    fresh = scarab.load("luxor").new_game(["ann", "bob"], seed=table.seed)
    assert table.state.record() == fresh.record()
    stored = hub.store.load(made["table"])
    assert stored is not None and stored.seed == table.seed  # a restart deals the same
    old_deal = scarab.load("luxor").new_game(["ann", "bob"], seed=before)
    top = [CARDS[c].code for c in reversed(old_deal.draw[-len(seen) :])]
    assert top == seen  # as the old seed would have dealt: bob knew the next five draws


def test_starting_early_needs_two_players_and_no_move_yet(client: TestClient) -> None:
    ann = player(client, "ann")
    alone = [{"kind": "human", "me": True}, {"kind": "open"}, {"kind": "open"}]
    made = client.post(
        "/api/tables", json={"game": "horus", "seats": alone, "public": True}, headers=ann
    ).json()
    r = client.post(f"/api/tables/{made['table']}/start", json={}, headers=ann)
    assert r.status_code == 400 and r.json()["msg"] == "ui.err.too_few"
    assert "at least 2 players" in r.json()["error"] and r.json()["args"] == {"n": 2}
    t = public_table(client, ann)  # ann decides first: once she has moved, it has begun
    state = client.get(f"/api/tables/{t['table']}", headers=ann).json()
    move = {"action": state["legal"][0]["action"], "version": state["version"]}
    assert client.post(f"/api/tables/{t['table']}/act", json=move, headers=ann).status_code == 200
    r = client.post(f"/api/tables/{t['table']}/start", json={}, headers=ann)
    assert r.status_code == 400 and r.json()["msg"] == "ui.err.begun"
    assert len(hub_of(client).tables[t["table"]].seats) == 3


def test_quick_play_seats_two_or_more_people_and_refuses_one(client: TestClient) -> None:
    ann, bob = player(client, "ann"), player(client, "bob")
    r = client.post("/api/quickplay", json={"game": "pyramids"}, headers=ann)
    assert r.status_code == 200, r.text
    made = r.json()
    assert len(lobby(client, "?game=pyramids")["tables"][0]["seats"]) == 2  # two, not solo
    joined = client.post("/api/quickplay", json={"game": "pyramids"}, headers=bob).json()
    assert joined["table"] == made["table"] and joined["seat"] == 1
    alone = client.post("/api/quickplay", json={"game": "pyramids", "players": 1}, headers=ann)
    assert alone.status_code == 400 and alone.json()["msg"] == "ui.err.quick_players", alone.text
    said = alone.json()["error"]
    assert "quick play pairs you with other people" in said and "2 to 4 players, not 1" in said
    assert "to play alone, make a table with one seat" in said
    assert alone.json()["args"] == {"min": 2, "max": 4}


def test_quick_play_names_its_open_seats_in_the_makers_language(client: TestClient) -> None:
    """As the page names a new table's unnamed seats: a Portuguese reader's quick play
    waits beside "lugar vago 2", not the English "open seat 2"."""
    ann, bob = player(client, "ann"), player(client, "bob")
    pt = {"game": "horus", "players": 3, "lang": "pt"}
    made = client.post("/api/quickplay", json=pt, headers=ann).json()
    names = [s["name"] for s in lobby(client, "?game=horus")["tables"][0]["seats"]]
    assert names == ["ann", "lugar vago 2", "lugar vago 3"]
    english = client.post("/api/quickplay", json={"game": "luxor"}, headers=bob).json()
    assert [s["name"] for s in lobby(client, "?game=luxor")["tables"][0]["seats"]][1:] == [
        "open seat 2"
    ]
    assert made["table"] != english["table"]
    odd = client.post("/api/quickplay", json={"game": "luxor", "lang": "fr"}, headers=ann)
    assert odd.status_code == 400 and "en, pt, es" in odd.json()["error"]


def test_quick_plays_racing_for_one_seat_go_on_to_another_table(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each quick play reads the lobby before any of them sits: the ones that lose the race
    for the waiting table's seat make tables of their own (they were refused: "seat 1 is
    not open; the open seats are none", about a seat they never chose)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    hub = hub_of(client)
    first = player(client, "ann")
    waiting = client.post("/api/quickplay", json={"game": "horus"}, headers=first).json()
    racers = [player(client, name) for name in ("bob", "cy", "dan", "eve", "fay")]
    read: list[int] = []
    storage = hub.storage

    async def together(fn: Any, *args: Any) -> Any:
        got = await storage(fn, *args)
        if fn == hub.store.lobby:
            read.append(1)
            for _ in range(500):  # until every racer has read the lobby
                if len(read) == len(racers):
                    break
                await asyncio.sleep(0.01)
        return got

    monkeypatch.setattr(hub, "storage", together)
    with ThreadPoolExecutor(len(racers)) as pool:
        answers = list(
            pool.map(
                lambda key: client.post("/api/quickplay", json={"game": "horus"}, headers=key),
                racers,
            )
        )
    assert all(r.status_code == 200 for r in answers), [r.text for r in answers]
    tables = [r.json()["table"] for r in answers]
    assert tables.count(waiting["table"]) == 1  # one took the waiting table's seat
    assert len(set(tables)) == len(racers)  # each of the others made one


def test_public_games_with_every_seat_taken_are_listed_to_watch(client: TestClient) -> None:
    """A watcher finds games being played: public tables still going with no open seat,
    each with its watch link; not a private table, an open one or a finished one."""
    ann = player(client, "ann")
    waiting = public_table(client, ann)
    bots = [{"kind": "human", "me": True}, {"kind": "bot", "level": "random"}]
    playing = public_with(client, ann, bots)
    client.post("/api/tables", json={"game": "luxor", "seats": bots[1:] * 2})  # private
    listed = lobby(client, "/playing")["tables"]
    assert [e["table"] for e in listed] == [playing["table"]]
    assert listed[0]["watch"] == f"/t/{playing['table']}#watch" and listed[0]["open"] == 0
    assert [e["table"] for e in lobby(client)["tables"]] == [waiting["table"]]
    assert lobby(client, "/playing?game=pyramids")["tables"] == []
    done = public_with(client, ann, bots[1:] * 2)  # bots alone: played out at once
    wait_for(lambda: hub_of(client).tables[done["table"]].state.is_over)
    assert [e["table"] for e in lobby(client, "/playing")["tables"]] == [playing["table"]]
    assert client.get("/api/lobby/playing?page=99").status_code == 400
