"""Schema migrations: a fresh store and one made before migrations both reach the models' schema.

The old store is made as the released server made it (``create_all`` of the
models of that time, copied here) and holds real games, so the upgrade's
backfill of who decides, whether the game is over and when the server acts is
checked against the engine's own replay.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    func,
    insert,
    inspect,
    select,
    text,
)

from scarab.cli import main
from scarab.core.errors import BadRecord
from scarab.core.game import State
from scarab.core.registry import load
from scarab.server import migrate
from scarab.server.app import create_app
from scarab.server.schema import Base, MoveRow
from scarab.server.store import Store
from scarab.server.stored import Header, StoredMove
from tests.server.conftest import server_config

OLD = MetaData()  # the models before migrations, as create_all made them
OLD_TABLES = Table(
    "scarab_tables",
    OLD,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", String(24), nullable=False),
    Column("seats", Text, nullable=False),
    Column("timer", Integer, nullable=True),
    Column("zombie", String(32), nullable=False),
    Column("created", Float, nullable=False),
    Column("over", Boolean, nullable=False, default=False),
)
OLD_MOVES = Table(
    "scarab_moves",
    OLD,
    Column(
        "table_id",
        String(32),
        ForeignKey("scarab_tables.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("ply", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("notation", String(200), nullable=False),
    Column("note", String(200), nullable=True),
    Column("at", Float, nullable=False),
)
CREATED = 1_700_000_000.0


def differences(url: str) -> list[Any]:
    """What differs between the store's schema and the models' (types and defaults too)."""
    engine = create_engine(url)
    with engine.connect() as conn:
        opts = {"compare_type": True, "compare_server_default": True}
        found = compare_metadata(MigrationContext.configure(conn, opts=opts), Base.metadata)
    engine.dispose()
    return list(found)


def seat(name: str, **extra: Any) -> dict[str, Any]:
    return {"name": name, "kind": "human", "level": None, "token_hash": "0" * 64} | extra


def played(game: str, names: list[str], seed: int, plies: int | None) -> tuple[State, list[str]]:
    """A random game of ``plies`` moves (None: to the end) and its notation."""
    state = load(game).new_game(names, seed=seed)
    rng = random.Random(seed)
    notation: list[str] = []
    while not state.is_over and (plies is None or len(notation) < plies):
        action = rng.choice(state.legal_actions())
        notation.append(str(action))
        state.apply(action)
    return state, notation


def old_store(
    url: str, tables: list[dict[str, Any]], seats: dict[str, list[dict[str, Any]]]
) -> None:
    """A store as the server made it before migrations, holding ``tables``, each
    {"id", "game", "seed", "timer", "moves": [notation]}, seated as ``seats`` says
    (by id, else "default")."""
    engine = create_engine(url)
    OLD.create_all(engine)
    with engine.begin() as conn:
        for t in tables:
            seated = seats.get(t["id"], seats.get("default"))
            assert seated is not None
            conn.execute(
                insert(OLD_TABLES),
                {
                    "id": t["id"],
                    "game": t["game"],
                    "options": "{}",
                    "seed": str(t["seed"]),
                    "seats": json.dumps(seated),
                    "timer": t["timer"],
                    "zombie": "greedy",
                    "created": CREATED,
                    "over": t["id"] == "done",
                },
            )
            state = load(t["game"]).new_game([s["name"] for s in seated], seed=t["seed"])
            for ply, notation in enumerate(t["moves"]):
                mover = state.current_player
                state.apply(state.game.parse_action(state, notation))
                row = {"table_id": t["id"], "ply": ply, "seat": mover, "notation": notation}
                conn.execute(insert(OLD_MOVES), row | {"note": None, "at": CREATED + ply + 1})
    engine.dispose()


def test_a_fresh_store_is_made_at_head_with_the_models_schema(db_url: str) -> None:
    assert migrate.current(db_url) is None
    assert migrate.pending(db_url)
    assert migrate.upgrade(db_url) is None
    assert migrate.current(db_url) == migrate.head()
    assert not migrate.pending(db_url)
    assert differences(db_url) == []
    assert migrate.upgrade(db_url) == migrate.head()  # a second upgrade changes nothing


def test_an_old_store_keeps_its_games_and_gets_its_headers_from_a_replay(db_url: str) -> None:
    two = ["ann", "bob"]
    luxor, luxor_moves = played("luxor", two, 7, 5)
    pyramids, pyramids_moves = played("pyramids", two, 8, 3)
    horus, horus_moves = played("horus", ["ann", "bob", "cleo"], 9, 4)
    done, done_moves = played("luxor", two, 10, None)
    assert not (luxor.is_over or pyramids.is_over or horus.is_over) and done.is_over
    bot = [seat(n) for n in ("ann", "bob", "cleo")]
    assert horus.current_player is not None
    bot[horus.current_player] = seat(bot[horus.current_player]["name"], kind="bot", level="greedy")
    left = [seat("ann"), seat("bob")]
    assert luxor.current_player is not None
    left[luxor.current_player] = seat(left[luxor.current_player]["name"], left=True)
    seats = [seat("ann"), seat("bob")]
    old_store(
        db_url,
        [
            {"id": "plain", "game": "luxor", "seed": 7, "timer": None, "moves": luxor_moves},
            {"id": "timed", "game": "pyramids", "seed": 8, "timer": 60, "moves": pyramids_moves},
            {"id": "bot", "game": "horus", "seed": 9, "timer": 60, "moves": horus_moves},
            {"id": "left", "game": "luxor", "seed": 7, "timer": 60, "moves": luxor_moves},
            {"id": "fresh", "game": "pyramids", "seed": 8, "timer": 30, "moves": []},
            {"id": "done", "game": "luxor", "seed": 10, "timer": 60, "moves": done_moves},
        ],
        seats={"bot": bot, "left": left, "default": seats},
    )
    assert migrate.current(db_url) == "0001"
    assert migrate.upgrade(db_url) == "0001"
    assert migrate.current(db_url) == migrate.head()
    assert differences(db_url) == []

    store = Store(db_url)
    try:
        want = {  # (current, over, due): the engine's replay and the server's rule for due
            "plain": (luxor.current_player, False, None),
            "timed": (pyramids.current_player, False, CREATED + 3 + 60),
            "bot": (horus.current_player, False, CREATED + 4),
            "left": (luxor.current_player, False, CREATED + 5),
            "fresh": (load("pyramids").new_game(two, seed=8).current_player, False, CREATED + 30),
            "done": (None, True, None),
        }
        for table_id, header in want.items():
            t = store.load(table_id)
            assert t is not None
            assert (t.current, t.over, t.due) == header, table_id
            assert (t.rev, t.created, t.zombie) == (0, CREATED, "greedy")
        plain = store.load("plain")
        assert plain is not None
        assert [m.notation for m in plain.moves] == luxor_moves
        assert plain.seats == seats and plain.seed == 7 and plain.options == {}
        # the upgraded store works as the server uses it: a move, and a cascade on delete
        state = load("luxor").new_game(two, seed=7)
        for notation in luxor_moves:
            state.apply(state.game.parse_action(state, notation))
        action = str(state.legal_actions()[0])
        move = StoredMove(luxor.current_player or 0, action, None, CREATED + 9)
        store.append("plain", 0, len(luxor_moves), move, Header(1, False, None))
        with store.engine.begin() as conn:
            conn.execute(text("DELETE FROM scarab_tables WHERE id = 'timed'"))
            count = select(func.count()).select_from(MoveRow).where(MoveRow.table_id == "timed")
            assert conn.execute(count).scalar() == 0
    finally:
        store.close()


def test_an_old_store_that_does_not_replay_is_left_as_it_was(db_url: str) -> None:
    seats = [seat("ann"), seat("bob")]
    bad = {"id": "bad", "game": "luxor", "seed": 7, "timer": None, "moves": []}
    old_store(db_url, [bad], {"default": seats})
    engine = create_engine(db_url)
    with engine.begin() as conn:
        move = {"table_id": "bad", "ply": 0, "seat": 0, "notation": "nonsense"}
        conn.execute(insert(OLD_MOVES), move | {"note": None, "at": CREATED})
    with pytest.raises(BadRecord, match=r"table bad .* does not replay at move 0"):
        migrate.upgrade(db_url)
    assert migrate.current(db_url) == "0001"
    assert not inspect(engine).has_table("alembic_version")
    assert "rev" not in {c["name"] for c in inspect(engine).get_columns("scarab_tables")}
    engine.dispose()


def test_serving_without_upgrading_refuses_a_store_behind_and_says_what_to_run(
    db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    old_store(db_url, [], {})
    assert main(["serve", "--no-upgrade", "--db", db_url]) == 2
    said = capsys.readouterr().err
    assert "is at schema revision 0001" in said
    assert f"run `scarab db upgrade --db {migrate.shown(db_url)}`" in said
    with pytest.raises(migrate.StoreBehind):
        create_app(server_config(db_url, upgrade=False))
    assert migrate.current(db_url) == "0001"


def test_scarab_db_upgrade_and_current(db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    old_store(db_url, [], {})
    assert main(["db", "current", "--db", db_url]) == 0
    head = migrate.head()
    assert f"0001 (this version runs on {head}; run `scarab db upgrade" in capsys.readouterr().out
    assert main(["db", "upgrade", "--db", db_url]) == 0
    assert f"from 0001 to {head}" in capsys.readouterr().out
    assert main(["db", "upgrade", "--db", db_url]) == 0
    assert f"is up to date ({head})" in capsys.readouterr().out
    assert main(["db", "current", "--db", db_url]) == 0
    assert capsys.readouterr().out == f"{migrate.head()} (up to date)\n"
    assert differences(db_url) == []


@pytest.mark.parametrize(
    ("db", "says"),
    [
        ("nonsense", "'nonsense' is not a database URL: give sqlite:///FILE or postgresql"),
        ("mysql://x/y", "in SQLite or PostgreSQL, not mysql: give sqlite:///FILE or postgresql"),
        ("sqlite:////nonexistent/dir/x.db", "the folder /nonexistent/dir does not exist"),
        ("postgresql+psycopg://127.0.0.1:1/x", "could not be opened: connection"),
        ("NOT A DB", "could not be opened: file is not a database"),
    ],
)
@pytest.mark.parametrize("command", [["serve"], ["serve", "--no-upgrade"], ["db", "current"]])
def test_a_bad_db_is_one_line_that_says_what_would_do(
    db: str, says: str, command: list[str], tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    if db == "NOT A DB":
        (tmp_path / "notes.txt").write_text("these are my notes, not a database\n" * 40)
        db = f"sqlite:///{tmp_path / 'notes.txt'}"
    assert main([*command, "--db", db]) == 2
    out, err = capsys.readouterr()
    assert out == "" or "upgrading" not in out
    assert err.startswith("scarab: ") and err.count("\n") == 1, err
    assert says in err and "Traceback" not in err
    if "could not be opened" in says:  # and what to check
        assert ("the PostgreSQL server" if "postgresql" in db else "a SQLite file") in err


def test_a_store_from_a_newer_scarab_is_refused(db_url: str) -> None:
    migrate.upgrade(db_url)
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    for call in (migrate.upgrade, migrate.check, migrate.pending):
        with pytest.raises(migrate.StoreAhead, match="revision 9999, which this version"):
            call(db_url)


def test_the_header_revision_downgrades_and_upgrades_again(db_url: str) -> None:
    old_store(db_url, [], {})
    migrate.upgrade(db_url)
    engine = create_engine(db_url)
    with engine.begin() as conn:
        command.downgrade(migrate.config(conn), "0001")
    engine.dispose()
    assert migrate.current(db_url) == "0001"
    migrate.upgrade(db_url)
    assert differences(db_url) == []


def test_the_players_revision_downgrades_and_upgrades_again(db_url: str) -> None:
    migrate.upgrade(db_url)

    def tables() -> set[str]:
        engine = create_engine(db_url)
        with engine.connect() as conn:
            names = set(inspect(conn).get_table_names())
        engine.dispose()
        return names

    players = {"scarab_players", "scarab_player_keys", "scarab_seats"}
    assert players <= tables()
    engine = create_engine(db_url)
    with engine.begin() as conn:
        command.downgrade(migrate.config(conn), "0002")
    engine.dispose()
    assert migrate.current(db_url) == "0002" and not players & tables()
    migrate.upgrade(db_url)
    assert players <= tables() and differences(db_url) == []


def test_a_postgresql_url_without_its_driver_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as on the base install
    assert main(["db", "current", "--db", "postgresql+psycopg://scarab@127.0.0.1:1/x"]) == 2
    err = capsys.readouterr().err
    assert "is not installed (psycopg)" in err and "pip install '.[postgres]'" in err
