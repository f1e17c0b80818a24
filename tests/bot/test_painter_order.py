"""The painter's order (bot/tables/drawing_pool.py) and the clicks it must not hold up: pictures
someone waits for are drawn before the tables' pictures, a picture nobody waits for any more is
not drawn if it has not begun, and a click is answered at once even while every drawing thread
is busy (with the picture only if it is drawn already)."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.tables.answer import Answerer
from bot.tables.pictures import DRAWING_THREADS, Painter
from tabletop.pictures import ArtModule, Picture, PictureKind, Sketch
from tabletop.presentation import Message
from tests.bot import gated_art

ART = ArtModule("tests.bot.gated_art")
WAIT = 5.0


def sketch(kind: PictureKind, view: str) -> Sketch:
    return Sketch(ART, kind, view)


async def busy(painter: Painter) -> list[asyncio.Task[Picture | None]]:
    """Keep every drawing thread busy with a blocked drawing (until the gate opens)."""
    tasks = [
        asyncio.create_task(painter.picture(sketch("chart", f"blocked {n}"), 1))
        for n in range(DRAWING_THREADS)
    ]
    for _ in range(200):
        if len(gated_art.DRAWN) == DRAWING_THREADS:
            break
        await asyncio.sleep(0.01)
    assert len(gated_art.DRAWN) == DRAWING_THREADS
    return tasks


async def test_a_hand_someone_waits_for_is_drawn_before_queued_table_pictures(painter: Painter) -> None:
    blocked = await busy(painter)
    tables = [asyncio.create_task(painter.picture(sketch("table", f"t{n}"), 1)) for n in range(3)]
    await asyncio.sleep(0)
    hand = asyncio.create_task(painter.picture(sketch("hand", "h"), 1))
    await asyncio.sleep(0)
    gated_art.GATE.set()
    await asyncio.wait_for(asyncio.gather(*blocked, *tables, hand), WAIT)
    drawn = gated_art.DRAWN[DRAWING_THREADS:]
    assert drawn[0] == "h" and sorted(drawn[1:]) == ["t0", "t1", "t2"]


async def test_a_queued_table_picture_someone_now_waits_for_is_hurried(painter: Painter) -> None:
    blocked = await busy(painter)
    tables = [asyncio.create_task(painter.picture(sketch("table", f"t{n}"), 1)) for n in range(3)]
    await asyncio.sleep(0)
    wanted = asyncio.create_task(painter.picture(sketch("table", "t2"), 1, urgent=True))  # e.g. /score
    await asyncio.sleep(0)
    gated_art.GATE.set()
    await asyncio.wait_for(asyncio.gather(*blocked, *tables, wanted), WAIT)
    assert gated_art.DRAWN[DRAWING_THREADS:][0] == "t2"
    assert gated_art.DRAWN.count("t2") == 1 and painter.drawings == DRAWING_THREADS + 3


async def test_a_picture_nobody_waits_for_before_it_began_is_never_drawn(painter: Painter) -> None:
    blocked = await busy(painter)
    superseded = asyncio.create_task(painter.picture(sketch("table", "old"), 1))
    shared = [asyncio.create_task(painter.picture(sketch("table", "shared"), 1)) for _ in range(2)]
    await asyncio.sleep(0)
    superseded.cancel()
    shared[0].cancel()  # another caller still waits for this one
    newest = asyncio.create_task(painter.picture(sketch("table", "new"), 1))
    await asyncio.sleep(0)
    gated_art.GATE.set()
    pictures = await asyncio.wait_for(asyncio.gather(*blocked, shared[1], newest), WAIT)
    assert [p.png for p in pictures[-2:] if p is not None] == [b"table:shared", b"table:new"]
    assert "old" not in gated_art.DRAWN
    assert painter.drawings == DRAWING_THREADS + 2
    # asked for again later, it is drawn then (not kept as cancelled)
    again = await asyncio.wait_for(painter.picture(sketch("table", "old"), 1), WAIT)
    assert again is not None and again.png == b"table:old"


async def test_closing_fails_the_queued_drawings_quietly(painter: Painter) -> None:
    await busy(painter)
    queued = asyncio.create_task(painter.picture(sketch("table", "t"), 1))
    await asyncio.sleep(0)
    painter.close()
    assert await asyncio.wait_for(queued, WAIT) is None
    assert "t" not in gated_art.DRAWN


class FakeResponse:
    """An interaction's response that records the edit it answers with."""

    def __init__(self) -> None:
        self.edits: list[dict[str, Any]] = []

    def is_done(self) -> bool:
        return bool(self.edits)

    async def edit_message(self, **kwargs: Any) -> None:
        self.edits.append(kwargs)


class FakeInteraction:
    """A component interaction: an id and a response."""

    def __init__(self, ident: int) -> None:
        self.id = ident
        self.response = FakeResponse()


async def answer(answerer: Answerer, spec: Message, *, unchanged: bool = False) -> dict[str, Any]:
    click = FakeInteraction(len(answerer.guards) + 1)
    await asyncio.wait_for(
        answerer.edit_clicked(click, spec, guild_id=1, unchanged=unchanged),  # type: ignore[arg-type]
        0.5,  # at once: the drawing threads are blocked for seconds
    )
    (edit,) = click.response.edits
    return edit


async def test_a_click_is_answered_at_once_while_its_picture_waits_for_a_drawing_thread(
    painter: Painter,
) -> None:
    answerer = Answerer(painter)
    blocked = await busy(painter)
    hand = sketch("hand", "after the click")
    prompt = asyncio.create_task(painter.picture(hand, 1))  # the next prompt's drawing, queued
    await asyncio.sleep(0)
    spec = Message("pick a card", picture=hand)
    assert "attachments" not in await answer(answerer, spec, unchanged=True)  # keeps its picture
    assert (await answer(answerer, spec))["attachments"] == []  # its old picture would be wrong
    assert (await answer(answerer, Message("played red 7")))["attachments"] == []
    assert gated_art.DRAWN.count("after the click") == 0
    gated_art.GATE.set()
    await asyncio.wait_for(asyncio.gather(*blocked, prompt), WAIT)
    (attached,) = (await answer(answerer, spec))["attachments"]  # drawn now: it comes along
    assert attached.filename == "hand.png" and attached.fp.read() == b"hand:after the click"
    (attached,) = (await answer(answerer, spec, unchanged=True))["attachments"]
    assert attached.fp.read() == b"hand:after the click"
    assert gated_art.DRAWN.count("after the click") == 1  # drawn once, by the prompt's request
