"""tools/fill_store.py: real, mixed, half-finished games, as the store itself would hold them."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import select

from scarab.core.registry import load
from scarab.server import migrate
from scarab.server.schema import TableRow
from scarab.server.store import Store
from scarab.server.stored import Header

ROOT = Path(__file__).resolve().parents[2]
TABLES = 30


@pytest.mark.slow
def test_fill_store_writes_games_that_replay_as_the_store_would_keep_them(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fill.db'}"
    args = ["--db", url, "--tables", str(TABLES), "--jobs", "2", "--batch", "8", "--seed", "3"]
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "fill_store.py"), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"with {TABLES} tables" in done.stdout
    store = Store(url)
    again = Store(f"sqlite:///{tmp_path / 'again.db'}")
    try:
        with store.engine.connect() as conn:
            ids = [r[0] for r in conn.execute(select(TableRow.id))]
        tables = [t for t in map(store.load, ids) if t is not None]
        assert len(tables) == TABLES
        assert Counter(t.game for t in tables) == {"luxor": 10, "pyramids": 10, "horus": 10}
        assert TABLES / 4 <= sum(t.over for t in tables) <= TABLES * 3 / 4
        for t in tables:
            game = load(t.game)
            state = game.new_game([s["name"] for s in t.seats], seed=t.seed, **t.options)
            for m in t.moves:
                assert m.seat == state.current_player
                state.apply(game.parse_action(state, m.notation))
            assert (t.current, t.over, t.due, t.rev) == (
                state.current_player,
                state.is_over,
                None,
                len(t.moves),
            )
        # the same tables written through the store's own calls read back the same
        migrate.upgrade(again.url)
        for t in tables[:3]:
            game = load(t.game)
            state = game.new_game([s["name"] for s in t.seats], seed=t.seed)
            again.create(replace(t, over=False, rev=0, current=state.current_player, moves=[]))
            for ply, m in enumerate(t.moves):
                state.apply(game.parse_action(state, m.notation))
                again.append(t.id, ply, ply, m, Header(state.current_player, state.is_over, None))
            assert again.load(t.id) == t
    finally:
        store.close()
        again.close()


def test_fill_store_refuses_more_than_a_million_tables(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "fill_store.py"),
            "--db",
            f"sqlite:///{tmp_path / 'fill.db'}",
            "--tables",
            "1000001",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "give 1 to 1000000" in done.stderr
    assert not (tmp_path / "fill.db").exists()
