"""The table cog: the components of every game's prompts (one generic dynamic item, plus the
Stick'em ids of earlier releases), /hand, /score, /stop."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.boot.command_text import command_name, command_text
from bot.ids import (
    ACTION_TEMPLATE,
    MISERY_CONFIRM_TEMPLATE,
    MISERY_SELECT_TEMPLATE,
    PLAY_TEMPLATE,
    STOP_TEMPLATE,
    TAKEOVER_TEMPLATE,
    ActionId,
    MiseryConfirmId,
    MiserySelectId,
    PlayId,
    StopId,
    TakeoverId,
)
from bot.runtime.dynamic_items import RoutingCog
from bot.runtime.interaction_release import releases_click
from bot.tables.service import service_for
from bot.tables.stray_clicks import parse_or_none, refuse


def _values(interaction: discord.Interaction[Any]) -> tuple[str, ...]:
    """The values chosen in a select (none for a button)."""
    data: dict[str, Any] = dict(interaction.data or {})
    values = data.get("values") or []
    return tuple(str(value) for value in values) if isinstance(values, list) else ()


class ActionComponent(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ACTION_TEMPLATE):
    """A button or select of any game's prompt: the game's presentation says what it means."""

    def __init__(self, ident: ActionId | None, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label="action"))
        self.ident = ident  # None: a malformed id, refused when clicked

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> ActionComponent:
        """Rebuild the component from a click's custom id."""
        return cls(parse_or_none(ActionId.parse, match.string), match.string)

    @releases_click
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Take the step or the action the component stands for."""
        if self.ident is None:
            await refuse(interaction)
            return
        await service_for(interaction.client).action_click(interaction, self.ident, _values(interaction))


class PlayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PLAY_TEMPLATE):
    """A card of a Stick'em hand posted by an earlier release: clicking it plays the card."""

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
        await service_for(interaction.client).action_click(interaction, ActionId.of_play(self.ident))


class MiserySelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=MISERY_SELECT_TEMPLATE
):
    """The misery choice's select menu, posted by an earlier release."""

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
        ident = ActionId.of_misery_select(self.ident)
        await service_for(interaction.client).action_click(interaction, ident, _values(interaction))


class MiseryConfirm(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=MISERY_CONFIRM_TEMPLATE
):
    """The misery choice's confirm button (it names the selected card), posted by an earlier
    release."""

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
        ident = ActionId.of_misery_confirm(self.ident)
        await service_for(interaction.client).action_click(interaction, ident)


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


DYNAMIC_ITEMS = (ActionComponent, PlayButton, MiserySelect, MiseryConfirm, StopButton, TakeoverButton)


class TableCog(RoutingCog, name="Table"):
    """Playing a running game: the hand, the score, stopping."""

    dynamic_items = DYNAMIC_ITEMS

    @app_commands.command(
        name=command_name("commands.hand.name"), description=command_text("commands.hand.description")
    )
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        """/hand"""
        await service_for(self.bot).hand(interaction)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A deleted channel takes its table with it."""
        await service_for(self.bot).channel_deleted(channel.id)

    @app_commands.command(
        name=command_name("commands.score.name"), description=command_text("commands.score.description")
    )
    @app_commands.rename(public=command_name("commands.score.names.public"))
    @app_commands.guild_only()
    @app_commands.describe(public=command_text("commands.score.public"))
    async def score(self, interaction: discord.Interaction[Any], public: bool = False) -> None:
        """/score"""
        await service_for(self.bot).score(interaction, public)

    @app_commands.command(
        name=command_name("commands.stop.name"), description=command_text("commands.stop.description")
    )
    @app_commands.guild_only()
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        """/stop"""
        await service_for(self.bot).stop(interaction)


async def setup(bot: commands.Bot) -> None:
    """Load the table cog."""
    await bot.add_cog(TableCog(bot))
