"""`Storage`: the one small interface the bot uses to keep games, lobbies and stats in a database."""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime

from sqlalchemy import Connection, Engine
from sqlalchemy.ext.asyncio import AsyncEngine

from host.storage.connections import Clock, Connections
from host.storage.database import Backend, create_engine, redacted, sqlite_folder_problem
from host.storage.errors import READ_FAILED, StorageError, StorageUnavailable
from host.storage.failures import translated
from host.storage.inline_sqlite import inline_writer_for
from host.storage.migrations import CURRENT_VERSION, RATINGS_SINCE, ensure_schema
from host.storage.rating_pages import StoredRatings
from host.storage.rating_rows import replace_ratings
from host.storage.stored_games import StoredGames
from host.storage.stored_lobbies import StoredLobbies
from host.storage.stored_settings import StoredSettings
from host.storage.stored_stats import StoredStats
from host.storage.transaction import Transaction

log = logging.getLogger("host.storage")


def utc_now() -> datetime:
    """The current time, timezone-aware in UTC."""
    return datetime.now(UTC)


def _refuse_empty(url: str) -> Callable[[Connection], None]:
    """A schema creator that refuses: the database at `url` is empty, so it is not the bot's."""

    def refuse(_conn: Connection) -> None:
        raise StorageError(f"no Stick'em database at {redacted(url)} (it has no Stick'em tables)")

    return refuse


class Storage:
    """Games (seed, rules, action log), lobbies, message ids, timers and stats, in SQLite or PostgreSQL.

    Open one per process with `await Storage.open(url)`. Every write either happens completely or
    not at all; when the database cannot be reached a write raises `StorageUnavailable`, whose text
    tells the player to try again, and nothing is changed. Its parts, one job each, hold the same
    connections: `games` (a game's life, its messages and timers, loading, pruning), `lobbies`,
    `settings` (servers' settings, people's languages), `stats` and `ratings`; each of their
    writes is a transaction of its own. Use `transaction()` to make several writes atomic together
    (for example an action and the timer it restarts).
    """

    def __init__(self, connections: Connections, version: int) -> None:
        self._connections = connections
        self._version = version
        self.games = StoredGames(connections)
        """The games: created, played, finished or stopped, their messages and timers, loaded, pruned."""
        self.lobbies = StoredLobbies(connections)
        """The channels' open lobbies."""
        self.settings = StoredSettings(connections)
        """The servers' settings (default game, pictures, language) and people's languages."""
        self.stats = StoredStats(connections)
        """Players' records, leaderboards, tables' histories, the finished games."""
        self.ratings = StoredRatings(connections)
        """The stored ratings: boards, a player's, what a game did to its seats; the recompute."""

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        timeout: float = 5.0,
        schema: str | None = None,
        clock: Clock = utc_now,
        create: bool = True,
    ) -> Storage:
        """Connect to `url` (`sqlite:///file` or `postgresql://...`) and create or migrate the schema.

        With ``create=False`` (maintenance tools) an empty database is refused with a
        `StorageError` "no Stick'em database at ..." instead of being given the schema.

        Raises `StorageConfigError` for a bad URL, `SchemaTooNew` for a database written by a newer
        bot, `StorageUnavailable` when the database cannot be reached. `timeout` bounds lock waits,
        connecting and each statement (seconds); `schema` picks a PostgreSQL schema.
        """
        missing = sqlite_folder_problem(url)
        if missing is not None:
            log.warning("database cannot be opened: %s", missing)
            raise StorageUnavailable(READ_FAILED, detail=missing)
        engine, backend = create_engine(url, timeout=timeout, schema=schema)
        try:
            async with translated(READ_FAILED), engine.begin() as conn:
                if create:
                    found = await conn.run_sync(ensure_schema)
                else:
                    found = await conn.run_sync(lambda c: ensure_schema(c, create=_refuse_empty(url)))
                if 0 < found < RATINGS_SINCE:
                    # The games finished before ratings were kept are rated with the migration
                    # (in its transaction: all or nothing), oldest first.
                    rated = await replace_ratings(conn)
                    log.info("rated the %d finished games stored before ratings were kept", rated.games)
        except BaseException:
            await engine.dispose()
            raise
        if found == 0:
            log.info("created the database schema (version %d) in %s", CURRENT_VERSION, backend)
        elif found < CURRENT_VERSION:
            log.info("migrated the database schema from version %d to %d", found, CURRENT_VERSION)

        def slow_engine(command_timeout: float) -> AsyncEngine:
            return create_engine(url, timeout=timeout, schema=schema, command_timeout=command_timeout)[0]

        if backend == "postgresql":
            connections = Connections(engine, backend, clock, slow_engine)
        else:
            connections = Connections(engine, backend, clock, inline=inline_writer_for(url, timeout))
        return cls(connections, CURRENT_VERSION)

    async def close(self) -> None:
        """Close every connection."""
        await self._connections.close()

    @property
    def schema_version(self) -> int:
        """The schema version of the open database."""
        return self._version

    @property
    def backend(self) -> Backend:
        """Which database this is: "sqlite" or "postgresql"."""
        return self._connections.backend

    @property
    def engine(self) -> AsyncEngine:
        """The SQLAlchemy engine, for maintenance tools and tests; the bot uses the parts."""
        return self._connections.engine

    @property
    def inline_engine(self) -> Engine | None:
        """The synchronous engine that writes a SQLite file (see `host.storage.inline_sqlite`),
        or None when writes go through `engine`; for tests that make writes fail."""
        return self._connections.inline_engine

    def transaction(self, *, urgent: bool = False) -> AbstractAsyncContextManager[Transaction]:
        """Run several writes atomically (``async with storage.transaction() as tx``, then
        ``tx.games``, ``tx.timers``, ...): all are committed when the block ends, none if it raises.

        Do no Discord I/O inside the block: it holds the database's write lock. A failure to reach
        or write the database raises `StorageUnavailable` (with nothing applied). ``urgent``: a
        player waits for this write (a click's move): on a SQLite file it does not wait for a
        background checkpoint of the write-ahead log (see `host.storage.inline_sqlite`).
        """
        return self._connections.transaction(urgent=urgent)
