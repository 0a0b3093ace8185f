"""Several server processes on one PostgreSQL: any of them serves any table.

Here two hubs in one test process stand for two server processes (each has
its own memory, store connections and LISTEN connection); the test with real
processes and a kill -9 is in test_workers.py.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

import scarab
from scarab.server import bot_turns
from scarab.server.app import create_app
from scarab.server.store import Store
from scarab.server.stored import StoredTable
from tests.server.conftest import (
    POSTGRES,
    act,
    chat_lines,
    fresh_postgres,
    hub_of,
    look,
    make_table,
    server_config,
    token,
    wait_for,
)

pytestmark = pytest.mark.skipif(POSTGRES is None, reason="needs SCARAB_TEST_POSTGRES")


@pytest.fixture
def pair() -> Iterator[tuple[TestClient, TestClient]]:
    url = fresh_postgres()
    with (
        TestClient(create_app(server_config(url))) as one,
        TestClient(create_app(server_config(url, upgrade=False))) as two,
    ):
        yield one, two


def replayed(store: Store, table_id: str) -> tuple[StoredTable, Any]:
    """The stored table and the state its stored moves replay to."""
    stored = store.load(table_id)
    assert stored is not None
    game = scarab.load(stored.game)
    state = game.new_game([s["name"] for s in stored.seats], seed=stored.seed, **stored.options)
    for m in stored.moves:
        assert state.current_player == m.seat
        state.apply(game.parse_action(state, m.notation))
    return stored, state


def test_a_move_on_one_process_reaches_a_watcher_on_the_other(
    pair: tuple[TestClient, TestClient],
) -> None:
    one, two = pair
    t = make_table(one, "horus")
    seat = look(one, t, None)["current"]
    with two.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": token(t, 1 - seat)})
        ws.receive_json()
        mine = look(one, t, seat)
        assert act(one, t, seat, mine["legal"][0]["action"], mine["version"]).status_code == 200
        heard = ws.receive_json()  # told through LISTEN/NOTIFY, not by polling
    assert heard["view"] == look(one, t, 1 - seat)["view"]
    assert heard["log"] == look(one, t, 1 - seat)["log"]


def test_a_move_told_in_its_notice_is_played_on_without_reading_the_store(
    pair: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading the table back cost the other process more than the move itself (issue 16's
    scaling figure): the notice carries the move, and neither process reads the store."""
    one, two = pair
    t = make_table(one, "luxor")
    reads = {0: 0, 1: 0}
    for i, client in enumerate(pair):
        store = hub_of(client).store
        load = store.load

        def counted(*args: Any, i: int = i, load: Any = load) -> Any:
            reads[i] += 1
            return load(*args)

        monkeypatch.setattr(store, "load", counted)
    with two.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": token(t, 1)})
        ws.receive_json()
        reads[1] = 0  # the table was loaded on two for this socket
        for _ in range(6):
            seat = look(one, t, None)["current"]
            mine = look(one, t, seat)
            assert act(one, t, seat, mine["legal"][0]["action"], mine["version"]).status_code == 200
            while (heard := ws.receive_json())["version"] != look(one, t, 1)["version"]:
                pass
            assert heard["view"] == look(one, t, 1)["view"]
            assert heard["log"] == look(one, t, 1)["log"]
    assert reads == {0: 0, 1: 0}


def test_a_move_made_while_the_other_process_loads_the_table_still_reaches_it(
    pair: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The notice of a move can come while another process is reading the table from the
    store, from before the move: it must not be lost, or that process's seats would wait
    for a move that was already made."""
    one, two = pair
    t = make_table(one, "luxor")
    hub = hub_of(two)
    read, go_on = threading.Event(), threading.Event()
    load, moved = hub.store.load, hub.live_tables.moved
    heard: list[int] = []

    def held(*args: Any) -> Any:
        stored = load(*args)
        read.set()
        go_on.wait(10)
        return stored

    def told(table_id: str, rev: int, *rest: Any) -> None:
        heard.append(rev)
        moved(table_id, rev, *rest)

    monkeypatch.setattr(hub.store, "load", held)
    monkeypatch.setattr(hub.live_tables, "moved", told)
    monkeypatch.setattr(hub.news.listener, "moved", told)
    watcher = threading.Thread(target=look, args=(two, t, 1))
    watcher.start()  # two reads the table, and waits before it is live there
    assert read.wait(10)
    seat = look(one, t, None)["current"]
    mine = look(one, t, seat)
    assert act(one, t, seat, mine["legal"][0]["action"], mine["version"]).status_code == 200
    wait_for(lambda: heard)  # two was told while its read was held
    go_on.set()
    watcher.join(10)
    monkeypatch.setattr(hub.store, "load", load)
    wait_for(lambda: len(hub.live[t["table"]].table.moves) == 1, 5)
    assert hub.live[t["table"]].table.version == hub_of(one).live[t["table"]].table.version


def test_a_chat_line_said_on_one_process_reaches_the_table_on_the_other(
    pair: tuple[TestClient, TestClient],
) -> None:
    one, two = pair
    t = make_table(one, "luxor")
    with (
        one.websocket_connect(f"/ws/{t['table']}") as ann,
        two.websocket_connect(f"/ws/{t['table']}") as bob,
    ):
        ann.send_json({"type": "hello", "token": token(t, 0)})
        ann.receive_json()
        bob.send_json({"type": "hello", "token": token(t, 1)})
        bob.receive_json()
        ann.send_json({"type": "chat", "text": "hello from one"})
        while not (lines := chat_lines(bob.receive_json())):
            pass  # states may come first (ann came online)
    assert [(m["name"], m["text"]) for m in lines] == [("ann", "hello from one")]


def test_a_bot_move_is_thought_and_made_exactly_once_across_two_processes(
    pair: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    one, two = pair
    thought: list[int] = []
    lock = threading.Lock()

    def counting(*args: Any) -> tuple[list[str], bool]:
        with lock:
            thought.append(args[1])
        return real(*args)  # Luxor: every move is seen, a run of one

    real = bot_turns.choose_run
    monkeypatch.setattr(bot_turns, "choose_run", counting)
    bots = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "greedy"}]
    t = make_table(one, "luxor", seats=bots)
    look(two, t, None)  # live in both processes
    wait_for(lambda: look(two, t, None)["over"], 120)
    stored, state = replayed(hub_of(one).store, t["table"])
    assert state.is_over and len(stored.moves) == len(thought)  # no decision thought twice
    assert look(one, t, None)["view"] == look(two, t, None)["view"] == state.view(None)


OPS = st.lists(
    st.tuples(
        st.sampled_from([0, 1]),  # which process
        st.sampled_from(["act", "act", "act", "stale", "undo", "leave"]),
        st.integers(0, 50),  # which legal action
    ),
    min_size=4,
    max_size=16,
)


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(ops=OPS, seed=st.integers(0, 10_000))
def test_racing_acts_undos_and_leaves_on_two_processes_keep_one_true_game(
    ops: list[tuple[int, str, int]], seed: int
) -> None:
    url = fresh_postgres()
    with (
        TestClient(create_app(server_config(url))) as one,
        TestClient(create_app(server_config(url, upgrade=False))) as two,
    ):
        clients = (one, two)
        t = make_table(one, "horus", zombie="random")
        rnd = random.Random(seed)
        seen = [look(c, t, s) for c in clients for s in (0, 1)]  # stale versions to race with

        def run(which: int, kind: str, pick: int) -> None:
            c = clients[which]
            seat = look(c, t, None)["current"]
            if seat is None:
                return
            m = look(c, t, seat)
            if kind == "leave":
                c.post(f"/api/tables/{t['table']}/act", json={})  # a bad act: nothing happens
                with c.websocket_connect(f"/ws/{t['table']}") as ws:
                    ws.send_json({"type": "hello", "token": token(t, seat)})
                    ws.receive_json()
                    ws.send_json({"type": "leave" if rnd.random() < 0.3 else "sync"})
                    ws.receive_json()
                return
            if kind == "undo":
                with c.websocket_connect(f"/ws/{t['table']}") as ws:
                    ws.send_json({"type": "hello", "token": token(t, seat)})
                    ws.send_json({"type": "undo", "version": ws.receive_json()["version"]})
                    ws.receive_json()
                return
            version = rnd.choice(seen)["version"] if kind == "stale" else m["version"]
            if m["legal"]:
                act(c, t, seat, m["legal"][pick % len(m["legal"])]["action"], version)

        threads = [threading.Thread(target=run, args=op) for op in ops]
        for th in threads:
            th.start()
        for th in threads:
            th.join(60)
        wait_for(lambda: not any(hub_of(c).live[t["table"]].thinking for c in clients), 30)

        def agreed() -> bool:
            """Every process holds the stored game and shows it to every seat. Read afresh
            each time: a message a thread sent just before it hung up may land after the
            threads end."""
            stored, state = replayed(hub_of(one).store, t["table"])
            held = [hub_of(c).live[t["table"]].table for c in clients]
            return all(h.moves == stored.moves and h.rev == stored.rev for h in held) and all(
                look(c, t, s)["view"] == state.view(s) for c in clients for s in (0, 1)
            )

        wait_for(agreed, 10)


def test_a_seat_online_on_one_process_is_shown_online_on_the_other(
    pair: tuple[TestClient, TestClient],
) -> None:
    one, two = pair
    t = make_table(one)
    look(two, t, None)  # live in both
    with one.websocket_connect(f"/ws/{t['table']}") as ann:
        ann.send_json({"type": "hello", "token": token(t, 0)})
        assert ann.receive_json()["seats"][1]["online"] is False
        with two.websocket_connect(f"/ws/{t['table']}") as bob:
            bob.send_json({"type": "hello", "token": token(t, 1)})
            # heard from the first process: at once, or in the state sent when its word
            # comes (presence travels by NOTIFY, so it may land just after bob's hello)
            seen = [bob.receive_json()["seats"][0]["online"]]
            while not seen[-1] and len(seen) < 3:
                seen.append(bob.receive_json()["seats"][0]["online"])
            assert seen[-1] is True, seen
            assert ann.receive_json()["seats"][1]["online"] is True  # told by the second
        assert ann.receive_json()["seats"][1]["online"] is False  # bob left


def test_after_the_notices_come_back_every_live_table_is_caught_up(
    pair: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move made elsewhere while this process's listening connection was down told no
    one here; once it listens again, its live tables are checked against the store (its
    sockets showed the old position until a page reloaded)."""
    one, two = pair
    t = make_table(one, "luxor")
    look(two, t, None)  # live on both
    hub = hub_of(two)
    monkeypatch.setattr(hub.news.listener, "moved", lambda *_: None)  # the notice is lost
    seat = look(one, t, None)["current"]
    mine = look(one, t, seat)
    assert act(one, t, seat, mine["legal"][0]["action"], mine["version"]).status_code == 200
    time.sleep(0.5)
    assert len(hub.live[t["table"]].table.moves) == 0  # two has not heard

    async def listening_again() -> None:
        hub.news.resumed()

    two.portal.call(listening_again)  # type: ignore[union-attr]
    wait_for(lambda: len(hub.live[t["table"]].table.moves) == 1, 5)
