"""Memory holds only live tables; the store is the truth, and a failed write changes nothing.

Tables are loaded on first use and evicted when idle; their due bots and timers
fire from the store; a write the store refuses leaves memory as the store has
it and tells the client so; two processes (here: two hubs on one store) never
both change a table.
"""

from __future__ import annotations

import json
import logging
import random
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import update
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from scarab.server.app import create_app
from scarab.server.schema import TableRow
from scarab.server.seats import HUMAN
from scarab.server.store import Store
from scarab.server.stored import StoredTable
from scarab.server.table import Table
from tests.server.conftest import (
    act,
    hub_of,
    look,
    make_table,
    play_first,
    server_config,
    token,
    wait_for,
)

UNAVAILABLE = "the game store is unavailable"


@pytest.fixture
def served(db_url: str) -> Iterator[TestClient]:
    """A server on SQLite, and on PostgreSQL where the tests have one."""
    with TestClient(create_app(server_config(db_url))) as c:
        yield c


@pytest.fixture
def quick(db_url: str) -> Iterator[TestClient]:
    """A server whose idle tables leave memory at the next tick (every 0.05 s)."""
    with TestClient(create_app(server_config(db_url, idle_seconds=0.0, tick=0.05))) as c:
        yield c


def test_a_table_is_loaded_on_first_use_and_evicted_when_idle(served: TestClient) -> None:
    hub = hub_of(served)
    t = make_table(served, "horus")
    seen = play_first(served, t, 7)
    before = hub.live[t["table"]].table.state.clone()
    hub.idle_seconds = 0.0  # from now on, idle tables leave memory at the next tick
    wait_for(lambda: t["table"] not in hub.live)  # nobody watches it: gone from memory
    hub.idle_seconds = 3600.0  # so that it stays once loaded again, however slow this machine
    again = look(served, t, seen["seat"])  # loaded again from the store
    assert hub.live[t["table"]].table.state == before  # the same game: position, RNG, history
    assert again["view"] == seen["view"] and again["log"] == seen["log"]
    assert [e["action"] for e in again["legal"]] == [e["action"] for e in seen["legal"]]


def test_a_watched_table_stays_in_memory(quick: TestClient) -> None:
    hub = hub_of(quick)
    t = make_table(quick)
    with quick.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": token(t, 0)})
        ws.receive_json()
        time.sleep(0.3)  # several ticks
        assert t["table"] in hub.live
    wait_for(lambda: t["table"] not in hub.live)


def test_a_table_evicted_while_a_socket_waited_for_it_is_the_one_it_joins(
    served: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tick may evict a table between its load and the waiting caller's turn (seen on
    a loaded machine): the watcher must still join the table that gets the moves."""
    hub = hub_of(served)
    t = make_table(served)
    load = hub.live_tables.load

    async def evicted_at_once(table_id: str) -> Any:
        live = await load(table_id)
        hub.live.pop(table_id)  # as the next tick does to a table nobody watches yet
        return live

    monkeypatch.setattr(hub.live_tables, "load", evicted_at_once)
    hub.live.pop(t["table"], None)
    with served.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": token(t, 0)})
        ws.receive_json()
        live = hub.live[t["table"]]
        assert [c.seat for c in live.watchers] == [0]


def test_an_unknown_or_odd_table_id_is_no_table(quick: TestClient) -> None:
    for bad in ("nope", "x" * 33):
        r = quick.get(f"/api/tables/{bad}")
        assert r.status_code == 404 and "no table" in r.json()["error"]
    assert hub_of(quick).live == {}


def _backdate(store: Store, table_id: str, seconds: float) -> None:
    """As if ``seconds`` went by since the table's last change (its turn timer ran on)."""
    with store.engine.begin() as conn:
        conn.execute(
            update(TableRow)
            .where(TableRow.id == table_id)
            .values(created=TableRow.created - seconds, due=TableRow.due - seconds)
        )


def test_a_turn_timer_fires_on_a_table_that_left_memory(db_url: str) -> None:
    with TestClient(create_app(server_config(db_url, idle_seconds=0.0, tick=0.05))) as c:
        hub = hub_of(c)
        t = make_table(c, "luxor", timer=60, zombie="random")
        wait_for(lambda: t["table"] not in hub.live)
        _backdate(hub.store, t["table"], 61)
        stored = hub.store.load(t["table"])
        wait_for(lambda: len((hub.store.load(t["table"]) or stored).moves) >= 1)  # type: ignore[union-attr, arg-type]
        first = (hub.store.load(t["table"]) or stored).moves[0]  # type: ignore[union-attr]
        assert first.note and "turn timer ran out" in first.note


@pytest.mark.slow
def test_bots_due_when_the_server_starts_play_on(db_url: str) -> None:
    bots = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]
    with TestClient(create_app(server_config(db_url))) as c:
        hub = hub_of(c)
        hub.tick = 3600.0  # this server never looks for due tables again
        t = make_table(c, "pyramids", seats=bots)
    with TestClient(create_app(server_config(db_url, tick=0.05))) as c:
        hub = hub_of(c)
        assert t["table"] not in hub.live  # nothing was read at start
        wait_for(lambda: hub.live.get(t["table"]) is not None, 20)
        wait_for(lambda: hub.live[t["table"]].table.over, 60)


# ---- a store that fails -------------------------------------------------------------------
def _failing(monkeypatch: pytest.MonkeyPatch, store: Store, name: str) -> None:
    def fail(*_args: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("database is locked"))

    monkeypatch.setattr(store, name, fail)


def test_a_move_the_store_refuses_is_not_made(
    served: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub = hub_of(served)
    t = make_table(served, "horus")
    seen = play_first(served, t, 3)
    seat = seen["seat"]
    spectator = look(served, t, None)
    _failing(monkeypatch, hub.store, "append")
    r = act(served, t, seat, seen["legal"][0]["action"], seen["version"])
    assert r.status_code == 503 and UNAVAILABLE in r.json()["error"]
    assert "your move was not made" in r.json()["error"]
    assert look(served, t, seat) == seen and look(served, t, None) == spectator
    table = hub.live[t["table"]].table
    stored = hub.store.load(t["table"])
    assert stored is not None and stored.moves == table.moves and stored.rev == table.rev
    with served.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": token(t, seat)})
        mine = ws.receive_json()
        ws.send_json(
            {"type": "act", "action": mine["legal"][0]["action"], "version": mine["version"]}
        )
        said = ws.receive_json()
        assert said["type"] == "error" and UNAVAILABLE in said["message"]
        monkeypatch.undo()  # the store is back: the same socket plays on
        ws.send_json(
            {"type": "act", "action": mine["legal"][0]["action"], "version": mine["version"]}
        )
        assert ws.receive_json()["type"] == "state"
    stored = hub.store.load(t["table"])
    assert stored is not None and len(stored.moves) == len(table.moves) == 4


def test_an_undo_or_a_leave_the_store_refuses_changes_nothing(
    served: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.server.test_api import horus_move_pending

    hub = hub_of(served)
    t = make_table(served, "horus")
    m = horus_move_pending(served, t)
    seat = m["seat"]
    move = next(e["action"] for e in m["legal"] if e["action"].startswith("move "))
    after = act(served, t, seat, move, m["version"]).json()
    if after["current"] != seat:
        pytest.skip("that move ended the turn")
    _failing(monkeypatch, hub.store, "truncate")
    _failing(monkeypatch, hub.store, "set_seats")
    with served.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": token(t, seat)})
        assert ws.receive_json()["undo"] is True
        for message in ({"type": "undo", "version": after["version"]}, {"type": "leave"}):
            ws.send_json(message)
            said = ws.receive_json()
            assert said["type"] == "error" and UNAVAILABLE in said["message"]
    assert look(served, t, seat) == {**after, "seats": look(served, t, seat)["seats"]}
    table = hub.live[t["table"]].table
    stored = hub.store.load(t["table"])
    assert stored is not None and stored.moves == table.moves and stored.rev == table.rev
    assert not table.seats[seat].left and not stored.seats[seat]["left"]


def test_a_store_that_cannot_be_read_answers_503(
    served: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = make_table(served)
    hub = hub_of(served)
    hub.live.clear()
    _failing(monkeypatch, hub.store, "load")
    r = served.get(f"/api/tables/{t['table']}")
    assert r.status_code == 503 and UNAVAILABLE in r.json()["error"]
    _failing(monkeypatch, hub.store, "headers")
    r = served.post("/api/tables/summaries", json={"tables": [t["table"]]})
    assert r.status_code == 503 and UNAVAILABLE in r.json()["error"]
    # a socket is told so and closed with a code the page retries (4400 is "for good")
    with served.websocket_connect(f"/ws/{t['table']}") as ws:
        assert UNAVAILABLE in ws.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1013


# ---- what strangers read -------------------------------------------------------------------
def test_summaries_do_not_move_while_a_seat_decides_in_secret(client: TestClient) -> None:
    """Pyramids' marks are secret: a stranger's summary changes only with what a stranger
    sees (the spectator's message), never with the count of hidden decisions."""
    t = make_table(client, "pyramids")
    rnd = random.Random(4)
    quiet = 0

    def summary() -> str:
        r = client.post("/api/tables/summaries", json={"tables": [t["table"]]})
        return json.dumps(r.json())

    for _ in range(80):
        watched, listed = look(client, t, None), summary()
        seat = watched["current"]
        if seat is None:
            break
        m = look(client, t, seat)
        r = act(client, t, seat, rnd.choice(m["legal"])["action"], m["version"])
        assert r.status_code == 200, r.text
        if look(client, t, None) == watched:
            quiet += 1
            assert summary() == listed
    assert quiet > 0  # secret decisions happened, and the summary did not count them


# ---- two processes on one store --------------------------------------------------------------
def test_a_move_made_by_another_process_first_is_refused_and_caught_up(db_url: str) -> None:
    with TestClient(create_app(server_config(db_url))) as one:
        t = make_table(one)
        seat = look(one, t, None)["current"]
        with TestClient(create_app(server_config(db_url))) as two:
            stale = look(two, t, seat)  # loaded in both processes
            mine = look(one, t, seat)
            assert act(one, t, seat, mine["legal"][0]["action"], mine["version"]).status_code == 200
            # the second process has not heard of that move, and acts on what it has
            r = act(two, t, seat, stale["legal"][-1]["action"], stale["version"])
            assert r.status_code == 409 and "moved on" in r.json()["error"]
            assert r.json()["state"]["view"] == look(one, t, seat)["view"]  # caught up
            assert look(two, t, None) == look(one, t, None)
    stored = Store(db_url).load(t["table"])
    assert stored is not None and len(stored.moves) == 1


def test_a_move_through_a_copy_evicted_meanwhile_reaches_the_loaded_one(
    served: TestClient,
) -> None:
    """A request that held the table while it left memory (a slow body, say) still
    stores its move, and the copy loaded since then catches up and tells its watchers."""
    hub = hub_of(served)
    t = make_table(served)
    seat = look(served, t, None)["current"]
    mine = look(served, t, seat)
    old = hub.live.pop(t["table"])  # evicted while the request held it
    look(served, t, None)  # loaded again
    action = mine["legal"][0]["action"]

    async def late_move() -> None:
        await hub.changes.act(old, seat, action, mine["version"])

    served.portal.call(late_move)  # type: ignore[union-attr]
    wait_for(lambda: len(hub.live[t["table"]].table.moves) == 1)
    assert look(served, t, seat)["view"] == old.table.state.view(seat)


def test_a_table_follows_the_moves_another_process_stored() -> None:
    """Catching up plays on through the stored tail (no replay from the start), and gives
    exactly the table a fresh load would; after an undo elsewhere it declines (rebuild)."""
    seats = [{"name": n, "kind": HUMAN} for n in ("ann", "bob")]
    header = StoredTable("t", "horus", {}, 11, seats, None, "random", time.time())
    here, there = Table(header), Table(header)
    rnd = random.Random(3)
    for _ in range(30):
        seat = there.state.current_player
        assert seat is not None
        action = str(rnd.choice(there.state.legal_actions()))
        there.accept(there.play(seat, action, there.version))
        if len(there.moves) in (1, 12, 30):
            since = max(0, len(here.moves) - 1)
            tail = replace(header, rev=there.rev, moves=there.moves[since:])
            assert here.follow(tail, since)
            fresh = Table(replace(header, rev=there.rev, moves=list(there.moves)))
            assert here.state == fresh.state and here.moves == fresh.moves
            assert here.logs == fresh.logs and here.version == fresh.version
            assert here.rev == there.rev
    undone = replace(header, rev=there.rev + 1, moves=[])  # the last move taken back
    assert not here.follow(undone, 29) and len(here.moves) == 30
    other = replace(there.moves[29], at=0.0)  # a different move 30 after an undo
    assert not here.follow(replace(header, moves=[*there.moves[29:29], other]), 29)
    # a seat taken elsewhere renames the game: replayed under the new name, not followed
    renamed = [dict(seats[0]), {**seats[1], "name": "bea"}]
    tail = replace(header, seats=renamed, rev=there.rev, moves=there.moves[29:])
    assert not here.follow(tail, 29) and here.state.names == ("ann", "bob")


def test_a_reloaded_table_keeps_its_turns_start_through_the_seats_own_further_decisions() -> None:
    """The deadline a watcher reads does not move on a reload when the deciding seat made a
    decision that left it deciding (a hidden Pyramids extra cell; a second Luxor action)."""
    seats = [{"name": n, "kind": HUMAN} for n in ("ann", "bob")]
    header = StoredTable("t", "luxor", {}, 5, seats, 60, "random", 1000.0)
    live = Table(header)
    rnd = random.Random(1)
    for step in range(60):
        seat = live.state.current_player
        assert seat is not None
        action = str(rnd.choice(live.state.legal_actions()))
        played = live.play(seat, action, live.version)
        played = replace(played, move=replace(played.move, at=2000.0 + step))
        live.accept(played)
        reloaded = Table(replace(header, rev=live.rev, moves=list(live.moves)))
        assert reloaded.turn_started == live.turn_started, step


def test_memory_is_handed_back_after_tables_leave(
    quick: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scarab.server import hub as hub_module

    calls: list[int] = []
    monkeypatch.setattr(hub_module, "GIVE_BACK_SECONDS", 0.0)
    monkeypatch.setattr(hub_module, "give_back", lambda: calls.append(len(hub_of(quick).live)))
    t = make_table(quick)
    wait_for(lambda: t["table"] not in hub_of(quick).live and calls)
    assert calls[-1] == 0  # after the table left memory


@pytest.mark.parametrize(
    "path",
    [
        "/api/tables/%00x",
        "/api/tables/x%00/chat",
        "/api/tables/x%00/record",
        "/api/tables/%C3%A9t%C3%A9",  # not in the ids' alphabet
        "/api/players/%00/profile",
        "/api/players/x%00y/profile",
    ],
)
def test_an_id_of_a_shape_never_issued_is_not_found_before_the_store_is_asked(
    served: TestClient, path: str, caplog: pytest.LogCaptureFixture
) -> None:
    r = served.get(path)
    assert r.status_code == 404, r.text
    assert r.json()["msg"] in ("ui.err.no_table", "ui.err.no_player")
    assert not [rec for rec in caplog.records if rec.levelname == "WARNING"]


def test_summaries_and_sockets_pass_over_ids_of_a_shape_never_issued(served: TestClient) -> None:
    t = make_table(served)
    r = served.post("/api/tables/summaries", json={"tables": ["a\u0000b", t["table"], "\u00e9"]})
    assert r.status_code == 200, r.text
    assert [s["table"] for s in r.json()["tables"]] == [t["table"]]
    with served.websocket_connect("/ws/%00abc") as ws:
        said = ws.receive_json()
    assert said["type"] == "error" and said["msg"] == "ui.err.no_table"


def test_bots_waiting_on_a_store_that_is_down_say_so_in_a_line_not_a_trace_each_time(
    served: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from scarab.server import bot_turns

    monkeypatch.setattr(bot_turns, "CLAIM_RETRY", 0.05)
    hub = hub_of(served)
    _failing(monkeypatch, hub.store, "claim")
    caplog.set_level(logging.WARNING, logger="scarab.server")
    bots = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]
    make_table(served, "luxor", seats=bots)
    time.sleep(1.0)  # some twenty tries
    said = [r for r in caplog.records if r.name == "scarab.server"]
    assert len(said) == 1 and "store is unavailable" in said[0].getMessage()
    assert said[0].exc_info is None  # no trace: it was a 100-line one a table every 2 s


@pytest.mark.slow
def test_a_bot_that_thinks_longer_than_a_claim_keeps_it_by_renewing_it(
    served: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A claim lapses soon (so a process killed mid-thought holds a table's bot up only
    briefly), and the process that thinks renews it meanwhile, however long it takes."""
    from sqlalchemy import create_engine, text

    from scarab.server import bot_turns

    monkeypatch.setattr(bot_turns, "CLAIM_SECONDS", 0.4)
    monkeypatch.setattr(bot_turns, "CLAIM_RENEW", 0.1)
    real = bot_turns.choose_run

    def slow(*args: Any) -> Any:
        time.sleep(1.5)  # four claims' length
        return real(*args)

    monkeypatch.setattr(bot_turns, "choose_run", slow)
    hub = hub_of(served)
    t = make_table(served, "luxor", seats=[{"kind": "bot", "level": "random"}] * 2)
    engine = create_engine(hub.store.url)
    held = []
    try:
        deadline = time.monotonic() + 1.2
        while time.monotonic() < deadline:
            with engine.connect() as conn:
                row = conn.execute(
                    text("SELECT claim_until FROM scarab_tables WHERE id = :id"), {"id": t["table"]}
                ).one()
            held.append(row[0] is not None and row[0] > time.time())
            time.sleep(0.05)
    finally:
        engine.dispose()
    assert held[-1] and held.count(True) > len(held) * 0.8, held  # held all along
    wait_for(lambda: len(hub.tables[t["table"]].moves) >= 1)
