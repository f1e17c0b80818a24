"""One database writer at a time, players first.

SQLite takes one writer at a time. Letting many tables' transactions race for it makes them spin
in SQLite's busy handler (and time out under load); queueing them here costs nothing. The queue
serves *urgent* writes (a player's click, waiting for its answer) before *background* ones (a
computer player's move, a message id), so that a player never waits behind a crowd of computer
moves; within a priority, writes go in arrival order.

A background write can hold a player up all the same: a computer's move is written under its
table's lock, so a click at that table waits for the lock while the move waits behind every other
background write (seen up to ~0.9 s at 100 tables on a loaded machine, in the release too). A
write may therefore name what it is for (``key``: its table), and :meth:`WriteQueue.hurry` makes
that table's waiting write urgent (or its next one, if none waits yet): the player's priority is
lent to the write they wait for.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

URGENT = 0
BACKGROUND = 1


class WriteQueue:
    """Hands out the one writer's turn: lowest priority number first, then first come."""

    def __init__(self) -> None:
        self._busy = False
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        # The background writes waiting, by key (see `hurry`): their place in the queue.
        self._keyed: dict[object, tuple[int, asyncio.Future[None]]] = {}
        # Keys hurried while none of their writes waited: their next write is urgent.
        self._hurried: weakref.WeakSet[object] = weakref.WeakSet()
        self.urgent_turn = False
        """Whether the write holding the turn goes as a player's (urgent, or hurried)."""

    @asynccontextmanager
    async def turn(self, priority: int = URGENT, key: object = None) -> AsyncIterator[None]:
        """Wait for the writer's turn (bounded only by the writes ahead), hold it for the block.
        ``key`` (weakly referable: a table) names what the write is for, so that :meth:`hurry`
        can find it."""
        if key is not None and key in self._hurried:
            self._hurried.discard(key)
            priority = URGENT
        if self._busy or self._waiting:
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            order = next(self._order)
            heapq.heappush(self._waiting, (priority, order, future))
            if key is not None and priority != URGENT:
                self._keyed[key] = (order, future)
            try:
                await future
            except asyncio.CancelledError:
                if future.done() and not future.cancelled():  # handed the turn as we were cancelled
                    self._hand_on()
                raise
            finally:
                if key is not None and self._keyed.get(key, (0, None))[1] is future:
                    del self._keyed[key]
        else:
            self._busy = True
            self.urgent_turn = priority == URGENT
        try:
            yield
        finally:
            self._hand_on()

    def _hand_on(self) -> None:
        """Give the turn to the next waiter still waiting, or free the writer."""
        while self._waiting:
            priority, _, future = heapq.heappop(self._waiting)
            if not future.done():
                future.set_result(None)
                self.urgent_turn = priority == URGENT
                return
        self._busy = False

    def hurry(self, key: object) -> None:
        """Someone waits for what the write for ``key`` is for (a player for their table): make
        it urgent, placed among the urgent writes by its arrival; if none waits now, the next
        one for ``key`` (the holder of the table's lock may not have asked for the writer yet)."""
        waiting = self._keyed.pop(key, None)
        if waiting is None:
            self._hurried.add(key)
            return
        order, future = waiting
        if not future.done():  # its old place stays in the queue, skipped once it has had its turn
            heapq.heappush(self._waiting, (URGENT, order, future))

    @property
    def waiting(self) -> int:
        """How many writes wait for their turn."""
        return len({id(future) for _, _, future in self._waiting if not future.done()})
