"""Where tables live: a header row and an append-only list of moves; the store is the truth.

A table is event-sourced: its header (game, options, secret seed, seats) and
the moves in order are all that is stored, and the state is rebuilt by
replaying them. A change is acknowledged only after it is committed, so a
server killed at any moment (even ``kill -9``) restarts with every accepted
move. The header also keeps what a process needs without replaying: who
decides (for summaries), when the server must act on its own (``due``: a
bot's or zombie's move, a turn timer), which process is running the table's
bot (a claim that expires), and a revision number that every change raises:
a change is written only against the revision it was made from, so two
processes can never both change one table. SQLite (the default, a file next
to the server) runs in WAL mode; PostgreSQL is used by URL.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import (
    bindparam,
    delete,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine

from scarab.server.schema import (
    ChatRow,
    KeyRow,
    MoveRow,
    PlayerRow,
    RatingRow,
    SeatRow,
    TableRow,
    make_engine,
)
from scarab.server.stored import Conflict, Header, StoredMove, StoredTable, move_news

NOTIFY_CHANNEL = "scarab_tables"


# The statements written with every move, built once: a statement built per call cost
# SQLAlchemy more CPU (its cache key) than the write itself (463 against 176 µs a move).
_ADVANCE = (
    update(TableRow)
    .where(TableRow.id == bindparam("b_id"), TableRow.rev == bindparam("b_rev"))
    .values(
        rev=bindparam("b_next"),
        current=bindparam("b_current"),
        over=bindparam("b_over"),
        due=bindparam("b_due"),
    )
)
_ADVANCE_SEATS = _ADVANCE.values(seats=bindparam("b_seats"), open_seats=bindparam("b_open"))
_ADD_MOVE = insert(MoveRow)


def _stored(row: TableRow) -> StoredTable:
    """A table row read back (without its moves)."""
    return StoredTable(
        id=row.id,
        game=row.game,
        options=json.loads(row.options),
        seed=int(row.seed),
        seats=json.loads(row.seats),
        timer=row.timer,
        zombie=row.zombie,
        created=row.created,
        over=row.over,
        rev=row.rev,
        current=row.current,
        due=row.due,
        public=row.public,
        rated=row.rated,
        rematch=row.rematch,
    )


def _notify(conn: Connection, payload: str) -> None:
    """Tell the listening processes, when ``conn``'s transaction commits."""
    conn.execute(
        text("SELECT pg_notify(:channel, :payload)"),
        {"channel": NOTIFY_CHANNEL, "payload": payload},
    )


class Store:
    """Synchronous storage calls; the server runs them on a small pool of threads."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = make_engine(url)
        self.postgres = self.engine.dialect.name == "postgresql"

    def close(self) -> None:
        self.engine.dispose()

    def create(self, t: StoredTable) -> None:
        with self.engine.begin() as conn:
            self._insert(conn, t)

    def _insert(self, conn: Connection, t: StoredTable) -> None:
        row = {
            "id": t.id,
            "game": t.game,
            "options": json.dumps(t.options),
            "seed": str(t.seed),
            "seats": json.dumps(t.seats),
            "timer": t.timer,
            "zombie": t.zombie,
            "created": t.created,
            "over": t.over,
            "rev": t.rev,
            "current": t.current,
            "due": t.due,
            "public": t.public,
            "open_seats": t.open_seats,
            "rated": t.rated,
        }
        players = [
            {"table_id": t.id, "seat": i, "player_id": s["player"]}
            for i, s in enumerate(t.seats)
            if s.get("player")
        ]
        conn.execute(insert(TableRow), row)
        if players:
            conn.execute(insert(SeatRow), players)

    def append(self, table_id: str, rev: int, ply: int, move: StoredMove, head: Header) -> None:
        """Add move number ``ply`` (0-based) to a table still at revision ``rev``.

        Core statements, not the ORM: this runs once per move and is the server's
        largest cost per move. Conflict if the table moved on in the meantime."""
        row = {
            "table_id": table_id,
            "ply": ply,
            "seat": move.seat,
            "notation": move.notation,
            "note": move.note,
            "at": move.at,
        }
        news = move_news(table_id, rev + 1, ply, move) if self.postgres else None
        with self.engine.begin() as conn:
            self._advance(conn, table_id, rev, head, news=news)
            conn.execute(_ADD_MOVE, row)

    def truncate(self, table_id: str, rev: int, keep: int, head: Header) -> None:
        """Drop the moves from ply ``keep`` on (an undo)."""
        with self.engine.begin() as conn:
            self._advance(conn, table_id, rev, head)
            conn.execute(delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.ply >= keep))

    def set_seats(
        self,
        table_id: str,
        rev: int,
        seats: list[dict[str, Any]],
        head: Header,
        sitting: tuple[int, str] | None = None,
        renumber: bool = False,
        seed: int | None = None,
    ) -> None:
        """Write a table's seats; ``sitting`` (seat, player id) records who took a seat,
        ``renumber`` rewrites who sits where (after open seats were removed), and ``seed``
        is the new secret seed of a table started with fewer seats."""
        with self.engine.begin() as conn:
            self._advance(conn, table_id, rev, head, seats=seats)
            if seed is not None:
                conn.execute(update(TableRow).where(TableRow.id == table_id).values(seed=str(seed)))
            if sitting is not None:
                row = {"table_id": table_id, "seat": sitting[0], "player_id": sitting[1]}
                conn.execute(insert(SeatRow), row)
            if renumber:
                conn.execute(delete(SeatRow).where(SeatRow.table_id == table_id))
                rows = [
                    {"table_id": table_id, "seat": i, "player_id": s["player"]}
                    for i, s in enumerate(seats)
                    if s.get("player")
                ]
                if rows:
                    conn.execute(insert(SeatRow), rows)

    def _advance(
        self,
        conn: Connection,
        table_id: str,
        rev: int,
        head: Header,
        seats: list[dict[str, Any]] | None = None,
        news: str | None = None,
    ) -> None:
        """Raise the revision from ``rev`` (Conflict if it is not that) and write the header
        (and the seats, when given); on PostgreSQL, tell the other processes once the
        transaction commits (``news``, or that the table is at its new revision)."""
        values = {
            "b_id": table_id,
            "b_rev": rev,
            "b_next": rev + 1,
            "b_current": head.current,
            "b_over": head.over,
            "b_due": head.due,
        }
        if seats is None:
            done = conn.execute(_ADVANCE, values)
        else:
            opened = sum(1 for s in seats if s["kind"] == "open")
            done = conn.execute(
                _ADVANCE_SEATS, {**values, "b_seats": json.dumps(seats), "b_open": opened}
            )
        if done.rowcount != 1:
            raise Conflict(f"table {table_id} is no longer at revision {rev}")
        if self.postgres:
            _notify(conn, news or f"{table_id} {rev + 1}")

    def notify(self, payload: str) -> None:
        """Tell every listening process something (PostgreSQL only)."""
        with self.engine.begin() as conn:
            _notify(conn, payload)

    def load(self, table_id: str, since: int = 0) -> StoredTable | None:
        """One table with its moves in order (those from ply ``since`` on: the tail another
        process added); None if there is none."""
        with self._snapshot() as conn:
            row = conn.execute(select(TableRow).where(TableRow.id == table_id)).first()
            if row is None:
                return None
            stored = _stored(TableRow(**row._asdict()))
            moves = conn.execute(
                select(MoveRow.seat, MoveRow.notation, MoveRow.note, MoveRow.at)
                .where(MoveRow.table_id == table_id, MoveRow.ply >= since)
                .order_by(MoveRow.ply)
            )
            stored.moves = [StoredMove(*m) for m in moves]
        return stored

    @contextmanager
    def _snapshot(self) -> Iterator[Connection]:
        """A connection whose reads all see the store as of the first one, so a write by
        another process lands wholly before or wholly after them: PostgreSQL's repeatable
        read, or on SQLite a BEGIN (its driver starts no transaction for reads)."""
        with self.engine.connect() as conn:
            if self.postgres:
                conn.execution_options(isolation_level="REPEATABLE READ")
            else:
                conn.exec_driver_sql("BEGIN")
            yield conn

    def revision(self, table_id: str) -> int | None:
        """The table's revision, or None if there is no such table: a cheap freshness check."""
        with self.engine.connect() as conn:
            rev = conn.execute(select(TableRow.rev).where(TableRow.id == table_id)).scalar()
        return None if rev is None else int(rev)

    def headers(self, ids: list[str]) -> list[StoredTable]:
        """The headers (no moves) of the tables among ``ids`` that exist."""
        if not ids:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(select(TableRow).where(TableRow.id.in_(ids)))
            return [_stored(TableRow(**r._asdict())) for r in rows]

    def due(self, now: float, limit: int) -> list[str]:
        """Tables whose bot, zombie or turn timer is due by ``now`` and that no live claim holds."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(TableRow.id)
                .where(
                    TableRow.due <= now,
                    TableRow.over.is_(False),
                    or_(TableRow.claim_until.is_(None), TableRow.claim_until < now),
                )
                .order_by(TableRow.due)
                .limit(limit)
            )
            return [r[0] for r in rows]

    def claim(self, table_id: str, rev: int, owner: str, now: float, seconds: float) -> bool:
        """Take the right to run this table's bot for ``seconds``; False if another holds it,
        or if the table is no longer at revision ``rev`` (this process has not caught up)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(TableRow)
                .where(
                    TableRow.id == table_id,
                    TableRow.rev == rev,
                    or_(
                        TableRow.claim.is_(None),
                        TableRow.claim == owner,
                        TableRow.claim_until < now,
                    ),
                )
                .values(claim=owner, claim_until=now + seconds)
            )
            return bool(done.rowcount == 1)

    def release(self, table_id: str, owner: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.claim == owner)
                .values(claim=None, claim_until=None)
            )

    # ---- players ---------------------------------------------------------------
    def create_player(self, player_id: str, name: str, key_hash: str, now: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(PlayerRow), {"id": player_id, "name": name, "created": now})
            conn.execute(
                insert(KeyRow), {"key_hash": key_hash, "player_id": player_id, "created": now}
            )

    def player_for_key(self, key_hash: str) -> tuple[str, str] | None:
        """The (id, name) of the player holding this key, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(PlayerRow.id, PlayerRow.name)
                .join(KeyRow, KeyRow.player_id == PlayerRow.id)
                .where(KeyRow.key_hash == key_hash)
            ).first()
        return None if row is None else (row[0], row[1])

    def offer_rematch(self, old_id: str, new: StoredTable) -> str:
        """Make ``new`` the rematch of a finished table, unless another request did first;
        the rematch's id either way."""
        try:
            with self.engine.begin() as conn:
                self._insert(conn, new)
                done = conn.execute(
                    update(TableRow)
                    .where(
                        TableRow.id == old_id, TableRow.over.is_(True), TableRow.rematch.is_(None)
                    )
                    .values(rematch=new.id)
                )
                if done.rowcount != 1:
                    raise Conflict(f"table {old_id} has its rematch already")  # rolls back
        except Conflict:
            with self.engine.connect() as conn:
                found = conn.execute(select(TableRow.rematch).where(TableRow.id == old_id))
                return str(found.scalar())
        return new.id

    def player_name(self, player_id: str) -> str | None:
        with self.engine.connect() as conn:
            name = conn.execute(select(PlayerRow.name).where(PlayerRow.id == player_id)).scalar()
        return None if name is None else str(name)

    def set_code(self, player_id: str, code_hash: str, until: float) -> None:
        """A one-time code for the player's next device (a new one replaces the last)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(PlayerRow)
                .where(PlayerRow.id == player_id)
                .values(code_hash=code_hash, code_until=until)
            )

    def claim_code(self, code_hash: str, key_hash: str, now: float) -> tuple[str, str] | None:
        """Spend a one-time code: the new device's key joins the player's; (id, name), or
        None for a code that is unknown, spent or expired."""
        with self.engine.begin() as conn:
            row = conn.execute(
                select(PlayerRow.id, PlayerRow.name).where(
                    PlayerRow.code_hash == code_hash, PlayerRow.code_until >= now
                )
            ).first()
            if row is None:
                return None
            spent = conn.execute(
                update(PlayerRow)
                .where(PlayerRow.id == row[0], PlayerRow.code_hash == code_hash)
                .values(code_hash=None, code_until=None)
            )
            if spent.rowcount != 1:
                return None  # another device spent it first
            conn.execute(
                insert(KeyRow), {"key_hash": key_hash, "player_id": row[0], "created": now}
            )
        return row[0], row[1]

    # ---- ratings ------------------------------------------------------------------
    def settle(
        self,
        table_id: str,
        game: str,
        entrants: list[tuple[str, str, float]],
        rerate: Any,
        now: float,
    ) -> bool:
        """Rate a finished rated table once (whichever process asks first): ``entrants``
        are (id, name, win share) by place order; ``rerate`` turns their (mu, sigma) or
        None into new ones. False if it was rated already, or is not rated."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(TableRow)
                .where(
                    TableRow.id == table_id,
                    TableRow.rated.is_(True),
                    TableRow.over.is_(True),
                    TableRow.rated_at.is_(None),
                )
                .values(rated_at=now)
            )
            if done.rowcount != 1:
                return False
            ids = [e[0] for e in entrants]
            rows = conn.execute(
                select(RatingRow).where(RatingRow.game == game, RatingRow.entrant.in_(ids))
            )
            held = {r.entrant: r for r in rows}
            before = [(held[i].mu, held[i].sigma) if i in held else None for i in ids]
            for (entrant, name, share), (mu, sigma) in zip(entrants, rerate(before), strict=True):
                old = held.get(entrant)
                played, won = (old.played, old.won) if old is not None else (0, 0.0)
                values = {"name": name, "mu": mu, "sigma": sigma}
                values |= {"played": played + 1, "won": won + share}
                if old is None:
                    conn.execute(insert(RatingRow), {"entrant": entrant, "game": game, **values})
                else:
                    conn.execute(
                        update(RatingRow)
                        .where(RatingRow.entrant == entrant, RatingRow.game == game)
                        .values(**values)
                    )
        return True

    def leaderboard(self, game: str, offset: int, limit: int) -> list[dict[str, Any]]:
        """A game's ratings, the most surely strong (mu - 3 sigma) first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(RatingRow)
                .where(RatingRow.game == game)
                .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), RatingRow.entrant)
                .offset(offset)
                .limit(limit)
            )
            return [r._asdict() for r in rows]

    def ratings_of(self, entrant: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(RatingRow).where(RatingRow.entrant == entrant))
            return [r._asdict() for r in rows]

    # ---- chat ---------------------------------------------------------------------
    def add_chat(self, line: dict[str, Any]) -> int:
        """Keep a chat line (table_id, channel, seat, name, text, at); its id, in order."""
        with self.engine.begin() as conn:
            done = conn.execute(insert(ChatRow).returning(ChatRow.id), line)
            return int(done.scalar_one())

    def chat(
        self, table_id: str, channels: tuple[str, ...], after: int, limit: int
    ) -> list[dict[str, Any]]:
        """A table's chat lines on these channels after id ``after``: the newest ``limit``,
        oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ChatRow)
                .where(
                    ChatRow.table_id == table_id,
                    ChatRow.channel.in_(channels),
                    ChatRow.id > after,
                )
                .order_by(ChatRow.id.desc())
                .limit(limit)
            )
            return [r._asdict() for r in rows][::-1]

    def lobby(
        self, game: str | None, offset: int, limit: int, playing: bool = False
    ) -> list[StoredTable]:
        """Public tables still going with a seat nobody has taken (``playing``: with every
        seat taken, to watch), newest first."""
        seated = TableRow.open_seats == 0 if playing else TableRow.open_seats > 0
        query = select(TableRow).where(TableRow.public.is_(True), seated, TableRow.over.is_(False))
        if game is not None:
            query = query.where(TableRow.game == game)
        with self.engine.connect() as conn:
            rows = conn.execute(
                query.order_by(TableRow.created.desc(), TableRow.id).offset(offset).limit(limit)
            )
            return [_stored(TableRow(**r._asdict())) for r in rows]

    def tables_of(self, player_id: str, limit: int) -> list[tuple[StoredTable, int]]:
        """The player's tables (headers, no moves) with the seat they hold, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(TableRow, SeatRow.seat.label("held_seat"))
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.player_id == player_id)
                .order_by(TableRow.created.desc())
                .limit(limit)
            )
            out = []
            for r in rows:
                values = r._asdict()
                seat = int(values.pop("held_seat"))
                out.append((_stored(TableRow(**values)), seat))
            return out

    def release_all(self, owner: str | None = None) -> None:
        """Forget the claims of ``owner`` (a process that stops), or every claim (for a store
        that one process serves, at its start)."""
        held = TableRow.claim.is_not(None) if owner is None else TableRow.claim == owner
        with self.engine.begin() as conn:
            conn.execute(update(TableRow).where(held).values(claim=None, claim_until=None))
