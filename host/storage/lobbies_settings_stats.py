"""The part of :class:`~host.storage.Storage` beside the games: lobbies, the servers' settings,
the stats pages and maintenance, each in a transaction (or a read) of its own."""

from __future__ import annotations

import logging
from datetime import timedelta

from sqlalchemy import delete, select

from host.storage.access import StorageAccess
from host.storage.finished import finished_games
from host.storage.loading import load_default_games, load_image_settings, load_lobbies
from host.storage.records import (
    FinishedGame,
    GameStatus,
    HistoryEntry,
    LeaderboardPage,
    LobbyRecord,
    PlayerStats,
)
from host.storage.schema import games
from host.storage.sharding import ServerShards
from host.storage.stats import history, leaderboard, player_stats

log = logging.getLogger("host.storage")


class LobbiesSettingsStats(StorageAccess):
    """Lobbies, server settings, stats and maintenance, over the storage's transactions and reads."""

    # ----- lobbies ----------------------------------------------------------------------------

    async def save_lobby(self, lobby: LobbyRecord) -> None:
        """Store (or replace) a channel's lobby."""
        async with self.transaction() as tx:
            await tx.save_lobby(lobby)

    async def delete_lobby(self, channel_id: int) -> bool:
        """Forget a channel's lobby; False if there was none."""
        async with self.transaction() as tx:
            return await tx.delete_lobby(channel_id)

    async def load_lobbies(self, *, servers: ServerShards | None = None) -> list[LobbyRecord]:
        """Every stored lobby, or those of ``servers`` (an unreadable one is logged and left out)."""
        async with self._reading() as conn:
            result, problems = await load_lobbies(conn, servers)
        for problem in problems:
            log.error("a stored lobby cannot be loaded: %s", problem)
        return result

    # ----- server settings --------------------------------------------------------------------

    async def set_default_game(self, guild_id: int, game: str) -> None:
        """Store the game a new table of the server plays when /join names none."""
        async with self.transaction() as tx:
            await tx.set_default_game(guild_id, game)

    async def load_default_games(self, *, servers: ServerShards | None = None) -> dict[int, str]:
        """Every server's default game, or those of ``servers``, by server id (servers that never
        set one are absent)."""
        async with self._reading() as conn:
            return await load_default_games(conn, servers)

    async def set_images(self, guild_id: int, on: bool) -> None:
        """Store whether the server's tables show pictures (/settings images)."""
        async with self.transaction() as tx:
            await tx.set_images(guild_id, on)

    async def load_image_settings(self, *, servers: ServerShards | None = None) -> dict[int, bool]:
        """Every server's choice of pictures, or those of ``servers``, by server id (servers that
        never chose are absent: pictures on)."""
        async with self._reading() as conn:
            return await load_image_settings(conn, servers)

    # ----- stats and maintenance --------------------------------------------------------------

    async def player_stats(self, guild_id: int | None, user_id: int) -> PlayerStats:
        """A player's record on a server (`guild_id=None`: on every server)."""
        async with self._reading() as conn:
            return await player_stats(conn, guild_id, user_id)

    async def leaderboard(self, guild_id: int, offset: int = 0, limit: int = 10) -> LeaderboardPage:
        """One page of this server's players ranked by wins, then average score per round."""
        async with self._reading() as conn:
            return await leaderboard(conn, guild_id, offset, limit)

    async def history(self, channel_id: int, limit: int = 5, offset: int = 0) -> list[HistoryEntry]:
        """The last finished games at this table, newest first, with their final standings
        (from the ``offset``-th newest on: the pages of /history)."""
        async with self._reading() as conn:
            return await history(conn, channel_id, limit, offset)

    async def finished_games(
        self, guild_id: int | None = None, game: str | None = None
    ) -> list[FinishedGame]:
        """Every finished game's results (of one server and/or game), oldest end first (ratings)."""
        async with self._reading(snapshot=True) as conn:
            return await finished_games(conn, guild_id, game)

    async def prune_finished(self, older_than: timedelta) -> int:
        """Delete finished and stopped games that ended more than `older_than` ago; return how many."""
        if older_than < timedelta(0):
            raise ValueError("older_than must not be negative")
        async with self.transaction() as tx:
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
