"""Plain, immutable records that go in and out of `Storage` (no database types leak out)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import NamedTuple


class GameStatus(StrEnum):
    """Where a stored game is in its life."""

    ACTIVE = "active"
    FINISHED = "finished"
    STOPPED = "stopped"


OWED = "owed"
"""The purpose of the stored message row saying that the end of a round or of the game is still
to be shown: its message id is the game's action count when that end came (see bot.tables.resume). A
finished game with such a row is loaded at start like an active one."""


@dataclass(frozen=True, slots=True)
class SeatRatingChange:
    """What a finished game did to one seat's rating: the shown rating after it and the change."""

    rating: int
    change: int


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """Who sits at a seat: a Discord user, or `user_id=None` for a computer player."""

    user_id: int | None
    display_name: str


class ActionRecord(NamedTuple):
    """One accepted action: `seq` is its 0-based index in the game's log, `action` the game's own
    text for it.

    A named tuple rather than a dataclass: a resume builds hundreds of thousands of them.
    """

    seq: int
    seat: int
    action: str


@dataclass(frozen=True, slots=True)
class MessageRecord:
    """A Discord message the table keeps editing: the table message, or a seat's hand (DM)."""

    purpose: str
    seat: int | None
    channel_id: int
    message_id: int


@dataclass(frozen=True, slots=True)
class TimerRecord:
    """A pending deadline of a game (for example a turn timer), due at an aware UTC time.

    ``reminded_at`` is when the players were reminded of this deadline (None: not yet), so that
    a restart neither repeats nor skips the reminder."""

    kind: str
    seat: int | None
    due_at: datetime
    reminded_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A stored game's fixed facts: enough, with its actions, for the game to replay it.

    `game` is the game's name in :mod:`tabletop.registry`; `rules` every option's value (JSON);
    `options` the table's own facts (computer seats, timer, ...; JSON)."""

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    seed: int
    rules: str
    options: str
    status: GameStatus
    seats: tuple[SeatRecord, ...]
    created_at: datetime
    updated_at: datetime
    ended_at: datetime | None
    end_reason: str | None


@dataclass(frozen=True, slots=True)
class StoredGame:
    """Everything needed to rebuild a table: the game, its ordered action log, messages and timers."""

    record: GameRecord
    actions: tuple[ActionRecord, ...]
    messages: tuple[MessageRecord, ...]
    timers: tuple[TimerRecord, ...]


@dataclass(frozen=True, slots=True)
class LoadProblem:
    """A stored game that could not be loaded, with the channel to tell and the reason to log."""

    game_id: int
    guild_id: int | None
    channel_id: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class LoadResult:
    """The games that loaded, and the ones that did not (which never stop the others)."""

    games: tuple[StoredGame, ...]
    problems: tuple[LoadProblem, ...]


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's result in a finished game, kept for stats.

    `stats`: the game's own counters for this seat, by name (Stick'em's `misery_swallowed`, the
    cards of the seat's own misery color it captured); each name at most 64 characters.
    """

    seat: int
    user_id: int | None
    display_name: str
    total: int
    round_scores: tuple[int, ...]
    won: bool
    stats: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class LobbyRecord:
    """A lobby waiting to start in a channel: the game, host, seated players, chosen options,
    its message."""

    channel_id: int
    guild_id: int | None
    game: str
    host_id: int
    seats: tuple[SeatRecord, ...]
    options: str = "{}"
    message_id: int | None = None


@dataclass(frozen=True, slots=True)
class BestGame:
    """A player's highest-scoring finished game."""

    game_id: int
    channel_id: int
    total: int
    won: bool
    finished_at: datetime


@dataclass(frozen=True, slots=True)
class StatTotal:
    """A player's total of one per-game stat over their finished games of that game."""

    game: str
    stat: str
    total: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's record on a server (or everywhere when asked without a server)."""

    user_id: int
    games_played: int
    games_won: int
    rounds_played: int
    average_round_score: float | None
    best_game: BestGame | None
    game_stats: tuple[StatTotal, ...] = ()

    def stat(self, game: str, stat: str) -> int:
        """The player's total of ``game``'s stat ``stat`` (0 if none was stored)."""
        return next((t.total for t in self.game_stats if (t.game, t.stat) == (game, stat)), 0)


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    """One ranked line of a server's leaderboard (rank is 1-based over the whole board)."""

    rank: int
    user_id: int
    display_name: str
    games_played: int
    games_won: int
    average_round_score: float | None


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """One page of the leaderboard, and how many ranked players there are in all."""

    entries: tuple[LeaderboardEntry, ...]
    offset: int
    limit: int
    total_players: int

    @property
    def has_next(self) -> bool:
        """Whether another page follows this one."""
        return self.offset + len(self.entries) < self.total_players


@dataclass(frozen=True, slots=True)
class Standing:
    """A seat's final place in a finished game (tied totals share a place)."""

    place: int
    seat: int
    user_id: int | None
    display_name: str
    total: int
    won: bool
    level: str | None = None
    """A computer seat's level, as its game stored it (None: a person's seat, or none stored)."""


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """A finished game at a table, with its final standings, best first, and its game's name."""

    game_id: int
    finished_at: datetime
    rounds: int
    standings: tuple[Standing, ...]
    game: str


@dataclass(frozen=True, slots=True)
class FinishedSeat:
    """One seat of a finished game as its results keep it: the person at the end (None: a
    computer seat, then ``level`` is its level if the game stored one), total and win."""

    seat: int
    user_id: int | None
    level: str | None
    display_name: str
    total: int
    won: bool


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game's results, in seat order (for ratings: read, never written)."""

    game_id: int
    guild_id: int | None
    game: str
    ended_at: datetime
    seats: tuple[FinishedSeat, ...]
