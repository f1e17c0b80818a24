"""A server that shows no pictures (``/settings images off``) gets its table messages and DM
prompts without a picture even sketched: the effect player and a clicked prompt's answer ask the
painter first, and what is sent reads the same as a pictured message sent to that server."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any, cast

import pytest

from bot.tables.clicks import _click_answer
from bot.tables.effects import EffectPlayer
from bot.tables.languages import Languages
from bot.tables.message_book import MessageBook
from bot.tables.payload import send_kwargs
from bot.tables.pictures import ImageSettings, Painter
from bot.tables.table_messages import prompt_spec, table_spec
from bot.tables.table_specs import TableSpecs
from host.tables import Outcome, Prompt, PromptInPlace, ShowTable, Step, Table
from tabletop.presentation import Message
from tests.bot.test_pictures_off import words

ON, OFF = 1, 2
"""A server that shows pictures, and one that turned them off."""


class SpecCourier:
    """The courier's part the effect player uses here, keeping the messages it is given."""

    def __init__(self, painter: Painter) -> None:
        self.book = MessageBook()
        self.languages = Languages()
        self.painter = painter
        self.shown: list[Message] = []

    async def show_table(self, table: Table, spec: Message, *, new: bool) -> None:
        self.shown.append(spec)

    async def dm(self, table: Table, seat: int, spec: Message) -> str:
        self.shown.append(spec)
        return "sent"


@pytest.fixture
async def painter() -> AsyncIterator[Painter]:
    """A painter for a server that shows pictures (:data:`ON`) and one that does not (:data:`OFF`)."""
    settings = ImageSettings()
    settings.set(OFF, False)
    painter = Painter(settings)
    yield painter
    painter.close()


def started(guild_id: int) -> Table:
    """A Stick'em table of three people at a server."""
    table = Table(561, guild_id, game="stickem", seed_source=lambda: 3, id_source=lambda: "unpictured")
    for user in (1, 2, 3):
        table.lobby.join(user, f"p{user}")
    table.lobby.start(1)
    return table


@pytest.mark.parametrize(("guild_id", "pictured"), [(ON, True), (OFF, False)])
async def test_the_effect_player_sketches_pictures_only_for_a_server_that_shows_them(
    painter: Painter, guild_id: int, pictured: bool
) -> None:
    table = started(guild_id)
    courier = SpecCourier(painter)
    player = EffectPlayer(cast(Any, courier), lambda table: None)
    await player.execute(table, Outcome("", (ShowTable(), Prompt(0))))
    assert len(courier.shown) == 2  # the table message, then seat 0's DM prompt
    assert [spec.picture is not None for spec in courier.shown] == [pictured, pictured]


@pytest.mark.parametrize(("guild_id", "pictured"), [(ON, True), (OFF, False)])
async def test_a_clicked_prompt_is_answered_with_a_sketch_only_when_pictured(
    painter: Painter, guild_id: int, pictured: bool
) -> None:
    table = started(guild_id)
    for shown in (Step(0, ""), PromptInPlace(0)):
        answer = _click_answer(TableSpecs(painter), table, shown, "", "", "en")
        assert (answer.picture is not None) is pictured


@pytest.mark.parametrize("language", ["en", "de"])
async def test_an_unpictured_message_reads_as_a_pictured_one_sent_to_a_server_without_pictures(
    painter: Painter, language: str
) -> None:
    table = started(OFF)
    for pictured, unpictured in (
        (
            table_spec(table, language=language, pictured=True),
            table_spec(table, language=language, pictured=False),
        ),
        (
            prompt_spec(table, 0, language=language, pictured=True),
            prompt_spec(table, 0, language=language, pictured=False),
        ),
    ):
        assert pictured.picture is not None and unpictured.picture is None
        drawn = await painter.picture(pictured.picture, OFF)
        assert drawn is None
        sent, sent_unpictured = send_kwargs(pictured, drawn), send_kwargs(unpictured, None)
        assert sent.keys() == sent_unpictured.keys()
        assert words(sent) == words(sent_unpictured)


@pytest.mark.parametrize(("guild_id", "pictured"), [(ON, True), (OFF, False)])
async def test_every_pictured_message_is_sketched_only_when_pictured(
    painter: Painter, guild_id: int, pictured: bool
) -> None:
    """The table specs decide it for each kind of message: the prompt, the table message, a
    closed round's table and the final standings' chart (both sketched by the effect player)."""
    table = started(guild_id)
    specs = TableSpecs(painter)
    view = table.last_view()
    shown = [
        specs.prompt(table, 0).picture,
        specs.table(table).picture,
        specs.sketch(table, "table", view, "en"),
        specs.sketch(table, "chart", view, "en"),
    ]
    assert [sketch is not None for sketch in shown] == [pictured] * len(shown)
    assert specs.standings(table, "en") is None  # round 1: no chart yet, pictures or not
