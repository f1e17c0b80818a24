"""The tables of the current schema version (see `migrations` for how older databases catch up).

Games are stored as the game's name (in :mod:`tabletop.registry`), seed, options (the `rules`
column: every option's value as JSON) and an ordered action log in the game's own encoding;
everything that belongs to a game is deleted with it (ON DELETE CASCADE).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

MAX_GAME_NAME = 32
"""The longest game name (``games.game``, ``lobbies.game``, ``server_settings.default_game``)."""

NO_SEAT = -1
"""Stored in a `seat` key column for rows that belong to no seat (SQL keys cannot hold NULL)."""


class UtcDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime, stored without zone the same way on SQLite and PostgreSQL."""

    impl = DateTime(timezone=False)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Convert to naive UTC for storage; naive input is refused (it would be ambiguous)."""
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("storage needs timezone-aware datetimes")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        """Give back an aware UTC datetime."""
        if value is None:
            return None
        assert isinstance(value, datetime)
        return value.replace(tzinfo=UTC)


metadata = MetaData()

schema_version = Table(
    "schema_version",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("version", Integer, nullable=False),
)

games = Table(
    "games",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("guild_id", BigInteger, nullable=True),
    Column("channel_id", BigInteger, nullable=False),
    # The game's name in the registry ("stickem"); schema version 3.
    Column("game", String(MAX_GAME_NAME), nullable=False),
    Column("seed", Text, nullable=False),
    Column("rules", Text, nullable=False),
    Column("options", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("action_count", Integer, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime, nullable=False),
    Column("ended_at", UtcDateTime, nullable=True),
    Column("end_reason", Text, nullable=True),
)
Index("ix_games_status", games.c.status)
Index("ix_games_channel_ended", games.c.channel_id, games.c.ended_at)
Index("ix_games_guild", games.c.guild_id)

game_seats = Table(
    "game_seats",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("user_id", BigInteger, nullable=True),
    Column("display_name", Text, nullable=False),
)

game_actions = Table(
    "game_actions",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    # The action as the game encodes it ("p:red7"); schema version 3 (before: kind and card).
    Column("action", Text, nullable=False),
)

game_results = Table(
    "game_results",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("user_id", BigInteger, nullable=True),
    Column("display_name", Text, nullable=False),
    Column("total", Integer, nullable=False),
    Column("round_scores", Text, nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("won", Boolean, nullable=False),
)
Index("ix_game_results_user", game_results.c.user_id)

MAX_STAT_NAME = 64
"""The longest name of a per-game stat (``game_stats.stat``)."""

game_stats = Table(
    "game_stats",
    metadata,
    # A finished game's per-game stats, by seat: the game's own counters (Stick'em's
    # "misery_swallowed", Stick Game's "completed"), named by the game; schema version 5 (before:
    # Stick'em's one stat as game_results.misery_swallowed, every other game's dropped).
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("stat", String(MAX_STAT_NAME), primary_key=True),
    Column("value", Integer, nullable=False),
)

game_messages = Table(
    "game_messages",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("purpose", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("channel_id", BigInteger, nullable=False),
    Column("message_id", BigInteger, nullable=False),
)

game_timers = Table(
    "game_timers",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("kind", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("due_at", UtcDateTime, nullable=False),
    # When the half-time reminder of this deadline was sent (NULL: not yet); schema version 2.
    Column("reminded_at", UtcDateTime, nullable=True),
)

lobbies = Table(
    "lobbies",
    metadata,
    Column("channel_id", BigInteger, primary_key=True, autoincrement=False),
    Column("guild_id", BigInteger, nullable=True),
    # The game the lobby is for; schema version 3.
    Column("game", String(MAX_GAME_NAME), nullable=False),
    Column("host_id", BigInteger, nullable=False),
    Column("seats", Text, nullable=False),
    Column("options", Text, nullable=False),
    Column("message_id", BigInteger, nullable=True),
    Column("updated_at", UtcDateTime, nullable=False),
)

server_settings = Table(
    "server_settings",
    metadata,
    # One row per server that changed a setting; schema version 4.
    Column("guild_id", BigInteger, primary_key=True, autoincrement=False),
    # The game a new table plays when /join names none (a name in the registry).
    Column("default_game", String(MAX_GAME_NAME), nullable=False),
    Column("updated_at", UtcDateTime, nullable=False),
)

server_images = Table(
    "server_images",
    metadata,
    # One row per server that chose with /settings images; schema version 6. No row: pictures on.
    Column("guild_id", BigInteger, primary_key=True, autoincrement=False),
    # Whether the server's tables show pictures of the cards, the table and the scores.
    Column("images", Boolean, nullable=False),
    Column("updated_at", UtcDateTime, nullable=False),
)

MAX_LOCALE = 16
"""The longest Discord locale code stored (``en-US``, ``zh-TW``: five characters today)."""

user_languages = Table(
    "user_languages",
    metadata,
    # One row per person the bot has seen in an interaction; schema version 7.
    Column("user_id", BigInteger, primary_key=True, autoincrement=False),
    # Their Discord locale as last seen (``de``, ``en-US``): the language of the DMs the bot
    # sends them unprompted (a turn prompt after a timeout, after a computer's move).
    Column("locale", String(MAX_LOCALE), nullable=False),
    Column("updated_at", UtcDateTime, nullable=False),
)

server_languages = Table(
    "server_languages",
    metadata,
    # One row per server whose language is known or chosen; schema version 7.
    Column("guild_id", BigInteger, primary_key=True, autoincrement=False),
    # What /settings language chose (a catalog language; NULL: follow the server's locale).
    Column("chosen", String(MAX_LOCALE), nullable=True),
    # The server's Discord locale (``guild_locale``) as last seen in an interaction.
    Column("seen", String(MAX_LOCALE), nullable=True),
    Column("updated_at", UtcDateTime, nullable=False),
)

NO_SERVER = 0
"""Stored in ``ratings.guild_id`` for games outside a server (SQL keys cannot hold NULL; no
Discord id is 0)."""

NO_USER = 0
"""Stored in ``ratings.user_id`` for a computer level's rating."""

NO_LEVEL = ""
"""Stored in ``ratings.level`` for a person's rating."""

MAX_LEVEL_NAME = 32
"""The longest computer level name (``ratings.level``)."""

ratings = Table(
    "ratings",
    metadata,
    # Every player's rating per server and game (host.ratings: openskill's mu and sigma), as the
    # finished games left it, updated in the transaction that finishes each game; a person by
    # user id (level NO_LEVEL), a computer level by name (user id NO_USER); schema version 8.
    Column("guild_id", BigInteger, primary_key=True, autoincrement=False),
    Column("game", String(MAX_GAME_NAME), primary_key=True),
    Column("user_id", BigInteger, primary_key=True, autoincrement=False),
    Column("level", String(MAX_LEVEL_NAME), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    # The shown change of the player's last rated game (NULL before any).
    Column("last_change", Integer, nullable=True),
)

game_ratings = Table(
    "game_ratings",
    metadata,
    # What a finished game did to each seat's rating: the shown rating after it and the change
    # ("+24"); no rows for a game that did not count; schema version 8.
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("rating", Integer, nullable=False),
    Column("rating_change", Integer, nullable=False),
)

handed_clicks = Table(
    "handed_clicks",
    metadata,
    # A click in a direct message on its way from the process that received it (shard 0's) to
    # the process whose shard owns the table (the interaction's payload as JSON); schema version 9.
    Column("interaction_id", BigInteger, primary_key=True, autoincrement=False),
    Column("shard", Integer, nullable=False),
    Column("payload", Text, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
)
Index("ix_handed_clicks_shard", handed_clicks.c.shard)
