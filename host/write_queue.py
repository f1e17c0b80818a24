"""One database writer at a time, players first.

SQLite takes one writer at a time. Letting many tables' transactions race for it makes them spin
in SQLite's busy handler (and time out under load); queueing them here costs nothing. The queue
serves *urgent* writes (a player's click, waiting for its answer) before *background* ones (a
computer player's move, a message id), so that a player never waits behind a crowd of computer
moves; within a priority, writes go in arrival order.

It also tells how long a write asking now would wait (:meth:`WriteQueue.expected_wait`): the bot
answers a click at once ("thinking") when its answer cannot come in time anyway.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext

URGENT = 0
BACKGROUND = 1

Writing = Callable[[int], AbstractAsyncContextManager[None]]
"""Hands out the one database writer's turn at a priority (:meth:`host.journal.GameJournal.writing`)."""


def unqueued(priority: int) -> AbstractAsyncContextManager[None]:
    """A :data:`Writing` that never waits (no storage, or nothing to queue behind)."""
    return nullcontext()


HOLD_WEIGHT = 0.1
"""The weight of the last turn in the running mean of how long a turn holds the writer: the mean
follows a change of load within a few dozen writes, and one slow commit moves it by a tenth."""


class WriteQueue:
    """Hands out the one writer's turn: lowest priority number first, then first come."""

    def __init__(self) -> None:
        self._busy = False
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._mean_hold = 0.0
        """Seconds a turn held the writer, on average over the last few dozen turns."""
        self._held_since = 0.0
        """The loop's time the turn under way began holding the writer (while it is busy)."""

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
            self._held_since = asyncio.get_running_loop().time()
        loop = asyncio.get_running_loop()
        got = loop.time()
        try:
            yield
        finally:
            self._mean_hold += (loop.time() - got - self._mean_hold) * HOLD_WEIGHT
            self._hand_on()

    def _hand_on(self) -> None:
        """Give the turn to the next waiter still waiting, or free the writer."""
        while self._waiting:
            _, _, future = heapq.heappop(self._waiting)
            if not future.done():
                future.set_result(None)
                self._held_since = asyncio.get_running_loop().time()  # its turn begins now
                return
        self._busy = False

    def expected_wait(self, priority: int = URGENT) -> float:
        """Seconds a write of ``priority`` asking now would wait for its turn, as far as the
        queue can tell: the rest of the turn under way, then every write waiting that goes
        before it (those of its priority or more urgent), each at the running mean of a turn's
        hold; 0 when the writer is free.

        The turn under way counts the mean too, or, once it has held the writer longer than
        that, as long again as it has held it already (a slow commit or a long write: the
        longer it lasted, the longer it is taken to go on). So a writer held up shows in the
        estimate while it is held, growing with it, not only once the turn ended and moved the
        mean."""
        if not self._busy:
            return 0.0
        ahead = sum(1 for rank, _, future in self._waiting if rank <= priority and not future.done())
        held = asyncio.get_running_loop().time() - self._held_since
        return ahead * self._mean_hold + max(self._mean_hold, held)

    def more_urgent_waiting(self, priority: int) -> bool:
        """Whether a write more urgent than ``priority`` waits for its turn (a long turn of
        ``priority`` may then end early: see :meth:`bot.tables.message_book.MessageBook`)."""
        return any(rank < priority and not future.done() for rank, _, future in self._waiting)

    @property
    def waiting(self) -> int:
        """How many writes wait for their turn."""
        return sum(1 for _, _, future in self._waiting if not future.done())
