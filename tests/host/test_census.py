"""The host's read-only counts (host/census.py): tables by game and state, actions accepted,
computer decisions, writes and computer moves waiting."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

from host.autoplay import Autoplay, AutoplaySettings
from host.census import count_host
from host.journal import GameJournal
from host.tables import Table, TableRegistry
from tabletop import registry as games
from tests.bot.stickem_moves import choose_misery, engine


def test_tables_are_counted_by_game_and_state_with_zeros_for_the_rest() -> None:
    tables = TableRegistry(seed_source=lambda: 7)
    lobby = tables.get_or_open(1, 10)
    lobby.lobby.join(1, "ann")
    playing = tables.get_or_open(2, 10)
    for user in (1, 2, 3):
        playing.lobby.join(user, f"p{user}")
    playing.lobby.start(1, options={})
    stopped = tables.get_or_open(3, 10)
    stopped.lobby.join(4, "dee")
    stopped.lobby.leave(4)  # the only player left: the lobby closed

    counts = count_host(tables, GameJournal(None), Autoplay(_Display()))

    assert counts.tables[("stickem", "lobby")] == 1
    assert counts.tables[("stickem", "playing")] == 1
    assert counts.open_tables == 2
    assert set(counts.tables) == {(name, state) for name in games.names() for state in ("lobby", "playing")}


async def test_actions_are_counted_once_recorded_and_not_when_undone() -> None:
    journal = GameJournal(None)
    table = Table(5, 10, seed_source=lambda: 7, id_source=lambda: "g1")
    for user in (1, 2, 3):
        table.lobby.join(user, f"p{user}")
    async with journal.recording(table):
        table.lobby.start(1, options={})
    assert journal.actions_recorded == 0

    for seat in (0, 1):
        async with journal.recording(table):
            choose_misery(table, seat + 1, engine(table).hand(seat)[0], game_id="g1", round=1)
    assert journal.actions_recorded == 2

    try:
        async with journal.recording(table):
            choose_misery(table, 3, engine(table).hand(2)[0], game_id="g1", round=1)
            raise RuntimeError("the write failed")
    except RuntimeError:
        pass
    assert journal.actions_recorded == 2
    assert count_host(TableRegistry(), journal, Autoplay(_Display())).actions == 2


async def test_decisions_waiting_for_a_worker_are_counted_until_they_come_back() -> None:
    autoplay = Autoplay(_Display(), AutoplaySettings(workers=0))  # one thread
    table = Table(6, 10, seed_source=lambda: 7, id_source=lambda: "g2")
    table.lobby.join(1, "ann")
    table.lobby.add_bot(1, "random")
    table.lobby.add_bot(1, "random")
    table.lobby.start(1, options={})
    seat = next(index for index, seat in enumerate(table.seats) if seat.level is not None)
    release = threading.Event()
    autoplay.executor().submit(release.wait, 10.0)  # the one thread is busy: the decision waits
    thinking = asyncio.create_task(autoplay.think(table, seat, "random"))
    await _until(lambda: autoplay.decisions_waiting == 1)
    assert count_host(TableRegistry(), GameJournal(None), autoplay).decisions_waiting == 1
    release.set()
    assert (await asyncio.wait_for(thinking, 10.0)).startswith("m:")
    assert autoplay.decisions_waiting == 0
    await autoplay.close()


async def test_computer_moves_waiting_for_a_slot_are_counted_until_they_get_one() -> None:
    autoplay = Autoplay(_Display(), AutoplaySettings(moves_in_flight=1))
    held = await autoplay.pace.admit()  # the one slot is taken: the next move waits
    waiting = asyncio.create_task(autoplay.pace.admit())
    await _until(lambda: autoplay.pace.waiting == 1)
    assert count_host(TableRegistry(), GameJournal(None), autoplay).computer_moves_waiting == 1
    held.release()
    (await asyncio.wait_for(waiting, 5.0)).release()
    assert count_host(TableRegistry(), GameJournal(None), autoplay).computer_moves_waiting == 0
    await autoplay.close()


async def _until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


class _Display:
    """Nothing shown: the counts need no Discord."""

    journal = GameJournal(None)

    async def execute(self, table: Table, outcome: object, *, skip: tuple[type, ...] = ()) -> None:
        """Nothing."""
