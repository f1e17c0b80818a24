"""The one pipeline of every table change: the lock, the change stored before anything is shown,
the answer, then the effects, once; a refusal shows nothing; a failed answer still shows the
effects (the change stands)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.tables.effects import Clicked
from bot.tables.pipeline import Pipeline
from host.journal import Recorded
from host.table_change import TableChanges
from host.table_lock import TableLock
from host.tables import Notice, Outcome, ShowTable, Table, TableError, TableState
from tabletop.presentation import Message


class Recorder:
    """The journal, the answerer and the effect player of a pipeline, writing what each does
    into one list, in order."""

    def __init__(self, *, answer_fails: bool = False) -> None:
        self.steps: list[str] = []
        self.answer_fails = answer_fails
        self.clicked: list[Clicked | None] = []

    @contextlib.asynccontextmanager
    async def recording(self, table: Table, **_: object) -> AsyncIterator[Recorded]:
        self.steps.append("record")
        yield Recorded()
        self.steps.append("stored")

    @contextlib.asynccontextmanager
    async def locked(
        self, table: Table, interaction: discord.Interaction[Any], *, component: bool = False
    ) -> AsyncIterator[None]:
        self.steps.append("locked")
        try:
            yield
        finally:
            self.steps.append("unlocked")

    async def reply(self, interaction: discord.Interaction[Any], content: object) -> None:
        self.steps.append(f"replied {content}")

    async def edit_clicked(self, interaction: discord.Interaction[Any], spec: Message, **_: object) -> None:
        if self.answer_fails:
            raise discord.HTTPException(SimpleNamespace(status=500, reason="down"), "down")
        self.steps.append(f"edited {spec.content}")

    async def execute(self, table: Table, outcome: Outcome, *, clicked: Clicked | None = None) -> None:
        self.steps.append(f"effects {len(outcome.effects)}")
        self.clicked.append(clicked)


def pipeline(recorder: Recorder) -> Pipeline:
    changes = TableChanges(cast(Any, recorder), recorder.execute)
    return Pipeline(changes, cast(Any, recorder), cast(Any, recorder))


def table(state: TableState = TableState.PLAYING) -> Table:
    return cast(Table, SimpleNamespace(state=state, guild_id=1, channel_id=2, lock=TableLock()))


INTERACTION = cast("discord.Interaction[Any]", SimpleNamespace(id=7, message=SimpleNamespace(id=99)))
OUTCOME = Outcome("done", (ShowTable(), Notice("x")))


def change(recorder: Recorder, outcome: Outcome = OUTCOME) -> Any:
    def changing(table: Table) -> Outcome:
        recorder.steps.append("change")
        return outcome

    return changing


async def test_a_command_is_stored_before_it_is_answered_and_its_effects_are_shown_once() -> None:
    recorder = Recorder()
    assert await pipeline(recorder).run(table(), INTERACTION, change(recorder))
    assert recorder.steps == ["locked", "record", "change", "stored", "replied done", "effects 2", "unlocked"]


async def test_a_click_is_answered_by_its_edit_and_the_effects_learn_how() -> None:
    recorder = Recorder()
    ran = await pipeline(recorder).run(
        table(), INTERACTION, change(recorder), answer=lambda t, o: Message(f"now {o.reply}")
    )
    assert ran
    assert recorder.steps == [
        "locked",
        "record",
        "change",
        "stored",
        "edited now done",
        "effects 2",
        "unlocked",
    ]
    assert recorder.clicked == [Clicked(99, Message("now done"), shown=True)]


async def test_a_failed_answer_still_shows_the_effects_once() -> None:
    recorder = Recorder(answer_fails=True)
    await pipeline(recorder).run(table(), INTERACTION, change(recorder), answer=lambda t, o: Message("x"))
    assert recorder.steps == ["locked", "record", "change", "stored", "effects 2", "unlocked"]
    assert recorder.clicked == [Clicked(99, Message("x"), shown=False)]


async def test_a_refusal_answers_nothing_and_shows_nothing() -> None:
    recorder = Recorder()

    def refused(table: Table) -> Outcome:
        raise TableError("no")

    with pytest.raises(TableError):
        await pipeline(recorder).run(table(), INTERACTION, refused)
    assert recorder.steps == ["locked", "record", "unlocked"]


async def test_a_table_closed_meanwhile_is_left_for_a_new_one() -> None:
    recorder = Recorder()
    tables = [table(TableState.CLOSED), table()]
    await pipeline(recorder).run_opening(lambda: tables.pop(0), INTERACTION, change(recorder))
    assert recorder.steps == [
        "locked",
        "unlocked",
        "locked",
        "record",
        "change",
        "stored",
        "replied done",
        "effects 2",
        "unlocked",
    ]
