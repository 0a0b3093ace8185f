"""The web table's JSON API: creating, seeing, acting, racing, undo, zombies, records."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

import scarab
from scarab import i18n
from scarab.server.hub import Hub
from scarab.server.table import Stale, Table
from tests.server.conftest import act, hub_of, look, make_table, play_first, token, wait_for

JSON = {"Content-Type": "application/json"}  # bodies are read only when declared JSON


def table_of(client: TestClient, table: dict[str, Any]) -> Table:
    return hub_of(client).tables[table["table"]]


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ({"game": "chess", "seats": []}, "no game 'chess'"),
        ({"game": "luxor"}, "lacks the field 'seats'"),
        ({"game": "luxor", "seats": [{"kind": "human"}]}, "seats 2 to 4 players, not 1"),
        ({"game": "luxor", "seats": "ann,bob"}, "'seats' must be a list"),
        ({"game": "luxor", "seats": [{"kind": "human"}, {"kind": "alien"}]}, "not 'alien'"),
        ({"game": "luxor", "seats": [{"kind": "human"}, 3]}, "seat 2 must be an object"),
        (
            {"game": "luxor", "seats": [{"kind": "human"}, {"kind": "bot", "level": "god"}]},
            "no bot level 'god'",
        ),
        (
            {"game": "luxor", "seats": [{"kind": "human", "name": "a,b"}, {"kind": "human"}]},
            "seat 1:",
        ),
        (
            {"game": "luxor", "seats": [{"kind": "human", "name": "x"}] * 2},
            "the same name",
        ),
        ({"game": "luxor", "seats": [{"kind": "human"}] * 2, "timer": 3}, "a turn timer is"),
        (
            {"game": "luxor", "seats": [{"kind": "human"}] * 2, "timer": True},
            "'timer' must be a whole number, not True",
        ),
        ({"game": "luxor", "seats": [{"kind": "human"}, {}]}, "seat 2: the message lacks the"),
        (
            {"game": "luxor", "seats": [{"kind": "human"}, {"kind": "human", "name": 5}]},
            "seat 2: field 'name' must be text",
        ),
        (
            {
                "game": "luxor",
                "seats": [{"kind": "human", "name": n} for n in ("jos\u00e9", "jose\u0301")],
            },
            "the same name",  # the same letters, composed or not
        ),
        (
            {"game": "pyramids", "seats": [{"kind": "human"}], "options": {"solo": "yes"}},
            "option solo takes a bool",
        ),
        ({"game": "luxor", "seats": [{"kind": "human"}] * 2, "zombie": "x"}, "no bot level"),
    ],
)
def test_a_bad_table_spec_is_refused_with_its_reason(
    client: TestClient, spec: dict[str, Any], says: str
) -> None:
    r = client.post("/api/tables", json=spec)
    assert r.status_code == 400
    assert says in r.json()["error"]
    assert hub_of(client).tables == {}


def test_a_refusal_says_what_is_missing_or_of_the_wrong_kind(client: TestClient) -> None:
    said = {
        "/api/players/me": client.get("/api/players/me"),  # no key at all
        "deep": client.post("/api/tables", content=b"[" * 2_000 + b"]" * 2_000, headers=JSON),
        "digits": client.post(
            "/api/tables", content=b'{"timer": ' + b"9" * 5_000 + b"}", headers=JSON
        ),
    }
    assert "send your X-Player-Key" in said["/api/players/me"].json()["error"]
    key = client.post("/api/players", json={"name": "eva"}).json()["key"]
    quick = client.post("/api/quickplay", json={}, headers={"X-Player-Key": key})
    assert quick.json()["error"] == "name the game to play: one of horus, luxor, pyramids"
    assert said["deep"].json()["error"].startswith("the message nests its JSON too deeply")
    assert said["digits"].json()["error"] == "the message holds a number too long to read"
    t = make_table(client, seats=[{"kind": "human", "name": "ann"}, {"kind": "open"}], public=True)
    fill = client.post(
        f"/api/tables/{t['table']}/fill",
        json={"seat": 1, "level": 3},
        headers={"X-Seat-Token": token(t, 0)},
    )
    assert fill.status_code == 400 and fill.json()["error"].startswith("level names a bot: one of")
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": None})
        assert ws.receive_json()["type"] == "state"
        ws.send_json({})
        assert ws.receive_json()["message"].startswith("a message needs a type; send one of")


def test_bodies_that_are_not_small_json_objects_are_refused(client: TestClient) -> None:
    for content in (b"garbage", b"[1, 2]", b'"text"', b"\xff\xfe", b"{" * 10_000, b" " * 40_000):
        r = client.post("/api/tables", content=content, headers=JSON)
        assert r.status_code == 400, content[:10]
        assert "error" in r.json() and "Traceback" not in r.text
    assert hub_of(client).tables == {}


def test_each_seat_is_sent_its_own_view_and_only_the_decider_its_actions(
    client: TestClient,
) -> None:
    t = make_table(client, "luxor", seats=[{"kind": "human", "name": n} for n in "abc"])
    state = table_of(client, t).state
    decider = state.current_player
    for seat in (0, 1, 2, None):
        m = look(client, t, seat)
        assert m["view"] == state.view(seat)
        assert m["seat"] == seat and m["names"] == ["a", "b", "c"]
        if seat == decider:
            assert [e["action"] for e in m["legal"]] == [str(a) for a in state.legal_actions()]
            assert all(e["text"] for e in m["legal"])  # each action has a few words
            view = state.view(seat)
            assert [e["fields"] for e in m["legal"]] == [
                scarab.load("luxor").fields(view, a) for a in state.legal_actions()
            ]
            assert isinstance(m["version"], str)
        else:
            assert m["legal"] == [] and m["version"] is None


@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_each_game_serves_its_static_board_cacheable(client: TestClient, game: str) -> None:
    r = client.get(f"/api/games/{game}/board")
    assert r.status_code == 200
    assert r.json() == scarab.load(game).board()
    assert "max-age" in r.headers["cache-control"]
    again = client.get(f"/api/games/{game}/board", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304 and again.content == b""


def test_the_log_says_each_events_kind_and_round_in_the_order_they_happened(
    client: TestClient,
) -> None:
    t = make_table(client, "luxor")
    play_first(client, t, 12)
    log = look(client, t, 0)["log"]
    assert log and all(isinstance(line["kind"], str) for line in log)
    rounds = [line["round"] for line in log]
    assert rounds == sorted(rounds) and rounds[0] == 1 and rounds[-1] > 1, rounds


@pytest.mark.parametrize("game", ["pyramids", "horus"])
def test_a_new_rounds_lines_come_under_its_heading_not_the_round_before(game: str) -> None:
    """The moves that close a round also play what follows by itself (the new round, its
    dice): a tester saw Horus's action dice above the heading of their round."""
    import random
    from collections import deque

    from scarab.server.stored import StoredMove
    from scarab.server.table_log import log_events

    g = scarab.load(game)
    state, rng = g.new_game(2, seed=3), random.Random(3)
    lines: deque[dict[str, Any]] = deque()
    while not state.is_over:
        act = rng.choice(state.legal_actions())
        seat, in_round = state.current_player, state.round
        log_events(
            {None: lines}, state.apply(act), in_round, g, StoredMove(seat, str(act), None, 0)
        )
    starts = [line for line in lines if line["kind"] == "round"]
    assert len(starts) > 2 and all(line["round"] == line["args"]["round"] for line in starts)
    rounds = [line["round"] for line in lines]
    assert rounds == sorted(rounds)


def test_the_page_names_its_icon_and_the_icon_is_served(client: TestClient) -> None:
    assert 'rel="icon" href="/static/favicon.svg"' in client.get("/").text
    for path in ("/static/favicon.svg", "/favicon.ico"):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
        assert r.text.lstrip().startswith("<svg")


def test_an_unknown_games_board_is_a_clear_404(client: TestClient) -> None:
    r = client.get("/api/games/chess/board")
    assert r.status_code == 404 and r.json()["code"] == "not_found"
    assert "no game 'chess'" in r.json()["error"] and "luxor" in r.json()["error"]


def test_a_token_acts_only_for_its_seat_at_its_table(client: TestClient) -> None:
    t, other = make_table(client), make_table(client)
    decider = look(client, t, None)["current"]
    state = look(client, t, decider)
    idle = 1 - decider
    r = act(client, t, idle, state["legal"][0]["action"], state["version"])
    assert r.status_code == 400 and "not your decision" in r.json()["error"]
    own = look(client, t, idle)["version"]  # a seat not deciding holds no version
    r = act(client, t, idle, state["legal"][0]["action"], own)
    assert r.status_code == 400 and "not your decision" in r.json()["error"], r.text
    r = client.post(
        f"/api/tables/{t['table']}/act",
        json={"token": token(other, decider), "action": "L S+1", "version": state["version"]},
    )
    assert r.status_code == 400 and "belongs to no seat at this table" in r.json()["error"]
    r = client.get(f"/api/tables/{t['table']}", headers={"X-Seat-Token": token(other, 0)})
    assert r.status_code == 400
    assert look(client, t, decider) == state  # nothing changed


def test_an_illegal_action_is_explained_and_changes_nothing(client: TestClient) -> None:
    t = make_table(client)
    seat = look(client, t, None)["current"]
    before = look(client, t, seat)
    for action, says, msg, code in (
        ("L 39+1", "not legal", "refuse.not_legal", "illegal_action"),
        ("nonsense", "", "refuse.unreadable", "unreadable_action"),
        (5, "notation, a string", "ui.err.notation", "unreadable_action"),
    ):
        r = act(client, t, seat, action, before["version"])  # type: ignore[arg-type]
        assert r.status_code == 400 and says in r.json()["error"]
        assert r.json()["code"] == code  # a program tells unreadable from illegal
        # the reason travels as a message, so a page words it in its reader's language
        assert r.json()["msg"] == msg
        worded = i18n.text("pt", msg, r.json()["args"])
        assert worded != r.json()["error"] and not i18n.HOLE.search(worded)
    assert look(client, t, seat) == before


def test_a_stale_move_is_refused_with_the_current_state(client: TestClient) -> None:
    t = make_table(client, "horus")
    first = play_first(client, t, 1)
    r = act(client, t, first["seat"], first["legal"][0]["action"], "0123456789abcdef")
    assert r.status_code == 409 and r.json()["code"] == "stale"
    assert "moved on" in r.json()["error"]
    assert r.json()["state"]["version"] == first["version"]


def test_two_moves_racing_for_one_seat_resolve_to_exactly_one(client: TestClient) -> None:
    t = make_table(client, "horus")
    seat = look(client, t, None)["current"]
    m = look(client, t, seat)
    table = table_of(client, t)
    hub = hub_of(client)
    moves_before = len(table.moves)

    async def race() -> list[Any]:
        live = hub.live[t["table"]]
        tries = [hub.changes.act(live, seat, e["action"], m["version"]) for e in m["legal"][:2] * 2]
        return await asyncio.gather(*tries, return_exceptions=True)

    results = client.portal.call(race)  # type: ignore[union-attr]
    assert sum(r is None for r in results) == 1
    assert all(isinstance(r, Stale) for r in results if r is not None)
    assert len(table.moves) == moves_before + 1


def test_the_record_waits_for_the_end_then_replays_exactly(client: TestClient) -> None:
    bots = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "greedy"}]
    t = make_table(client, "luxor", seats=bots)
    table = table_of(client, t)
    early = client.get(f"/api/tables/{t['table']}/record")
    if not table.over:
        assert early.status_code == 400 and "seed" in early.json()["error"]
    wait_for(lambda: table.over, 60)
    text = client.get(f"/api/tables/{t['table']}/record").text
    again = scarab.replay(scarab.read_record(text))
    assert again.scores() == table.state.scores() and again.is_over
    final = look(client, t, None)
    assert final["over"] and final["scores"] == table.state.scores()
    assert final["view"]["final"]  # the breakdown by category


def test_the_replay_viewer_steps_through_a_record(client: TestClient) -> None:
    state = scarab.load("pyramids").new_game(["a", "b"], seed=3)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    text = scarab.write_record(state.record())
    frame = client.post("/api/replay", json={"record": text, "ply": 5}).json()
    again = scarab.load("pyramids").new_game(["a", "b"], seed=3)
    for seat, act_ in state.history()[:5]:
        assert again.current_player == seat
        again.apply(act_)
    assert frame["view"] == again.view(None)
    assert frame["ply"] == 5 and len(frame["moves"]) == 12 and frame["result"] == "*"
    for bad, says in (
        ({"record": text, "ply": 13}, "from 0 to 12"),
        ({"record": '[Game "luxor"]', "ply": 0}, "lacks the tag"),
        ({"record": text.replace("p1", "p9", 1)}, "p9"),
        ({"record": 7}, "must be text (a string)"),
    ):
        r = client.post("/api/replay", json=bad)
        assert r.status_code == 400 and says in r.json()["error"], r.text


def test_my_tables_lists_only_tables_that_exist(client: TestClient) -> None:
    t = make_table(client)
    r = client.post("/api/tables/summaries", json={"tables": [t["table"], "nope", 3]})
    (found,) = r.json()["tables"]
    assert found["table"] == t["table"] and found["names"] == ["ann", "bob"]
    assert "seed" not in str(found)
    too_many = client.post("/api/tables/summaries", json={"tables": ["x"] * 101})
    assert too_many.status_code == 400


def horus_move_pending(client: TestClient, t: dict[str, Any]) -> dict[str, Any]:
    """Play on until the decider's legal actions include a plain move."""
    for _ in range(40):
        seat = look(client, t, None)["current"]
        m = look(client, t, seat)
        if any(e["action"].startswith("move ") for e in m["legal"]):
            return m
        r = act(client, t, seat, m["legal"][0]["action"], m["version"])
        assert r.status_code == 200
    raise AssertionError("no move came up")


def test_undo_takes_back_a_move_that_revealed_nothing(client: TestClient) -> None:
    t = make_table(client, "horus")
    m = horus_move_pending(client, t)
    seat = m["seat"]
    move = next(e["action"] for e in m["legal"] if e["action"].startswith("move "))
    after = act(client, t, seat, move, m["version"]).json()
    if after["current"] != seat:
        pytest.skip("that move ended the turn")
    assert after["undo"] is True
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": token(t, seat)})
        assert ws.receive_json()["undo"] is True
        ws.send_json({"type": "undo", "version": after["version"]})
        back = ws.receive_json()
    assert back["view"] == m["view"] and back["log"] == m["log"]
    assert back["undo"] is False


def test_undo_needs_the_others_leave_and_never_crosses_a_hidden_card(client: TestClient) -> None:
    t = make_table(client, "horus")
    m = horus_move_pending(client, t)
    seat = m["seat"]
    move = next(e["action"] for e in m["legal"] if e["action"].startswith("move "))
    with client.websocket_connect(f"/ws/{t['table']}") as other:
        other.send_json({"type": "hello", "token": token(t, 1 - seat)})
        other.receive_json()
        other.send_json({"type": "allow_undo", "allow": False})
        other.receive_json()
    after = act(client, t, seat, move, m["version"]).json()
    assert after["undo"] is False
    # Luxor: playing a card draws a hidden one, so the move can never be taken back.
    lux = make_table(client, "luxor")
    played = play_first(client, lux, 1)
    table = table_of(client, lux)
    assert table.moves and table.undoable == [False]
    assert played["undo"] is False


def test_a_zombie_plays_when_the_turn_timer_runs_out_and_the_record_says_so(
    client: TestClient,
) -> None:
    t = make_table(client, "luxor", timer=60, zombie="random")
    table = table_of(client, t)
    m = look(client, t, table.state.current_player)
    assert m["timer"]["seconds"] == 60 and m["timer"]["deadline"] > time.time()
    table.turn_started -= 61  # as if a minute went by
    client.portal.call(lambda: _kick(hub_of(client), t["table"]))  # type: ignore[union-attr]
    wait_for(lambda: len(table.moves) >= 1)  # the zombie plays out the rest of that turn
    assert table.moves[0].note and "turn timer ran out" in table.moves[0].note
    seat = table.moves[0].seat
    said = {
        "msg": "ui.log.by_zombie_timer",
        "args": {"who": f"#{seat}", "level": "@ui.level.random"},
    }
    assert zombie_notes(client, t, seat) == [said] * 3


def zombie_notes(client: TestClient, t: dict[str, Any], seat: int) -> list[Any]:
    """The note on the zombie's first move for ``seat`` in each viewer's log (the mover's,
    the other's, a watcher's): on the first line of the mover's each sees, and on no
    other; the same once the table is rebuilt from its stored moves."""
    table = table_of(client, t)
    out = []
    for viewer in (seat, 1 - seat, None):
        log = look(client, t, viewer)["log"]
        noted = [line for line in log if "note" in line]
        first = next(line for line in log if line["seat"] == seat)
        assert noted and noted[0] is not None and noted[0] == first, log
        out.append(noted[0]["note"])
    rebuilt = table._rebuild(table.moves, mark=False)
    assert {v: list(lines) for v, lines in rebuilt.logs.items()} == {
        v: list(lines) for v, lines in table.logs.items()
    }
    return out


async def _kick(hub: Hub, table_id: str) -> None:
    hub.bots.start_next(hub.live[table_id])


def test_a_seat_that_leaves_for_good_is_played_by_the_zombie(client: TestClient) -> None:
    t = make_table(client, "luxor", zombie="greedy")
    table = table_of(client, t)
    seat = table.state.current_player
    assert seat is not None
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": token(t, seat)})
        first = ws.receive_json()
        ws.send_json({"type": "leave"})
        wait_for(lambda: len(table.moves) >= 1)
    assert table.seats[seat].left and table.moves[0].note
    assert "left" in table.moves[0].note
    said = {
        "msg": "ui.log.by_zombie_left",
        "args": {"who": f"#{seat}", "level": "@ui.level.greedy"},
    }
    assert zombie_notes(client, t, seat) == [said] * 3
    r = act(client, t, seat, first["legal"][0]["action"], first["version"])
    assert r.status_code in (400, 409)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": token(t, seat)})
        ws.receive_json()
        ws.send_json({"type": "leave"})  # a second time: told so, not left waiting
        assert "left this table already" in ws.receive_json()["message"]


def test_a_finished_tables_record_downloads_when_a_seat_with_braces_in_its_name_left(
    client: TestClient,
) -> None:
    """The zombie's note names the seat that left, and a note is a {...} comment: a name
    with braces once made the download a 500."""
    seats = [{"kind": "human", "name": "a}b"}, {"kind": "human", "name": "{bob\\"}]
    t = make_table(client, "luxor", zombie="random", seats=seats)
    table = table_of(client, t)
    for seat in (0, 1):
        with client.websocket_connect(f"/ws/{t['table']}") as ws:
            ws.send_json({"type": "hello", "token": token(t, seat)})
            ws.receive_json()
            ws.send_json({"type": "leave"})
            wait_for(lambda seat=seat: table.seats[seat].left)
    wait_for(lambda: table.state.is_over)
    r = client.get(f"/api/tables/{t['table']}/record")
    assert r.status_code == 200, r.text
    notes = set(scarab.read_record(r.text).notes.values())
    assert notes == {f"played by the zombie (random): {s['name']} left" for s in seats}


@pytest.mark.parametrize(
    ("method", "path", "allow", "says"),
    [
        ("GET", "/api/tables", "POST", "use POST for /api/tables"),
        ("GET", "/api/players", "POST", "use POST for /api/players"),
        ("GET", "/api/quickplay", "POST", "use POST for /api/quickplay"),
        ("GET", "/api/tables/abc/act", "POST", "use POST for /api/tables/abc/act"),
        ("POST", "/api/games", "GET, HEAD", "use GET for /api/games"),
    ],
)
def test_a_method_the_path_does_not_take_is_405_naming_the_ones_it_does(
    client: TestClient, method: str, path: str, allow: str, says: str
) -> None:
    r = client.request(method, path, json={})
    assert r.status_code == 405 and r.json()["code"] == "method_not_allowed", r.text
    assert r.headers["Allow"] == allow
    assert says in r.json()["error"] and method in r.json()["error"]


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("GET", "/api/tables/summaries", "POST"),
        ("DELETE", "/api/tables/summaries", "POST"),
        ("DELETE", "/api/tables/x", "GET, HEAD"),
        ("PUT", "/api/tables", "POST"),
        ("PATCH", "/api/players/me", "GET, HEAD"),
    ],
)
def test_a_post_path_read_by_get_or_a_delete_or_put_is_405_not_404_or_415(
    client: TestClient, method: str, path: str, allow: str
) -> None:
    r = client.request(method, path)  # no body, no Content-Type
    assert r.status_code == 405, r.text
    assert r.headers["Allow"] == allow
    assert f"use {allow.split(',')[0]} for {path}" in r.json()["error"]


def test_the_api_takes_no_method_but_get_head_and_post(client: TestClient) -> None:
    """The guard reads the JSON of POSTs only (guard.BODY_METHOD); any other method that
    changes something would come in unchecked."""
    routes = client.app.app.routes  # type: ignore[attr-defined]
    taken = {m for route in routes for m in getattr(route, "methods", None) or ()}
    assert taken <= {"GET", "HEAD", "POST"}
