"""What every part of :class:`~host.storage.Storage` stands on: its connections, for one
transaction of writes or for reads.

A SQLite file's writes run on the event loop's own thread (:mod:`host.storage.inline_sqlite`),
taking one of its writer's turns; PostgreSQL's (and an in-memory SQLite database's) go through
the async engine's pool. Reads always go through the async engine.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import datetime

from sqlalchemy import Engine
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from host.storage.database import Backend, begin_snapshot, read_only
from host.storage.errors import READ_FAILED, SAVE_FAILED
from host.storage.failures import CONNECTION_FAILURES, needs_new_connection, translated
from host.storage.inline_sqlite import InlineConnection, InlineWriter
from host.storage.transaction import Transaction

log = logging.getLogger("host.storage")

Clock = Callable[[], datetime]


class Connections:
    """One database's connections: transactions (`transaction()`) and reads (`reading()`).

    Every part of the storage holds the same one; the storage closes it.
    """

    def __init__(
        self,
        engine: AsyncEngine,
        backend: Backend,
        clock: Clock,
        slow_engine: Callable[[float], AsyncEngine] | None = None,
        inline: InlineWriter | None = None,
    ) -> None:
        self.engine = engine
        """The async engine (reads, and writes unless `inline`)."""
        self.backend = backend
        """Which database this is: "sqlite" or "postgresql"."""
        # SQLite files: writes on the loop's thread (see host.storage.inline_sqlite); reads stay async.
        self.inline = inline
        """The writer of a SQLite file on the loop's thread, or None (writes through `engine`)."""
        self._clock = clock
        # A second engine on the same database whose statements may take longer (PostgreSQL).
        self._slow_engine = slow_engine

    @property
    def inline_engine(self) -> Engine | None:
        """The synchronous engine of the `inline` writer, or None."""
        return self.inline.engine if self.inline is not None else None

    async def close(self) -> None:
        """Close every connection."""
        try:
            if self.inline is not None:
                await self.inline.close()
        finally:
            await self.engine.dispose()

    def transaction(self, *, urgent: bool = False) -> AbstractAsyncContextManager[Transaction]:
        """Run several writes atomically: all are committed when the block ends, none if it raises.

        Do no Discord I/O inside the block: it holds the database's write lock. A failure to reach
        or write the database raises `StorageUnavailable` (with nothing applied). ``urgent``: a
        player waits for this write (on a SQLite file it need not wait for a background
        checkpoint: `InlineWriter.begin`).
        """
        # One context manager per write, not one wrapped in another (each a generator made
        # and run to its end: a move's write went through three of them).
        if self.inline is not None:
            return self._inline_transaction(self.inline, urgent)
        return self._engine_transaction()

    @asynccontextmanager
    async def _engine_transaction(self) -> AsyncIterator[Transaction]:
        """`transaction()` through the async engine's pool (PostgreSQL, in-memory SQLite)."""
        async with translated(SAVE_FAILED):
            conn = await self.engine.connect()
        try:
            async with translated(SAVE_FAILED):
                await conn.begin()
            try:
                async with translated(SAVE_FAILED):
                    yield Transaction(conn, self._clock())
            except BaseException:
                await _quietly(conn.rollback())
                raise
            async with translated(SAVE_FAILED):
                await conn.commit()
        except BaseException as exc:
            if needs_new_connection(exc):  # not back into the pool: the next write reconnects
                await _quietly(conn.invalidate())
            raise
        finally:
            await _quietly(conn.close())

    @asynccontextmanager
    async def _inline_transaction(self, inline: InlineWriter, urgent: bool) -> AsyncIterator[Transaction]:
        """`transaction()` on a SQLite file: statements run on this thread, the lock is awaited
        (a connection of its own first, awaited when all are taken: `InlineWriter.take_turn`)."""
        async with translated(SAVE_FAILED):
            await inline.take_turn()
        try:
            with translated(SAVE_FAILED):
                conn = inline.connect()
            try:
                async with translated(SAVE_FAILED):
                    await inline.begin(conn, urgent=urgent)
                try:
                    async with translated(SAVE_FAILED):
                        yield Transaction(InlineConnection(conn), self._clock())
                except BaseException:
                    with contextlib.suppress(*CONNECTION_FAILURES):
                        conn.rollback()
                    raise
                try:
                    async with translated(SAVE_FAILED):
                        await inline.commit(conn)
                except BaseException:
                    inline.end_refused_commit(conn)
                    raise
                inline.committed()
            except BaseException as exc:
                if needs_new_connection(exc):  # not back into the pool: the next write reconnects
                    with contextlib.suppress(*CONNECTION_FAILURES):
                        conn.invalidate()
                raise
            finally:
                with contextlib.suppress(*CONNECTION_FAILURES):
                    conn.close()
        finally:
            inline.end_turn()

    @asynccontextmanager
    async def reading(
        self, *, snapshot: bool = False, timeout: float | None = None
    ) -> AsyncIterator[AsyncConnection]:
        """A connection for reads; with `snapshot`, all its queries see the same committed state.

        `timeout` (seconds) bounds each of its statements instead of the storage's own (short)
        limit, on an engine of its own (PostgreSQL; SQLite reads have no statement limit).
        """
        engine = self.engine
        slow = None
        if timeout is not None and self._slow_engine is not None:
            engine = slow = self._slow_engine(timeout)
        try:
            async with translated(READ_FAILED), engine.connect() as conn:
                try:
                    await read_only(conn, self.backend)
                    if snapshot:
                        await begin_snapshot(conn, self.backend)
                    yield conn
                except BaseException as exc:
                    if needs_new_connection(exc):  # an I/O failure: the next read reconnects
                        await _quietly(conn.invalidate())
                    raise
        finally:
            if slow is not None:
                await slow.dispose()


async def _quietly(awaitable: object) -> None:
    """Await a clean-up step whose failure must not hide the error being handled."""
    try:
        await awaitable  # type: ignore[misc]
    except CONNECTION_FAILURES as exc:
        log.debug("ignored a failure while cleaning up a connection: %s", exc)
