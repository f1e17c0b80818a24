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
"""

from __future__ import annotations

import asyncio

MOVES_IN_FLIGHT = 8
"""The default bound: computer moves under way (decided, applied, stored, shown) at once across
all tables of one bot. One move is under way ~10-20 ms on a bot that keeps up, so 8 at once
serve hundreds of moves a second before any waits (measured in docs/benchmarks.md, "Where a
failed interaction's 3 seconds go")."""


class ComputerPace:
    """The slots computer moves take (at most :attr:`limit` under way at once)."""

    def __init__(self, limit: int = MOVES_IN_FLIGHT) -> None:
        if limit < 1:
            raise ValueError(f"at least one computer move must be allowed at once, not {limit}")
        self.limit = limit
        self._slots = asyncio.Semaphore(limit)
        self.in_flight = 0
        """Computer moves holding a slot now."""
        self.waiting = 0
        """Computer moves waiting for a slot now."""
        self.peak = 0
        """The most moves that held a slot at once (for tests and benchmarks)."""

    async def admit(self) -> Admission:
        """Wait for a slot (in arrival order); the caller releases it through the
        :class:`Admission` it gets. Cancelled while waiting: no slot is taken."""
        self.waiting += 1
        try:
            await self._slots.acquire()
        finally:
            self.waiting -= 1
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        return Admission(self)

    def _release(self) -> None:
        self.in_flight -= 1
        self._slots.release()


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
