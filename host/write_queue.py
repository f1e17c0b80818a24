"""One database writer at a time, players first.

SQLite takes one writer at a time. Letting many tables' transactions race for it makes them spin
in SQLite's busy handler (and time out under load); queueing them here costs nothing. The queue
serves *urgent* writes (a player's click, waiting for its answer) before *background* ones (a
computer player's move, a message id), so that a player never waits behind a crowd of computer
moves; within a priority, writes go in arrival order.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
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

    @asynccontextmanager
    async def turn(self, priority: int = URGENT) -> AsyncIterator[None]:
        """Wait for the writer's turn (bounded only by the writes ahead), hold it for the block."""
        if self._busy or self._waiting:
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            heapq.heappush(self._waiting, (priority, next(self._order), future))
            try:
                await future
            except asyncio.CancelledError:
                if future.done() and not future.cancelled():  # handed the turn as we were cancelled
                    self._hand_on()
                raise
        else:
            self._busy = True
        try:
            yield
        finally:
            self._hand_on()

    def _hand_on(self) -> None:
        """Give the turn to the next waiter still waiting, or free the writer."""
        while self._waiting:
            _, _, future = heapq.heappop(self._waiting)
            if not future.done():
                future.set_result(None)
                return
        self._busy = False

    @property
    def waiting(self) -> int:
        """How many writes wait for their turn."""
        return sum(1 for _, _, future in self._waiting if not future.done())
