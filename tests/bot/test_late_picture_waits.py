"""The waits around late pictures (bot/tables/late_pictures.py, bot/tables/courier.py,
bot/tables/answer.py, bot/tables/table_edits.py): an edit waits for a late picture's edit on its
way, every edit does and none swallows its caller's cancellation; nothing is edited in after
shutdown or once the server turned pictures off; a message's late drawing is dropped when the
message is not shown after all."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from bot.tables import late_pictures
from bot.tables.answer import Answerer
from bot.tables.late_pictures import LatePictures, within_bound
from bot.tables.pictures import Painter
from host.table_lock import TableLock
from tabletop.pictures import Picture, Sketch
from tabletop.presentation import Message
from tests.bot import gated_art
from tests.bot.test_late_pictures import ART, BOUND, WAIT, FakeDiscord, _png, _seated, prompt, table_state

PICTURE = Picture(b"png", "a picture", 8, 4)


class SlowEdits(FakeDiscord):
    """Edits that wait at :attr:`gate` (a REST call on its way) before they are recorded, or
    fail with :attr:`error`."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = asyncio.Event()
        self.error: BaseException | None = None

    def get_partial_message(self, message_id: int) -> Any:
        outer = self

        class Partial:
            async def edit(self, **kwargs: Any) -> None:
                await outer.gate.wait()
                if outer.error is not None:
                    raise outer.error
                outer.edits.append((message_id, kwargs))

        return Partial()


def drawn() -> asyncio.Future[Picture | None]:
    future: asyncio.Future[Picture | None] = asyncio.get_running_loop().create_future()
    future.set_result(PICTURE)
    return future


async def _sending(painter: Painter) -> tuple[SlowEdits, LatePictures]:
    """A late picture's edit of message 1, on its way (held at the client's gate)."""
    client = SlowEdits()
    late = LatePictures(client, painter)  # type: ignore[arg-type]
    late.owe(5, 1, "hand", drawn())
    await asyncio.sleep(0.01)
    assert client.edits == [] and late.owes(1)
    return client, late


async def test_a_caller_cancelled_while_waiting_for_a_late_edit_is_cancelled(painter: Painter) -> None:
    client, late = await _sending(painter)
    waiting = asyncio.create_task(late.edited(1))
    await asyncio.sleep(0.01)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(waiting, WAIT)
    client.gate.set()
    await asyncio.sleep(0.01)
    assert late.edited_in == 1, "the late edit itself goes on"


async def test_every_edit_waits_for_the_late_edit_on_its_way(painter: Painter) -> None:
    client, late = await _sending(painter)
    first = asyncio.create_task(late.edited(1))
    await asyncio.sleep(0.01)
    second = asyncio.create_task(late.edited(1))
    await asyncio.sleep(0.05)
    assert not first.done() and not second.done(), "the picture's edit would land after them"
    client.gate.set()
    await asyncio.wait_for(asyncio.gather(first, second), WAIT)
    assert len(client.edits) == 1


async def test_close_cancelled_is_cancelled(painter: Painter) -> None:
    _, late = await _sending(painter)
    closing = asyncio.create_task(late.close())
    await asyncio.sleep(0)
    closing.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(closing, WAIT)


async def test_a_picture_owed_after_shutdown_is_dropped(painter: Painter) -> None:
    client, late = await _sending(painter)
    await asyncio.wait_for(late.close(), WAIT)
    drawing: asyncio.Future[Picture | None] = asyncio.get_running_loop().create_future()
    late.owe(5, 2, "hand", drawing)
    assert drawing.cancelled() and not late.owes(2)
    client.gate.set()
    await asyncio.sleep(0.01)
    assert client.edits == []


async def test_a_failing_late_edit_is_logged_not_left_in_its_task(
    painter: Painter, caplog: pytest.LogCaptureFixture
) -> None:
    client, late = await _sending(painter)
    client.error = RuntimeError("a bug")
    (task,) = late._owed.values()
    client.gate.set()
    await asyncio.wait_for(asyncio.wait({task}), WAIT)
    assert task.exception() is None
    assert any(r.levelno == logging.ERROR and "late hand picture" in r.getMessage() for r in caplog.records)


async def test_a_late_picture_drawn_after_pictures_were_turned_off_is_not_edited_in(painter: Painter) -> None:
    client, courier, table = _seated(painter)
    assert await asyncio.wait_for(courier.dm(table, 0, prompt("blocked hand")), WAIT) == "sent"
    assert courier.late.owes(1)
    painter.settings.set(table.guild_id, False)  # type: ignore[arg-type]
    gated_art.GATE.set()
    await asyncio.sleep(0.2)
    assert client.edits == [] and courier.late.edited_in == 0


async def test_a_late_table_picture_drawn_after_pictures_were_turned_off_is_not_edited_in(
    painter: Painter,
) -> None:
    client, courier, table = _seated(painter)
    courier.book.of(table).table_id = 7
    await courier.show_table(table, table_state("blocked one"), new=False)
    await asyncio.wait_for(courier.table_edits.flush(table.channel_id), WAIT)
    painter.settings.set(table.guild_id, False)  # type: ignore[arg-type]
    gated_art.GATE.set()
    await asyncio.wait_for(courier.table_edits.settle(), WAIT)
    assert [(e["content"], _png(e)) for _, e in client.edits] == [("the table at blocked one", None)]


async def _behind_a_busy_drawing(painter: Painter) -> asyncio.Task[Picture | None]:
    busy = asyncio.create_task(painter.picture(Sketch(ART, "chart", "blocked other table"), 1))
    await asyncio.sleep(0.05)  # the drawing thread is held at the gate
    return busy


async def test_a_prompt_whose_flush_fails_drops_its_late_hand(
    painter: Painter, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, courier, table = _seated(painter)
    busy = await _behind_a_busy_drawing(painter)

    async def failing_flush(*_: object) -> None:
        await asyncio.sleep(3 * BOUND)  # the hand's wait is over: it is late
        raise RuntimeError("flush failed")

    monkeypatch.setattr(courier.table_edits, "flush", failing_flush)
    with pytest.raises(RuntimeError):
        await asyncio.wait_for(courier.dm(table, 0, prompt("queued hand")), WAIT)
    await asyncio.sleep(0.05)
    gated_art.GATE.set()
    await asyncio.wait_for(busy, WAIT)
    await asyncio.sleep(0.1)
    assert client.sent == [] and gated_art.DRAWN == ["blocked other table"], "the hand is dropped"


async def test_a_table_message_not_noted_drops_its_late_picture(
    painter: Painter, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, courier, table = _seated(painter)
    busy = await _behind_a_busy_drawing(painter)

    async def failing_note(*_: object) -> None:
        raise RuntimeError("storage failed")

    monkeypatch.setattr(courier.book, "table_shown", failing_note)
    with pytest.raises(RuntimeError):
        await asyncio.wait_for(courier.show_table(table, table_state("queued table"), new=True), WAIT)
    await asyncio.sleep(0.05)
    gated_art.GATE.set()
    await asyncio.wait_for(busy, WAIT)
    await asyncio.sleep(0.1)
    assert len(client.sent) == 1 and gated_art.DRAWN == ["blocked other table"]


async def test_a_post_waits_for_the_table_and_its_picture_together(
    painter: Painter, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not one bound after the other: its picture is asked for while the table is flushed."""
    _, courier, table = _seated(painter)
    events: list[str] = []
    flush, ask = courier.table_edits.flush, late_pictures.ask

    async def noted_flush(*args: Any) -> None:
        await asyncio.sleep(0.05)
        await flush(*args)
        events.append("flushed")

    async def noted_ask(*args: Any) -> Any:
        events.append("asked")
        return await ask(*args)

    monkeypatch.setattr(courier.table_edits, "flush", noted_flush)
    monkeypatch.setattr(late_pictures, "ask", noted_ask)
    gated_art.GATE.set()
    standings = Message("Game over", picture=Sketch(ART, "chart", "end"))
    await asyncio.wait_for(courier.say(table, standings), WAIT)
    assert events == ["asked", "flushed"]


class Clicked:
    """A click's interaction on message 1 (the part :meth:`Answerer.edit_clicked` uses)."""

    def __init__(self) -> None:
        self.id = 99
        self.message = type("Message", (), {"id": 1})()
        self.edited: list[dict[str, Any]] = []
        outer = self

        class Response:
            def is_done(self) -> bool:
                return False

            async def edit_message(self, **kwargs: Any) -> None:
                outer.edited.append(kwargs)

        self.response = Response()


async def test_a_click_waiting_for_a_late_edit_leaves_the_guard_to_the_watchdog(painter: Painter) -> None:
    client, late = await _sending(painter)
    answerer = Answerer(painter, late)
    guard = answerer.guards[99] = asyncio.Lock()
    interaction = Clicked()
    answering = asyncio.create_task(answerer.edit_clicked(interaction, Message("played")))  # type: ignore[arg-type]
    await asyncio.sleep(0.05)
    assert not guard.locked(), "the watchdog could not defer the click meanwhile"
    assert interaction.edited == []
    client.gate.set()
    await asyncio.wait_for(answering, WAIT)
    assert [e["content"] for e in interaction.edited] == ["played"]


async def test_a_wait_ends_when_someone_queues_for_the_lock_and_leaves_no_watcher() -> None:
    lock = TableLock()
    await lock.acquire()
    never: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    waiting = asyncio.create_task(within_bound({never}, 60.0, lock))
    await asyncio.sleep(0.01)
    assert lock._watchers is not None  # someone watches now
    queued = asyncio.create_task(lock.acquire())
    assert await asyncio.wait_for(waiting, WAIT) is False
    assert lock._watchers is None, "nobody watches: nothing kept"
    lock.release()
    await asyncio.wait_for(queued, WAIT)
    lock.release()
    with lock.watch_queue() as watched:
        assert not watched.done()
    assert lock._watchers is None
