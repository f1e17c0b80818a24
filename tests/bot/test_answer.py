"""The 3-second answerer (bot/tables/answer.py): every interaction is deferred before Discord gives
up, counted from its creation (its snowflake) and at once when the writer's queue is too long."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import timedelta
from itertools import count
from pathlib import Path
from typing import Any

import discord
import pytest

import bot.tables.answer as answerer_module
import host.write_queue as write_queue
from bot.tables.service import TableService
from host.journal import GameJournal
from host.storage import Storage
from host.tables import Table
from host.write_queue import URGENT
from tabletop.presentation import Message

_ids = count(1)


class FakeResponse:
    """The part of ``discord.InteractionResponse`` that ``_locked`` uses."""

    def __init__(self) -> None:
        self.deferred = False
        self.answered = False

    def is_done(self) -> bool:
        return self.deferred or self.answered

    async def defer(self, **_: Any) -> None:
        assert not self.is_done(), "answered twice"
        await asyncio.sleep(0.01)  # an HTTP round trip
        self.deferred = True


class FakeInteraction:
    """An interaction with an id and a response, nothing more (no message it came from)."""

    def __init__(self) -> None:
        self.id = next(_ids)
        self.response = FakeResponse()
        self.message = None


async def hold(
    service: TableService, table: Table, interaction: FakeInteraction,
    work: Callable[[], Awaitable[object]],
) -> None:
    async with service.answerer.locked(table, interaction, component=True):  # type: ignore[arg-type]
        await work()


async def test_a_click_queued_right_after_a_release_defers() -> None:
    service = TableService(client=None)  # type: ignore[arg-type]
    table = Table(1, 1)
    a, b, c = FakeInteraction(), FakeInteraction(), FakeInteraction()
    release_a = asyncio.Event()
    task_a = asyncio.create_task(hold(service, table, a, release_a.wait))
    await asyncio.sleep(0)
    task_b = asyncio.create_task(hold(service, table, b, lambda: asyncio.sleep(0.3)))
    await asyncio.sleep(0.05)
    assert b.response.deferred  # b saw the lock held
    release_a.set()  # a lets go; b is being woken up when c arrives
    task_c = asyncio.create_task(hold(service, table, c, lambda: asyncio.sleep(0)))
    await asyncio.wait_for(asyncio.gather(task_a, task_b, task_c), 5)
    assert c.response.deferred, "c waited behind b without deferring"
    assert not a.response.deferred
    assert service.answerer.guards == {}


async def test_the_watchdog_defers_a_slow_unanswered_section(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answerer_module, "DEFER_AFTER", 0.05)
    service = TableService(client=None)  # type: ignore[arg-type]
    table = Table(1, 1)
    slow, quick = FakeInteraction(), FakeInteraction()
    await asyncio.wait_for(hold(service, table, slow, lambda: asyncio.sleep(0.2)), 5)
    assert slow.response.deferred

    async def answer_at_once() -> None:
        quick.response.answered = True
        await asyncio.sleep(0.2)

    await asyncio.wait_for(hold(service, table, quick, answer_at_once), 5)
    assert not quick.response.deferred  # answered in time: no defer (it would be refused)


async def test_the_watchdog_never_defers_while_an_answer_is_on_its_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(answerer_module, "DEFER_AFTER", 0.01)
    service = TableService(client=None)  # type: ignore[arg-type]
    table = Table(1, 1)
    click = FakeInteraction()

    async def slow_edit(**_: Any) -> None:  # the answer's HTTP call outlasts DEFER_AFTER
        assert not click.response.is_done(), "answered twice"
        await asyncio.sleep(0.1)
        click.response.answered = True

    click.response.edit_message = slow_edit  # type: ignore[attr-defined]

    async def answer() -> None:
        await service.answerer.edit_clicked(click, Message("done"))  # type: ignore[arg-type]
        await asyncio.sleep(0.05)

    await asyncio.wait_for(hold(service, table, click, answer), 5)
    assert click.response.answered and not click.response.deferred


class OldInteraction(FakeInteraction):
    """An interaction whose snowflake id says Discord created it ``age`` seconds ago."""

    def __init__(self, age: float) -> None:
        super().__init__()
        self.id = discord.utils.time_snowflake(discord.utils.utcnow() - timedelta(seconds=age))


def test_the_age_is_believed_only_between_zero_and_discords_limit() -> None:
    now = discord.utils.utcnow()

    def aged(seconds: float) -> float:
        interaction = FakeInteraction()
        interaction.id = discord.utils.time_snowflake(now - timedelta(seconds=seconds))
        return answerer_module.interaction_age(interaction, now)  # type: ignore[arg-type]

    assert aged(1.2) == pytest.approx(1.2, abs=0.002)
    trusted = answerer_module.TRUSTED_AGE
    assert aged(trusted - 0.01) == pytest.approx(trusted - 0.01, abs=0.002)
    assert aged(-0.5) == 0.0  # this host's clock behind Discord's: counted as just created
    assert aged(answerer_module.TRUSTED_AGE + 1) == 0.0  # a clock far ahead: not believed
    assert aged(3600) == 0.0


async def test_a_click_that_waited_to_be_read_is_deferred_at_once() -> None:
    """Read 2.1 s after Discord created it, a click has no time left to wait for its table."""
    service = TableService(client=None)  # type: ignore[arg-type]
    table = Table(1, 1)
    click = OldInteraction(answerer_module.ANSWER_BY + 0.1)
    seen: list[bool] = []

    async def work() -> None:
        seen.append(click.response.deferred)

    await asyncio.wait_for(hold(service, table, click, work), 5)
    assert seen == [True], "the click's change ran before it was deferred"


async def test_a_quick_answer_to_a_click_read_late_needs_no_defer() -> None:
    """Read 1.6 s after its creation, a click answered at once is in time: no defer (one more
    request to Discord for every such click, just when the bot is busy)."""
    service = TableService(client=None)  # type: ignore[arg-type]
    table = Table(1, 1)
    click = OldInteraction(answerer_module.DEFER_AFTER + 0.1)

    async def answer_at_once() -> None:
        click.response.answered = True

    await asyncio.wait_for(hold(service, table, click, answer_at_once), 5)
    assert not click.response.deferred


async def test_the_watchdog_counts_from_the_interactions_creation() -> None:
    """A click read 1.7 s after its creation is deferred once it is 2 s old, not 1.5 s after."""
    service = TableService(client=None)  # type: ignore[arg-type]
    table = Table(1, 1)
    click = OldInteraction(answerer_module.ANSWER_BY - 0.3)
    loop = asyncio.get_running_loop()
    began = loop.time()
    deferred_after: list[float] = []

    async def slow_step() -> None:
        while not click.response.deferred and loop.time() - began < 1.0:
            await asyncio.sleep(0.01)
        deferred_after.append(loop.time() - began)

    await asyncio.wait_for(hold(service, table, click, slow_step), 5)
    assert click.response.deferred
    assert 0.2 <= deferred_after[0] < 0.9, deferred_after  # ~0.3 s: its age's, not 1.5 s


async def test_a_clock_far_ahead_of_discords_falls_back_to_the_reading_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(answerer_module, "DEFER_AFTER", 0.2)
    service = TableService(client=None)  # type: ignore[arg-type]
    table = Table(1, 1)
    click = OldInteraction(answerer_module.TRUSTED_AGE + 5)  # or 5 s of skew: not believed
    seen: list[bool] = []

    async def work() -> None:
        seen.append(click.response.deferred)
        await asyncio.sleep(0.4)

    await asyncio.wait_for(hold(service, table, click, work), 5)
    assert seen == [False] and click.response.deferred  # not at once, by the watchdog


async def test_a_click_is_deferred_at_once_when_the_writers_queue_outlasts_its_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(write_queue, "HOLD_WEIGHT", 1.0)  # the mean hold is the last one's
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        journal = GameJournal(storage)
        service = TableService(client=None, journal=journal)  # type: ignore[arg-type]
        async with journal.writing(URGENT):
            await asyncio.sleep(0.2)  # a turn that held the writer 0.2 s
        quick, queued = FakeInteraction(), FakeInteraction()
        seen: list[bool] = []

        async def work(click: FakeInteraction) -> None:
            seen.append(click.response.deferred)

        await asyncio.wait_for(hold(service, Table(1, 1), quick, lambda: work(quick)), 5)
        release = asyncio.Event()

        async def write() -> None:
            async with journal.writing(URGENT):
                await release.wait()

        writes = [asyncio.create_task(write()) for _ in range(8)]  # 1.8 s of turns, 1.5 s left
        await asyncio.sleep(0)
        await asyncio.wait_for(hold(service, Table(2, 1), queued, lambda: work(queued)), 5)
        release.set()
        await asyncio.wait_for(asyncio.gather(*writes), 5)
        assert seen == [False, True], "deferred with a free writer, or not at once behind a long queue"
    finally:
        await storage.close()


async def test_a_click_is_not_deferred_when_the_table_only_waits_for_pictures_until_someone_queues() -> None:
    """The table's lock is held while a change is shown, and a prompt shown waits for its
    pictures only until a click queues (``watch_queue``): then it goes out at once and the lock
    is let go, so the click is answered in time without a defer (one REST call less)."""
    service = TableService(client=None)  # type: ignore[arg-type]
    table = Table(1, 1)
    watching = asyncio.Event()

    async def prompt_waiting_for_pictures() -> None:
        async with table.lock:
            with table.lock.watch_queue() as queued:
                watching.set()
                await asyncio.wait_for(queued, 5)  # the pictures' wait, ended by a click
            await asyncio.sleep(0.02)  # the prompt sent

    holder = asyncio.create_task(prompt_waiting_for_pictures())
    await asyncio.wait_for(watching.wait(), 5)
    assert table.lock.busy and table.lock.yields
    click = FakeInteraction()
    await asyncio.wait_for(hold(service, table, click, lambda: asyncio.sleep(0)), 5)
    await asyncio.wait_for(holder, 5)
    assert not click.response.deferred, "answered in time: no defer"


async def test_a_click_behind_a_table_that_does_not_yield_is_deferred_at_once() -> None:
    service = TableService(client=None)  # type: ignore[arg-type]
    table = Table(1, 1)
    held = asyncio.Event()
    release = asyncio.Event()

    async def slow_change() -> None:
        async with table.lock:
            held.set()
            await release.wait()

    holder = asyncio.create_task(slow_change())
    await asyncio.wait_for(held.wait(), 5)
    assert table.lock.busy and not table.lock.yields
    click = FakeInteraction()
    clicked = asyncio.create_task(hold(service, table, click, lambda: asyncio.sleep(0)))
    await asyncio.sleep(0.05)
    assert click.response.deferred, "deferred at once: the holder may take long"
    release.set()
    await asyncio.wait_for(asyncio.gather(holder, clicked), 5)
