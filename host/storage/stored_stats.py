"""The stats part of :class:`~host.storage.Storage` (``storage.stats``): what the finished
games' results say, each in a read of its own: a player's record, a server's leaderboard, a
table's history, every finished game (for the ratings)."""

from __future__ import annotations

from host.storage.connections import Connections
from host.storage.finished import finished_games
from host.storage.records import FinishedGame, HistoryEntry, LeaderboardPage, PlayerStats
from host.storage.stats import history, leaderboard, player_stats


class StoredStats:
    """The stats read from the stored finished games."""

    def __init__(self, connections: Connections) -> None:
        self._connections = connections

    async def player_stats(self, guild_id: int | None, user_id: int) -> PlayerStats:
        """A player's record on a server (`guild_id=None`: on every server)."""
        async with self._connections.reading() as conn:
            return await player_stats(conn, guild_id, user_id)

    async def leaderboard(self, guild_id: int, offset: int = 0, limit: int = 10) -> LeaderboardPage:
        """One page of this server's players ranked by wins, then average score per round."""
        async with self._connections.reading() as conn:
            return await leaderboard(conn, guild_id, offset, limit)

    async def history(self, channel_id: int, limit: int = 5, offset: int = 0) -> list[HistoryEntry]:
        """The last finished games at this table, newest first, with their final standings
        (from the ``offset``-th newest on: the pages of /history)."""
        async with self._connections.reading() as conn:
            return await history(conn, channel_id, limit, offset)

    async def finished_games(
        self, guild_id: int | None = None, game: str | None = None
    ) -> list[FinishedGame]:
        """Every finished game's results (of one server and/or game), oldest end first (ratings)."""
        async with self._connections.reading(snapshot=True) as conn:
            return await finished_games(conn, guild_id, game)
