"""Table chat: the players' channel reaches everyone at the table, the watchers' channel
only watchers; lines are bounded, rate-limited, kept, and sent to a newcomer."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from starlette.testclient import TestClient

from scarab.server import chat as C
from tests.server.conftest import chat_lines, hub_of, look, make_table, token, wait_for


def hello(ws: Any, tok: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": tok})
    return ws.receive_json()  # type: ignore[no-any-return]


def next_of(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        m = ws.receive_json()
        if m["type"] == kind:
            return m  # type: ignore[no-any-return]


def settled(ws: Any) -> None:
    """Wait until the socket's history has been read: its sync is answered after that."""
    ws.send_json({"type": "sync"})
    next_of(ws, "state")


def first_line(ws: Any) -> dict[str, Any]:
    """The first chat line a socket reads, said now or in its history (``chat_lines``)."""
    while not (lines := chat_lines(ws.receive_json())):
        pass
    return lines[0]


def line_of(ws: Any, text: str) -> dict[str, Any]:
    """Read chat lines until the one saying ``text`` (a watcher reads the players' too)."""
    while True:
        line = next_of(ws, "chat")
        if line["text"] == text:
            return line


def test_players_talk_to_the_table_and_watchers_only_to_watchers(client: TestClient) -> None:
    t = make_table(client)
    path = f"/ws/{t['table']}"
    with (
        client.websocket_connect(path) as ann,
        client.websocket_connect(path) as bob,
        client.websocket_connect(path) as eve,
    ):
        hello(ann, token(t, 0))
        hello(bob, token(t, 1))
        hello(eve, None)
        ann.send_json({"type": "chat", "text": "  good   luck  "})
        heard = first_line(bob)
        assert (heard["name"], heard["text"], heard["channel"]) == ("ann", "good luck", "players")
        assert first_line(eve)["text"] == "good luck"  # watchers read the table
        assert first_line(ann)["text"] == "good luck"  # and the speaker sees it sent
        eve.send_json({"type": "chat", "text": "ann should take the key"})
        assert next_of(eve, "chat")["channel"] == "watchers"
        ann.send_json({"type": "chat", "text": "thanks"})
        assert next_of(bob, "chat")["text"] == "thanks"  # the watcher's line never came


def test_a_newcomer_gets_the_lines_it_may_read_and_the_replay_the_players_own(
    client: TestClient,
) -> None:
    t = make_table(client)
    path = f"/ws/{t['table']}"
    with client.websocket_connect(path) as ann, client.websocket_connect(path) as eve:
        hello(ann, token(t, 0))
        hello(eve, None)
        ann.send_json({"type": "chat", "text": "hello table"})
        first_line(ann)
        eve.send_json({"type": "chat", "text": "psst"})
        line_of(eve, "psst")  # not ann's line, which eve, a watcher, reads first
    with client.websocket_connect(path) as bob:
        bob.send_json({"type": "hello", "token": token(t, 1)})
        bob.receive_json()
        history = bob.receive_json()
        assert [line["text"] for line in history["lines"]] == ["hello table"]
    with client.websocket_connect(path) as cy:
        cy.send_json({"type": "hello", "token": None})
        cy.receive_json()
        assert [line["text"] for line in cy.receive_json()["lines"]] == ["hello table", "psst"]
    lines = client.get(f"/api/tables/{t['table']}/chat").json()["lines"]
    assert [line["text"] for line in lines] == ["hello table"]


def chat_texts(ws: Any, until: str) -> tuple[list[str], list[str]]:
    """The texts of the history and of the chat lines a socket reads, up to the line
    saying ``until``."""
    history: list[str] = []
    said: list[str] = []
    while not said or said[-1] != until:
        m = ws.receive_json()
        if m["type"] == "chat_history":
            history += [line["text"] for line in m["lines"]]
        elif m["type"] == "chat":
            said.append(m["text"])
    return history, said


def test_a_line_said_while_a_newcomer_reads_the_history_reaches_everyone(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The newcomer's history is read after the line is kept, and before the process
    passes the line on: the others still get it, and the newcomer has it once, in its
    history."""
    t = make_table(client)
    path = f"/ws/{t['table']}"
    store = hub_of(client).store
    kept, read = threading.Event(), threading.Event()
    add_chat, chat = store.add_chat, store.chat

    def kept_then_held(line: dict[str, Any]) -> int:
        line_id = add_chat(line)
        kept.set()
        read.wait(10)
        return line_id

    def read_once_kept(*args: Any) -> list[dict[str, Any]]:
        kept.wait(10)
        rows = chat(*args)
        read.set()
        return rows

    with client.websocket_connect(path) as ann, client.websocket_connect(path) as eve:
        hello(ann, token(t, 0))
        hello(eve, None)
        monkeypatch.setattr(store, "add_chat", kept_then_held)
        monkeypatch.setattr(store, "chat", read_once_kept)
        with client.websocket_connect(path) as bob:
            hello(bob, token(t, 1))  # its history is read once ann's line is kept
            ann.send_json({"type": "chat", "text": "one"})
            assert read.wait(10) and kept.is_set()
            monkeypatch.setattr(store, "add_chat", add_chat)
            ann.send_json({"type": "chat", "text": "two"})
            assert chat_texts(ann, "two") == ([], ["one", "two"])
            assert chat_texts(eve, "two") == ([], ["one", "two"])
            assert chat_texts(bob, "two") == (["one"], ["two"])  # "one" once, in its history


def test_the_history_leaves_out_a_line_the_newcomer_had_live_while_it_was_read(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = make_table(client)
    path = f"/ws/{t['table']}"
    store = hub_of(client).store
    chat, said = store.chat, threading.Event()

    def read_once_said(*args: Any) -> list[dict[str, Any]]:
        said.wait(10)
        return chat(*args)

    with client.websocket_connect(path) as ann:
        hello(ann, token(t, 0))
        settled(ann)
        monkeypatch.setattr(store, "chat", read_once_said)
        with client.websocket_connect(path) as bob:
            hello(bob, token(t, 1))  # its history is read once ann's line is passed on
            ann.send_json({"type": "chat", "text": "one"})
            assert line_of(bob, "one")["text"] == "one"
            said.set()
            ann.send_json({"type": "chat", "text": "two"})
            assert chat_texts(bob, "two") == ([], ["two"])  # no history: "one" came live


def test_lines_passed_on_are_counted_by_id_in_any_order() -> None:
    seen = C.LinesSeen()
    assert seen.add(2) and seen.add(1) and not seen.add(2)  # the older one still passes
    assert 1 in seen and 3 not in seen and seen.newest == 2
    for line_id in range(3, 3 + C.HISTORY):
        seen.add(line_id)
    assert len(seen.ids) == C.HISTORY and 1 in seen and not seen.add(1)  # below what is kept
    assert seen.newest == 2 + C.HISTORY


def test_lines_kept_out_of_order_on_the_storage_threads_reach_everyone(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann's line is kept first and held on its storage thread until bob's, kept after it,
    has been passed on: the older line still reaches everyone."""
    t = make_table(client)
    path = f"/ws/{t['table']}"
    store = hub_of(client).store
    add_chat = store.add_chat
    held = threading.Event()

    def held_once(line: dict[str, Any]) -> int:
        line_id = add_chat(line)
        monkeypatch.setattr(store, "add_chat", add_chat)
        held.wait(10)
        return line_id

    with (
        client.websocket_connect(path) as ann,
        client.websocket_connect(path) as bob,
        client.websocket_connect(path) as eve,
    ):
        for ws, tok in ((ann, token(t, 0)), (bob, token(t, 1)), (eve, None)):
            hello(ws, tok)
            settled(ws)
        monkeypatch.setattr(store, "add_chat", held_once)
        ann.send_json({"type": "chat", "text": "one"})
        wait_for(lambda: store.add_chat is add_chat)  # "one" is kept, and held
        bob.send_json({"type": "chat", "text": "two"})
        assert line_of(eve, "two")["id"] > 0
        held.set()
        ann.send_json({"type": "chat", "text": "three"})  # read once "one" is passed on
        assert chat_texts(eve, "three") == ([], ["one", "three"])
        for ws in (ann, bob):
            assert chat_texts(ws, "three") == ([], ["two", "one", "three"])


def test_a_line_another_process_kept_before_the_newest_here_is_still_passed_on(
    client: TestClient,
) -> None:
    """Another process's line can commit after a newer line said here: when its news
    comes, this process passes it on although it has passed on a newer one."""
    t = make_table(client)
    hub = hub_of(client)
    line = {"table_id": t["table"], "channel": "players", "seat": 1, "name": "bob", "at": 0.0}
    with client.websocket_connect(f"/ws/{t['table']}") as ann:
        hello(ann, token(t, 0))
        settled(ann)
        older = hub.store.add_chat({**line, "text": "from afar"})  # not yet told of
        ann.send_json({"type": "chat", "text": "here"})
        assert line_of(ann, "here")["id"] > older
        client.portal.call(hub.chat.kept_elsewhere, t["table"], older)  # type: ignore[union-attr]
        wait_for(lambda: older in hub.live[t["table"]].chat_seen)  # read, and passed on
        assert line_of(ann, "from afar")["id"] == older


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "the line is empty"),
        ("x" * (C.MAX_CHAT + 1), f"at most {C.MAX_CHAT} characters"),
        (42, "a chat line is text"),
        ("bell \x07", "printable"),
    ],
)
def test_a_bad_line_is_refused_with_its_reason(client: TestClient, text: Any, says: str) -> None:
    t = make_table(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ann:
        hello(ann, token(t, 0))
        ann.send_json({"type": "chat", "text": text})
        assert says in next_of(ann, "error")["message"]
    assert client.get(f"/api/tables/{t['table']}/chat").json()["lines"] == []


def test_chat_is_rate_limited_per_client_however_many_sockets_it_opens(
    client: TestClient,
) -> None:
    t = make_table(client)
    url = f"/ws/{t['table']}"
    with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
        hello(one, None)  # two watchers' sockets of one client: their lines count together
        hello(two, None)
        for i in range(C.RATE[0]):
            (one if i % 2 else two).send_json({"type": "chat", "text": f"line {i}"})
            line_of(one, f"line {i}")
        for ws in (one, two):
            ws.send_json({"type": "chat", "text": "one too many"})
            refused = next_of(ws, "error")
            assert "wait a moment" in refused["message"]
            assert refused["code"] == "too_many"  # as every limit says, not bad_request
    with client.websocket_connect(url) as later:
        hello(later, None)
        kept = next_of(later, "chat_history")["lines"]
        assert [line["text"] for line in kept] == [f"line {i}" for i in range(C.RATE[0])]
    assert look(client, t, 0)["view"]  # the table is untouched


def test_friends_behind_one_address_each_have_their_own_chat_rate(client: TestClient) -> None:
    t = make_table(client)
    url = f"/ws/{t['table']}"
    with client.websocket_connect(url) as ann, client.websocket_connect(url) as bob:
        hello(ann, token(t, 0))  # two seats, one address (a home's router)
        hello(bob, token(t, 1))
        for i in range(C.RATE[0]):
            ann.send_json({"type": "chat", "text": f"ann {i}"})
            line_of(ann, f"ann {i}")
        ann.send_json({"type": "chat", "text": "one too many"})
        assert "wait a moment" in next_of(ann, "error")["message"]
        bob.send_json({"type": "chat", "text": "bob's first"})
        line_of(bob, "bob's first")  # not refused: ann's lines are hers
