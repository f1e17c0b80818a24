"""What a running turn timer does (the table's :class:`~host.table.clock.TurnClock` says when):
remind the awaited players at half time (a mention), and when it runs out let the stand-in
computer player move for each of them (two timeouts in a row mark the seat away)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime

from host.autoplay.moves import ComputerMoves
from host.autoplay.thinkers import Thinkers
from host.catalog import lazy
from host.storage import utc_now
from host.tables import Effect, Notice, Outcome, Table, TableState

log = logging.getLogger(__name__)


class TurnTimers:
    """The reminders and timeouts of the tables' turn timers."""

    def __init__(self, moves: ComputerMoves, thinkers: Thinkers) -> None:
        self.moves = moves
        self.thinkers = thinkers
        self.now: Callable[[], datetime] = utc_now
        """The time now (UTC): the tests' clock may stand in."""

    async def wait(self, table: Table) -> bool:
        """Sleep until the reminder or the deadline and act; False when nothing is left to wait for."""
        clock = table.clock
        deadline, key, half = clock.deadline, clock.deadline_key, clock.reminder_due()
        if deadline is None or half is None:
            return False
        now = self.now()
        if not clock.reminded and now < deadline:
            if now < half:
                await asyncio.sleep((half - now).total_seconds())
                return True  # look again: the game may have moved meanwhile
            await self.moves.shielded(self.remind(table, key, deadline))
            return True
        if now < deadline:
            await asyncio.sleep((deadline - now).total_seconds())
            return True
        seats = table.timed_out_seats()
        if not seats or clock.deadline_key != key:
            return bool(seats)
        seat = seats[0]
        stamp = table.action_count
        action = await self.thinkers.think(table, seat, table.stand_in_level)
        if not table.spec.whole_turns:
            await self.moves.shielded(self.moves.apply(table, seat, action, stamp, timed_out=True))
            return True
        # One shielded step: showing the first move restarts this table's task (kick), which
        # must not cut the turn short.
        await self.moves.shielded(self.play_timed_out_turn(table, seat, stamp, action))
        return True

    async def play_timed_out_turn(self, table: Table, seat: int, stamp: int, first: str) -> None:
        """In a game whose turn is several actions (:attr:`tabletop.GameSpec.whole_turns`), the
        stand-in plays a timed-out turn (its first step ``first``, at ``stamp``) to its end at
        once, as one timeout: the person does not wait out a new timer, nor count a second
        timeout, for each step of a turn they missed. Their prompt then says all the computer
        did for them."""
        moves = self.moves
        first_round = table.match.round if table.match is not None else 0
        retired = await moves.apply(table, seat, first, stamp, timed_out=True, retire=False)
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
            action = await self.thinkers.think(table, seat, table.stand_in_level)
            step = stamp + len(done)
            retired = await moves.apply(
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
            await moves.retire(table, seat, tuple(done))

    async def remind(self, table: Table, key: str | None, deadline: datetime) -> None:
        """Remind the awaited players of the deadline, once: the reminder is stored (with the
        timer, through the journal) before it is shown (a :class:`Notice` for each, mentioning
        them), so a restart does not send it again. If it cannot be stored, it is sent anyway
        (a reminder that a restart may repeat beats none)."""

        def current(table: Table) -> bool:
            clock = table.clock
            return (
                table.state is TableState.PLAYING and clock.is_current(key, deadline) and not clock.reminded
            )

        def reminded(table: Table) -> Outcome:
            table.clock.reminded = True
            left = max(1, round((deadline - self.now()).total_seconds()))
            reminders: list[Effect] = []
            for seat in table.timed_out_seats():
                user = table.seats[seat].user_id
                what = table.presentation.todo(table.running_match().view(seat))
                reminder = lazy("timer.reminder", user=user, todo=what, seconds=left)
                reminders.append(Notice(reminder, ping=user))
            return Outcome("", tuple(reminders))

        await self.moves.changes.change(table, reminded, background=True, when=current, unsaved_too=True)
