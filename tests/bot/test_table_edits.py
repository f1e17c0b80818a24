"""Table messages edited behind the game (bot/tables/table_edits.py): the table does not wait for
its picture, a state superseded before its picture was begun is never drawn nor shown, and the
message always ends at the newest state, its edits in order."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.tables.courier import Courier
from bot.tables.message_book import MessageBook
from bot.tables.pictures import DRAWING_THREADS, Painter
from host.tables import Table
from tabletop.pictures import ArtModule, Sketch
from tabletop.presentation import Message
from tests.bot import gated_art

ART = ArtModule("tests.bot.gated_art")
WAIT = 5.0
CHANNEL, MESSAGE = 10, 500


class FakeMessage:
    """A partial message whose edits are recorded."""

    def __init__(self, client: FakeClient, message_id: int) -> None:
        self.client = client
        self.id = message_id

    async def edit(self, **kwargs: Any) -> None:
        if self.id in self.client.deleted:
            raise discord.NotFound(FakeHttpResponse(), "Unknown Message")  # type: ignore[arg-type]
        self.client.edits.append((self.id, kwargs))
        await self.client.answered.wait()  # the HTTP call, until the test lets it return


class FakeHttpResponse:
    status = 404
    reason = "Not Found"


class FakeChannel:
    """A partial messageable of the fake client."""

    def __init__(self, client: FakeClient) -> None:
        self.client = client

    def get_partial_message(self, message_id: int) -> FakeMessage:
        return FakeMessage(self.client, message_id)

    async def send(self, **kwargs: Any) -> FakeMessage:
        self.client.sent.append(kwargs)
        return FakeMessage(self.client, MESSAGE + len(self.client.sent))


class FakeClient:
    """The part of ``discord.Client`` the courier uses to show a table message."""

    def __init__(self) -> None:
        self.edits: list[tuple[int, dict[str, Any]]] = []
        self.sent: list[dict[str, Any]] = []
        self.deleted: set[int] = set()
        self.answered = asyncio.Event()
        self.answered.set()

    def get_partial_messageable(self, channel_id: int) -> FakeChannel:
        assert channel_id == CHANNEL
        return FakeChannel(self)


def state(view: str) -> Message:
    return Message(f"the table at {view}", picture=Sketch(ART, "table", view))


def shown(client: FakeClient) -> list[tuple[int, str, bytes | None]]:
    """Each edit: the message, its text and its picture's bytes (None: no picture)."""
    result = []
    for message_id, kwargs in client.edits:
        attachments = kwargs.get("attachments") or [None]
        png = attachments[0].fp.read() if attachments[0] is not None else None
        result.append((message_id, kwargs["content"], png))
    return result


async def test_the_table_goes_on_while_its_picture_is_drawn_and_only_the_newest_state_is_shown(
    painter: Painter,
) -> None:
    client = FakeClient()
    courier = Courier(client, MessageBook(), painter)  # type: ignore[arg-type]
    table = Table(CHANNEL, 1)
    courier.book.of(table).table_id = MESSAGE
    busy = [
        asyncio.create_task(painter.picture(Sketch(ART, "chart", f"blocked {n}"), 1))
        for n in range(DRAWING_THREADS)
    ]
    await asyncio.sleep(0.05)  # both drawing threads are held at the gate
    for view in ("one", "two", "three"):  # the game goes on: none of these waits for a drawing
        await asyncio.wait_for(courier.show_table(table, state(view), new=False), 0.5)
    await asyncio.sleep(0.01)
    assert client.edits == [] and courier.table_edits.busy(CHANNEL)
    gated_art.GATE.set()
    await asyncio.wait_for(asyncio.gather(*busy, courier.table_edits.settle()), WAIT)
    assert shown(client) == [(MESSAGE, "the table at three", b"table:three")]
    assert "one" not in gated_art.DRAWN and "two" not in gated_art.DRAWN  # superseded: never drawn
    assert not courier.table_edits.busy(CHANNEL)


async def test_a_state_given_while_the_last_is_shown_follows_it_in_order(painter: Painter) -> None:
    client = FakeClient()
    client.answered.clear()
    courier = Courier(client, MessageBook(), painter)  # type: ignore[arg-type]
    table = Table(CHANNEL, 1)
    courier.book.of(table).table_id = MESSAGE
    gated_art.GATE.set()
    await courier.show_table(table, state("one"), new=False)
    for _ in range(500):  # until the edit to "one" is on its way
        if client.edits:
            break
        await asyncio.sleep(0.01)
    await courier.show_table(table, state("two"), new=False)
    await courier.show_table(table, state("three"), new=False)
    client.answered.set()
    await asyncio.wait_for(courier.table_edits.settle(), WAIT)
    assert shown(client) == [
        (MESSAGE, "the table at one", b"table:one"),
        (MESSAGE, "the table at three", b"table:three"),
    ]
    assert "two" not in gated_art.DRAWN


async def test_a_deleted_table_message_is_posted_anew_and_edits_needing_no_drawing_go_at_once(
    painter: Painter,
) -> None:
    client = FakeClient()
    courier = Courier(client, MessageBook(), painter)  # type: ignore[arg-type]
    table = Table(CHANNEL, 1)
    courier.book.of(table).table_id = MESSAGE
    client.deleted.add(MESSAGE)
    gated_art.GATE.set()
    await courier.show_table(table, state("one"), new=False)
    await asyncio.wait_for(courier.table_edits.settle(), WAIT)
    (posted,) = client.sent
    assert posted["content"] == "the table at one" and posted["file"].fp.read() == b"table:one"
    assert courier.book.of(table).table_id == MESSAGE + 1
    await courier.show_table(table, state("one"), new=False)  # its picture drawn: at once
    assert not courier.table_edits.busy(CHANNEL)
    assert shown(client) == [(MESSAGE + 1, "the table at one", b"table:one")]
    painter.settings.set(1, False)  # text only: edited at once, nothing behind the game
    await courier.show_table(table, state("two"), new=False)
    assert not courier.table_edits.busy(CHANNEL)
    assert shown(client)[1:] == [(MESSAGE + 1, "the table at two", None)]


async def test_a_message_posted_in_the_channel_comes_after_the_table_edits_before_it(
    painter: Painter,
) -> None:
    client = FakeClient()
    courier = Courier(client, MessageBook(), painter)  # type: ignore[arg-type]
    table = Table(CHANNEL, 1)
    courier.book.of(table).table_id = MESSAGE
    order: list[str] = []
    client.answered.clear()
    await courier.show_table(table, state("round over"), new=False)  # its picture is drawn first
    posting = asyncio.create_task(courier.say(table, Message("the round's report")))
    await asyncio.sleep(0.05)
    assert client.sent == []  # the report waits for the table message
    gated_art.GATE.set()
    for _ in range(500):
        if client.edits:
            break
        await asyncio.sleep(0.01)
    order.append("edit" if client.edits else "none")
    client.answered.set()
    await asyncio.wait_for(posting, WAIT)
    order.append("post" if client.sent else "none")
    assert order == ["edit", "post"]
    assert shown(client) == [(MESSAGE, "the table at round over", b"table:round over")]


async def test_waiting_for_the_table_message_hurries_its_picture(painter: Painter) -> None:
    """A prompt or a post waits for the table message: its picture is drawn before the other
    tables' pictures queued before it."""
    client = FakeClient()
    courier = Courier(client, MessageBook(), painter)  # type: ignore[arg-type]
    table = Table(CHANNEL, 1)
    courier.book.of(table).table_id = MESSAGE
    busy = [
        asyncio.create_task(painter.picture(Sketch(ART, "chart", f"blocked {n}"), 1))
        for n in range(DRAWING_THREADS)
    ]
    await asyncio.sleep(0.05)
    others = [asyncio.create_task(painter.picture(Sketch(ART, "table", f"other {n}"), 1)) for n in range(3)]
    await asyncio.sleep(0)
    await courier.show_table(table, state("ours"), new=False)
    await asyncio.sleep(0)
    flushed = asyncio.create_task(courier.table_edits.flush(CHANNEL))
    await asyncio.sleep(0.01)
    gated_art.GATE.set()
    await asyncio.wait_for(asyncio.gather(*busy, *others, flushed), WAIT)
    assert gated_art.DRAWN[DRAWING_THREADS] == "ours"
    assert shown(client) == [(MESSAGE, "the table at ours", b"table:ours")]
