"""The lock of one table: an asyncio lock that knows whether anyone is waiting for it.

A click that will have to wait for its table is deferred at once (Discord wants an answer within
3 seconds). ``asyncio.Lock`` tells whether it is held, not whether others queue for it (only its
private ``_waiters`` does), and between two holders it is briefly free while the next one is
woken. :class:`TableLock` counts who holds or wants it instead, with public calls only.
"""

from __future__ import annotations

import asyncio
from types import TracebackType


class TableLock:
    """One table's lock: ``async with table.lock`` around every change and what it shows."""

    def __init__(self) -> None:
        self._lock = asyncio.Lock()
        self._wanted = 0  # the holder and every waiter

    async def acquire(self) -> bool:
        """Wait for the lock and take it."""
        self._wanted += 1
        try:
            return await self._lock.acquire()
        except BaseException:  # cancelled while waiting: no longer wanted
            self._wanted -= 1
            raise

    def release(self) -> None:
        """Give the lock back."""
        self._lock.release()
        self._wanted -= 1

    def locked(self) -> bool:
        """Whether someone holds the lock now."""
        return self._lock.locked()

    @property
    def waiting(self) -> int:
        """How many wait for the lock (not counting its holder)."""
        return self._wanted - (1 if self._lock.locked() else 0)

    @property
    def busy(self) -> bool:
        """Whether someone holds the lock or waits for it (even while it passes between them)."""
        return self._wanted > 0

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()
