"""The store's tables (SQLAlchemy rows) and how a process connects to them.

The schema itself is made and changed by the migrations (migrations/versions);
these rows are what the code reads and writes, and what a migration's
autogenerate compares with.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    create_engine,
    event,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

WRITE_TIMEOUT = 5.0  # seconds a statement may wait for a lock before the store gives up


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "scarab_tables"
    __table_args__ = (Index("ix_scarab_tables_lobby", "public", "open_seats", "game"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[str] = mapped_column(Text)  # JSON object
    seed: Mapped[str] = mapped_column(String(24))  # up to 2**64-1: wider than BIGINT
    seats: Mapped[str] = mapped_column(Text)  # JSON list of seat dicts
    timer: Mapped[int | None] = mapped_column(Integer, nullable=True)  # seconds per turn
    zombie: Mapped[str] = mapped_column(String(32))  # the level that plays for absent seats
    created: Mapped[float] = mapped_column(Float)
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    rev: Mapped[int] = mapped_column(Integer, default=0)  # raised by every change
    current: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the seat to decide
    due: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    claim: Mapped[str | None] = mapped_column(String(32), nullable=True)  # the bot's process
    claim_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    public: Mapped[bool] = mapped_column(Boolean, default=False)  # listed in the lobby
    open_seats: Mapped[int] = mapped_column(Integer, default=0)  # seats nobody has taken yet
    rated: Mapped[bool] = mapped_column(Boolean, default=False)  # its result moves ratings
    rated_at: Mapped[float | None] = mapped_column(Float, nullable=True)  # when it did, once
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)  # the next table


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


class PlayerRow(Base):
    """A person the server recognises across tables and devices: a name, no password."""

    __tablename__ = "scarab_players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    created: Mapped[float] = mapped_column(Float)
    code_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    code_until: Mapped[float | None] = mapped_column(Float, nullable=True)


class KeyRow(Base):
    """A player's key on one device (only its hash is kept; a device may be forgotten)."""

    __tablename__ = "scarab_player_keys"

    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("scarab_players.id", ondelete="CASCADE"), index=True
    )
    created: Mapped[float] = mapped_column(Float)


class SeatRow(Base):
    """Which player sits at which seat of which table: a player's tables, on any device."""

    __tablename__ = "scarab_seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("scarab_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("scarab_players.id", ondelete="CASCADE"), index=True
    )


class ChatRow(Base):
    """One chat line of a table: its players' channel, or its watchers'."""

    __tablename__ = "scarab_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("scarab_tables.id", ondelete="CASCADE"), index=True
    )
    channel: Mapped[str] = mapped_column(String(8))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(String(300))
    at: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """A player's (or a bot level's) rating in one game: openskill's mu and sigma."""

    __tablename__ = "scarab_ratings"

    entrant: Mapped[str] = mapped_column(String(48), primary_key=True)  # player id or bot:level
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(48))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    played: Mapped[int] = mapped_column(Integer)
    won: Mapped[float] = mapped_column(Float)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # a killed process loses no committed move
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={int(WRITE_TIMEOUT * 1000)}")
    cursor.close()


def make_engine(url: str, timeout: float = WRITE_TIMEOUT) -> Engine:
    """An engine whose every statement gives up after ``timeout`` seconds of waiting; on
    PostgreSQL a pooled connection is checked as it is taken (``pool_pre_ping``), so one
    the server dropped (a restart, an idle timeout) is replaced unseen, not a failed call."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": timeout})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    ms = int(timeout * 1000)
    return create_engine(
        url,
        pool_size=8,
        pool_timeout=timeout,
        pool_pre_ping=True,
        connect_args={"options": f"-c statement_timeout={ms} -c lock_timeout={ms}"},
    )
