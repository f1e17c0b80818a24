"""Turn `DATABASE_URL` into one async SQLAlchemy engine: aiosqlite for SQLite, asyncpg for PostgreSQL.

Everything above this module is the same for both databases; only connection set-up differs
(SQLite pragmas, PostgreSQL timeouts and schema).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from sqlalchemy import Connection, Engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

DATABASE_FILENAME = "stickem.sqlite3"
"""The SQLite file in the bot's data folder when `DATABASE_URL` is unset."""
DEFAULT_DATABASE_URL = f"sqlite:///{DATABASE_FILENAME}"
"""Where games are stored when `DATABASE_URL` is unset: a SQLite file in the working directory."""

Backend = Literal["sqlite", "postgresql"]

_SQLITE_NAMES = {"sqlite"}
_POSTGRES_NAMES = {"postgresql", "postgres", "pgsql"}
_URL_HELP = (
    "Use sqlite:///path/to/file.sqlite3 (the default is sqlite:///stickem.sqlite3) or "
    "postgresql://user:password@host:5432/database."
)


def redacted(url: str) -> str:
    """`url` with its password hidden, for messages."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return _without_userinfo(url)


def _without_userinfo(text: str) -> str:
    """A URL that does not parse, shown without what may be its user and password."""
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "", text
    _, at, host = rest.rpartition("@")
    return f"{scheme}{sep}***@{host}" if at else text


def normalise_url(url: str) -> tuple[URL, Backend]:
    """Parse a `sqlite:///...` or `postgresql://...` URL and switch it to the async driver.

    Raises `StorageConfigError` (imported lazily to avoid a cycle) for anything else.
    """
    from host.storage.errors import StorageConfigError

    text = url.strip()
    try:
        parsed = make_url(text)
    except (ArgumentError, ValueError) as exc:  # ValueError: a port that is not a number
        shown = _without_userinfo(text)
        raise StorageConfigError(f"DATABASE_URL {shown!r} is not a database URL. {_URL_HELP}") from exc
    name = parsed.drivername.split("+", 1)[0].lower()
    if name in _SQLITE_NAMES:
        return parsed.set(drivername="sqlite+aiosqlite"), "sqlite"
    if name in _POSTGRES_NAMES:
        query = dict(parsed.query)
        # libpq spells it sslmode; asyncpg takes the same values as `ssl`.
        if "sslmode" in query and "ssl" not in query:
            query["ssl"] = query.pop("sslmode")
        return parsed.set(drivername="postgresql+asyncpg", query=query), "postgresql"
    raise StorageConfigError(
        f"DATABASE_URL {redacted(text)!r} names the database {name!r}, which this bot does not support. "
        + _URL_HELP
    )


def sqlite_folder_problem(url: str) -> str | None:
    """Why a SQLite URL's file cannot be opened before even trying (its folder is missing), or None."""
    parsed, backend = normalise_url(url)
    path = parsed.database or ""
    if backend != "sqlite" or path in ("", ":memory:") or path.startswith("file:"):
        return None
    folder = Path(path).expanduser().resolve().parent
    if not folder.is_dir():
        return f"the folder {folder} for the SQLite database does not exist"
    return None


def create_engine(
    url: str, *, timeout: float = 5.0, schema: str | None = None, command_timeout: float | None = None
) -> tuple[AsyncEngine, Backend]:
    """Create the process's engine for `url`.

    `timeout` (seconds) bounds waiting for a lock (SQLite) or for connecting and each statement
    (PostgreSQL; `command_timeout`, if given, bounds the statements instead). `schema` selects a
    PostgreSQL schema (search_path); it is ignored for SQLite.
    """
    parsed, backend = normalise_url(url)
    if backend == "sqlite":
        # No rollback when a connection goes back to the pool: every transaction here ends in a
        # commit or a rollback already (and closing a connection rolls back a read), so that
        # rollback would only be one more round trip to the driver's thread for each write.
        engine = create_async_engine(parsed, connect_args={"timeout": timeout}, pool_reset_on_return=None)
        install_sqlite_pragmas(engine.sync_engine, timeout)
        return engine, backend
    statements = timeout if command_timeout is None else command_timeout
    connect_args: dict[str, Any] = {"timeout": timeout, "command_timeout": statements}
    if schema is not None:
        connect_args["server_settings"] = {"search_path": schema}
    engine = create_async_engine(
        parsed,
        connect_args=connect_args,
        pool_pre_ping=True,  # a connection broken by a database restart is replaced, not used
        pool_timeout=timeout,
    )
    return engine, backend


SQLITE_BEGIN = "stickem_sqlite_begin"
"""Execution option: how a SQLite transaction on this connection begins ("IMMEDIATE", the
default, takes the write lock at once; "DEFERRED" is for reads)."""


async def read_only(conn: AsyncConnection, backend: Backend) -> None:
    """Mark `conn` as reading only: on SQLite its transaction begins DEFERRED, so it neither
    takes nor waits for the write lock (WAL readers never block the writer)."""
    if backend == "sqlite":
        await conn.execution_options(**{SQLITE_BEGIN: "DEFERRED"})


async def begin_snapshot(conn: AsyncConnection, backend: Backend) -> None:
    """Start a read transaction on `conn` whose queries all see one consistent state.

    PostgreSQL: REPEATABLE READ (one snapshot for the whole transaction). SQLite: a DEFERRED
    transaction (see `install_sqlite_pragmas`); in WAL mode its first read pins the snapshot.
    Either ends when the connection is returned to the pool.
    """
    if backend == "postgresql":
        await conn.execution_options(isolation_level="REPEATABLE READ")
    else:
        await read_only(conn, backend)
        if not conn.in_transaction():
            await conn.begin()


def install_sqlite_pragmas(
    engine: Engine, busy_timeout: float, *, autocheckpoint: bool = True, begin: bool = True
) -> None:
    """Turn on foreign keys and WAL (readers never block the writer) on every new connection of
    ``engine`` (an async engine's ``sync_engine``), set the busy timeout (seconds) and, unless
    turned off, SQLite's automatic checkpoints, and let SQLAlchemy, not the driver, begin
    transactions.

    Python's sqlite3 module (in its legacy transaction mode) begins a transaction only before
    INSERT/UPDATE/DELETE and commits before other statements, so DDL such as a migration's
    ALTER TABLE would be committed at once instead of with the rest of its transaction. As
    SQLAlchemy's documentation recommends for pysqlite/aiosqlite, the driver's own handling is
    turned off (``isolation_level = None``) and every transaction SQLAlchemy begins emits BEGIN
    itself: IMMEDIATE (the write lock at once, waiting up to the busy timeout, so a write never
    fails on a snapshot gone stale) unless the connection is marked with `read_only`. With
    ``begin`` False the caller installs its own BEGIN (the inline writer's, through the driver:
    :func:`host.storage.inline_sqlite.begin_through_driver`).
    """

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA foreign_keys = ON")
            cursor.execute("PRAGMA journal_mode = WAL")
            # In WAL mode NORMAL survives a crash of the bot; only an OS crash can lose the last commit.
            cursor.execute("PRAGMA synchronous = NORMAL")
            cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            if not autocheckpoint:
                cursor.execute("PRAGMA wal_autocheckpoint = 0")
        finally:
            cursor.close()

    if not begin:
        return

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        mode = conn.get_execution_options().get(SQLITE_BEGIN, "IMMEDIATE")
        conn.exec_driver_sql(f"BEGIN {mode}")
