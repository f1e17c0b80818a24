"""Computer seats and turn timers: what moves a table on when no human clicks.

One asyncio task per table (:meth:`Autoplay.kick` restarts it after every change) does, in turn:

- when a seat the computer plays is awaited (a computer seat, or a player marked away): wait the
  configured pause, let the computer player decide *off the event loop* (a worker process, see
  :mod:`host.thinking`), then apply the move under the table's lock through the same journal as a
  click, so it is stored before it is shown;
- otherwise, when a turn timer runs: remind the awaited players at half time (a mention), and when
  it runs out let the ``normal`` computer player move for each of them (two timeouts in a row mark
  the seat away).

A decision is only applied if the game has not moved since it was asked for; otherwise the task
looks again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from host.catalog import Words, lazy
from host.errors import UserError
from host.journal import GameJournal
from host.storage import utc_now
from host.tables import Effect, GameRefusal, Outcome, Prompt, Table, TableState
from host.thinking import decide, warm_up, worker_init
from tabletop import registry

log = logging.getLogger(__name__)

RETRY_AFTER = 2.0
"""Seconds before a computer move that could not be saved is tried again."""

FALLBACK = "the game's weakest computer player"
"""Whose decision stands in when a seat's own decision fails (made on the event loop: the
weakest level of every game decides in well under a millisecond), so that a failure never leaves
a table waiting for a seat."""


class TableDisplay(Protocol):
    """What the computer's side needs of the layer that shows the tables (the Discord layer's
    table service): the journal, a channel notice, the retired prompt of a timed-out seat, and
    the effects of an outcome shown."""

    journal: GameJournal

    async def notify(self, table: Table, text: Words, *, ping: int | None = None) -> None:
        """Post ``text`` in the table's channel (``ping``: the user it mentions)."""
        ...

    async def retire_timed_out_prompt(self, table: Table, seat: int, actions: tuple[str, ...]) -> None:
        """The seat's live prompt says the time ran out and what the computer did for it."""
        ...

    async def execute(self, table: Table, outcome: Outcome, *, skip: tuple[type[Effect], ...] = ()) -> None:
        """Show every effect of ``outcome``."""
        ...


@dataclass(frozen=True)
class AutoplaySettings:
    """How computer seats play: the pause before each move and the worker processes."""

    move_delay: float = 1.0
    workers: int = 2
    """Worker processes for the decisions; 0 runs them in one thread (tests, tiny hosts)."""


def make_executor(workers: int) -> Executor:
    """The pool the decisions run in: processes (``spawn``: nothing of the bot is inherited)."""
    if workers <= 0:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="stickem-ai")
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=worker_init,
        initargs=(os.getpid(),),
    )


@contextlib.contextmanager
def _waiting_for(autoplay: Autoplay) -> Iterator[None]:
    """Count a decision in :attr:`Autoplay.decisions_waiting` while it is in the worker pool
    (waiting for a worker, or being thought): what the bot's metrics call the worker queue."""
    autoplay.decisions_waiting += 1
    try:
        yield
    finally:
        autoplay.decisions_waiting -= 1


class Autoplay:
    """The computer's side of every table of one bot."""

    def __init__(self, service: TableDisplay, settings: AutoplaySettings | None = None) -> None:
        self.service = service
        self.settings = settings or AutoplaySettings()
        self._executor: Executor | None = None
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._applying: set[asyncio.Future[object]] = set()
        self._closed = False
        self.clock: Callable[[], datetime] = utc_now
        self.decisions_waiting = 0  # handed to the worker pool, not back yet (see `_waiting_for`)

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
        if self._applying:  # a move being stored and shown finishes before the bot closes
            await asyncio.wait(list(self._applying), timeout=5.0)
        if self._executor is not None:
            executor, self._executor = self._executor, None
            # Joined (in a thread, off the loop): no worker process outlives the bot.
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)

    def prepare(self) -> None:
        """Start the worker pool now (at start-up): starting processes later would stall the loop."""
        self.executor()

    def executor(self) -> Executor:
        """The worker pool (started on first use)."""
        if self._executor is None:
            self._executor = make_executor(self.settings.workers)
            for _ in range(max(1, self.settings.workers)):
                self._executor.submit(warm_up)
        return self._executor

    async def think(self, table: Table, seat: int, level: str) -> str:
        """The computer's decision for ``seat``, computed in the worker pool.

        A worker that died (killed by the OOM killer or by hand) leaves the process pool broken
        for good: the broken pool is replaced by a new one and the decision asked again, once.
        Should the decision still fail (a bug in a computer player, the new pool broken too, no
        pool starting at all), the game's weakest player (:data:`FALLBACK`) decides instead: nobody can act
        while a computer seat is awaited, so a failure here would otherwise stop the game."""
        view = table.running_match().view(seat)
        seed = table.bot_seed(seat)
        game = table.spec.name
        where = registry.entry(game)
        loop = asyncio.get_running_loop()
        executor: Executor | None = None
        try:
            # Starting the pool is inside: starting worker processes fails too when memory or
            # processes run out (the state in which a worker was killed in the first place).
            executor = self.executor()
            with _waiting_for(self):
                return await loop.run_in_executor(executor, decide, game, where, view, level, seed)
        except BrokenExecutor:
            if executor is not None:
                self._replace_broken(executor)
            try:
                return await loop.run_in_executor(self.executor(), decide, game, where, view, level, seed)
            except Exception:
                log.exception(
                    "table %s: the %s computer player failed in a new worker pool; %s decides instead",
                    table.channel_id,
                    level,
                    FALLBACK,
                )
        except Exception:
            log.exception(
                "table %s: the %s computer player failed; %s decides instead",
                table.channel_id,
                level,
                FALLBACK,
            )
        return decide(game, where, view, table.spec.levels[0], seed)

    def _replace_broken(self, executor: Executor) -> None:
        """Drop a broken pool (another table may have done so already): the next use starts one."""
        if self._executor is not executor:
            return
        log.warning("a worker process of the computer players died; starting new ones")
        self._executor = None
        executor.shutdown(wait=False, cancel_futures=True)

    # --- the task of one table ----------------------------------------------------------------

    async def _drive(self, table: Table) -> None:
        while table.state is TableState.PLAYING:
            try:
                seats = table.auto_seats()
                if seats:
                    await self._computer_move(table, seats[0])
                    continue
                if not await self._wait_for_timer(table):
                    return
            except asyncio.CancelledError:
                raise
            except Exception:  # a bug: logged, and tried again (nobody else moves this table on)
                log.exception("autoplay of table %s failed; trying again", table.channel_id)
                await asyncio.sleep(RETRY_AFTER)

    async def _computer_move(self, table: Table, seat: int) -> None:
        match = table.running_match()
        stamp = len(match.log)
        if self.settings.move_delay > 0:
            await asyncio.sleep(self.settings.move_delay)
        if match is not table.match or len(match.log) != stamp or seat not in table.auto_seats():
            return
        action = await self.think(table, seat, table.level_of(seat))
        await self._shielded(self._apply(table, seat, action, stamp, timed_out=False))

    async def _wait_for_timer(self, table: Table) -> bool:
        """Sleep until the reminder or the deadline and act; False when nothing is left to wait for."""
        clock = table.clock
        deadline, key, half = clock.deadline, clock.deadline_key, clock.reminder_due()
        if deadline is None or half is None:
            return False
        now = self.clock()
        if not clock.reminded and now < deadline:
            if now < half:
                await asyncio.sleep((half - now).total_seconds())
                return True  # look again: the game may have moved meanwhile
            await self._shielded(self._remind(table, key, deadline))
            return True
        if now < deadline:
            await asyncio.sleep((deadline - now).total_seconds())
            return True
        seats = table.timed_out_seats()
        if not seats or clock.deadline_key != key:
            return bool(seats)
        seat = seats[0]
        stamp = table.action_count
        action = await self.think(table, seat, table.stand_in_level)
        if not table.spec.whole_turns:
            await self._shielded(self._apply(table, seat, action, stamp, timed_out=True))
            return True
        # One shielded step: showing the first move restarts this table's task (kick), which
        # must not cut the turn short.
        await self._shielded(self._play_timed_out_turn(table, seat, stamp, action))
        return True

    async def _play_timed_out_turn(self, table: Table, seat: int, stamp: int, first: str) -> None:
        """In a game whose turn is several actions (:attr:`tabletop.GameSpec.whole_turns`), the
        stand-in plays a timed-out turn (its first step ``first``, at ``stamp``) to its end at
        once, as one timeout: the person does not wait out a new timer, nor count a second
        timeout, for each step of a turn they missed. Their prompt then says all the computer
        did for them."""
        first_round = table.match.round if table.match is not None else 0
        retired = await self._apply(table, seat, first, stamp, timed_out=True, retire=False)
        done: list[str] = []
        while True:
            match = table.match
            if table.state is not TableState.PLAYING or match is None:
                break
            if len(match.log) == stamp + 1 and not done:
                done.append(first)  # the timed-out step itself was applied
            if (
                not done
                or len(match.log) != stamp + len(done)  # someone else moved (/hand, or a restart)
                or match.awaiting != (seat,)  # the turn is over
                or match.round != first_round  # and a new round began with the same seat
                or table.is_auto(seat)  # a computer seat now (marked away): autoplay plays it
            ):
                break
            action = await self.think(table, seat, table.stand_in_level)
            step = stamp + len(done)
            retired = await self._apply(
                table,
                seat,
                action,
                step,
                timed_out=True,
                turn_goes_on=True,
                retire=False,
                turn_so_far=tuple(done),
            )
            if table.match is not None and len(table.match.log) == step + 1:
                done.append(action)
            else:
                break
        if done and not retired:
            async with table.lock:
                await self.service.retire_timed_out_prompt(table, seat, tuple(done))

    async def _shielded(self, step: Coroutine[Any, Any, object]) -> None:
        """Run ``step`` to its end even if the table's task is cancelled meanwhile."""
        future = asyncio.ensure_future(step)
        self._applying.add(future)
        future.add_done_callback(self._applying.discard)
        await asyncio.shield(future)

    async def _remind(self, table: Table, key: str | None, deadline: datetime) -> None:
        """Remind the awaited players of the deadline, once: the reminder is stored (with the
        timer, through the journal) before it is sent, so a restart does not send it again.
        If it cannot be stored, it is sent anyway (a reminder that a restart may repeat beats
        none)."""
        async with table.lock:
            clock = table.clock
            if table.state is not TableState.PLAYING or not clock.is_current(key, deadline) or clock.reminded:
                return
            try:
                async with self.service.journal.recording(table, background=True):
                    clock.reminded = True
            except UserError as exc:
                log.warning(
                    "table %s: the reminder could not be saved (%s); sent anyway", table.channel_id, exc
                )
                clock.reminded = True
            left = max(1, round((deadline - self.clock()).total_seconds()))
            for seat in table.timed_out_seats():
                user = table.seats[seat].user_id
                what = table.presentation.todo(table.running_match().view(seat))
                reminder = lazy("timer.reminder", user=user, todo=what, seconds=left)
                await self.service.notify(table, reminder, ping=user)

    async def _apply(
        self,
        table: Table,
        seat: int,
        action: str,
        stamp: int,
        *,
        timed_out: bool,
        turn_goes_on: bool = False,
        retire: bool = True,
        turn_so_far: tuple[str, ...] = (),
    ) -> bool:
        """Apply a computer move under the lock, through the journal, if the game has not moved;
        a timed-out seat's prompt then says what the computer did for it. Whether it did.

        For a step of a timed-out turn played to its end, ``retire`` is False: the prompt is
        retired after the turn, unless this step ends the round and the seat is prompted for the
        next (it begins it): then the old prompt first says what the stand-in did
        (``turn_so_far``, then ``action``)."""
        async with table.lock:
            match = table.match
            if table.state is not TableState.PLAYING or match is None or len(match.log) != stamp:
                return False
            # A computer move is for a seat the computer plays; a timeout for a player's own seat
            # (not one that became a computer seat meanwhile, by /leave for instance).
            if seat not in match.awaiting or table.is_auto(seat) == timed_out:
                return False
            try:
                async with self.service.journal.recording(table, background=True):
                    outcome = table.auto_move(seat, action, timed_out=timed_out, turn_goes_on=turn_goes_on)
            except GameRefusal as exc:  # a computer player's bug: logged, tried again later
                # The game's sentence may name a card, which the players have not seen.
                rule = exc.__cause__.__cause__ if exc.__cause__ is not None else None
                log.warning(
                    "table %s: computer move not applied: %s", table.channel_id, type(rule or exc).__name__
                )
                outcome = None
            except UserError as exc:  # could not be saved: try again a little later
                log.warning("table %s: computer move not applied: %s", table.channel_id, exc)
                outcome = None
            if outcome is not None:
                retired = timed_out and (retire or Prompt(seat) in outcome.effects)
                if retired:
                    await self.service.retire_timed_out_prompt(table, seat, (*turn_so_far, action))
                await self.service.execute(table, outcome)
                return retired
        await asyncio.sleep(RETRY_AFTER)
        return False
