"""The store's writes: each one lands only against the revision it was made from."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from scarab.server import migrate, stored
from scarab.server import store as store_module
from scarab.server.store import Store
from scarab.server.stored import Conflict, Header, StoredMove, StoredTable
from tests.server.conftest import POSTGRES, fresh_postgres


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """A store holding one table, t1, at revision 0 (its connections closed afterwards)."""
    migrate.upgrade(db_url)
    store = Store(db_url)
    seats = [{"name": "ann", "kind": "human"}, {"name": "bob", "kind": "human"}]
    store.create(StoredTable("t1", "luxor", {}, 7, seats, None, "greedy", 1.0, current=0))
    yield store
    store.close()


def test_each_write_raises_the_revision_and_keeps_the_header(store: Store) -> None:
    store.append("t1", 0, 0, StoredMove(0, "L a1", None, 2.0), Header(1, False, 9.5))
    store.append("t1", 1, 1, StoredMove(1, "R b2", "zombie", 3.0), Header(0, False, None))
    store.set_seats(
        "t1",
        2,
        [{"name": "ann", "kind": "human"}, {"name": "cy", "kind": "open"}],
        Header(0, False, None),
    )
    store.truncate("t1", 3, 1, Header(1, True, None))
    t = store.load("t1")
    assert t is not None
    assert (t.rev, t.current, t.over, t.due) == (4, 1, True, None)
    assert [s["name"] for s in t.seats] == ["ann", "cy"]
    assert t.moves == [StoredMove(0, "L a1", None, 2.0)]


def test_a_write_against_an_old_revision_changes_nothing(store: Store) -> None:
    store.append("t1", 0, 0, StoredMove(0, "L a1", None, 2.0), Header(1, False, None))
    stale = Header(0, True, 5.0)
    with pytest.raises(Conflict):
        store.append("t1", 0, 1, StoredMove(1, "R b2", None, 3.0), stale)
    with pytest.raises(Conflict):
        store.set_seats("t1", 0, [{"name": "mallory", "kind": "human"}], stale)
    with pytest.raises(Conflict):
        store.truncate("t1", 0, 0, stale)
    t = store.load("t1")
    assert t is not None
    assert (t.rev, t.current, t.over, t.due) == (1, 1, False, None)
    assert [s["name"] for s in t.seats] == ["ann", "bob"]
    assert t.moves == [StoredMove(0, "L a1", None, 2.0)]


def test_renumbered_seats_move_each_player_to_their_new_place(store: Store) -> None:
    for who in ("p-ann", "p-bob"):
        store.create_player(who, who[2:], f"hash-{who}", 1.0)
    seats = [{"name": "x", "kind": "open"}, {"name": "ann", "kind": "human", "player": "p-ann"}]
    store.set_seats("t1", 0, seats, Header(0, False, None), sitting=(1, "p-ann"))
    seats.append({"name": "bob", "kind": "human", "player": "p-bob"})
    store.set_seats("t1", 1, seats, Header(0, False, None), sitting=(2, "p-bob"))
    store.set_seats("t1", 2, seats[1:], Header(0, False, None), renumber=True)
    held = {who: [seat for _, seat in store.tables_of(who, 10)] for who in ("p-ann", "p-bob")}
    assert held == {"p-ann": [0], "p-bob": [1]}


def test_a_load_reads_the_header_and_the_moves_of_one_revision(
    store: Store, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process's write that lands between the load's reads of the header and of
    the moves is not half seen: a process catching up trusts the revision it reads."""
    store.append("t1", 0, 0, StoredMove(0, "L a1", None, 2.0), Header(1, False, None))
    other = Store(db_url)  # another process: its own connections
    real = store_module._stored

    def meanwhile(row: Any) -> StoredTable:
        monkeypatch.setattr(store_module, "_stored", real)  # once
        other.truncate("t1", 1, 0, Header(0, False, None))  # an undo, committed at once
        return real(row)

    monkeypatch.setattr(store_module, "_stored", meanwhile)
    try:
        t = store.load("t1")
    finally:
        other.close()
    assert t is not None
    assert (t.rev, t.moves) == (1, [StoredMove(0, "L a1", None, 2.0)])
    after = store.load("t1")
    assert after is not None and (after.rev, after.moves) == (2, [])


def test_a_move_notice_tells_the_move_and_reads_back_only_what_it_told() -> None:
    move = StoredMove(1, "L a2", "zombie", 1700000000.25)
    table, rev, told = stored.move_news("t1", 8, 7, move).split(" ", 2)
    assert (table, rev) == ("t1", "8")
    assert stored.read_move(told) == (7, move)
    long = StoredMove(0, "L a2", "x" * stored.MAX_NEWS, 1.0)
    assert stored.move_news("t1", 8, 7, long) == "t1 8"  # too long: read the store
    for bad in (
        '[7,1,"L a2",null]',
        '[7,"1","L a2",null,1.0]',
        "[7,1,5,null,1.0]",
        "[7,",
        "{}",
        "5",
    ):
        assert stored.read_move(bad) is None, bad
    assert stored.read_move(" " * (stored.MAX_NEWS + 1)) is None


@pytest.mark.skipif(POSTGRES is None, reason="needs SCARAB_TEST_POSTGRES")
def test_a_connection_the_database_dropped_is_replaced_before_use() -> None:
    """A PostgreSQL restart (or a proxy's idle timeout) closes pooled connections; the next
    call on each stale one failed, and players were told the store was unavailable (503)
    until the pool had cycled. A connection is now checked as it is taken from the pool."""
    url = fresh_postgres()
    migrate.upgrade(url)
    store = Store(url)
    seats = [{"name": "ann", "kind": "human"}, {"name": "bob", "kind": "human"}]
    store.create(StoredTable("t1", "luxor", {}, 7, seats, None, "greedy", 1.0, current=0))
    with store.engine.connect() as conn:  # the pool's one connection, back in the pool after
        pid = conn.execute(text("SELECT pg_backend_pid()")).scalar()
    admin = create_engine(url)
    with admin.begin() as conn:
        assert conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid}).scalar()
    admin.dispose()
    t = store.load("t1")
    store.close()
    assert t is not None and t.rev == 0
