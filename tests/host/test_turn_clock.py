"""The turn clock on its own: the deadline of a wait, timeouts per seat, away players, its record."""

from __future__ import annotations

from datetime import datetime, timedelta

from host.table.clock import ClockRecord, TurnClock
from host.table.seats import AWAY_AFTER
from host.tables import TableRegistry

NOW = datetime(2026, 11, 27, 6, 0, 0)


def timed(seconds: float = 30.0) -> TurnClock:
    """A clock of a game timed with ``seconds`` a turn."""
    clock = TurnClock()
    clock.set_timer(seconds)
    return clock


def test_the_chosen_timer_is_scaled() -> None:
    clock = TurnClock(scale=0.5)
    clock.set_timer(60)
    assert clock.timer_seconds == 30
    clock.set_timer(None)
    assert clock.timer_seconds is None


def test_a_new_wait_for_a_human_gets_a_deadline_and_keeps_it_while_it_goes_on() -> None:
    clock = timed()
    assert clock.refresh("s1", True, NOW)
    assert clock.deadline == NOW + timedelta(seconds=30) and clock.deadline_key == "s1"
    clock.reminded = True
    assert not clock.refresh("s1", True, NOW + timedelta(seconds=10))
    assert clock.deadline == NOW + timedelta(seconds=30) and clock.reminded
    assert clock.refresh("s2", True, NOW + timedelta(seconds=12))  # the next wait: a new timer
    assert clock.deadline == NOW + timedelta(seconds=42) and not clock.reminded


def test_a_wait_without_humans_has_no_deadline_until_one_is_awaited_again() -> None:
    clock = timed()
    assert not clock.refresh("s1", False, NOW)  # only computers awaited: no timer
    assert clock.deadline is None and clock.deadline_key == "s1"
    assert clock.refresh("s1", True, NOW + timedelta(seconds=5))  # an away player came back
    assert clock.deadline == NOW + timedelta(seconds=35)
    assert clock.refresh("s1", False, NOW + timedelta(seconds=6))  # and went away again
    assert clock.deadline is None


def test_no_timer_and_no_wait_mean_no_deadline() -> None:
    untimed = TurnClock()
    assert not untimed.refresh("s1", True, NOW) and untimed.deadline is None
    clock = timed()
    clock.refresh("s1", True, NOW)
    assert clock.refresh(None, False, NOW)  # the game is over: nobody awaited
    assert clock.deadline is None and clock.deadline_key is None


def test_the_reminder_is_due_at_half_time_and_belongs_to_its_wait() -> None:
    clock = timed(30)
    assert clock.reminder_due() is None
    clock.refresh("s1", True, NOW)
    deadline = NOW + timedelta(seconds=30)
    assert clock.reminder_due() == NOW + timedelta(seconds=15)
    assert clock.is_current("s1", deadline)
    clock.refresh("s2", True, NOW + timedelta(seconds=1))
    assert not clock.is_current("s1", deadline)


def test_after_a_restart_a_wait_has_at_least_half_its_timer_left() -> None:
    """Down past the deadline, or close to it: the deadline moves to half the timer after the
    restart, counted as reminded (the resume notice mentions the player); a deadline further
    off stands, its reminder still to come; no timer, no wait: nothing moves."""
    clock = timed(30)
    clock.refresh("s1", True, NOW)  # due at NOW + 30 s
    later = NOW + timedelta(seconds=100)  # the bot was down past it
    assert clock.grace_after_restart(later)
    assert clock.deadline == later + timedelta(seconds=15) and clock.reminded
    assert clock.is_current("s1", later + timedelta(seconds=15))
    shown = later + timedelta(seconds=1)  # rebuilt, then shown again a second later
    assert clock.grace_after_restart(shown) and clock.deadline == shown + timedelta(seconds=15)
    near = timed(30)
    near.refresh("s1", True, NOW)
    assert near.grace_after_restart(NOW + timedelta(seconds=20))  # 10 s left: 15 s now
    assert near.deadline == NOW + timedelta(seconds=35) and near.reminded
    far = timed(30)
    far.refresh("s1", True, NOW)
    assert not far.grace_after_restart(NOW + timedelta(seconds=10))  # 20 s left: it stands
    assert far.deadline == NOW + timedelta(seconds=30) and not far.reminded
    untimed = TurnClock()
    untimed.refresh("s1", True, NOW)
    assert not untimed.grace_after_restart(later) and untimed.deadline is None


def test_timeouts_in_a_row_mark_a_player_away_and_acting_brings_them_back() -> None:
    clock = timed()
    counts = [clock.time_out(1) for _ in range(AWAY_AFTER)]
    assert counts == list(range(1, AWAY_AFTER + 1))
    assert clock.is_away(1) and not clock.is_away(0)
    assert clock.acted(1)  # they were away: back now
    assert not clock.is_away(1) and clock.timeouts == {}
    clock.time_out(0)
    assert not clock.acted(0)  # not away: only the timeout is forgotten
    assert clock.timeouts == {}


def test_a_seat_that_changes_hands_forgets_its_timeouts_and_absence() -> None:
    clock = timed()
    for _ in range(AWAY_AFTER):
        clock.time_out(2)
    clock.time_out(3)
    clock.forget(2)
    clock.forget(3)
    assert clock.away == set() and clock.timeouts == {}


def test_a_snapshot_is_a_copy_and_restores_everything_but_the_scale() -> None:
    clock = TurnClock(scale=0.1)
    clock.set_timer(100)
    clock.refresh("s1", True, NOW)
    clock.reminded = True
    clock.time_out(0)
    clock.away.add(1)
    record = clock.snapshot()
    clock.time_out(0)
    clock.away.clear()
    clock.refresh("s2", True, NOW)
    assert record == ClockRecord(10.0, NOW + timedelta(seconds=10), "s1", True, frozenset({1}), {0: 1})
    other = TurnClock(scale=0.5)
    other.restore(record)
    assert other.snapshot() == record and other.scale == 0.5
    other.away.add(3)  # the restored clock's sets are its own
    assert record.away == {1}


def test_the_table_delegates_its_timer_to_its_clock() -> None:
    registry = TableRegistry(seed_source=lambda: 3, id_source=lambda: "g")
    registry.timer_scale = 0.5
    table = registry.get_or_open(1, 1, "stickem")
    table.lobby.join(1, "ann")
    table.lobby.join(2, "bob")
    table.lobby.start(1, fill_to=3, timer="60s")
    assert table.clock.timer_seconds == 30
    assert table.refresh_deadline(NOW)
    assert table.clock.deadline == NOW + timedelta(seconds=30)
    assert table.clock.deadline_key == table.turn_key()
    table.clock.away.add(0)
    assert table.is_auto(0) and table.away == {0}
