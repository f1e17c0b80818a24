"""The 3-second answerer (bot/tables/answer.py): every interaction is deferred before Discord gives up."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from itertools import count
from typing import Any

import pytest

import bot.tables.answer as answerer_module
from bot.tables.service import TableService
from host.tables import Table
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
