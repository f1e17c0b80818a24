"""What every part of :class:`~host.storage.Storage` stands on: its transactions and its reads.

The parts (lobbies and settings, languages, ratings) are written against this base, and
:class:`~host.storage.Storage` supplies both methods once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from contextlib import AbstractAsyncContextManager

from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from host.storage.transaction import Transaction


class StorageAccess(ABC):
    """The storage's transactions and reads, as its parts use them."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """A transaction: every write in it happens, or none."""

    @abstractmethod
    def _reading(
        self, *, snapshot: bool = False, engine: AsyncEngine | None = None
    ) -> AbstractAsyncContextManager[AsyncConnection]:
        """A connection for reads; with ``snapshot``, all its queries see the same committed state."""
