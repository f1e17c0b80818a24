"""The tables of schema version 2 (the release of ``release.sqlite3``), frozen here.

The bot's own ``host.storage.schema`` always describes the newest version; the upgrade tests need
the old one to put the release's rows into a PostgreSQL database exactly as that release would
have made it (SQLite gets the release's own file). Copied from ``bot/storage/schema.py`` at commit
eae9a35, unchanged but for this docstring.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

from host.storage.schema import UtcDateTime

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
    Column("kind", String(16), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("card", String(32), nullable=False),
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
    Column("misery_swallowed", Integer, nullable=False),
)
Index("ix_game_results_user", game_results.c.user_id)

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
    Column("host_id", BigInteger, nullable=False),
    Column("seats", Text, nullable=False),
    Column("options", Text, nullable=False),
    Column("message_id", BigInteger, nullable=True),
    Column("updated_at", UtcDateTime, nullable=False),
)
