"""The games part of :class:`~host.storage.Storage` (``storage.games``): a game created, its
actions appended, finished or stopped, its messages and timers, each in a transaction of its
own; the stored games loaded; the old ones pruned.

Several writes that belong together go into one ``storage.transaction()`` instead, on its parts
(``tx.games``, ``tx.timers``, ...: :class:`host.storage.transaction.Transaction`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import delete, select

from host.storage.connections import Connections
from host.storage.errors import StorageError, UnknownGame
from host.storage.loading import load_games
from host.storage.records import GameStatus, LoadResult, SeatRecord, SeatResult, StoredGame
from host.storage.schema import games
from host.storage.sharding import ServerShards

log = logging.getLogger("host.storage")


class StoredGames:
    """The stored games: written one change at a time, loaded, pruned."""

    def __init__(self, connections: Connections) -> None:
        self._connections = connections

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
        """Store a new active game and return its id (see `GameWrites.create_game`)."""
        async with self._connections.transaction() as tx:
            return await tx.games.create_game(
                guild_id=guild_id, channel_id=channel_id, game=game, seed=seed, rules=rules, seats=seats,
                options=options,
            )

    async def append_action(self, game_id: int, seq: int, seat: int, action: str) -> None:
        """Store one accepted action in a transaction of its own (see `GameWrites.append_action`)."""
        async with self._connections.transaction() as tx:
            await tx.games.append_action(game_id, seq, seat, action)

    async def finish_game(self, game_id: int, results: Sequence[SeatResult]) -> None:
        """Mark a game finished with its per-seat results (see `GameWrites.finish_game`)."""
        async with self._connections.transaction() as tx:
            await tx.games.finish_game(game_id, results)

    async def stop_game(self, game_id: int, reason: str) -> bool:
        """Stop a game without results; False if it had already ended."""
        async with self._connections.transaction() as tx:
            return await tx.games.stop_game(game_id, reason)

    async def set_message(
        self, game_id: int, purpose: str, channel_id: int, message_id: int, seat: int | None = None
    ) -> None:
        """Remember a game's table message (`purpose="table"`) or a seat's hand DM (`"hand"`, seat)."""
        async with self._connections.transaction() as tx:
            await tx.messages.set_message(game_id, purpose, channel_id, message_id, seat)

    async def set_timer(self, game_id: int, kind: str, due_at: datetime, seat: int | None = None) -> None:
        """Set or move a game's timer."""
        async with self._connections.transaction() as tx:
            await tx.timers.set_timer(game_id, kind, due_at, seat)

    async def mark_timer_reminded(self, game_id: int, kind: str, seat: int | None = None) -> bool:
        """Record that a timer's reminder was sent; False if the timer is not set."""
        async with self._connections.transaction() as tx:
            return await tx.timers.mark_timer_reminded(game_id, kind, seat)

    async def clear_timer(self, game_id: int, kind: str, seat: int | None = None) -> bool:
        """Remove one timer; False if it was not set."""
        async with self._connections.transaction() as tx:
            return await tx.timers.clear_timer(game_id, kind, seat)

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
        # A snapshot, so a game's row and its actions agree even while other tables keep playing.
        async with self._connections.reading(snapshot=True, timeout=timeout) as conn:
            result = await load_games(conn, servers=servers)
        for problem in result.problems:
            log.error("stored game %d (channel %s) cannot be loaded: %s",
                      problem.game_id, problem.channel_id, problem.reason)
        return result

    async def load_game(self, game_id: int) -> StoredGame:
        """One stored game, whatever its status; `UnknownGame` if missing, `StorageError` if corrupt."""
        async with self._connections.reading(snapshot=True) as conn:
            result = await load_games(conn, [game_id])
        if result.games:
            return result.games[0]
        if result.problems:
            raise StorageError(f"stored game {game_id} is corrupt: {result.problems[0].reason}")
        raise UnknownGame(game_id)

    async def prune_finished(self, older_than: timedelta) -> int:
        """Delete finished and stopped games that ended more than `older_than` ago; return how many."""
        if older_than < timedelta(0):
            raise ValueError("older_than must not be negative")
        async with self._connections.transaction() as tx:
            cutoff = tx.now - older_than
            conn = tx.connection
            doomed = select(games.c.id).where(
                games.c.status.in_([GameStatus.FINISHED.value, GameStatus.STOPPED.value]),
                games.c.ended_at < cutoff,
            )
            ids = [int(i) for i in (await conn.execute(doomed)).scalars()]
            if not ids:
                return 0
            # Children go by ON DELETE CASCADE.
            await conn.execute(delete(games).where(games.c.id.in_(ids)))
            return len(ids)
