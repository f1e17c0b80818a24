"""The host's one way of changing a table (:mod:`host.table_change`): under the table's lock
(taken unless its caller holds it), stored before it is shown, shown once; a refusal or a
failed write shows nothing, unless the change must happen unstored too."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any, cast

import pytest

from host.journal import Recorded, TableReloaded
from host.table_change import TableChanges
from host.table_lock import TableLock
from host.tables import Notice, Outcome, ShowReloaded, Table, TableError

OUTCOME = Outcome("", (Notice("x"),))
RELOADED = Outcome("", (ShowReloaded(), Notice("as stored")))


class Journal:
    """A journal that says, in one list with the showing, when it stores (or fails to)."""

    def __init__(self, steps: list[str], *, fails: bool = False, reloads: bool = False) -> None:
        self.steps = steps
        self.fails = fails
        self.reloads = reloads
        self.background: list[bool] = []

    @contextlib.asynccontextmanager
    async def recording(self, table: Table, *, background: bool = False) -> AsyncIterator[Recorded]:
        self.background.append(background)
        self.steps.append(f"record locked={table.lock.locked()}")
        yield Recorded()
        if self.reloads:
            self.steps.append("reloaded")
            raise TableReloaded("out of step", RELOADED)
        if self.fails:
            self.steps.append("write failed")
            raise TableError("could not be saved")
        self.steps.append("stored")


def table() -> Table:
    return cast(Table, SimpleNamespace(channel_id=2, lock=TableLock()))


def changes(steps: list[str], *, fails: bool = False, reloads: bool = False) -> tuple[TableChanges, Journal]:
    journal = Journal(steps, fails=fails, reloads=reloads)

    async def show(table: Table, outcome: Outcome) -> None:
        steps.append(f"shown {len(outcome.effects)} locked={table.lock.locked()}")

    return TableChanges(cast(Any, journal), show), journal


def changing(steps: list[str]) -> Any:
    def change(table: Table) -> Outcome:
        steps.append("change")
        return OUTCOME

    return change


async def test_a_change_is_stored_under_the_lock_before_it_is_shown_once() -> None:
    steps: list[str] = []
    runner, journal = changes(steps)
    the_table = table()
    assert await runner.change(the_table, changing(steps), background=True) is OUTCOME
    assert steps == ["record locked=True", "change", "stored", "shown 1 locked=True"]
    assert journal.background == [True]
    assert not the_table.lock.locked()


async def test_a_failed_write_shows_nothing() -> None:
    steps: list[str] = []
    runner, _ = changes(steps, fails=True)
    with pytest.raises(TableError):
        await runner.change(table(), changing(steps))
    assert steps == ["record locked=True", "change", "write failed"]


async def test_a_change_that_must_happen_is_made_and_shown_unstored_when_its_write_fails() -> None:
    steps: list[str] = []
    runner, _ = changes(steps, fails=True)
    assert await runner.change(table(), changing(steps), unsaved_too=True) is OUTCOME
    assert steps == ["record locked=True", "change", "write failed", "change", "shown 1 locked=True"]


async def test_a_change_that_no_longer_applies_changes_and_shows_nothing() -> None:
    steps: list[str] = []
    runner, _ = changes(steps)
    assert await runner.change(table(), changing(steps), when=lambda table: False) is None
    assert steps == []


async def test_a_caller_holding_the_lock_is_not_made_to_wait_for_itself() -> None:
    steps: list[str] = []
    runner, _ = changes(steps)
    the_table = table()
    async with the_table.lock, asyncio.timeout(2):  # (wait_for would run it in another task)
        outcome = await runner.change(the_table, changing(steps))
    assert outcome is OUTCOME and steps[-1] == "shown 1 locked=True"


async def test_another_task_holding_the_lock_is_waited_for() -> None:
    steps: list[str] = []
    runner, _ = changes(steps)
    the_table = table()
    await the_table.lock.acquire()
    waiting = asyncio.create_task(runner.change(the_table, changing(steps)))
    await asyncio.sleep(0.01)
    assert steps == [] and not waiting.done()
    the_table.lock.release()
    assert await asyncio.wait_for(waiting, timeout=2) is OUTCOME


async def test_a_change_that_did_not_fit_the_stored_game_shows_the_reloaded_table_then_refuses() -> None:
    """The journal reloaded the table and said so as a value (it calls nobody back): the
    display shows the reloaded table, under the lock, not the caller's answer; then the
    refusal reaches the caller, whose player is told it."""
    steps: list[str] = []
    runner, _ = changes(steps, reloads=True)
    answered: list[Outcome] = []

    async def answer(table: Table, outcome: Outcome) -> None:
        answered.append(outcome)

    with pytest.raises(TableReloaded, match="out of step"):
        await runner.change(table(), changing(steps), show=answer)
    assert steps == ["record locked=True", "change", "reloaded", "shown 2 locked=True"]
    assert answered == []


async def test_a_change_that_must_happen_shows_the_reload_then_is_made_unstored() -> None:
    steps: list[str] = []
    runner, _ = changes(steps, reloads=True)
    assert await runner.change(table(), changing(steps), unsaved_too=True) is OUTCOME
    assert steps == [
        "record locked=True",
        "change",
        "reloaded",
        "shown 2 locked=True",
        "change",
        "shown 1 locked=True",
    ]
