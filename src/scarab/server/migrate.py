"""The store's schema: made and changed only by the Alembic revisions shipped in the package.

A live store keeps its tables from one version of Scarab to the next, so its
schema is never made by ``create_all``: ``scarab serve`` (and ``create_app``)
upgrades a store to this version's head at start, and ``scarab db upgrade``
does it on demand. A store made before migrations existed (the tables but no
alembic_version) is at the first revision and is stamped so before upgrading.
One upgrade runs in one transaction, every revision committing together or
not at all, and two processes upgrading one store at once take turns.

A new revision: ``alembic.command.revision(config(conn), message, autogenerate=True)``
with a connection to a store at head, then write its upgrade by hand if needed.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, inspect, make_url, text
from sqlalchemy.exc import ArgumentError, DBAPIError

from scarab.core.errors import ScarabError
from scarab.server.schema import WRITE_TIMEOUT

MIGRATIONS = Path(__file__).parent / "migrations"
FIRST = "0001"  # the schema that create_all made before there were migrations
LOCK = 0x5CA4AB  # PostgreSQL advisory lock that serialises upgrades of one database
URL_FORMS = "sqlite:///FILE or postgresql+psycopg://USER@HOST/DATABASE"
BACKENDS = ("sqlite", "postgresql")


class BadStore(ScarabError):
    """A store URL that names no store Scarab can use; the message says what would do."""


class StoreBehind(ScarabError):
    """The store's schema is older than this version's, and it was not to be upgraded."""


class StoreAhead(ScarabError):
    """The store is at a revision this version does not know: a newer Scarab upgraded it."""


def config(conn: Connection | None = None) -> Config:
    """Alembic's configuration, built in code: the revisions in the package, on ``conn``."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    return cfg


@cache
def _scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())


def head() -> str:
    """The revision this version of Scarab runs on."""
    found = _scripts().get_current_head()
    assert found is not None  # the package ships its revisions
    return found


def check_url(url: str) -> None:
    """BadStore, saying what would do, unless ``url`` reads as a store Scarab keeps (SQLite
    or PostgreSQL) in a place that exists; whether it opens is found when it is opened."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise BadStore(f"{url[:80]!r} is not a database URL: give {URL_FORMS}") from None
    backend = parsed.get_backend_name()
    if backend not in BACKENDS:
        raise BadStore(
            f"Scarab keeps its store in SQLite or PostgreSQL, not {backend}: give {URL_FORMS}"
        )
    file = parsed.database or ""
    if backend == "sqlite" and file and file != ":memory:" and not file.startswith("file:"):
        folder = Path(file).parent
        if not folder.is_dir():
            raise BadStore(
                f"the folder {folder} does not exist, so the SQLite store at {file} cannot be "
                "made there: make the folder, or name a file in a folder that exists"
            )


@contextlib.contextmanager
def _opening(url: str, failed: str = "could not be opened") -> Iterator[None]:
    """Checks ``url`` first, then turns a store that cannot be opened (no server there, a
    file that is not a database, a driver not installed) or used into a BadStore in one
    line, saying it ``failed`` and what to check."""
    check_url(url)
    try:
        yield
    except ImportError as exc:
        extra = "pip install '.[postgres]' in Scarab's folder installs it, or give"
        raise BadStore(
            f"the database driver for {shown(url)} is not installed ({exc.name}): {extra} "
            f"{URL_FORMS}"
        ) from None
    except DBAPIError as exc:
        lines = str(exc.orig).strip().splitlines()
        reason = lines[0] if lines else type(exc.orig).__name__
        fix = (
            "name a SQLite file that Scarab made, or a new one in a folder you may write to"
            if make_url(url).get_backend_name() == "sqlite"
            else "check the host, port, user and database in the URL, and that the PostgreSQL "
            "server is running and lets that user in"
        )
        raise BadStore(f"the store at {shown(url)} {failed}: {reason}; {fix}") from None


def shown(url: str) -> str:
    """The URL as it may be printed: without its password."""
    return make_url(url).render_as_string(hide_password=True)


def _engine(url: str) -> Engine:
    """An engine for schema changes. On SQLite each transaction takes the write lock at
    BEGIN, and DDL is part of it (pysqlite would otherwise run DDL outside it)."""
    if not url.startswith("sqlite"):
        return create_engine(url)
    engine = create_engine(url, connect_args={"timeout": WRITE_TIMEOUT})

    def no_autobegin(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None

    def begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    event.listen(engine, "connect", no_autobegin)
    event.listen(engine, "begin", begin)
    return engine


def _revision(conn: Connection) -> str | None:
    """The store's revision: None for an empty database; FIRST for one create_all made."""
    found = MigrationContext.configure(conn).get_current_revision()
    if found is None and inspect(conn).has_table("scarab_tables"):
        return FIRST
    return found


def _known(url: str, revision: str | None) -> None:
    """StoreAhead unless ``revision`` is one of this version's (or None: empty)."""
    if revision is None:
        return
    if revision not in {s.revision for s in _scripts().walk_revisions()}:
        raise StoreAhead(
            f"the store at {shown(url)} is at schema revision {revision}, which this version "
            f"of Scarab does not know (it runs on {head()}): a newer Scarab upgraded it; "
            "run that version"
        )


def current(url: str) -> str | None:
    """The store's schema revision; None if it has no schema yet."""
    with _opening(url):
        engine = create_engine(url)
        try:
            with engine.connect() as conn:
                return _revision(conn)
        finally:
            engine.dispose()


def _current_known(url: str) -> str | None:
    """The store's revision, StoreAhead if this version does not know it."""
    revision = current(url)
    _known(url, revision)
    return revision


def pending(url: str) -> bool:
    """Whether the store must be upgraded before this version can use it."""
    return _current_known(url) != head()


def check(url: str) -> None:
    """StoreBehind, saying what to run, if the store must be upgraded first."""
    revision = _current_known(url)
    if revision != head():
        where = "has no schema yet" if revision is None else f"is at schema revision {revision}"
        raise StoreBehind(
            f"the store at {shown(url)} {where}, and this version of Scarab runs on "
            f"{head()}; run `scarab db upgrade --db {shown(url)}` (or serve without "
            "--no-upgrade)"
        )


def upgrade(url: str) -> str | None:
    """Bring the store to head in one transaction; the revision it was at before."""
    with _opening(url, "could not be opened or upgraded (nothing was changed)"):
        engine = _engine(url)
        try:
            with engine.begin() as conn:
                if conn.dialect.name == "postgresql":
                    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK})
                before = _revision(conn)
                _known(url, before)
                if before != head():
                    cfg = config(conn)
                    if before == FIRST and not inspect(conn).has_table("alembic_version"):
                        command.stamp(cfg, FIRST)
                    command.upgrade(cfg, "head")
                return before
        finally:
            engine.dispose()
