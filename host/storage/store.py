"""`Storage`: the one small interface the bot uses to keep games, lobbies and stats in a database."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime

from sqlalchemy import Connection, Engine
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from host.storage.database import (
    Backend,
    begin_snapshot,
    create_engine,
    read_only,
    redacted,
    sqlite_folder_problem,
)
from host.storage.errors import READ_FAILED, SAVE_FAILED, StorageError, StorageUnavailable, UnknownGame
from host.storage.failures import CONNECTION_FAILURES, needs_new_connection, translated, translated_sync
from host.storage.inline_sqlite import InlineConnection, InlineWriter, inline_writer_for
from host.storage.languages import LanguageSettings
from host.storage.loading import load_games
from host.storage.lobbies_settings_stats import LobbiesSettingsStats
from host.storage.migrations import CURRENT_VERSION, RATINGS_SINCE, ensure_schema
from host.storage.rating_pages import StoredRatings
from host.storage.rating_rows import replace_ratings
from host.storage.records import (
    LoadResult,
    SeatRecord,
    SeatResult,
    StoredGame,
)
from host.storage.sharding import ServerShards
from host.storage.transaction import Transaction

log = logging.getLogger("host.storage")

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The current time, timezone-aware in UTC."""
    return datetime.now(UTC)


def _refuse_empty(url: str) -> Callable[[Connection], None]:
    """A schema creator that refuses: the database at `url` is empty, so it is not the bot's."""

    def refuse(_conn: Connection) -> None:
        raise StorageError(f"no Stick'em database at {redacted(url)} (it has no Stick'em tables)")

    return refuse


class Storage(LobbiesSettingsStats, LanguageSettings, StoredRatings):
    """Games (seed, rules, action log), lobbies, message ids, timers and stats, in SQLite or PostgreSQL.

    Open one per process with `await Storage.open(url)`. Every write either happens completely or
    not at all; when the database cannot be reached a write raises `StorageUnavailable`, whose text
    tells the player to try again, and nothing is changed. Use `transaction()` to make several writes
    atomic together (for example an action and the timer it restarts).
    """

    def __init__(
        self,
        engine: AsyncEngine,
        backend: Backend,
        version: int,
        clock: Clock,
        slow_engine: Callable[[float], AsyncEngine] | None = None,
        inline: InlineWriter | None = None,
    ) -> None:
        self._engine = engine
        # SQLite files: writes on the loop's thread (see host.storage.inline_sqlite); reads stay async.
        self._inline = inline
        self._backend = backend
        self._version = version
        self._clock = clock
        # A second engine on the same database whose statements may take longer (PostgreSQL).
        self._slow_engine = slow_engine

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
            return cls(engine, backend, CURRENT_VERSION, clock, slow_engine)
        return cls(engine, backend, CURRENT_VERSION, clock, inline=inline_writer_for(url, timeout))

    async def close(self) -> None:
        """Close every connection."""
        try:
            if self._inline is not None:
                await self._inline.close()
        finally:
            await self._engine.dispose()

    @property
    def schema_version(self) -> int:
        """The schema version of the open database."""
        return self._version

    @property
    def backend(self) -> Backend:
        """Which database this is: "sqlite" or "postgresql"."""
        return self._backend

    @property
    def engine(self) -> AsyncEngine:
        """The SQLAlchemy engine, for maintenance tools and tests; the bot uses the methods."""
        return self._engine

    @property
    def inline_engine(self) -> Engine | None:
        """The synchronous engine that writes a SQLite file (see `host.storage.inline_sqlite`),
        or None when writes go through `engine`; for tests that make writes fail."""
        return self._inline.engine if self._inline is not None else None

    # ----- transactions -----------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """Run several writes atomically: all are committed when the block ends, none if it raises.

        Do no Discord I/O inside the block: it holds the database's write lock. A failure to reach
        or write the database raises `StorageUnavailable` (with nothing applied).
        """
        if self._inline is not None:
            async with self._inline_transaction(self._inline) as tx:
                yield tx
            return
        async with translated(SAVE_FAILED):
            conn = await self._engine.connect()
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
    async def _inline_transaction(self, inline: InlineWriter) -> AsyncIterator[Transaction]:
        """`transaction()` on a SQLite file: statements run on this thread, the lock is awaited
        (a connection of its own first, awaited when all are taken: `InlineWriter.take_turn`)."""
        async with translated(SAVE_FAILED):
            await inline.take_turn()
        try:
            async with self._inline_turn(inline) as tx:
                yield tx
        finally:
            inline.end_turn()

    @asynccontextmanager
    async def _inline_turn(self, inline: InlineWriter) -> AsyncIterator[Transaction]:
        """`_inline_transaction` once a connection is free for it."""
        with translated_sync(SAVE_FAILED):
            conn = inline.connect()
        try:
            async with translated(SAVE_FAILED):
                await inline.begin(conn)
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

    @asynccontextmanager
    async def _reading(
        self, *, snapshot: bool = False, engine: AsyncEngine | None = None
    ) -> AsyncIterator[AsyncConnection]:
        """A connection for reads; with `snapshot`, all its queries see the same committed state."""
        async with translated(READ_FAILED), (engine or self._engine).connect() as conn:
            try:
                await read_only(conn, self._backend)
                if snapshot:
                    await begin_snapshot(conn, self._backend)
                yield conn
            except BaseException as exc:
                if needs_new_connection(exc):  # an I/O failure: the next read reconnects
                    await _quietly(conn.invalidate())
                raise

    # ----- games ------------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        seed: int,
        rules: str,
        seats: Sequence[SeatRecord],
        options: str = "{}",
    ) -> int:
        """Store a new active game and return its id (see `Transaction.create_game`)."""
        async with self.transaction() as tx:
            return await tx.create_game(
                guild_id=guild_id, channel_id=channel_id, game=game, seed=seed, rules=rules, seats=seats,
                options=options,
            )

    async def append_action(self, game_id: int, seq: int, seat: int, action: str) -> None:
        """Store one accepted action in a transaction of its own (see `Transaction.append_action`)."""
        async with self.transaction() as tx:
            await tx.append_action(game_id, seq, seat, action)

    async def finish_game(self, game_id: int, results: Sequence[SeatResult]) -> None:
        """Mark a game finished with its per-seat results (see `Transaction.finish_game`)."""
        async with self.transaction() as tx:
            await tx.finish_game(game_id, results)

    async def stop_game(self, game_id: int, reason: str) -> bool:
        """Stop a game without results; False if it had already ended."""
        async with self.transaction() as tx:
            return await tx.stop_game(game_id, reason)

    async def load_unfinished_games(
        self, *, timeout: float | None = None, servers: ServerShards | None = None
    ) -> LoadResult:
        """Every active game with its action log, messages and timers, and every finished one
        whose end is still to be shown (an "owed" message row); unreadable ones as problems.
        With ``servers``, only the games of those servers (the shards of one process of several):
        the others' rows are not read at all.

        `timeout` (seconds) bounds each of its statements instead of the storage's own (short)
        limit: the start-up load reads every stored move, which may take longer on a big
        database (PostgreSQL; SQLite reads have no statement limit).
        """
        engine = None
        if timeout is not None and self._slow_engine is not None:
            engine = self._slow_engine(timeout)
        try:
            # A snapshot, so a game's row and its actions agree even while other tables keep playing.
            async with self._reading(snapshot=True, engine=engine) as conn:
                result = await load_games(conn, servers=servers)
        finally:
            if engine is not None:
                await engine.dispose()
        for problem in result.problems:
            log.error("stored game %d (channel %s) cannot be loaded: %s",
                      problem.game_id, problem.channel_id, problem.reason)
        return result

    async def load_game(self, game_id: int) -> StoredGame:
        """One stored game, whatever its status; `UnknownGame` if missing, `StorageError` if corrupt."""
        async with self._reading(snapshot=True) as conn:
            result = await load_games(conn, [game_id])
        if result.games:
            return result.games[0]
        if result.problems:
            raise StorageError(f"stored game {game_id} is corrupt: {result.problems[0].reason}")
        raise UnknownGame(game_id)

    # ----- messages and timers ----------------------------------------------------------------

    async def set_message(
        self, game_id: int, purpose: str, channel_id: int, message_id: int, seat: int | None = None
    ) -> None:
        """Remember a game's table message (`purpose="table"`) or a seat's hand DM (`"hand"`, seat)."""
        async with self.transaction() as tx:
            await tx.set_message(game_id, purpose, channel_id, message_id, seat)

    async def set_timer(self, game_id: int, kind: str, due_at: datetime, seat: int | None = None) -> None:
        """Set or move a game's timer."""
        async with self.transaction() as tx:
            await tx.set_timer(game_id, kind, due_at, seat)

    async def mark_timer_reminded(self, game_id: int, kind: str, seat: int | None = None) -> bool:
        """Record that a timer's reminder was sent; False if the timer is not set."""
        async with self.transaction() as tx:
            return await tx.mark_timer_reminded(game_id, kind, seat)

    async def clear_timer(self, game_id: int, kind: str, seat: int | None = None) -> bool:
        """Remove one timer; False if it was not set."""
        async with self.transaction() as tx:
            return await tx.clear_timer(game_id, kind, seat)


async def _quietly(awaitable: object) -> None:
    """Await a clean-up step whose failure must not hide the error being handled."""
    try:
        await awaitable  # type: ignore[misc]
    except CONNECTION_FAILURES as exc:
        log.debug("ignored a failure while cleaning up a connection: %s", exc)
