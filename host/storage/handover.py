"""Clicks handed from one bot process to another through the database.

Several bot processes may share one PostgreSQL database, each serving some of Discord's shards
(and the tables of their servers). Discord sends every click in a direct message to shard 0,
whose process may not be the one that holds the table. That process puts the click in the
queue (`handed_clicks`: the interaction's id, the shard that owns the table, what the owner needs
to run it) and NOTIFYs the owner's channel in the same transaction; the owner, LISTENing there,
takes the row and runs the click. Taking is deleting (``DELETE ... RETURNING``), so exactly one
process takes a click: the owner, or the process that queued it, which takes back a click nobody
took in time and answers it itself. The payload is opaque here (the Discord layer's JSON).
A click nobody took (both processes died, or its shard is served by nobody since SHARD_COUNT
changed) is left behind; `ClickQueue.prune` deletes those older than a bound the caller decides.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, select, text, union_all
from sqlalchemy.ext.asyncio import AsyncEngine

from host.storage.connections import Clock
from host.storage.errors import READ_FAILED, SAVE_FAILED
from host.storage.failures import translated
from host.storage.records import GameStatus
from host.storage.schema import games, handed_clicks, lobbies
from host.storage.store import Storage, utc_now

log = logging.getLogger(__name__)

RECONNECT_DELAY = 1.0
"""Seconds before a listener whose connection broke connects again."""


def channel_of(shard: int) -> str:
    """The NOTIFY channel of the process that serves ``shard``."""
    return f"stickem_clicks_{shard}"


class ClickQueue:
    """The queue of handed clicks in one database (NOTIFY wakes the owner on PostgreSQL)."""

    def __init__(self, storage: Storage, clock: Clock = utc_now) -> None:
        self._storage = storage
        self._clock = clock

    @property
    def engine(self) -> AsyncEngine:
        """The database's engine (a listener holds one of its connections)."""
        return self._storage.engine

    async def put(self, shard: int, interaction_id: int, payload: str) -> None:
        """Queue a click for the process of ``shard`` and wake it (at commit)."""
        async with translated(SAVE_FAILED), self._storage.engine.begin() as conn:
            await conn.execute(
                insert(handed_clicks).values(
                    interaction_id=interaction_id, shard=shard, payload=payload, created_at=self._clock()
                )
            )
            if self._storage.backend == "postgresql":
                await conn.execute(
                    text("SELECT pg_notify(:channel, :payload)"),
                    {"channel": channel_of(shard), "payload": str(interaction_id)},
                )

    async def take(self, interaction_id: int) -> str | None:
        """The click's payload, removed from the queue; None when another process took it."""
        async with translated(SAVE_FAILED), self._storage.engine.begin() as conn:
            row = (
                await conn.execute(
                    delete(handed_clicks)
                    .where(handed_clicks.c.interaction_id == interaction_id)
                    .returning(handed_clicks.c.payload)
                )
            ).first()
        return None if row is None else str(row[0])

    async def prune(self, queued_before: datetime) -> int:
        """Delete the clicks of every shard queued before ``queued_before`` (stale: nobody will
        run them any more); how many. The queue holds only the clicks in flight and such leftovers,
        so the statement scans a handful of rows."""
        async with translated(SAVE_FAILED), self._storage.engine.begin() as conn:
            stale = delete(handed_clicks).where(handed_clicks.c.created_at < queued_before)
            result = await conn.execute(stale)
        return int(result.rowcount or 0)

    def now(self) -> datetime:
        """The queue's clock (what `put` stamps a click with)."""
        return self._clock()

    async def waiting(self, shards: Iterable[int]) -> list[int]:
        """The clicks queued for ``shards`` (those that came while nobody listened)."""
        async with translated(READ_FAILED), self._storage.engine.connect() as conn:
            rows = await conn.execute(
                select(handed_clicks.c.interaction_id)
                .where(handed_clicks.c.shard.in_(list(shards)))
                .order_by(handed_clicks.c.created_at)
            )
            return [int(row[0]) for row in rows]

    async def guild_of_table(self, channel_id: int) -> tuple[bool, int | None]:
        """Whether a table is stored in ``channel_id`` (an active game or a lobby), and its
        server's id."""
        query = union_all(
            select(games.c.guild_id).where(
                games.c.channel_id == channel_id, games.c.status == GameStatus.ACTIVE.value
            ),
            select(lobbies.c.guild_id).where(lobbies.c.channel_id == channel_id),
        )
        async with translated(READ_FAILED), self._storage.engine.connect() as conn:
            row = (await conn.execute(query)).first()
        return (False, None) if row is None else (True, row[0])

    def listen(self, shards: Iterable[int], wake: Callable[[int], None]) -> ClickListener:
        """Start listening (PostgreSQL) for the clicks of ``shards``: ``wake(interaction_id)`` for
        each one queued, including those that waited while nobody listened."""
        return ClickListener(self, tuple(shards), wake)


class ClickListener:
    """LISTENs on one connection of its own for as long as it runs, connecting again when the
    connection breaks (and picking up the clicks queued meanwhile)."""

    def __init__(self, queue: ClickQueue, shards: tuple[int, ...], wake: Callable[[int], None]) -> None:
        self._queue = queue
        self._shards = shards
        self._wake = wake
        self._task = asyncio.create_task(self._run(), name="click-listener")

    async def _run(self) -> None:
        while True:
            try:
                await self._listen_once()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database is down or restarting: try again
                log.warning("listening for handed clicks failed: %s; trying again", exc)
            await asyncio.sleep(RECONNECT_DELAY)

    async def _listen_once(self) -> None:
        async with self._queue.engine.connect() as conn:
            raw = await conn.get_raw_connection()
            driver: Any = raw.driver_connection  # asyncpg's connection: LISTEN needs it
            broken = asyncio.Event()

            def notified(_conn: object, _pid: int, _channel: str, payload: str) -> None:
                with contextlib.suppress(ValueError):
                    self._wake(int(payload))

            driver.add_termination_listener(lambda _conn: broken.set())
            for shard in self._shards:
                await driver.add_listener(channel_of(shard), notified)
            try:
                for interaction_id in await self._queue.waiting(self._shards):
                    self._wake(interaction_id)
                await broken.wait()
            finally:
                if not driver.is_closed():
                    for shard in self._shards:
                        with contextlib.suppress(Exception):
                            await driver.remove_listener(channel_of(shard), notified)

    async def close(self) -> None:
        """Stop listening."""
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
