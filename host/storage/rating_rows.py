"""Ratings kept in storage: updated in the transaction that finishes a game, replaced by a recompute.

A finished game is rated inside :meth:`host.storage.Transaction.finish_game`, from what that
transaction stores (its results and the computer levels of its options), through the same fold
as the recompute (:func:`host.storage.rated.rated_results`, :class:`host.ratings.RatingBook`):
the game's end and its ratings are committed together or not at all, so a restart can neither
lose nor double an update, and a recompute from the stored games gives the same numbers.

Two games of one board (server and game) ending at once on PostgreSQL (a computer level plays
at many tables) are ordered by row locks: each game's players' rows are created if missing
(``ON CONFLICT DO NOTHING``, the same SQL on SQLite and PostgreSQL) and then read ``FOR UPDATE``
(SQLite has one writer at a time and needs no lock), so neither update is lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import and_, delete, insert, or_, select, text, update
from sqlalchemy.ext.asyncio import AsyncConnection

from host.ratings import Rated, RatedGame, Rating, RatingBook, RatingChange
from host.storage.finished import finished_games, stored_levels
from host.storage.inline_sqlite import InlineConnection
from host.storage.rated import RatedHistory, fold_one, rated_game, rated_results
from host.storage.records import GameStatus, SeatResult
from host.storage.schema import NO_LEVEL, NO_SERVER, NO_USER, game_ratings, games, ratings

Connection = AsyncConnection | InlineConnection

_NEWCOMER = text(
    "INSERT INTO ratings (guild_id, game, user_id, level, mu, sigma, games)"
    " VALUES (:guild_id, :game, :user_id, :level, :mu, :sigma, 0)"
    " ON CONFLICT DO NOTHING"
)
"""A newcomer's row, unless the player has one (portable: SQLite 3.24+ and PostgreSQL)."""


def board_key(guild_id: int | None) -> int:
    """The stored ``guild_id`` of a board (:data:`NO_SERVER` for games outside a server)."""
    return NO_SERVER if guild_id is None else guild_id


def player_key(who: Rated) -> dict[str, Any]:
    """The stored ``user_id`` and ``level`` of a rated player."""
    if who.level is not None:
        return {"user_id": NO_USER, "level": who.level}
    return {"user_id": who.user_id, "level": NO_LEVEL}


def stored_player(user_id: int, level: str) -> Rated:
    """The rated player of a stored row."""
    return Rated.person(int(user_id)) if level == NO_LEVEL else Rated.computer(str(level))


def stored_rating(row: Any) -> Rating:
    """The rating of a stored row (with ``mu``, ``sigma``, ``games``, ``last_change``)."""
    change = row.last_change
    return Rating(float(row.mu), float(row.sigma), int(row.games), None if change is None else int(change))


def _players_of(guild_id: int | None, game: str, players: Iterable[Rated]) -> Any:
    """The rows of ``players`` on one board."""
    return and_(
        ratings.c.guild_id == board_key(guild_id),
        ratings.c.game == game,
        or_(
            *(and_(*(ratings.c[name] == value for name, value in player_key(who).items())) for who in players)
        ),
    )


async def rate_finished_game(conn: Connection, game_id: int, results: Sequence[SeatResult]) -> None:
    """Update the ratings with a game that finishes in this transaction (nothing if it does not
    count: fewer than two seats or players) and store each seat's change."""
    row = (
        await conn.execute(
            select(games.c.guild_id, games.c.game, games.c.options).where(games.c.id == game_id)
        )
    ).one()
    guild_id = None if row.guild_id is None else int(row.guild_id)
    rated = rated_results(guild_id, str(row.game), results, stored_levels(str(row.options)), game_id=game_id)
    if not rated.counts:
        return
    book = RatingBook()
    players = sorted({seat.who for seat in rated.seats}, key=lambda who: who.sort_key)
    newcomer = book.newcomer()
    for who in players:  # in one order everywhere: two games' locks never wait on each other
        await conn.execute(
            _NEWCOMER,
            {
                "guild_id": board_key(guild_id),
                "game": rated.game,
                **player_key(who),
                "mu": newcomer.mu,
                "sigma": newcomer.sigma,
            },
        )
    stored = await conn.execute(
        select(ratings).where(_players_of(guild_id, rated.game, players)).with_for_update()
    )
    for player in stored:
        book.put(guild_id, rated.game, stored_player(player.user_id, player.level), stored_rating(player))
    changes = book.rate(rated)
    for change in changes:
        await _write_rating(conn, guild_id, rated.game, change.who, change.after)
    await _write_seat_changes(conn, game_id, rated, sorted(r.seat for r in results), changes)


async def _write_rating(
    conn: Connection, guild_id: int | None, game: str, who: Rated, rating: Rating
) -> None:
    await conn.execute(
        update(ratings)
        .where(_players_of(guild_id, game, [who]))
        .values(mu=rating.mu, sigma=rating.sigma, games=rating.games, last_change=rating.last_change)
    )


async def _write_seat_changes(
    conn: Connection, game_id: int, rated: RatedGame, seats: Sequence[int], changes: Iterable[RatingChange]
) -> None:
    """Each seat's shown rating after the game and its change (``seats``: the seat numbers of
    ``rated.seats``, in order)."""
    by_player = {change.who: change for change in changes}
    await conn.execute(
        insert(game_ratings),
        [
            {
                "game_id": game_id,
                "seat": number,
                "rating": by_player[seat.who].after.shown,
                "rating_change": by_player[seat.who].change,
            }
            for number, seat in zip(seats, rated.seats, strict=True)
        ],
    )


async def replace_ratings(
    conn: Connection, guild_id: int | None = None, game: str | None = None
) -> RatedHistory:
    """Recompute the stored ratings (of one server and/or game, else all) from the stored
    finished games, oldest first, replacing the ratings and every game's stored changes."""
    board_filter = []
    game_filter = [games.c.status == GameStatus.FINISHED.value]
    if guild_id is not None:
        board_filter.append(ratings.c.guild_id == guild_id)
        game_filter.append(games.c.guild_id == guild_id)
    if game is not None:
        board_filter.append(ratings.c.game == game)
        game_filter.append(games.c.game == game)
    await conn.execute(delete(ratings).where(*board_filter))
    await conn.execute(
        delete(game_ratings).where(game_ratings.c.game_id.in_(select(games.c.id).where(*game_filter)))
    )
    history = RatedHistory(RatingBook())
    for stored in await finished_games(conn, guild_id, game):
        changes = fold_one(history, stored)
        if changes:
            await _write_seat_changes(
                conn, stored.game_id, rated_game(stored), sorted(s.seat for s in stored.seats), changes
            )
    rows = [
        {
            "guild_id": board_key(board[0]),
            "game": board[1],
            **player_key(who),
            "mu": rating.mu,
            "sigma": rating.sigma,
            "games": rating.games,
            "last_change": rating.last_change,
        }
        for board in history.book.boards()
        for who, rating in history.book.ratings(*board).items()
    ]
    if rows:
        await conn.execute(insert(ratings), rows)
    return history
