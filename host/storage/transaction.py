"""Every write storage does, on one connection inside one transaction.

`Storage.transaction()` hands out a `Transaction`; the parts of `Storage` each run one of these
writes in a transaction of their own. The SQL is the same for SQLite and PostgreSQL. A
transaction's writes come in parts, one job each, all on its one connection and time
(:mod:`host.storage.writes` says which).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncConnection

from host.storage.channel_writes import LobbyWrites, SettingsWrites
from host.storage.game_writes import GameWrites
from host.storage.inline_sqlite import InlineConnection
from host.storage.table_writes import MessageWrites, TimerWrites


class Transaction:
    """The writes of one database transaction; nothing is visible to others until it commits.

    If any call raises (or the `async with` block does), the whole transaction is rolled back.
    """

    __slots__ = ("connection", "games", "lobbies", "messages", "now", "settings", "timers")

    def __init__(self, conn: AsyncConnection | InlineConnection, now: datetime) -> None:
        self.connection = conn
        """The underlying connection, for storage's own multi-statement operations."""
        self.now = now
        """The time stamped on every row this transaction writes."""
        self.games = GameWrites(conn, now)
        """A game's own rows: created, its actions, options and seats, finished or stopped."""
        self.messages = MessageWrites(conn, now)
        """A game's messages: the table message, each seat's prompt DM."""
        self.timers = TimerWrites(conn, now)
        """A game's timers: set or moved, reminded, cleared."""
        self.lobbies = LobbyWrites(conn, now)
        """A channel's lobby: stored, forgotten."""
        self.settings = SettingsWrites(conn, now)
        """A server's settings: its default game, its pictures."""
