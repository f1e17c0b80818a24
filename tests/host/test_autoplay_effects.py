"""What the computer's side shows goes through the one ``execute`` as effects: the reminder as a
notice per awaited player (stored before it is shown, sent once), a timeout's retired prompt as a
``PromptTimedOut`` before the move's effects."""

from __future__ import annotations

from datetime import timedelta
from typing import cast

from host.autoplay import Autoplay, AutoplaySettings, TableDisplay
from host.catalog import lazy
from host.journal import GameJournal
from host.storage import utc_now
from host.tables import (
    Effect,
    GameStopped,
    Notice,
    Outcome,
    Prompt,
    PromptTimedOut,
    Reports,
    Table,
    TableState,
)
from tabletop.catalog import Text
from tests.storage.test_journal import new_table


class Display:
    """The outcomes handed to ``execute``, in order."""

    def __init__(self) -> None:
        self.journal = GameJournal(None)
        self.outcomes: list[Outcome] = []

    async def execute(self, table: Table, outcome: Outcome, *, skip: tuple[type[Effect], ...] = ()) -> None:
        self.outcomes.append(outcome)


def timed_table() -> Table:
    """Three people at Stick'em with a running turn timer, all awaited (the misery choice)."""
    table = new_table()
    table.lobby.join(1, "ann")
    table.lobby.join(2, "bob")
    table.lobby.join(3, "cy")
    table.lobby.start(1, timer="60s")
    assert table.refresh_deadline(utc_now())
    return table


def autoplay_of(display: Display) -> Autoplay:
    return Autoplay(cast(TableDisplay, display), AutoplaySettings(move_delay=0, workers=0))


async def test_the_reminder_is_one_outcome_of_notices_that_mention_each_awaited_player() -> None:
    table = timed_table()
    display = Display()
    clock = table.clock
    assert clock.deadline is not None
    await autoplay_of(display).timers.remind(table, clock.deadline_key, clock.deadline)
    assert clock.reminded
    (outcome,) = display.outcomes
    seats = table.timed_out_seats()
    assert seats == [0, 1, 2]
    assert [effect.ping for effect in outcome.effects if isinstance(effect, Notice)] == [1, 2, 3]
    assert len(outcome.effects) == 3
    first = outcome.effects[0]
    assert isinstance(first, Notice) and isinstance(first.text, Text)
    todo = table.presentation.todo(table.running_match().view(0))
    seconds = dict(first.text.fields)["seconds"]
    assert isinstance(seconds, int) and 1 <= seconds <= 60
    assert first.text == lazy("timer.reminder", user=1, todo=todo, seconds=seconds)


async def test_a_reminder_is_sent_once_and_only_for_the_current_wait() -> None:
    table = timed_table()
    display = Display()
    clock = table.clock
    deadline = clock.deadline
    assert deadline is not None
    autoplay = autoplay_of(display)
    await autoplay.timers.remind(table, clock.deadline_key, deadline + timedelta(seconds=1))  # not this wait
    assert display.outcomes == [] and not clock.reminded
    await autoplay.timers.remind(table, clock.deadline_key, deadline)
    await autoplay.timers.remind(table, clock.deadline_key, deadline)  # reminded already
    assert len(display.outcomes) == 1


async def test_a_timeout_retires_the_prompt_before_the_moves_effects() -> None:
    table = timed_table()
    display = Display()
    match = table.running_match()
    seat = match.awaiting[0]
    action = match.legal_actions(seat)[0]
    moved = await autoplay_of(display).moves.apply(table, seat, action, len(match.log), timed_out=True)
    assert moved
    (outcome,) = display.outcomes
    retired = outcome.effects[0]
    assert retired == PromptTimedOut(seat, (action,), "")
    assert isinstance(retired, PromptTimedOut)
    assert str(retired.reply) == str(table.play.timed_out_prompt(seat, (action,)).reply) != ""
    assert table.clock.timeouts == {seat: 1}


async def test_a_computer_seats_move_retires_no_prompt() -> None:
    table = new_table()
    table.lobby.join(1, "ann")
    table.lobby.start(1, fill_to=3, timer="off")
    display = Display()
    match = table.running_match()
    seat = next(seat for seat in match.awaiting if table.is_auto(seat))
    action = match.legal_actions(seat)[0]
    moved = await autoplay_of(display).moves.apply(table, seat, action, len(match.log), timed_out=False)
    assert not moved  # nothing retired
    (outcome,) = display.outcomes
    assert not any(isinstance(effect, PromptTimedOut) for effect in outcome.effects)
    assert not any(effect == Prompt(seat) for effect in outcome.effects)


async def test_a_timed_out_move_that_ends_the_game_shows_the_end() -> None:
    """The turn timer makes the game's last move: the seat's prompt is retired and the final
    reports are shown (the table is closed by the move, before its effects are made)."""
    table = timed_table()
    display = Display()
    match = table.running_match()
    for _ in range(10_000):  # every move but the last, by the players
        seat = match.awaiting[0]
        action = match.legal_actions(seat)[0]
        ahead = match.copy()
        ahead.apply(seat, action)
        if ahead.is_over:
            break
        table.play.auto_move(seat, action)
    else:
        raise AssertionError("the game did not end")
    table.refresh_deadline(utc_now())
    moved = await autoplay_of(display).moves.apply(table, seat, action, len(match.log), timed_out=True)
    assert moved and table.state is TableState.CLOSED
    (outcome,) = display.outcomes
    retired = outcome.effects[0]
    assert isinstance(retired, PromptTimedOut) and retired.seat == seat and str(retired.reply) != ""
    assert any(isinstance(effect, Reports) and effect.final for effect in outcome.effects)
    assert not any(isinstance(effect, GameStopped) for effect in outcome.effects)
