"""Admission control for computer moves (:mod:`host.autoplay.pace`): when showing is slow (a
saturated bot), at most the bound of computer moves are under way across the tables, a person's
click is applied without waiting for the queued ones, and a stopped table's queued move leaves
the queue cleanly."""

from __future__ import annotations

import asyncio
from typing import cast

import pytest

from host.autoplay import Autoplay, AutoplaySettings, ComputerPace, TableDisplay
from host.journal import GameJournal
from host.table_change import TableChanges
from host.tables import Effect, Outcome, Table, TableState
from stickem import Card
from tests.bot.stickem_moves import choose_misery, engine

GUILD = 7
WAIT = 5.0
"""Seconds any wait of these tests may take at most."""


class SlowDisplay:
    """Shows a computer move only once :attr:`go` is set (a saturated bot's slow show), and
    counts the shows under way at once."""

    def __init__(self) -> None:
        self.journal = GameJournal(None)
        self.go = asyncio.Event()
        self.showing = 0
        self.peak = 0
        self.shown: list[int] = []
        """The channel of each outcome shown, in order."""

    async def execute(self, table: Table, outcome: Outcome, *, skip: tuple[type[Effect], ...] = ()) -> None:
        self.showing += 1
        self.peak = max(self.peak, self.showing)
        try:
            await self.go.wait()
        finally:
            self.showing -= 1
        self.shown.append(table.channel_id)


def table_with_computers(channel: int) -> Table:
    """One person and two computer players at Stick'em, no timer: all three pick a misery card."""
    table = Table(channel, GUILD, seed_source=lambda: 11, id_source=lambda: f"game{channel}")
    table.lobby.join(1, "ann")
    table.lobby.start(1, fill_to=3, timer="off")
    assert table.auto_seats()
    return table


def autoplay_of(display: SlowDisplay, bound: int) -> Autoplay:
    settings = AutoplaySettings(move_delay=0, workers=0, moves_in_flight=bound)
    return Autoplay(cast(TableDisplay, display), settings)


async def until(check: object, what: str) -> None:
    """Wait (bounded) until ``check()`` is true."""
    async with asyncio.timeout(WAIT):
        while not check():  # type: ignore[operator]
            await asyncio.sleep(0.005)


async def test_computer_moves_under_way_never_exceed_the_bound_and_a_click_passes_them() -> None:
    display = SlowDisplay()
    autoplay = autoplay_of(display, bound=2)
    tables = [table_with_computers(100 + number) for number in range(6)]
    try:
        for table in tables:
            autoplay.kick(table)
        await until(lambda: display.showing == 2 and autoplay.pace.waiting == 4, "two shown, four queued")
        await asyncio.sleep(0.05)  # nothing more starts meanwhile
        assert (display.peak, autoplay.pace.in_flight, autoplay.pace.waiting) == (2, 2, 4)

        # A person's click at a table whose computer move waits for a slot: applied at once.
        queued = next(table for table in tables if not table.lock.locked())
        card: Card = engine(queued).hand(0)[0]
        clicks = TableChanges(display.journal, show=lambda table, outcome: asyncio.sleep(0))
        async with asyncio.timeout(1.0):
            await clicks.change(
                queued, lambda table: choose_misery(table, 1, card, game_id=table.game_id or "", round=1)
            )
        assert 0 not in queued.running_match().awaiting  # the person's pick was applied
        assert display.peak == 2

        display.go.set()  # the bot keeps up again: every table's computer plays, in turn
        await until(
            lambda: all(
                not table.auto_seats()
                or table.state is not TableState.PLAYING
                or len(table.running_match().log) >= 2
                for table in tables
            ),
            "all moved",
        )
        assert display.peak == 2 and autoplay.pace.peak == 2
        assert {channel for channel in display.shown} == {table.channel_id for table in tables}
    finally:
        await autoplay.close()


async def test_a_stopped_tables_queued_move_is_dropped_and_its_slot_never_taken() -> None:
    display = SlowDisplay()
    autoplay = autoplay_of(display, bound=1)
    first, second = table_with_computers(201), table_with_computers(202)
    try:
        autoplay.kick(first)
        await until(lambda: display.showing == 1, "the first table's move shown")
        autoplay.kick(second)
        await until(lambda: autoplay.pace.waiting == 1, "the second table's move queued")

        second.stopping.stop(1, game_id=second.game_id or "")  # stopped while its move waits
        autoplay.kick(second)  # what showing the stop does
        await until(lambda: autoplay.pace.waiting == 0, "the queued move gone")
        assert not autoplay.busy(second)

        log_before = len(second.match.log) if second.match is not None else 0
        display.go.set()
        await until(lambda: autoplay.pace.in_flight == 0 and 201 in display.shown, "the first move shown")
        await asyncio.sleep(0.05)
        assert 202 not in display.shown
        assert second.state is TableState.CLOSED
        assert (len(second.match.log) if second.match is not None else 0) == log_before
        async with asyncio.timeout(1.0):  # every slot is free again
            admissions = [await autoplay.pace.admit()]
        for admission in admissions:
            admission.release()
    finally:
        await autoplay.close()


async def test_a_slot_is_given_back_once_and_a_cancelled_wait_takes_none() -> None:
    pace = ComputerPace(1)
    held = await pace.admit()
    waiter = asyncio.create_task(pace.admit())
    await until(lambda: pace.waiting == 1, "queued")
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    assert (pace.waiting, pace.in_flight) == (0, 1)
    held.release()
    held.release()  # again: nothing
    assert pace.in_flight == 0
    async with asyncio.timeout(1.0):
        again = await pace.admit()
    again.release()
    with pytest.raises(ValueError):
        ComputerPace(0)


async def test_behind_the_bound_is_the_busy_one_and_normal_again_after() -> None:
    """While the process is behind, fewer computer moves are under way at once; once it has
    caught up, the queue moves on up to the normal bound without waiting for a move to end."""
    behind = True
    pace = ComputerPace(4, busy_limit=2, behind=lambda: behind)
    assert pace.bound == 2
    admitted: list[object] = []

    async def move() -> None:
        admitted.append(await pace.admit())

    moves = [asyncio.create_task(move()) for _ in range(6)]
    await until(lambda: pace.waiting == 4, "four queued")
    assert (pace.in_flight, len(admitted)) == (2, 2)
    behind = False
    first = admitted[0]
    assert hasattr(first, "release")
    first.release()  # one move ends: the queue fills up to the normal bound
    await until(lambda: len(admitted) == 5, "three more admitted")
    assert (pace.in_flight, pace.waiting) == (4, 1)
    for task in moves:
        task.cancel()
    await asyncio.gather(*moves, return_exceptions=True)
    assert pace.waiting == 0 and pace.in_flight == 4


async def test_once_caught_up_the_next_move_lets_the_queue_up_to_the_normal_bound() -> None:
    """The bound rises when the process has caught up: the moves queued under the busy bound
    go as soon as the next computer move asks, not only once a move under way ends (which,
    for a computer that thinks long, can be seconds)."""
    behind = True
    pace = ComputerPace(4, busy_limit=2, behind=lambda: behind)
    admitted: list[object] = []

    async def move() -> None:
        admitted.append(await pace.admit())

    moves = [asyncio.create_task(move()) for _ in range(4)]
    await until(lambda: pace.waiting == 2, "two queued")
    behind = False
    moves.append(asyncio.create_task(move()))  # a move asks; none of those under way ended
    await until(lambda: len(admitted) == 4, "the queued moves admitted")
    assert (pace.in_flight, pace.waiting) == (4, 1)
    for task in moves:
        task.cancel()
    await asyncio.gather(*moves, return_exceptions=True)
