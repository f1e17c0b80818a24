"""Recreating a saved Discord state: objects with the ids they had, the bot's old messages.

A test of an upgrade starts the new bot on what an earlier one left: its users, server, channels
and DM channels keep their ids (the database names them), and the messages it posted are there
(the database names them too, and people click their components).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord
import pytest
from discord import ui

from . import Emulator, EmulatorUsageError, run_client
from .support import TreeClient

OLD = 1_456_074_443_980_800_000
"""A snowflake of 2026-01-01, as a state saved then has."""

BUTTON_ROW = [{"type": 1, "components": [
    {"type": 2, "style": 1, "label": "Play red 7", "custom_id": "old:play:red7"},
]}]


class OldButton(ui.DynamicItem[ui.Button[ui.View]], template=r"old:play:(?P<card>[a-z]+\d+)"):
    """The button an earlier bot posted; this one still answers it."""

    clicks: ClassVar[list[tuple[int, int, str]]] = []

    def __init__(self, card: str) -> None:
        super().__init__(ui.Button(label=card, custom_id=f"old:play:{card}"))
        self.card = card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[ui.View], match: re.Match[str], /
    ) -> OldButton:
        return cls(match["card"])

    async def callback(self, interaction: discord.Interaction) -> None:
        assert interaction.message is not None
        OldButton.clicks.append((interaction.user.id, interaction.message.id, self.card))
        await interaction.response.edit_message(content=f"played {self.card}", view=None)


class Bot(TreeClient):
    """Answers the old buttons and notes every message it sees arrive."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[int] = []

    async def setup_hook(self) -> None:
        self.add_dynamic_items(OldButton)
        await super().setup_hook()

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append(message.id)


def test_objects_get_the_ids_they_are_given() -> None:
    emu = Emulator(bot_id=OLD + 1)
    owner = emu.add_user("owner", ident=OLD + 2)
    guild = emu.add_guild("club", owner=owner, ident=OLD + 3)
    channel = emu.add_text_channel(guild, "stickem", ident=OLD + 4)
    ann = emu.add_user("ann", ident=OLD + 5)
    dm = emu.dm_channel(ann, ident=OLD + 6)
    assert (emu.bot_user.id, emu.application_id) == (OLD + 1, OLD + 1)
    ids = (owner.id, guild.id, guild.everyone.id, channel.id, dm.id)
    assert ids == (OLD + 2, OLD + 3, OLD + 3, OLD + 4, OLD + 6)
    assert guild.owner_id == owner.id and emu.world.channels[OLD + 4] is channel
    assert emu.dm_channel(ann) is dm and emu.dm_channel(ann, ident=OLD + 6) is dm
    fresh = emu.add_user("bob")
    assert fresh.id > OLD + 6  # an id made later is larger than every id given


def test_an_id_in_use_or_not_a_snowflake_is_refused() -> None:
    emu = Emulator()
    ann = emu.add_user("ann", ident=OLD)
    guild = emu.add_guild("club", ident=OLD + 1)
    for ident in (OLD, OLD + 1, emu.bot_user.id):
        with pytest.raises(EmulatorUsageError, match="already in use"):
            emu.add_user("bob", ident=ident)
    with pytest.raises(EmulatorUsageError, match="not a snowflake"):
        emu.add_text_channel(guild, "general", ident=0)
    emu.dm_channel(ann)
    with pytest.raises(EmulatorUsageError, match="exists with id"):
        emu.dm_channel(ann, ident=OLD + 9)


def test_a_restored_message_is_checked_like_a_new_one() -> None:
    emu = Emulator()
    guild = emu.add_guild("club")
    channel = emu.add_text_channel(guild, "stickem")
    too_long = [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "x", "custom_id": "x" * 101},
    ]}]
    with pytest.raises(EmulatorUsageError, match="not one Discord accepts"):
        emu.restore_message(channel, emu.bot_user, ident=OLD, components=too_long)
    with pytest.raises(EmulatorUsageError, match="not one Discord accepts"):
        emu.restore_message(channel, emu.bot_user, ident=OLD)  # empty
    assert emu.world.messages == {}


async def test_the_new_bot_answers_a_click_on_its_old_message(emulator: Emulator) -> None:
    ann = emulator.add_user("ann", ident=OLD + 5)
    dm = emulator.dm_channel(ann, ident=OLD + 6)
    guild = emulator.add_guild("club", ident=OLD + 3)
    emulator.add_member(guild, ann)
    channel = emulator.add_text_channel(guild, "stickem", ident=OLD + 4)
    notice: Any = [{"title": "Table", "description": "ann to play"}]
    table = emulator.restore_message(
        channel, emulator.bot_user, ident=OLD + 7, content="the table", embeds=notice, edited=True
    )
    hand = emulator.restore_message(
        dm, emulator.bot_user, ident=OLD + 8, content="your hand", components=BUTTON_ROW
    )
    assert (table.id, table.channel_id, table.embeds[0].title) == (OLD + 7, OLD + 4, "Table")
    assert table.edited_timestamp is not None and hand.edited_timestamp is None
    assert emulator.driver.dm_messages(ann) == [hand]
    assert emulator.driver.channel_messages(channel) == [table]
    OldButton.clicks.clear()
    bot = Bot()
    async with run_client(emulator, bot):
        response = await (await emulator.driver.click(ann, hand, "Play red 7")).response()
        assert response.message is hand and hand.content == "played red7" and not hand.buttons
        fetched = await bot.get_partial_messageable(channel.id).fetch_message(table.id)
        assert fetched.content == "the table"
        await emulator.driver.send_message(ann, channel, "hello")
        await emulator.driver.wait_until(lambda: bot.seen or None, what="the new message")
    assert OldButton.clicks == [(ann.id, OLD + 8, "red7")]
    assert OLD + 7 not in bot.seen and OLD + 8 not in bot.seen  # restored, not announced
    assert emulator.world.ids.next() > OLD + 8
