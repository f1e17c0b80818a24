"""Answers that carry a picture keep Discord's 3 seconds (bot/tables/answer.py picture_in_time):
a picture drawn in time goes out with the first answer, a slow one defers the interaction first,
as the answer asks (private, public, or an update of the clicked message), then comes."""

from __future__ import annotations

import asyncio
from itertools import count
from typing import Any

import pytest

import bot.tables.answer as answer_module
from bot.tables.answer import Deferral, picture_in_time
from bot.tables.pictures import ImageSettings, Painter
from tabletop.pictures import ArtModule, Sketch
from tests.bot import gated_art

ART = ArtModule("tests.bot.gated_art")
WAIT = 5.0
_ids = count(1)


class FakeResponse:
    """The part of ``discord.InteractionResponse`` that a deferral uses: how it was deferred."""

    def __init__(self) -> None:
        self.deferrals: list[dict[str, Any]] = []

    def is_done(self) -> bool:
        return bool(self.deferrals)

    async def defer(self, **kwargs: Any) -> None:
        assert not self.is_done(), "answered twice"
        self.deferrals.append(kwargs)


class FakeInteraction:
    """An interaction with an id and a response, nothing more."""

    def __init__(self) -> None:
        self.id = next(_ids)
        self.response = FakeResponse()


@pytest.mark.parametrize(
    ("deferral", "expected"),
    [
        ("private", {"ephemeral": True, "thinking": True}),
        ("public", {"ephemeral": False, "thinking": True}),
        ("update", {}),
    ],
)
async def test_a_slow_picture_defers_the_answer_first_then_comes(
    painter: Painter, monkeypatch: pytest.MonkeyPatch, deferral: Deferral, expected: dict[str, Any]
) -> None:
    monkeypatch.setattr(answer_module, "DEFER_AFTER", 0.05)
    interaction = FakeInteraction()
    asked = asyncio.create_task(
        picture_in_time(painter, interaction, Sketch(ART, "chart", "blocked"), 1, deferral)  # type: ignore[arg-type]
    )
    async with asyncio.timeout(WAIT):
        while not interaction.response.is_done():
            await asyncio.sleep(0.01)
    assert interaction.response.deferrals == [expected]
    assert not asked.done(), "the answer waits for its picture after the deferral"
    gated_art.GATE.set()
    picture = await asyncio.wait_for(asked, WAIT)
    assert picture is not None and picture.png == b"chart:blocked"


async def test_a_picture_drawn_in_time_is_not_deferred(painter: Painter) -> None:
    gated_art.GATE.set()
    interaction = FakeInteraction()
    picture = await asyncio.wait_for(
        picture_in_time(painter, interaction, Sketch(ART, "hand", "quick"), 1),  # type: ignore[arg-type]
        WAIT,
    )
    assert picture is not None and picture.png == b"hand:quick"
    assert interaction.response.deferrals == []


async def test_no_picture_for_a_text_only_server_and_nothing_drawn() -> None:
    settings = ImageSettings()
    settings.set(7, False)
    painter = Painter(settings, workers=0)
    try:
        interaction = FakeInteraction()
        shown = await picture_in_time(painter, interaction, Sketch(ART, "hand", "x"), 7)  # type: ignore[arg-type]
        assert shown is None and painter.drawings == 0 and interaction.response.deferrals == []
    finally:
        painter.close()


async def test_an_answer_given_up_lets_its_queued_drawing_go(painter: Painter) -> None:
    """The command is cancelled (the bot closing) while its picture waits behind another: the
    picture nobody waits for any more is not drawn."""
    blocker = asyncio.create_task(painter.picture(Sketch(ART, "chart", "blocked first"), 1))
    async with asyncio.timeout(WAIT):
        while not gated_art.DRAWN:
            await asyncio.sleep(0.01)
    asked = asyncio.create_task(
        picture_in_time(painter, FakeInteraction(), Sketch(ART, "hand", "queued"), 1)  # type: ignore[arg-type]
    )
    await asyncio.sleep(0.05)
    asked.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asked
    gated_art.GATE.set()
    await asyncio.wait_for(blocker, WAIT)
    await asyncio.sleep(0.05)
    assert gated_art.DRAWN == ["blocked first"]


async def test_a_table_picture_someone_waits_for_is_drawn_before_the_tables_background_ones(
    painter: Painter,
) -> None:
    """/score in round 1 shows the table picture: its answer waits for it, so it goes before the
    table pictures queued for the tables' messages (which nobody waits for)."""
    blocker = asyncio.create_task(painter.picture(Sketch(ART, "chart", "blocked first"), 1))
    async with asyncio.timeout(WAIT):
        while not gated_art.DRAWN:
            await asyncio.sleep(0.01)
    behind = [asyncio.create_task(painter.picture(Sketch(ART, "table", f"queued {n}"), 1)) for n in range(3)]
    await asyncio.sleep(0.02)
    asked = asyncio.create_task(
        picture_in_time(painter, FakeInteraction(), Sketch(ART, "table", "for /score"), 1)  # type: ignore[arg-type]
    )
    await asyncio.sleep(0.05)
    gated_art.GATE.set()
    await asyncio.wait_for(asyncio.gather(blocker, asked, *behind), WAIT)
    assert gated_art.DRAWN[:2] == ["blocked first", "for /score"]


async def test_the_bound_counts_from_the_start_of_the_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """An answer that first read a stored game for a while has that much less time left for
    its picture: the deferral comes DEFER_AFTER after the answer began, not after the drawing
    began."""
    monkeypatch.setattr(answer_module, "DEFER_AFTER", 0.3)
    loop = asyncio.get_running_loop()
    interaction = FakeInteraction()
    started = loop.time() - 0.25  # a slow read of the stored game came first
    gate = asyncio.Event()

    async def slow() -> str:
        await gate.wait()
        return "done"

    work = asyncio.create_task(answer_module.in_time(interaction, slow(), "private", started))  # type: ignore[arg-type]
    await asyncio.sleep(0.15)  # well before DEFER_AFTER from now, after it from the start
    assert interaction.response.deferrals == [{"ephemeral": True, "thinking": True}]
    gate.set()
    assert await asyncio.wait_for(work, WAIT) == "done"
    fresh = FakeInteraction()
    assert await answer_module.in_time(fresh, asyncio.sleep(0, "quick")) == "quick"  # type: ignore[arg-type]
    assert fresh.response.deferrals == []
