"""The stored ratings as the pages show them: a board (/leaderboard), a player's (/stats) and
what one game did to its seats (the final standings); and the recompute that replaces them.

:class:`StoredRatings` is the ratings part of :class:`~host.storage.Storage` (``storage.ratings``)
that reads them, each in a read of its own, and recomputes them in a transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection

from host.ratings import Rated, Rating, RatingBook
from host.storage.connections import Connections
from host.storage.rated import RatedHistory
from host.storage.rating_rows import board_key, replace_ratings, stored_player, stored_rating
from host.storage.records import GameStatus, SeatRatingChange
from host.storage.schema import NO_LEVEL, game_ratings, game_results, games, ratings


@dataclass(frozen=True, slots=True)
class RatingLine:
    """One line of a rating leaderboard: the rank (equal estimates share it), who (a person's
    latest display name on the server; None for a computer level) and the rating."""

    rank: int
    who: Rated
    display_name: str | None
    rating: Rating


@dataclass(frozen=True, slots=True)
class RatingPage:
    """One page of a game's rating leaderboard on a server."""

    game: str
    entries: tuple[RatingLine, ...]
    offset: int
    limit: int
    total_players: int

    @property
    def has_next(self) -> bool:
        """Whether players follow this page."""
        return self.offset + self.limit < self.total_players


class StoredRatings:
    """Reading the stored ratings, and replacing them by a recompute."""

    def __init__(self, connections: Connections) -> None:
        self._connections = connections

    async def rating_board(
        self, guild_id: int | None, game: str, offset: int = 0, limit: int = 10
    ) -> RatingPage:
        """One page of a game's players on a server, best conservative estimate first."""
        if offset < 0 or limit <= 0:
            raise ValueError("offset must be >= 0 and limit > 0")
        book = RatingBook()
        async with self._connections.reading(snapshot=True) as conn:
            rows = await conn.execute(
                select(ratings).where(
                    ratings.c.guild_id == board_key(guild_id), ratings.c.game == game, ratings.c.games > 0
                )
            )
            for row in rows:
                book.put(guild_id, game, stored_player(row.user_id, row.level), stored_rating(row))
            board = book.leaderboard(guild_id, game)
            shown = board[offset : offset + limit]
            people = [line.who.user_id for line in shown if line.who.user_id is not None]
            names = await _latest_names(conn, guild_id, people)
        entries = tuple(
            RatingLine(
                line.rank,
                line.who,
                None if line.who.user_id is None else names.get(line.who.user_id),
                line.rating,
            )
            for line in shown
        )
        return RatingPage(game, entries, offset, limit, len(board))

    async def player_ratings(self, guild_id: int | None, user_id: int) -> dict[str, Rating]:
        """A person's rating in every game they were rated in on a server, by game name."""
        async with self._connections.reading() as conn:
            rows = await conn.execute(
                select(ratings).where(
                    ratings.c.guild_id == board_key(guild_id),
                    ratings.c.user_id == user_id,
                    ratings.c.level == NO_LEVEL,
                    ratings.c.games > 0,
                )
            )
            return {str(row.game): stored_rating(row) for row in rows}

    async def game_rating_changes(self, game_id: int) -> dict[int, SeatRatingChange]:
        """What a finished game did to each seat's rating, by seat (empty: it did not count)."""
        async with self._connections.reading() as conn:
            rows = await conn.execute(
                select(game_ratings.c.seat, game_ratings.c.rating, game_ratings.c.rating_change).where(
                    game_ratings.c.game_id == game_id
                )
            )
            return {int(seat): SeatRatingChange(int(rating), int(change)) for seat, rating, change in rows}

    async def recompute_ratings(self, guild_id: int | None = None, game: str | None = None) -> RatedHistory:
        """Replace the stored ratings (of one server and/or game, else all) by those recomputed
        from the stored finished games, in one transaction; returns them."""
        async with self._connections.transaction() as tx:
            return await replace_ratings(tx.connection, guild_id, game)


async def _latest_names(conn: AsyncConnection, guild_id: int | None, user_ids: list[int]) -> dict[int, str]:
    """The display name each person had in their latest finished game on the server."""
    if not user_ids:
        return {}
    server = games.c.guild_id.is_(None) if guild_id is None else games.c.guild_id == guild_id
    rows = await conn.execute(
        select(game_results.c.user_id, game_results.c.display_name)
        .select_from(game_results.join(games, games.c.id == game_results.c.game_id))
        .where(games.c.status == GameStatus.FINISHED.value, server, game_results.c.user_id.in_(user_ids))
        .order_by(games.c.ended_at.desc(), games.c.id.desc())
    )
    names: dict[int, str] = {}
    for user, name in rows:
        names.setdefault(int(user), str(name))
    return names
