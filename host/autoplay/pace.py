"""Admission control for computer moves: when the bot is saturated, the computer players wait
their turn, so that the people's clicks are still answered in time.

A computer move, once its pause is over, takes one of a bounded number of slots
(:class:`ComputerPace`) before it is decided, applied, stored and shown, and gives it back once
shown. The slots are shared by every table of the bot; the moves waiting for one queue in the
order they came (first come, first served: every table's computer plays, only later). Nothing
else takes a slot: a click, a command, a turn timer's reminder or timeout never waits here, and a
computer seat standing in for an absent player (marked away) plays like any computer seat,
later when the bot is busy.

Why a bound helps: at a load over what one event loop serves, every table's computer move
would otherwise be under way at once, each one's work (its write, its messages shown, the
gateway events they cause) queued in the same loop and the same writer as the clicks. With at
most :attr:`ComputerPace.limit` of them under way, the computer plays at the pace the bot
serves, and the clicks pass the queued moves, which cost nothing while they wait. Below the
bound (a bot that is not saturated) a move takes its slot at once: nothing changes.

A table whose task is cancelled while its move waits for a slot (a change kicked it, or it
stopped) leaves the queue with nothing taken.

**Behind** (:mod:`host.overload`): while the process is marked behind, the bound is
:data:`BUSY_MOVES_IN_FLIGHT` instead: the computer seats play slower still, the players' clicks
are not slowed. A move under way keeps its slot; the queue moves on as moves end or ask, under
the bound of the moment.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable

MOVES_IN_FLIGHT = 8
"""The default bound: computer moves under way (decided, applied, stored, shown) at once across
all tables of one bot. One move is under way ~10-20 ms on a bot that keeps up, so 8 at once
serve hundreds of moves a second before any waits (measured in docs/benchmarks.md, "Where a
failed interaction's 3 seconds go")."""

BUSY_MOVES_IN_FLIGHT = 2
"""The bound while the process is behind (:mod:`host.overload`): the computer plays a quarter as
many moves at once, so that the players' clicks get the core."""


class ComputerPace:
    """The slots computer moves take (at most :attr:`limit` under way at once, or
    :attr:`busy_limit` while ``behind`` says the process is behind)."""

    def __init__(
        self,
        limit: int = MOVES_IN_FLIGHT,
        *,
        busy_limit: int = BUSY_MOVES_IN_FLIGHT,
        behind: Callable[[], bool] = lambda: False,
    ) -> None:
        if limit < 1 or busy_limit < 1:
            least = min(limit, busy_limit)
            raise ValueError(f"at least one computer move must be allowed at once, not {least}")
        self.limit = limit
        self.busy_limit = min(busy_limit, limit)
        self.behind = behind
        """Whether the process is behind now (:attr:`host.overload.Overload.behind`)."""
        self._queue: deque[asyncio.Future[None]] = deque()
        self.in_flight = 0
        """Computer moves holding a slot now."""
        self.peak = 0
        """The most moves that held a slot at once (for tests and benchmarks)."""

    @property
    def bound(self) -> int:
        """The bound of the moment: :attr:`busy_limit` while behind, else :attr:`limit`."""
        return self.busy_limit if self.behind() else self.limit

    @property
    def waiting(self) -> int:
        """Computer moves waiting for a slot now."""
        return sum(1 for future in self._queue if not future.done())

    async def admit(self) -> Admission:
        """Wait for a slot (in arrival order); the caller releases it through the
        :class:`Admission` it gets. Cancelled while waiting: no slot is taken."""
        self._hand_on()  # the bound may have risen (caught up) since a move last ended
        if self._queue or self.in_flight >= self.bound:
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._queue.append(future)
            try:
                await future
            except asyncio.CancelledError:
                if future.done() and not future.cancelled():  # handed a slot as it was cancelled
                    self._release()
                else:
                    self._remove(future)
                raise
        else:
            self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        return Admission(self)

    def _remove(self, future: asyncio.Future[None]) -> None:
        """Take a cancelled waiter out of the queue (the next may go, if the bound lets it)."""
        with contextlib.suppress(ValueError):
            self._queue.remove(future)
        self._hand_on()

    def _release(self) -> None:
        self.in_flight -= 1
        self._hand_on()

    def _hand_on(self) -> None:
        """Give free slots to the first moves waiting, as many as the bound of the moment lets."""
        bound = self.bound
        while self._queue and self.in_flight < bound:
            future = self._queue.popleft()
            if not future.done():
                self.in_flight += 1
                future.set_result(None)


class Admission:
    """One computer move's slot: given back once, by :meth:`release` (again: nothing)."""

    __slots__ = ("_pace",)

    def __init__(self, pace: ComputerPace) -> None:
        self._pace: ComputerPace | None = pace

    def release(self) -> None:
        """Give the slot back (the move was shown, or will not be made)."""
        pace, self._pace = self._pace, None
        if pace is not None:
            pace._release()
