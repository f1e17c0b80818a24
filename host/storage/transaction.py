"""Every write storage does, on one connection inside one transaction.

`Storage.transaction()` hands out a `Transaction`; the convenience methods on `Storage` each run one
of these in a transaction of their own. The SQL is the same for SQLite and PostgreSQL. Its writes
come in parts, one job each (:mod:`host.storage.writes` says which).
"""

from __future__ import annotations

from host.storage.channel_writes import LobbyWrites, ServerWrites
from host.storage.game_writes import GameWrites
from host.storage.table_writes import MessageWrites, TimerWrites


class Transaction(GameWrites, MessageWrites, TimerWrites, LobbyWrites, ServerWrites):
    """The writes of one database transaction; nothing is visible to others until it commits.

    If any call raises (or the `async with` block does), the whole transaction is rolled back.
    """
