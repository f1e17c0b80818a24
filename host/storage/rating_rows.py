"""Ratings kept in storage: updated in the transaction that finishes a game, replaced by a recompute.

A finished game is rated inside :meth:`host.storage.game_writes.GameWrites.finish_game`, from what that
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

from sqlalchemy import bindparam, delete, insert, select, text, tuple_, update
from sqlalchemy.ext.asyncio import AsyncConnection

from host.ratings import Rated, RatedGame, Rating, RatingBook, RatingChange
from host.storage.finished import finished_games, stored_levels
from host.storage.inline_sqlite import InlineConnection
from host.storage.rated import RatedHistory, fold_one, rated_game, rated_results
from host.storage.records import GameStatus, SeatRatingChange, SeatResult
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


_GAME = select(games.c.guild_id, games.c.game, games.c.options).where(games.c.id == bindparam("game_id"))
"""A game's server, name and options (statements here are built once, with bound parameters:
building them again for every game that ends cost more than running them)."""

_PLAYERS = (
    select(ratings)
    .where(
        ratings.c.guild_id == bindparam("guild_id"),
        ratings.c.game == bindparam("game"),
        tuple_(ratings.c.user_id, ratings.c.level).in_(bindparam("players", expanding=True)),
    )
    .with_for_update()
)
"""The rows of some players (``(user_id, level)`` pairs) on one board, locked until the
transaction ends (PostgreSQL; SQLite renders no lock: it has one writer at a time)."""

_UPDATE = (
    update(ratings)
    .where(
        ratings.c.guild_id == bindparam("key_guild_id"),
        ratings.c.game == bindparam("key_game"),
        ratings.c.user_id == bindparam("key_user_id"),
        ratings.c.level == bindparam("key_level"),
    )
    .values(
        mu=bindparam("new_mu"),
        sigma=bindparam("new_sigma"),
        games=bindparam("new_games"),
        last_change=bindparam("new_last_change"),
    )
)
"""One player's new rating."""

_INSERT_RATINGS = insert(ratings)
_INSERT_SEAT_CHANGES = insert(game_ratings)


async def rate_finished_game(
    conn: Connection, game_id: int, results: Sequence[SeatResult]
) -> dict[int, SeatRatingChange]:
    """Update the ratings with a game that finishes in this transaction (nothing if it does not
    count: fewer than two seats or players) and store each seat's change; the changes stored,
    by seat (what :meth:`~host.storage.Storage.game_rating_changes` reads back; empty: it did
    not count)."""
    row = (await conn.execute(_GAME, {"game_id": game_id})).one()
    guild_id = None if row.guild_id is None else int(row.guild_id)
    rated = rated_results(guild_id, str(row.game), results, stored_levels(str(row.options)), game_id=game_id)
    if not rated.counts:
        return {}
    book = RatingBook()
    board = {"guild_id": board_key(guild_id), "game": rated.game}
    # In one order everywhere, so that two games' row locks never wait on each other in a circle.
    players = sorted({seat.who for seat in rated.seats}, key=lambda who: who.sort_key)
    keys = [player_key(who) for who in players]
    newcomer = book.newcomer()
    await conn.execute(
        _NEWCOMER, [{**board, **key, "mu": newcomer.mu, "sigma": newcomer.sigma} for key in keys]
    )
    stored = await conn.execute(
        _PLAYERS, {**board, "players": [(key["user_id"], key["level"]) for key in keys]}
    )
    for player in stored:
        book.put(guild_id, rated.game, stored_player(player.user_id, player.level), stored_rating(player))
    changes = book.rate(rated)
    await _write_ratings(conn, board, changes)
    return await _write_seat_changes(conn, game_id, rated, sorted(r.seat for r in results), changes)


async def _write_ratings(conn: Connection, board: dict[str, Any], changes: Iterable[RatingChange]) -> None:
    """The players' new ratings on one board (``board``: its stored ``guild_id`` and ``game``)."""
    await conn.execute(
        _UPDATE,
        [
            {
                **{f"key_{name}": value for name, value in {**board, **player_key(change.who)}.items()},
                "new_mu": change.after.mu,
                "new_sigma": change.after.sigma,
                "new_games": change.after.games,
                "new_last_change": change.after.last_change,
            }
            for change in changes
        ],
    )


async def _write_seat_changes(
    conn: Connection, game_id: int, rated: RatedGame, seats: Sequence[int], changes: Iterable[RatingChange]
) -> dict[int, SeatRatingChange]:
    """Each seat's shown rating after the game and its change (``seats``: the seat numbers of
    ``rated.seats``, in order); returned as written, by seat."""
    by_player = {change.who: change for change in changes}
    written = {
        number: SeatRatingChange(by_player[seat.who].after.shown, by_player[seat.who].change)
        for number, seat in zip(seats, rated.seats, strict=True)
    }
    await conn.execute(
        _INSERT_SEAT_CHANGES,
        [
            {"game_id": game_id, "seat": number, "rating": change.rating, "rating_change": change.change}
            for number, change in written.items()
        ],
    )
    return written


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
        await conn.execute(_INSERT_RATINGS, rows)
    return history
