"""A table's turn clock: the turn timer and its deadline, the timeouts counted per seat, and who
is away (the computer plays for them until they come back).

The clock knows nothing of the game: the table tells it what the current wait is for (the game's
stage, :meth:`~host.table.queries.TableQueries.turn_key`) and whether a human is awaited in it.
:meth:`TurnClock.snapshot` and :meth:`TurnClock.restore` give and take its state as one value
(:class:`ClockRecord`), which :class:`~host.table.record.TableRecord` holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from host.table.seats import AWAY_AFTER

RESTART_GRACE = 0.5
"""The least part of the turn timer a running wait has left after a restart, from when its table
is shown again (:meth:`TurnClock.grace_after_restart`): half, what a reminded player has."""


@dataclass(frozen=True)
class ClockRecord:
    """A turn clock's state as one value (see :class:`TurnClock` for what each part means)."""

    timer_seconds: float | None = None
    deadline: datetime | None = None
    deadline_key: str | None = None
    reminded: bool = False
    away: frozenset[int] = frozenset()
    timeouts: Mapping[int, int] = field(default_factory=dict)


class TurnClock:
    """A table's turn timer, its timeouts per seat and its away players."""

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        """Multiplies the chosen turn timer (tests run with a small one, see ``TURN_TIMER_SCALE``)."""
        self.timer_seconds: float | None = None
        """The turn timer of the running game (None: off)."""
        self.deadline: datetime | None = None
        """When the seat(s) awaited now time out (UTC), if a timer runs."""
        self.deadline_key: str | None = None
        """The stage of the game the deadline belongs to (the table's ``turn_key``)."""
        self.reminded = False
        """Whether the awaited players were reminded of the current deadline (stored with the
        timer, so that a restart neither repeats nor skips the reminder)."""
        self.away: set[int] = set()
        """Seats whose player is away: the computer plays for them until they come back."""
        self.timeouts: dict[int, int] = {}
        """Timeouts in a row, per seat."""

    def set_timer(self, seconds: float | None) -> None:
        """Time the game's turns with ``seconds`` (a chosen timer, scaled by :attr:`scale`;
        None: no timer)."""
        self.timer_seconds = None if seconds is None else seconds * self.scale

    def is_away(self, seat: int) -> bool:
        """Whether the player of ``seat`` is away (the computer plays for them)."""
        return seat in self.away

    def refresh(self, key: str | None, humans_awaited: bool, now: datetime) -> bool:
        """Start the timer when a new wait (``key``, None: nobody awaited) for a human began;
        whether the deadline changed.

        A wait that goes on keeps its deadline, whoever leaves or comes back meanwhile; it only
        gets one when a human is awaited in it and it had none (an away player came back), and
        loses it when no human is awaited any more. A new deadline has not been reminded of yet."""
        seconds = self.timer_seconds if key is not None and humans_awaited else None
        new_wait = key != self.deadline_key
        if not new_wait and (self.deadline is not None) == (seconds is not None):
            return False
        self.deadline_key = key
        before = self.deadline
        if seconds is None:
            self.deadline = None
        elif new_wait or before is None:
            self.deadline = now + timedelta(seconds=seconds)
        if self.deadline != before:
            self.reminded = False
        return self.deadline != before

    def reminder_due(self) -> datetime | None:
        """When the awaited players are reminded: half the timer before the deadline (None
        without a deadline)."""
        if self.deadline is None or self.timer_seconds is None:
            return None
        return self.deadline - timedelta(seconds=self.timer_seconds / 2)

    def grace_after_restart(self, now: datetime) -> bool:
        """The bot was away (a restart): the running wait's deadline is at least
        :data:`RESTART_GRACE` of the timer after ``now``; whether it moved.

        Decided so: a player whose deadline passed, or nearly, while the bot was down had no
        chance to act, for the bot was away, not them; a computer moving for them the moment the
        bot is back, a timeout counted against them, is what players call a bug. They get at
        least as long as a reminded player has (the reminder comes at half time), from when the
        table is shown again. A deadline moved so counts as reminded: the notice that the game
        is back after a restart mentions every awaited player, and the table message shows the
        new deadline (a reminder in the same breath would only ping them twice). A deadline
        further off stands, with its reminder at half time as before."""
        if self.deadline is None or self.timer_seconds is None:
            return False
        earliest = now + timedelta(seconds=self.timer_seconds * RESTART_GRACE)
        if self.deadline >= earliest:
            return False
        self.deadline = earliest
        self.reminded = True
        return True

    def is_current(self, key: str | None, deadline: datetime) -> bool:
        """Whether the wait ``key`` with ``deadline`` is still the one the clock times."""
        return self.deadline_key == key and self.deadline == deadline

    def time_out(self, seat: int) -> int:
        """``seat`` timed out once more: its timeouts in a row; at :data:`AWAY_AFTER` of them
        its player is marked away."""
        count = self.timeouts.get(seat, 0) + 1
        self.timeouts[seat] = count
        if count >= AWAY_AFTER:
            self.away.add(seat)
        return count

    def acted(self, seat: int) -> bool:
        """The player of ``seat`` acted: their timeouts are forgotten and, if away, they are
        back (their turns are timed again); whether they were away."""
        self.timeouts.pop(seat, None)
        if seat not in self.away:
            return False
        self.away.discard(seat)
        return True

    def forget(self, seat: int) -> None:
        """``seat`` changed hands (a computer replaced its player, or a person took a computer
        seat over): nobody there is away, and no timeout counts."""
        self.away.discard(seat)
        self.timeouts.pop(seat, None)

    def snapshot(self) -> ClockRecord:
        """The clock's state now, as one value (copied: the clock runs on)."""
        return ClockRecord(
            timer_seconds=self.timer_seconds,
            deadline=self.deadline,
            deadline_key=self.deadline_key,
            reminded=self.reminded,
            away=frozenset(self.away),
            timeouts=dict(self.timeouts),
        )

    def restore(self, record: ClockRecord) -> None:
        """Put the clock in the state of ``record`` (its scale stays: it is the bot's)."""
        self.timer_seconds = record.timer_seconds
        self.deadline = record.deadline
        self.deadline_key = record.deadline_key
        self.reminded = record.reminded
        self.away = set(record.away)
        self.timeouts = dict(record.timeouts)
