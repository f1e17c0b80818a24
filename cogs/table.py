"""The table cog: playing cards (buttons), the misery choice (select + confirm), /hand, /score,
/stop."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.clicks import parse_or_none, refuse
from bot.custom_ids import (
    MISERY_CONFIRM_TEMPLATE,
    MISERY_SELECT_TEMPLATE,
    PLAY_TEMPLATE,
    STOP_TEMPLATE,
    TAKEOVER_TEMPLATE,
    MiseryConfirmId,
    MiserySelectId,
    PlayId,
    StopId,
    TakeoverId,
)
from bot.interaction_release import releases_click
from bot.table_service import service_for


class PlayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PLAY_TEMPLATE):
    """A card of a hand: clicking it plays the card."""

    def __init__(self, ident: PlayId | None, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label="card"))
        self.ident = ident  # None: a malformed id, refused when clicked

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> PlayButton:
        """Rebuild the button from a click's custom id."""
        return cls(parse_or_none(PlayId.parse, match.string), match.string)

    @releases_click
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Play the card."""
        if self.ident is None:
            await refuse(interaction)
            return
        await service_for(interaction.client).play_click(interaction, self.ident)


class MiserySelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=MISERY_SELECT_TEMPLATE
):
    """The misery choice's select menu."""

    def __init__(self, ident: MiserySelectId | None, custom_id: str) -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id))
        self.ident = ident  # None: a malformed id, refused when clicked

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> MiserySelect:
        """Rebuild the select from a choice's custom id."""
        return cls(parse_or_none(MiserySelectId.parse, match.string), match.string)

    @releases_click
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the chosen card with a confirm button."""
        if self.ident is None:
            await refuse(interaction)
            return
        values = self.item.values
        value = values[0] if values else ""
        await service_for(interaction.client).misery_select(interaction, self.ident, value)


class MiseryConfirm(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=MISERY_CONFIRM_TEMPLATE
):
    """The misery choice's confirm button (it names the selected card)."""

    def __init__(self, ident: MiseryConfirmId | None, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label="Confirm"))
        self.ident = ident  # None: a malformed id, refused when clicked

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> MiseryConfirm:
        """Rebuild the button from a click's custom id."""
        return cls(parse_or_none(MiseryConfirmId.parse, match.string), match.string)

    @releases_click
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Lock in the misery card."""
        if self.ident is None:
            await refuse(interaction)
            return
        await service_for(interaction.client).misery_confirm(interaction, self.ident)


class StopButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=STOP_TEMPLATE):
    """The confirmation button of /stop."""

    def __init__(self, ident: StopId | None, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label="Stop"))
        self.ident = ident  # None: a malformed id, refused when clicked

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> StopButton:
        """Rebuild the button from a click's custom id."""
        return cls(parse_or_none(StopId.parse, match.string), match.string)

    @releases_click
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Stop the table."""
        if self.ident is None:
            await refuse(interaction)
            return
        await service_for(interaction.client).stop_click(interaction, self.ident)


class TakeoverButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TAKEOVER_TEMPLATE):
    """The host's approval of a player taking over a computer seat."""

    def __init__(self, ident: TakeoverId | None, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label="Approve"))
        self.ident = ident  # None: a malformed id, refused when clicked

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> TakeoverButton:
        """Rebuild the button from a click's custom id."""
        return cls(parse_or_none(TakeoverId.parse, match.string), match.string)

    @releases_click
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Approve the takeover."""
        if self.ident is None:
            await refuse(interaction)
            return
        await service_for(interaction.client).takeover_click(interaction, self.ident)


DYNAMIC_ITEMS = (PlayButton, MiserySelect, MiseryConfirm, StopButton, TakeoverButton)


class TableCog(commands.Cog, name="Table"):
    """Playing a running game: the hand, the score, stopping."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Route card, misery and stop clicks here, also for messages sent before a restart."""
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)

    async def cog_unload(self) -> None:
        """Stop routing the clicks."""
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)

    @app_commands.command(name="hand", description="Show your Stick'em hand here (only to you)")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        """/hand"""
        await service_for(self.bot).hand(interaction)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A deleted channel takes its table with it."""
        await service_for(self.bot).channel_deleted(channel.id)

    @app_commands.command(name="score", description="Show this channel's Stick'em table and totals")
    @app_commands.guild_only()
    @app_commands.describe(public="Show it to the whole channel (default: only to you)")
    async def score(self, interaction: discord.Interaction[Any], public: bool = False) -> None:
        """/score"""
        await service_for(self.bot).score(interaction, public)

    @app_commands.command(name="stop", description="Stop this channel's Stick'em game")
    @app_commands.guild_only()
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        """/stop"""
        await service_for(self.bot).stop(interaction)


async def setup(bot: commands.Bot) -> None:
    """Load the table cog."""
    await bot.add_cog(TableCog(bot))
