"""The lock of one table: an asyncio lock that knows whether anyone is waiting for it.

A click that will have to wait for its table is deferred at once (Discord wants an answer within
3 seconds). ``asyncio.Lock`` tells whether it is held, not whether others queue for it (only its
private ``_waiters`` does), and between two holders it is briefly free while the next one is
woken. :class:`TableLock` counts who holds or wants it instead, with public calls only.

An ``asyncio.Lock`` makes its queue of waiters (a ``deque``, ~0.6 KiB) the first time it is
contended and keeps it for good: at a thousand tables, most of them clicked on at some point,
that is 0.6 MiB for empty queues. Once a contended lock is free again, with nobody holding or
wanting it, :class:`TableLock` takes a fresh ``asyncio.Lock`` instead (no one can tell the two
apart: the old one is neither held nor awaited by anyone).

Who holds the lock while waiting for something slow (a picture) may stop waiting once someone
queues for it (:meth:`TableLock.watch_queue`): the future that tells so is made only while
someone watches, and dropped afterwards.

It also knows which task holds it (:meth:`TableLock.held_here`): the host's one way of changing
a table (:mod:`host.table_change`) takes the lock unless its caller already holds it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from types import TracebackType


class TableLock:
    """One table's lock: ``async with table.lock`` around every change and what it shows."""

    def __init__(self) -> None:
        self._lock = asyncio.Lock()
        self._wanted = 0  # the holder and every waiter
        self._contended = False  # someone waited for the lock since it was made
        self._holder: asyncio.Task[object] | None = None  # the task holding the lock
        self._watchers: list[asyncio.Future[None]] | None = None  # see watch_queue()

    async def acquire(self) -> bool:
        """Wait for the lock and take it."""
        self._wanted += 1
        if self._wanted > 1:
            self._contended = True
        if self._watchers is not None and self.waiting:
            self._tell_watchers()
        try:
            await self._lock.acquire()
        except BaseException:  # cancelled while waiting: no longer wanted
            self._wanted -= 1
            self._renew_if_free()
            raise
        self._holder = asyncio.current_task()
        return True

    def release(self) -> None:
        """Give the lock back."""
        self._lock.release()
        self._holder = None
        self._wanted -= 1
        self._renew_if_free()

    def _renew_if_free(self) -> None:
        """A fresh lock for one that was contended, once nobody holds or wants it (see the
        module's docstring)."""
        if self._contended and not self._wanted:
            self._lock = asyncio.Lock()
            self._contended = False

    @contextlib.contextmanager
    def watch_queue(self) -> Iterator[asyncio.Future[None]]:
        """A future done once someone waits for the lock (at once if someone does now), kept
        only inside the ``with`` block."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if self.waiting:
            future.set_result(None)
            yield future
            return
        if self._watchers is None:
            self._watchers = []
        self._watchers.append(future)
        try:
            yield future
        finally:
            if self._watchers is not None and future in self._watchers:
                self._watchers.remove(future)
                if not self._watchers:
                    self._watchers = None

    def _tell_watchers(self) -> None:
        """Someone waits for the lock now: every watcher is told (and forgotten)."""
        watchers, self._watchers = self._watchers or [], None
        for future in watchers:
            if not future.done():
                future.set_result(None)

    def locked(self) -> bool:
        """Whether someone holds the lock now."""
        return self._lock.locked()

    def held_here(self) -> bool:
        """Whether the running task holds the lock."""
        return self._lock.locked() and self._holder is asyncio.current_task()

    @property
    def waiting(self) -> int:
        """How many wait for the lock (not counting its holder)."""
        return self._wanted - (1 if self._lock.locked() else 0)

    @property
    def yields(self) -> bool:
        """Whether the holder waits only until someone queues (inside :meth:`watch_queue`: a
        change being shown that waits for its pictures) and nobody waits yet: one who queues
        now gets the lock as soon as the holder has sent what it was showing."""
        return self._watchers is not None and self.waiting == 0

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
