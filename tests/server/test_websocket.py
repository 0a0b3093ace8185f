"""The table's WebSocket: hello, acting, watching, reconnecting, and hostile messages."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import scarab
from tests.server.conftest import look, make_table, token


def hello(ws: object, tok: str | None) -> dict[str, object]:
    ws.send_json({"type": "hello", "token": tok})  # type: ignore[attr-defined]
    return ws.receive_json()  # type: ignore[attr-defined,no-any-return]


def latest(ws: Any, current: int) -> dict[str, Any]:
    """The first state this socket receives in which ``current`` decides."""
    while True:
        m = ws.receive_json()
        if m["type"] == "state" and m["current"] == current:
            return m  # type: ignore[no-any-return]


def test_a_move_reaches_every_watcher_as_its_own_view(client: TestClient) -> None:
    t = make_table(client)
    decider = look(client, t, None)["current"]
    path = f"/ws/{t['table']}"
    with (
        client.websocket_connect(path) as me,
        client.websocket_connect(path) as them,
        client.websocket_connect(path) as watcher,
    ):
        mine = hello(me, token(t, decider))
        hello(them, token(t, 1 - decider))
        me.receive_json()  # the other seat came online
        hello(watcher, None)
        while mine["current"] == decider:  # play the whole turn
            step = {"type": "act", "action": mine["legal"][0]["action"], "version": mine["version"]}
            me.send_json(step)
            mine = me.receive_json()
        after = mine
        theirs = latest(them, 1 - decider)
        watched = latest(watcher, 1 - decider)
        assert after["version"] is None and after["legal"] == []
        assert theirs["legal"] and theirs["seat"] == 1 - decider
        assert watched["seat"] is None and watched["legal"] == []
        assert watched["view"] == look(client, t, None)["view"]
        assert theirs["view"] != after["view"]  # each hand is seen by its owner alone


def test_reconnecting_resumes_where_the_table_stands(client: TestClient) -> None:
    t = make_table(client)
    decider = look(client, t, None)["current"]
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        first = hello(ws, token(t, decider))
        ws.send_json(
            {"type": "act", "action": first["legal"][0]["action"], "version": first["version"]}
        )
        moved = ws.receive_json()
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        again = hello(ws, token(t, decider))
    assert again["view"] == moved["view"] and again["log"] == moved["log"]


@pytest.mark.parametrize(
    ("message", "says", "code"),
    [
        ("not json", "not JSON", "bad_request"),
        ("[1]", "JSON object", "bad_request"),
        ('{"type": "dance"}', "unknown message type", "bad_request"),
        ('{"type": "act"}', "notation, a string", "unreadable_action"),
        (
            '{"type": "act", "action": {"x": 1}, "version": "v"}',
            "notation, a string",
            "unreadable_action",
        ),
        ('{"type": "act", "action": "L S+1", "version": "stale"}', "moved on", "stale"),
        ('{"type": "allow_undo", "allow": "yes"}', "must be true or false", "bad_request"),
        ('{"type": "undo", "version": 3}', "moved on", "stale"),
        (json.dumps({"type": "act", "action": "x" * 9000}), "at most 8,192", "bad_request"),
    ],
)
def test_a_bad_message_gets_a_clear_error_and_changes_nothing(
    client: TestClient, message: str, says: str, code: str
) -> None:
    t = make_table(client)
    decider = look(client, t, None)["current"]
    before = look(client, t, decider)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        hello(ws, token(t, decider))
        ws.send_text(message)
        reply = ws.receive_json()
        assert reply["type"] == "error" and says in reply["message"], reply
        assert reply["code"] == code  # its kind, for a program that does not read prose
        assert "Traceback" not in reply["message"]
        ws.send_json({"type": "sync"})  # the connection still works
        while ws.receive_json()["type"] != "state":
            pass
    assert look(client, t, decider)["view"] == before["view"]


def test_binary_frames_are_read_as_text(client: TestClient) -> None:
    t = make_table(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        hello(ws, None)
        ws.send_bytes(b"\xff\x00")
        assert ws.receive_json()["type"] == "error"


def test_a_spectator_cannot_act(client: TestClient) -> None:
    t = make_table(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        hello(ws, None)
        ws.send_json({"type": "act", "action": "L S+1", "version": None})
        assert "spectator" in ws.receive_json()["message"]


@pytest.mark.parametrize(
    "first",
    [
        {"type": "act", "action": "L S+1"},
        {"type": "hello", "token": "no-such-token"},
        {"type": "hello", "token": "é" * 10},
        {"type": "hello", "token": 12},
    ],
)
def test_a_connection_that_does_not_say_a_good_hello_is_closed(
    client: TestClient, first: dict[str, object]
) -> None:
    t = make_table(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json(first)
        assert ws.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_an_unknown_table_is_refused(client: TestClient) -> None:
    with client.websocket_connect("/ws/nope") as ws:
        assert "no table" in ws.receive_json()["message"]


JSONS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
MESSAGES = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["act", "undo", "allow_undo", "leave", "hello", "sync", "x"])},
        optional={"action": JSONS, "version": JSONS, "allow": JSONS, "token": JSONS},
    ),
    JSONS.map(json.dumps),
    st.text(max_size=60),
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(messages=st.lists(MESSAGES, min_size=1, max_size=12))
def test_any_messages_leave_the_server_answering(client: TestClient, messages: list[Any]) -> None:
    t = make_table(client, "horus")
    decider = look(client, t, None)["current"]
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        hello(ws, token(t, decider))
        for message in messages:
            ws.send_text(message if isinstance(message, str) else json.dumps(message))
            ws.send_json({"type": "sync"})  # every sync is answered with a state
            while ws.receive_json()["type"] != "state":
                pass
    assert client.get("/api/games").status_code == 200
    table = client.app.state.hub.tables[t["table"]]  # type: ignore[attr-defined]
    assert table.state == scarab.replay(table.record())  # stored moves still replay the game
