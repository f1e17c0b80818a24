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

    __slots__ = ("_games", "_lobbies", "_messages", "_settings", "_timers", "connection", "now")

    def __init__(self, conn: AsyncConnection | InlineConnection, now: datetime) -> None:
        self.connection = conn
        """The underlying connection, for storage's own multi-statement operations."""
        self.now = now
        """The time stamped on every row this transaction writes."""
        # Each part is made when first used: a move's write uses one or two of the five.
        self._games: GameWrites | None = None
        self._messages: MessageWrites | None = None
        self._timers: TimerWrites | None = None
        self._lobbies: LobbyWrites | None = None
        self._settings: SettingsWrites | None = None

    @property
    def games(self) -> GameWrites:
        """A game's own rows: created, its actions, options and seats, finished or stopped."""
        if self._games is None:
            self._games = GameWrites(self.connection, self.now)
        return self._games

    @property
    def messages(self) -> MessageWrites:
        """A game's messages: the table message, each seat's prompt DM."""
        if self._messages is None:
            self._messages = MessageWrites(self.connection, self.now)
        return self._messages

    @property
    def timers(self) -> TimerWrites:
        """A game's timers: set or moved, reminded, cleared."""
        if self._timers is None:
            self._timers = TimerWrites(self.connection, self.now)
        return self._timers

    @property
    def lobbies(self) -> LobbyWrites:
        """A channel's lobby: stored, forgotten."""
        if self._lobbies is None:
            self._lobbies = LobbyWrites(self.connection, self.now)
        return self._lobbies

    @property
    def settings(self) -> SettingsWrites:
        """A server's settings: its default game, its pictures."""
        if self._settings is None:
            self._settings = SettingsWrites(self.connection, self.now)
        return self._settings
