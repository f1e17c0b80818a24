"""Ratings from storage (read-only): stored finished games turned into the fold's inputs, and a recompute.

:func:`rated_game` reads one stored finished game as a :class:`~host.ratings.RatedGame` (the
person at each seat at the end, or the computer level stored for it), and :func:`rated_results`
a game that just ended the same way (from the results the transaction that finishes it stores:
:mod:`host.storage.rating_rows` keeps the ratings); :func:`recompute` folds every stored finished
game, in the order they ended, into a new :class:`~host.ratings.RatingBook` (the maintenance
command ``python -m bot.storage ratings``, which prints it, or with ``--store`` keeps it through
:func:`fold_one`). Read-only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from host.ratings import Rated, RatedGame, RatedSeat, RatingBook, RatingChange
from host.storage.records import FinishedGame, FinishedSeat, SeatResult
from tabletop.words import plural

__all__ = [
    "UNKNOWN_LEVEL",
    "FinishedGames",
    "RatedHistory",
    "describe",
    "fold_one",
    "rated_game",
    "rated_results",
    "recompute",
]

UNKNOWN_LEVEL = "unknown"
"""The level of a computer seat whose game stored none (no release wrote such a game; a
hand-edited database might): rated as one more computer player rather than dropped."""


def rated_game(stored: FinishedGame) -> RatedGame:
    """The ratings' view of one stored finished game."""
    levels = {seat.seat: seat.level for seat in stored.seats if seat.level is not None}
    return rated_results(stored.guild_id, stored.game, stored.seats, levels, game_id=stored.game_id)


def rated_results(
    guild_id: int | None,
    game: str,
    results: Sequence[FinishedSeat | SeatResult],
    levels: Mapping[int, str],
    game_id: int | None = None,
) -> RatedGame:
    """The ratings' view of a game's results, the same as the bot stores them when the game ends
    (``SeatResult``, with the computer seats' ``levels`` by seat) or as they are read back: a
    game that just ended is rated exactly as a recompute will rate it."""
    seats = tuple(
        RatedSeat(
            Rated.person(seat.user_id)
            if seat.user_id is not None
            else Rated.computer(levels.get(seat.seat, UNKNOWN_LEVEL)),
            seat.total,
            seat.won,
        )
        for seat in sorted(results, key=lambda seat: seat.seat)
    )
    return RatedGame(guild_id, game, seats, game_id=game_id)


class FinishedGames(Protocol):
    """Where finished games are read from (``storage.stats``:
    :class:`host.storage.stored_stats.StoredStats`)."""

    async def finished_games(
        self, guild_id: int | None = None, game: str | None = None
    ) -> list[FinishedGame]:
        """Every finished game (of one server and/or game), oldest end first."""
        ...


@dataclass
class RatedHistory:
    """The ratings folded from storage, with each person's latest display name."""

    book: RatingBook
    names: dict[Rated, str] = field(default_factory=dict)
    games: int = 0


async def recompute(
    storage: FinishedGames,
    guild_id: int | None = None,
    game: str | None = None,
    book: RatingBook | None = None,
) -> RatedHistory:
    """Every rating from the stored finished games (of one server and/or game), oldest first."""
    history = RatedHistory(book if book is not None else RatingBook())
    for stored in await storage.finished_games(guild_id, game):
        fold_one(history, stored)
    return history


def fold_one(history: RatedHistory, stored: FinishedGame) -> tuple[RatingChange, ...]:
    """Rate one stored finished game into ``history`` (its names too); the changes it made."""
    rated = rated_game(stored)
    changes = history.book.rate(rated)
    if changes:
        history.games += 1
    for seat, finished in zip(rated.seats, stored.seats, strict=True):
        if not seat.who.is_computer:
            history.names[seat.who] = finished.display_name
    return changes


def describe(history: RatedHistory) -> str:
    """The ratings as text for the maintenance command: one block per server and game."""
    book = history.book
    lines = [f"ratings from {plural(history.games, 'rated game')}"]
    for guild_id, game in book.boards():
        lines.append(f"\n{game} on {'no server' if guild_id is None else f'server {guild_id}'}:")
        for line in book.leaderboard(guild_id, game):
            rating = line.rating
            name = str(line.who) if line.who.is_computer else history.names.get(line.who, str(line.who))
            change = "" if rating.last_change is None else f" (last {rating.last_change:+d})"
            lines.append(
                f"{line.rank:>4}. {name}: {rating.shown}{change}, {plural(rating.games, 'game')}, "
                f"mu {rating.mu:.3f} sigma {rating.sigma:.3f}"
            )
    return "\n".join(lines)
