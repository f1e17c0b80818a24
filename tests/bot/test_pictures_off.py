"""Pictures on or off (``/settings images``) change a message's attachment and nothing else: for
each game's table message and DM prompt, in two languages, what the bot sends and edits with a
picture and without one has the same content, embeds and components."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.tables.payload import pictured_edit_kwargs, send_kwargs
from bot.tables.pictures import ImageSettings, Painter
from bot.tables.table_messages import prompt_spec, table_spec
from tabletop.presentation import Message
from tests.bot.test_hand_pictures import GAMES, GUILD, move, started

OFF = 2
"""A server that turned pictures off."""


@pytest.fixture
async def painter() -> AsyncIterator[Painter]:
    """A painter of the games' real pictures, for a server with pictures (:data:`GUILD`) and
    one without (:data:`OFF`)."""
    settings = ImageSettings()
    settings.set(OFF, False)
    painter = Painter(settings)
    yield painter
    painter.close()
    await painter.wait_closed()  # its drawing worker ends with the test, not later


def words(kwargs: dict[str, Any]) -> dict[str, Any]:
    """What a reader reads of a send's or an edit's arguments: content, embeds, components."""
    view = kwargs.get("view")
    return {
        "content": kwargs["content"],
        "embeds": [embed.to_dict() for embed in kwargs.get("embeds", [])],
        "components": None if view is None else view.to_components(),
    }


async def assert_only_the_picture_differs(painter: Painter, spec: Message) -> None:
    assert spec.picture is not None
    on = await painter.picture(spec.picture, GUILD)
    off = await painter.picture(spec.picture, OFF)
    assert on is not None and off is None
    sent_on, sent_off = send_kwargs(spec, on), send_kwargs(spec, off)
    assert sent_on["file"].fp.read() == on.png and "file" not in sent_off
    assert words(sent_on) == words(sent_off)
    assert words(sent_on)["content"] or words(sent_on)["embeds"]  # there are words to compare
    edit_on, edit_off = pictured_edit_kwargs(spec, on), pictured_edit_kwargs(spec, off)
    assert len(edit_on["attachments"]) == 1 and edit_off["attachments"] == []
    assert words(edit_on) == words(edit_off) == words(sent_on)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", list(GAMES))
async def test_a_message_reads_the_same_with_pictures_on_and_off(
    game: str, language: str, painter: Painter
) -> None:
    table = started(game)
    match = table.running_match()
    for _ in range(3):  # a few moments of the game
        await assert_only_the_picture_differs(painter, table_spec(table, language=language, pictured=True))
        for seat in range(match.players):
            await assert_only_the_picture_differs(
                painter, prompt_spec(table, seat, language=language, pictured=True)
            )
        move(table, match.awaiting[0])
