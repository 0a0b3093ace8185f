"""Where tables live between restarts: a header row and an append-only list of moves.

A table is event-sourced: its header (game, options, secret seed, seats) and
the moves in order are all that is stored, and the state is rebuilt by
replaying them. A move is acknowledged only after its row is committed, so a
server killed at any moment (even ``kill -9``) restarts with every accepted
move. SQLite (the default, a file next to the server) runs in WAL mode;
PostgreSQL is used by URL.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "scarab_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[str] = mapped_column(Text)  # JSON object
    seed: Mapped[str] = mapped_column(String(24))  # up to 2**64-1: wider than BIGINT
    seats: Mapped[str] = mapped_column(Text)  # JSON list of seat dicts
    timer: Mapped[int | None] = mapped_column(Integer, nullable=True)  # seconds per turn
    zombie: Mapped[str] = mapped_column(String(32))  # the level that plays for absent seats
    created: Mapped[float] = mapped_column(Float)
    over: Mapped[bool] = mapped_column(Boolean, default=False)


class MoveRow(Base):
    __tablename__ = "scarab_moves"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("scarab_tables.id", ondelete="CASCADE"), primary_key=True
    )
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    notation: Mapped[str] = mapped_column(String(200))
    note: Mapped[str | None] = mapped_column(String(200), nullable=True)  # e.g. zombie play
    at: Mapped[float] = mapped_column(Float)


@dataclass
class StoredMove:
    seat: int
    notation: str
    note: str | None
    at: float


@dataclass
class StoredTable:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    timer: int | None
    zombie: str
    created: float
    over: bool = False
    moves: list[StoredMove] = field(default_factory=list)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # a killed process loses no committed move
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


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
    )


class Store:
    """Synchronous storage calls; the server runs them on one writer thread, in order."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = create_engine(url, future=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        Base.metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create(self, t: StoredTable) -> None:
        row = TableRow(
            id=t.id,
            game=t.game,
            options=json.dumps(t.options),
            seed=str(t.seed),
            seats=json.dumps(t.seats),
            timer=t.timer,
            zombie=t.zombie,
            created=t.created,
            over=t.over,
        )
        with Session(self.engine) as s, s.begin():
            s.add(row)

    def append(self, table_id: str, ply: int, move: StoredMove, over: bool) -> None:
        """Add move number ``ply`` (0-based); the primary key refuses a second one.

        Core statements, not the ORM: this runs once per move and is the server's
        largest cost per move."""
        row = {
            "table_id": table_id,
            "ply": ply,
            "seat": move.seat,
            "notation": move.notation,
            "note": move.note,
            "at": move.at,
        }
        with self.engine.begin() as conn:
            conn.execute(insert(MoveRow), row)
            if over:
                conn.execute(update(TableRow).where(TableRow.id == table_id).values(over=True))

    def truncate(self, table_id: str, keep: int) -> None:
        """Drop the moves from ply ``keep`` on (an undo)."""
        with Session(self.engine) as s, s.begin():
            s.execute(delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.ply >= keep))

    def set_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        with Session(self.engine) as s, s.begin():
            s.execute(
                update(TableRow).where(TableRow.id == table_id).values(seats=json.dumps(seats))
            )

    def load_all(self) -> list[StoredTable]:
        """Every table with its moves in order."""
        with Session(self.engine) as s:
            tables = {row.id: _stored(row) for row in s.scalars(select(TableRow))}
            for m in s.scalars(select(MoveRow).order_by(MoveRow.table_id, MoveRow.ply)):
                t = tables.get(m.table_id)
                if t is not None:
                    t.moves.append(StoredMove(m.seat, m.notation, m.note, m.at))
        return list(tables.values())
