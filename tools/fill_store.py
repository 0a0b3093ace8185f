"""Fill a store with N tables of real random games, to measure a server on a large store.

Tables rotate over luxor, pyramids and horus with 2 to 4 people each (seats as the
server writes them: a name, the hash of a token nobody holds). Every game is played
with random legal actions from a seeded generator; about half are played to the end
and the others stop at a random move, with a person to decide and nothing due.
Table i's game depends only on --seed and i, so any --jobs gives the same games.

Several processes play the games (the costly part); this one writes them, a batch
of tables per transaction, into the store's own tables (TableRow, MoveRow) with the
values Store.create and one Store.append per move would leave: revision = number of
moves, the header of the last position. The store is upgraded to this version's
schema first. Run by hand (it is not a test)::

    python tools/fill_store.py --db sqlite:////tmp/fill.db --tables 100000
    python tools/fill_store.py --db postgresql+psycopg://... --tables 10000 --jobs 8

100,000 tables (9.5 million moves, an 820 MB SQLite file) took 6 minutes on 2 CPUs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import random
import secrets
import sys
import time
from collections import deque
from itertools import islice
from typing import Any

from sqlalchemy import insert

from scarab.cli import count
from scarab.core.registry import games, load
from scarab.server import migrate
from scarab.server.schema import MoveRow, TableRow, make_engine

GAMES = tuple(games())  # every registered game
NAMES = ("ann", "bob", "cleo", "dan", "eve", "fay", "gus", "hal", "ida", "jon")
MAX_TABLES = 1_000_000
AHEAD = 2  # batches in flight per process: the writer never falls far behind
PROGRESS = 10_000  # tables between progress lines
DAYS = 30  # tables were created over the last this many days
Row = dict[str, Any]


def table(seed: int, index: int, now: float) -> tuple[Row, list[Row]]:
    """Table ``index``'s header row and move rows: a random game, finished or not,
    under a fresh id like the server's."""
    rng = random.Random(f"{seed}:{index}")
    game = load(GAMES[index % len(GAMES)])
    names = rng.sample(NAMES, rng.randint(2, 4))
    game_seed = rng.randrange(2**63)
    state = game.new_game(names, seed=game_seed)
    played: list[tuple[int, str]] = []  # (seat, notation) in order
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = rng.choice(state.legal_actions())
        state.step(action)
        played.append((seat, str(action)))
    finished = rng.random() < 0.5
    keep = len(played) if finished else rng.randrange(len(played))
    created = now - rng.uniform(0, DAYS * 86400)
    at = created
    table_id = secrets.token_urlsafe(12)
    moves: list[Row] = []
    for ply, (seat, notation) in enumerate(played[:keep]):
        at += rng.uniform(1, 60)
        moves.append(
            {
                "table_id": table_id,
                "ply": ply,
                "seat": seat,
                "notation": notation,
                "note": None,
                "at": at,
            }
        )
    seats = [
        {
            "name": name,
            "kind": "human",
            "level": None,
            "token_hash": hashlib.sha256(secrets.token_urlsafe(18).encode()).hexdigest(),
            "left": False,
            "allow_undo": True,
        }
        for name in names
    ]
    header = {
        "id": table_id,
        "game": game.name,
        "options": json.dumps({}),
        "seed": str(game_seed),
        "seats": json.dumps(seats),
        "timer": None,
        "zombie": "greedy",
        "created": created,
        "over": finished,
        "rev": keep,
        "current": None if finished else played[keep][0],
        "due": None,  # people only, no timer: the server never acts on its own
    }
    return header, moves


def batch(job: tuple[int, int, int, float]) -> tuple[list[Row], list[Row]]:
    """Tables ``start`` to ``stop`` (exclusive): their header rows and move rows."""
    seed, start, stop, now = job
    headers: list[Row] = []
    moves: list[Row] = []
    for index in range(start, stop):
        header, played = table(seed, index, now)
        headers.append(header)
        moves += played
    return headers, moves


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--db", required=True, help="SQLAlchemy URL of the store to fill")
    p.add_argument("--tables", type=count(1, MAX_TABLES, "a number of tables"), required=True)
    p.add_argument("--seed", type=count(0, 2**63 - 1, "a seed"), default=0)
    p.add_argument(
        "--jobs",
        type=count(1, 256, "a number of processes"),
        default=os.cpu_count() or 1,
        help="processes that play the games (default: one per CPU)",
    )
    p.add_argument(
        "--batch",
        type=count(1, 10_000, "a number of tables"),
        default=500,
        help="tables per transaction, and per piece of work handed to a process",
    )
    args = p.parse_args(argv)
    began = time.monotonic()
    before = migrate.upgrade(args.db)
    if before != migrate.head():
        print(f"upgraded the store from {before or 'empty'} to {migrate.head()}")
    now = time.time()
    jobs = iter(
        [
            (args.seed, start, min(start + args.batch, args.tables), now)
            for start in range(0, args.tables, args.batch)
        ]
    )
    engine = make_engine(args.db, timeout=60.0)
    tables = finished = moves = 0
    shown = 0  # tables when progress was last printed
    with multiprocessing.Pool(args.jobs) as pool:
        running = deque(pool.apply_async(batch, (j,)) for j in islice(jobs, AHEAD * args.jobs))
        while running:
            headers, played = running.popleft().get()
            job = next(jobs, None)
            if job is not None:
                running.append(pool.apply_async(batch, (job,)))
            with engine.begin() as conn:
                conn.execute(insert(TableRow), headers)
                if played:
                    conn.execute(insert(MoveRow), played)
            tables += len(headers)
            finished += sum(h["over"] for h in headers)
            moves += len(played)
            if tables - shown >= PROGRESS or tables == args.tables:
                shown = tables
                print(
                    f"{tables:,}/{args.tables:,} tables, {moves:,} moves, "
                    f"{time.monotonic() - began:.1f} s",
                    flush=True,
                )
    engine.dispose()
    print(
        f"filled {migrate.shown(args.db)} with {tables:,} tables ({finished:,} finished, "
        f"{moves:,} moves) in {time.monotonic() - began:.1f} s with {args.jobs} processes"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
