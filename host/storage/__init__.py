"""Storage of games (seed + rules + action log), lobbies, message ids, timers and stats.

One code path for SQLite (the default: a file, nothing to install) and PostgreSQL, through
SQLAlchemy Core with the aiosqlite and asyncpg drivers. Start with `await Storage.open(url)`.
"""

from host.storage.errors import (
    READ_FAILED,
    SAVE_FAILED,
    ActionOutOfOrder,
    DuplicateAction,
    GameNotActive,
    SchemaTooNew,
    StorageConfigError,
    StorageConflict,
    StorageError,
    StorageUnavailable,
    UnknownGame,
)
from host.storage.languages import ServerLanguage, StoredLanguages
from host.storage.migrations import CURRENT_VERSION
from host.storage.rating_pages import RatingLine, RatingPage
from host.storage.records import (
    OWED,
    ActionRecord,
    BestGame,
    FinishedGame,
    FinishedSeat,
    GameRecord,
    GameStatus,
    HistoryEntry,
    LeaderboardEntry,
    LeaderboardPage,
    LoadProblem,
    LoadResult,
    LobbyRecord,
    MessageRecord,
    PlayerStats,
    SeatRatingChange,
    SeatRecord,
    SeatResult,
    Standing,
    StatTotal,
    StoredGame,
    TimerRecord,
)
from host.storage.sharding import ServerShards
from host.storage.store import Storage, utc_now
from host.storage.transaction import Transaction

__all__ = [
    "CURRENT_VERSION",
    "OWED",
    "READ_FAILED",
    "SAVE_FAILED",
    "ActionOutOfOrder",
    "ActionRecord",
    "BestGame",
    "DuplicateAction",
    "FinishedGame",
    "FinishedSeat",
    "GameNotActive",
    "GameRecord",
    "GameStatus",
    "HistoryEntry",
    "LeaderboardEntry",
    "LeaderboardPage",
    "LoadProblem",
    "LoadResult",
    "LobbyRecord",
    "MessageRecord",
    "PlayerStats",
    "RatingLine",
    "RatingPage",
    "SchemaTooNew",
    "SeatRatingChange",
    "SeatRecord",
    "SeatResult",
    "ServerLanguage",
    "ServerShards",
    "Standing",
    "StatTotal",
    "Storage",
    "StorageConfigError",
    "StorageConflict",
    "StorageError",
    "StorageUnavailable",
    "StoredGame",
    "StoredLanguages",
    "TimerRecord",
    "Transaction",
    "UnknownGame",
    "utc_now",
]
