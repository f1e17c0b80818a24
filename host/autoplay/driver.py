"""The driving loop: one asyncio task per table moves it on when no human clicks.

The task (:meth:`Autoplay.kick` restarts it after every change) does, in turn:

- when a seat the computer plays is awaited (a computer seat, or a player marked away): wait the
  configured pause, then for a slot among the computer moves under way across all tables
  (:mod:`host.autoplay.pace`: when the bot is saturated, the computer waits, the clicks do not),
  let the computer player decide off the event loop (:mod:`host.autoplay.thinkers`), then apply
  the move (:mod:`host.autoplay.moves`), stored before it is shown;
- otherwise, when a turn timer runs: remind, and play for the timed-out seats
  (:mod:`host.autoplay.timer`).

A decision is only applied if the game has not moved since it was asked for; otherwise the task
looks again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass

from host.autoplay.moves import RETRY_AFTER, ComputerMoves, TableDisplay
from host.autoplay.pace import MOVES_IN_FLIGHT, ComputerPace
from host.autoplay.thinkers import Thinkers
from host.autoplay.timer import TurnTimers
from host.tables import Table, TableState
from host.workers import WorkersStopped

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class AutoplaySettings:
    """How computer seats play: the pause before each move, the worker processes, and how many
    computer moves may be under way at once across all tables."""

    move_delay: float = 1.0
    workers: int = 2
    """Worker processes for the decisions; 0 runs them in one thread (tests, tiny hosts)."""
    moves_in_flight: int = MOVES_IN_FLIGHT
    """Computer moves under way at once (decided, stored, shown) across all tables; the others
    wait their turn (:mod:`host.autoplay.pace`)."""


class Autoplay:
    """The computer's side of every table of one bot: its parts are the worker pool
    (:attr:`thinkers`), the moves applied and shown (:attr:`moves`) and the turn timers
    (:attr:`timers`); this drives them, one task per table."""

    def __init__(
        self,
        display: TableDisplay,
        settings: AutoplaySettings | None = None,
        behind: Callable[[], bool] = lambda: False,
    ) -> None:
        self.settings = settings or AutoplaySettings()
        self.thinkers = Thinkers(self.settings.workers)
        self.moves = ComputerMoves(display)
        # fewer moves at once while the process is behind (host.overload): the players go first
        self.pace = ComputerPace(self.settings.moves_in_flight, behind=behind)
        self.timers = TurnTimers(self.moves, self.thinkers)
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._closed = False

    @property
    def decisions_waiting(self) -> int:
        """Decisions in the worker pool, not back yet (see :attr:`Thinkers.decisions_waiting`)."""
        return self.thinkers.decisions_waiting

    # --- control ----------------------------------------------------------------------------

    def kick(self, table: Table) -> None:
        """Look at ``table`` again after a change: restart its task (or end it, if nothing is
        left to do). Called by the table's task itself, it does nothing: the task goes on. Once
        :meth:`close` has begun it does nothing either (a move finishing while the bot closes
        still shows its effects, which kick the table)."""
        if self._closed:
            return
        current = self._tasks.get(table.channel_id)
        if current is not None and current is asyncio.current_task():
            return
        if current is not None:
            current.cancel()
            del self._tasks[table.channel_id]
        if table.state is not TableState.PLAYING or (not table.auto_seats() and table.clock.deadline is None):
            return
        task = asyncio.create_task(self._drive(table), name=f"autoplay-{table.channel_id}")
        self._tasks[table.channel_id] = task
        task.add_done_callback(lambda done: self._forget(table.channel_id, done))

    def _forget(self, channel_id: int, task: asyncio.Task[None]) -> None:
        if self._tasks.get(channel_id) is task:
            del self._tasks[channel_id]

    def busy(self, table: Table) -> bool:
        """Whether ``table`` has a task running (waiting for a timer or a computer move)."""
        task = self._tasks.get(table.channel_id)
        return task is not None and not task.done()

    async def close(self) -> None:
        """Stop every task and the worker pool; no task starts any more."""
        self._closed = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()
        await self.moves.finish()  # a move being stored and shown finishes before the bot closes
        await self.thinkers.close()

    def prepare(self) -> None:
        """Start the worker pool now (at start-up): starting processes later would stall the loop."""
        self.thinkers.executor()

    def executor(self) -> Executor:
        """The worker pool (started on first use)."""
        return self.thinkers.executor()

    async def think(self, table: Table, seat: int, level: str) -> str:
        """The computer's decision for ``seat`` (see :meth:`Thinkers.think`)."""
        return await self.thinkers.think(table, seat, level)

    # --- the task of one table ----------------------------------------------------------------

    async def _drive(self, table: Table) -> None:
        """Move the table on while the computer has something to do. Before the task ends, a
        change under way (it holds the table's lock while it is stored) is waited for: the
        table this task saw may be undone yet, its write failed, and leave the computer
        something to do again. (Stored, the change is shown, which restarts this task.) So
        nobody has to tell the computer of an undone change."""
        while True:
            await self._play_on(table)
            if not table.lock.locked():
                return
            async with table.lock:  # stored (this task is replaced meanwhile) or undone
                pass

    async def _play_on(self, table: Table) -> None:
        """Make the computer's moves and run the turn timer until nothing is left to do."""
        while table.state is TableState.PLAYING:
            try:
                seats = table.auto_seats()
                if seats:
                    await self._computer_move(table, seats[0])
                    continue
                if not await self.timers.wait(table):
                    return
            except asyncio.CancelledError:
                raise
            except WorkersStopped:  # the bot is stopping: the game resumes where it was
                return
            except Exception:  # a bug: logged, and tried again (nobody else moves this table on)
                log.exception("autoplay of table %s failed; trying again", table.channel_id)
                await asyncio.sleep(RETRY_AFTER)

    async def _computer_move(self, table: Table, seat: int) -> None:
        match = table.running_match()
        stamp = len(match.log)
        if self.settings.move_delay > 0:
            await asyncio.sleep(self.settings.move_delay)
        admission = await self.pace.admit()  # cancelled while queued: nothing taken
        release_on_exit = True
        try:
            if match is not table.match or len(match.log) != stamp or seat not in table.auto_seats():
                return
            action = await self.thinkers.think(table, seat, table.level_of(seat))
            # The slot is held until the move is shown, even if this task is cancelled meanwhile.
            release_on_exit = False
            await self.moves.shielded(
                self.moves.apply(table, seat, action, stamp, timed_out=False), then=admission.release
            )
        finally:
            if release_on_exit:
                admission.release()
