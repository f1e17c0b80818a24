"""SQLite writes run on the event loop's own thread, without a thread hop per statement.

Through aiosqlite every statement is handed to the driver's thread and its result handed back to
the event loop: a move's transaction (BEGIN, two or three statements, COMMIT) took 1.3 ms on an
idle bot and ~5 ms on a busy one, where every hand-back waits its turn in the loop. SQLite itself
needs ~0.05 ms for it. Since the bot writes one small transaction at a time (see
:mod:`host.write_queue`), running it synchronously holds the loop for a fraction of a millisecond,
far less than it waited for the hops; reads (start-up loading, statistics) stay on aiosqlite.
The writes' fixed statements and the ``BEGIN IMMEDIATE`` skip SQLAlchemy's execution too and run
on the driver's connection (:meth:`InlineConnection.run`, :func:`begin_through_driver`; see
:mod:`host.storage.fixed_statements`): SQLAlchemy's machinery cost several times what SQLite
needs for one of them.

Three things could hold the loop longer and are kept off it:

- **Waiting for the write lock** (another process such as ``python -m host.storage prune``, or a
  stuck writer): the connection's busy timeout is 0, so ``BEGIN IMMEDIATE`` fails at once when the
  lock is taken, and :meth:`InlineWriter.begin` retries it with ``asyncio.sleep`` in between until
  the storage timeout, then fails like any unreachable database.
- **Checkpoints** (copying the write-ahead log into the database file, with an fsync): automatic
  checkpoints are off on this connection; :meth:`InlineWriter.committed` starts a passive
  checkpoint in a worker thread every :data:`CHECKPOINT_EVERY` commits, and the next write
  awaits it before it begins (so that SQLite can rewind the log: see :meth:`InlineWriter.begin`),
  unless a player waits for that write (``urgent``) and the checkpoint before was not raced too.
- **The commit**: ``COMMIT`` writes the transaction's pages to the write-ahead log, the one
  statement of a write that is I/O: usually a fraction of a millisecond, but now and then the
  kernel keeps the write waiting for several. It runs in a worker thread
  (:meth:`InlineWriter.commit`; SQLite lets go of the interpreter while it writes), one thread
  hop per write instead of one per statement.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, Executable, create_engine, event
from sqlalchemy.engine import URL, CursorResult, Dialect
from sqlalchemy.exc import DBAPIError, OperationalError, SQLAlchemyError, StatementError
from sqlalchemy.ext.asyncio import AsyncConnection

from host.storage.database import install_sqlite_pragmas, normalise_url
from host.storage.fixed_statements import DriverResult, FixedStatement, StatementResult

log = logging.getLogger("host.storage")

CONNECTIONS = 10
"""Transactions of one process holding a write connection at once (:meth:`InlineWriter.take_turn`):
under the pool's 15 (5 and 10 more), so that a connection is never waited for on the loop's thread."""

CHECKPOINT_EVERY = 500
"""Commits between two background checkpoints (SQLite's automatic one is at ~1000 pages)."""

FIRST_RETRY = 0.002
"""Seconds before the first retry of a refused ``BEGIN IMMEDIATE``; doubled up to LAST_RETRY."""
LAST_RETRY = 0.05


def inline_writer_for(url: str, timeout: float) -> InlineWriter | None:
    """The inline writer of a SQLite database file, or None (in-memory and ``file:`` URI
    databases keep every statement on their one aiosqlite connection)."""
    parsed, backend = normalise_url(url)
    path = parsed.database or ""
    if backend != "sqlite" or path in ("", ":memory:") or path.startswith("file:"):
        return None
    return InlineWriter(parsed.set(drivername="sqlite"), timeout)


class InlineConnection:
    """A synchronous SQLAlchemy connection behind the ``execute`` coroutine that
    :class:`host.storage.transaction.Transaction` awaits (it returns without suspending), and
    its driver connection, which runs the fixed statements (:meth:`run`)."""

    __slots__ = ("_conn", "_dialect", "_driver")

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self._dialect = conn.dialect
        self._driver: sqlite3.Connection = conn.connection.dbapi_connection  # type: ignore[assignment]

    async def execute(self, statement: Executable, parameters: Any = None) -> CursorResult[Any]:
        """Run one statement now, on this thread."""
        return self._conn.execute(statement, parameters)

    def run(
        self, fixed: FixedStatement, parameters: Mapping[str, Any] | Sequence[Mapping[str, Any]]
    ) -> StatementResult:
        """Run a fixed statement now, through the driver's cursor with the SQL SQLAlchemy
        compiled for it once (through SQLAlchemy when it cannot be: see
        :mod:`host.storage.fixed_statements`). A list of parameters runs it once for each.
        The driver's errors come as SQLAlchemy's (an ``IntegrityError``, an ``OperationalError``),
        as from :meth:`execute`."""
        rows = [parameters] if isinstance(parameters, Mapping) else list(parameters)
        many = len(rows) > 1
        compiled = fixed.compiled_for(self._dialect, tuple(rows[0]), many) if rows else None
        if compiled is None:
            return self._conn.execute(fixed.statement, parameters)
        try:
            values = [compiled.values(row) for row in rows]
        except Exception as exc:  # a type's bind processor refused a value: as SQLAlchemy says it
            raise StatementError(str(exc), compiled.sql, parameters, exc) from exc
        cursor = self._driver.cursor()
        try:
            if many:
                cursor.executemany(compiled.sql, values)
            else:
                cursor.execute(compiled.sql, values[0])
            selected = cursor.fetchall() if cursor.description is not None else ()
            return DriverResult(cursor.rowcount, selected)
        except sqlite3.Error as exc:
            raise self._failed(exc, compiled.sql, parameters, cursor) from exc
        finally:
            cursor.close()

    def _failed(self, exc: sqlite3.Error, sql: str, parameters: Any, cursor: sqlite3.Cursor) -> BaseException:
        """The SQLAlchemy error for the driver's ``exc`` (SQLAlchemy's execution would raise the
        same), the connection invalidated when the driver says it is gone."""
        gone = self._dialect.is_disconnect(exc, self._driver, cursor)  # type: ignore[arg-type]
        if gone:
            self._conn.invalidate(exc)
        return driver_error(exc, sql, parameters, self._dialect, invalidated=gone)


def driver_error(
    exc: sqlite3.Error, sql: str, parameters: Any, dialect: Dialect, *, invalidated: bool = False
) -> BaseException:
    """SQLAlchemy's error (``IntegrityError``, ``OperationalError``, ...) for an error the SQLite
    driver raised running ``sql`` directly, as SQLAlchemy's execution would have raised it."""
    error = DBAPIError.instance(
        sql, parameters, exc, sqlite3.Error, connection_invalidated=invalidated, dialect=dialect
    )
    assert isinstance(error, BaseException)
    return error


async def run(
    conn: AsyncConnection | InlineConnection,
    fixed: FixedStatement,
    parameters: Mapping[str, Any] | Sequence[Mapping[str, Any]],
) -> StatementResult:
    """Run a fixed statement on a transaction's connection: through the driver on the inline
    SQLite writer, through SQLAlchemy on any other (see :mod:`host.storage.fixed_statements`)."""
    if isinstance(conn, InlineConnection):
        return conn.run(fixed, parameters)
    return await conn.execute(fixed.statement, parameters)


BEGIN_IMMEDIATE = "BEGIN IMMEDIATE"


def begin_through_driver(engine: Engine) -> None:
    """Make every transaction SQLAlchemy begins on ``engine`` (a pysqlite engine whose driver
    begins none itself: :func:`host.storage.database.install_sqlite_pragmas`) start with
    ``BEGIN IMMEDIATE`` run on the driver's connection: ~20 us of CPU less a transaction than
    through SQLAlchemy's execution. A refusal (the lock taken) raises SQLAlchemy's
    ``OperationalError``, as SQLAlchemy's execution of it did."""

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        driver: sqlite3.Connection = conn.connection.dbapi_connection  # type: ignore[assignment]
        try:
            driver.execute(BEGIN_IMMEDIATE)
        except sqlite3.Error as exc:
            raise driver_error(exc, BEGIN_IMMEDIATE, None, conn.dialect) from exc


def is_locked(exc: OperationalError) -> bool:
    """Whether SQLite refused because another connection holds the lock."""
    return isinstance(exc.orig, sqlite3.OperationalError) and "locked" in str(exc.orig)


class InlineWriter:
    """The write connections of one SQLite database, used on the event loop's thread."""

    def __init__(self, url: URL, timeout: float) -> None:
        self._url = url
        self._timeout = timeout
        self._engine: Engine = create_engine(
            self._url, connect_args={"timeout": 0}, pool_reset_on_return=None
        )
        self._commits = 0
        self._checkpointing: asyncio.Future[None] | None = None
        self._raced = False
        """Whether an urgent write began while the running (or last) checkpoint ran (see `begin`)."""
        self._last_raced = False
        """Whether the checkpoint before it was raced: then no write races this one."""
        self._slots = asyncio.Semaphore(CONNECTIONS)
        """Transactions holding a connection at once (see :meth:`take_turn`)."""
        # Like the reading connections, but never waiting for the lock (see `begin`) and never
        # checkpointing on their own (see `committed`).
        install_sqlite_pragmas(self._engine, 0, autocheckpoint=False, begin=False)
        begin_through_driver(self._engine)

    @property
    def engine(self) -> Engine:
        """The (synchronous) engine of the write connections, for tests and maintenance."""
        return self._engine

    async def take_turn(self) -> None:
        """Wait, without blocking the loop, until a connection is free for one more transaction
        (at most :data:`CONNECTIONS` at once); ``TimeoutError`` after the storage timeout. Pair
        with :meth:`end_turn`.

        SQLite lets one connection write at a time, so the other transactions retry their
        ``BEGIN IMMEDIATE``, each holding a connection of the pool meanwhile. Writes not queued
        by the table journal (the players' languages, noted at their first interaction) came in
        bursts, and once the pool's 15 connections were taken the next ``connect()`` waited for
        one synchronously, on the loop's thread, so the transactions holding them could not end
        (the load benchmark's bot stalled 30 s at 60 tables opening at once). A free slot is
        taken at once, without a step of the loop (the journal's writes, one at a time, never
        wait here)."""
        slots = self._slots
        if not slots.locked():  # free, and nobody waits: taken now, no timer armed
            await slots.acquire()
            return
        async with asyncio.timeout(self._timeout):
            await slots.acquire()

    def end_turn(self) -> None:
        """Give the transaction's slot back (:meth:`take_turn`)."""
        self._slots.release()

    def connect(self) -> Connection:
        """A connection from the pool (no transaction yet)."""
        return self._engine.connect()

    async def begin(self, conn: Connection, *, urgent: bool = False) -> None:
        """``BEGIN IMMEDIATE`` on ``conn``, retried without blocking while another connection holds
        the write lock; raises the last refusal after the storage timeout.

        A background checkpoint still running is waited for first (off the loop, a few
        milliseconds every :data:`CHECKPOINT_EVERY` commits, more on a busy disk): SQLite
        rewinds the write-ahead log only for a write that begins after a checkpoint copied all
        of it, and one that writes kept racing never does, so the log would grow by every commit
        until the bot stops. An ``urgent`` write (a player waits for it) goes on at once instead,
        unless the checkpoint before was raced too: the log is then rewound after every other
        checkpoint at least, and a click never waits for a checkpoint twice in a row. (The wait
        is held with the writer's turn: every write queued behind it waited too.)"""
        checkpointing = self._checkpointing
        if checkpointing is not None and not checkpointing.done():
            if urgent and not self._last_raced:
                self._raced = True  # this checkpoint may not rewind the log: the next one will
            else:
                try:
                    await asyncio.wait_for(asyncio.shield(checkpointing), self._timeout)
                except TimeoutError:  # a stuck disk: write on, and the next one is waited for
                    self._raced = True
        deadline = time.monotonic() + self._timeout
        pause = FIRST_RETRY
        while True:
            try:
                conn.begin()
                return
            except OperationalError as exc:
                conn.rollback()  # reset SQLAlchemy's view of the failed BEGIN
                if not is_locked(exc) or time.monotonic() + pause > deadline:
                    raise
            await asyncio.sleep(pause)
            pause = min(pause * 2, LAST_RETRY)

    async def commit(self, conn: Connection) -> None:
        """``COMMIT`` on ``conn`` in a worker thread (see the module's docstring).

        Should the caller be cancelled meanwhile, the commit still ends in its thread (it cannot
        be stopped halfway): the cancellation is passed on only once it has, so that nothing
        touches ``conn`` while the thread uses it. The write may then be stored although the
        caller saw it cancelled. The bot cancels a write only while it shuts down (the stored
        game is then the one resumed); otherwise the table journal finds a stored log ahead of
        its table at the table's next move and reloads the game (see :mod:`host.journal`),
        but a change with no move (a game's creation, a reminder) is not checked that way.

        The thread is followed through the executor's future, not a task: at its end
        ``asyncio.run`` cancels every task, and a task's cancelling would end the wait while
        the thread still commits (the future ends only with the thread)."""
        committing = asyncio.get_running_loop().run_in_executor(None, conn.commit)
        try:
            await asyncio.shield(committing)
        except asyncio.CancelledError:
            while not committing.done():
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.wait({committing})
            raise

    def end_refused_commit(self, conn: Connection) -> None:
        """Roll back what a refused ``COMMIT`` left open on ``conn``.

        SQLite may keep the transaction open when it refuses a COMMIT (a deferred constraint,
        for one), while SQLAlchemy counts the transaction as over and rolls nothing back when
        the connection goes back to the pool: without this, the next write on that connection
        would fail with "cannot start a transaction within a transaction"."""
        with contextlib.suppress(SQLAlchemyError, sqlite3.Error):
            conn.rollback()  # SQLAlchemy's side (it issues no ROLLBACK after a failed commit)
            driver = conn.connection.driver_connection
            if driver is not None:
                driver.rollback()  # SQLite's side (a no-op when nothing is open)

    def committed(self) -> None:
        """Count a commit; start a background checkpoint every :data:`CHECKPOINT_EVERY`."""
        self._commits += 1
        if self._commits % CHECKPOINT_EVERY:
            return
        if self._checkpointing is None or self._checkpointing.done():
            self._last_raced, self._raced = self._raced, False
            self._checkpointing = asyncio.ensure_future(asyncio.to_thread(self._checkpoint))
        # A raced checkpoint still running here is not waited for by anyone: it copies the log
        # only up to where it stood when it began, so its end could not rewind the log anyway.

    def _checkpoint(self) -> None:
        """Copy the write-ahead log into the database without waiting for anyone (worker thread)."""
        path = self._url.database or ""
        try:
            # Read-write, never create: were the file deleted under the bot, a new empty database
            # at its path would take the live write-ahead log over (and fool the next start).
            uri = f"{Path(path).absolute().as_uri()}?mode=rw"
            checkpoint = sqlite3.connect(uri, timeout=0, uri=True)
            try:
                checkpoint.execute("PRAGMA wal_checkpoint(PASSIVE)")
            finally:
                checkpoint.close()
        except sqlite3.Error as exc:  # a checkpoint is an optimisation: the next one catches up
            log.info("background checkpoint of %s skipped: %s", path, exc)
        except Exception:  # never raised into the write or the close awaiting it
            log.exception("background checkpoint of %s failed", path)

    async def close(self) -> None:
        """Wait for a running checkpoint, then close every connection (SQLite checkpoints the
        log when its last connection closes)."""
        if self._checkpointing is not None:
            await asyncio.shield(self._checkpointing)
        self._engine.dispose()
