"""Each shard served by one process at a time: a PostgreSQL advisory lock per shard.

A process that serves some of Discord's shards (SHARD_IDS) takes, before it loads any table, a
session-level advisory lock for each of them on a connection it keeps for its life. A second
process started for the same shard (by mistake, or to replace one that is still shutting down)
waits until the first one has gone (PostgreSQL releases the locks of a connection that closes,
also when its process is killed), then takes them; it never resumes the same tables while
another process runs them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection

from host.storage.errors import READ_FAILED, StorageError
from host.storage.failures import translated
from host.storage.store import Storage

log = logging.getLogger(__name__)

LOCK_SPACE = 0x53544B4D
"""The first key of the shards' advisory locks ("STKM"); the second is the shard's number."""

RETRY_EVERY = 0.25
"""Seconds between two tries for a shard another process holds."""


class ShardsTaken(StorageError):
    """Another process still serves some of the shards after the wait."""

    def __init__(self, shards: tuple[int, ...]) -> None:
        super().__init__(f"shards {', '.join(map(str, shards))} are served by another process")
        self.shards = shards


class ShardClaim:
    """The held locks of one process's shards; `release` (or closing the process) frees them."""

    def __init__(self, conn: AsyncConnection, shards: tuple[int, ...], unwatch: Callable[[], None]) -> None:
        self._conn = conn
        self.shards = shards
        self._unwatch = unwatch

    async def release(self) -> None:
        """Free the shards."""
        self._unwatch()
        await _unlock_and_close(self._conn)


async def _unlock_and_close(conn: AsyncConnection) -> None:
    """Free the session's advisory locks, then give the connection back to the pool (which keeps
    the session open: its locks would stay held). A broken connection has lost them already."""
    with contextlib.suppress(Exception):
        await conn.execute(text("SELECT pg_advisory_unlock_all()"))
        await conn.commit()
    with contextlib.suppress(Exception):
        await conn.close()


async def _warn_when_lost(conn: AsyncConnection, shards: tuple[int, ...]) -> Callable[[], None]:
    """Log an error if the locks' connection breaks (a database restart): the process goes on
    serving its shards, but no longer keeps a second process from starting for them. Returns
    what stops the watch (before the connection is closed on purpose)."""
    raw = await conn.get_raw_connection()
    driver: Any = raw.driver_connection

    def lost(_conn: object) -> None:
        log.error("the database connection holding shards %s broke: another process started for "
                  "them would not wait for this one (restart this process to hold them again)",
                  ", ".join(map(str, shards)))

    driver.add_termination_listener(lost)
    return lambda: driver.remove_termination_listener(lost)


async def claim_shards(storage: Storage, shards: Iterable[int], *, wait: float) -> ShardClaim:
    """Lock ``shards`` for this process, waiting up to ``wait`` seconds for any that another
    process holds (said once in the log); `ShardsTaken` when some are still held then."""
    wanted = tuple(shards)
    async with translated(READ_FAILED):
        conn = await storage.engine.connect()
    try:
        missing = list(wanted)
        deadline = asyncio.get_running_loop().time() + wait
        told = False
        while True:
            async with translated(READ_FAILED):
                for shard in list(missing):
                    taken = await conn.scalar(
                        text("SELECT pg_try_advisory_lock(:space, :shard)"),
                        {"space": LOCK_SPACE, "shard": shard},
                    )
                    if taken:
                        missing.remove(shard)
                await conn.commit()  # no transaction left open: the locks belong to the session
            if not missing:
                return ShardClaim(conn, wanted, await _warn_when_lost(conn, wanted))
            if asyncio.get_running_loop().time() >= deadline:
                raise ShardsTaken(tuple(missing))
            if not told:
                log.warning("shards %s are served by another process; waiting up to %g s for it to stop",
                            ", ".join(map(str, missing)), wait)
                told = True
            await asyncio.sleep(RETRY_EVERY)
    except BaseException:
        await _unlock_and_close(conn)
        raise
