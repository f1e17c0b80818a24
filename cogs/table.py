"""The table cog: the components of every game's prompts (one generic dynamic item, plus the
Stick'em ids of earlier releases), /hand, /score, /stop."""

from __future__ import annotations

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
from bot.runtime.dynamic_items import ReleasingButton, RoutingCog
from bot.tables.service import service_for


def _values(interaction: discord.Interaction[Any]) -> tuple[str, ...]:
    """The values chosen in a select (none for a button)."""
    data: dict[str, Any] = dict(interaction.data or {})
    values = data.get("values") or []
    return tuple(str(value) for value in values) if isinstance(values, list) else ()


class ActionComponent(ReleasingButton[ActionId], template=ACTION_TEMPLATE):
    """A button or select of any game's prompt: the game's presentation says what it means."""

    id_type = ActionId
    label = "action"

    async def clicked(self, interaction: discord.Interaction[Any], ident: ActionId) -> None:
        """Take the step or the action the component stands for."""
        await service_for(interaction.client).action_click(interaction, ident, _values(interaction))


class PlayButton(ReleasingButton[PlayId], template=PLAY_TEMPLATE):
    """A card of a Stick'em hand posted by an earlier release: clicking it plays the card."""

    id_type = PlayId
    label = "card"

    async def clicked(self, interaction: discord.Interaction[Any], ident: PlayId) -> None:
        """Play the card."""
        await service_for(interaction.client).action_click(interaction, ActionId.of_play(ident))


class MiserySelect(ReleasingButton[MiserySelectId], template=MISERY_SELECT_TEMPLATE):
    """The misery choice's select menu, posted by an earlier release."""

    id_type = MiserySelectId
    label = "misery"

    async def clicked(self, interaction: discord.Interaction[Any], ident: MiserySelectId) -> None:
        """Show the chosen card with a confirm button."""
        action = ActionId.of_misery_select(ident)
        await service_for(interaction.client).action_click(interaction, action, _values(interaction))


class MiseryConfirm(ReleasingButton[MiseryConfirmId], template=MISERY_CONFIRM_TEMPLATE):
    """The misery choice's confirm button (it names the selected card), posted by an earlier
    release."""

    id_type = MiseryConfirmId
    label = "Confirm"

    async def clicked(self, interaction: discord.Interaction[Any], ident: MiseryConfirmId) -> None:
        """Lock in the misery card."""
        await service_for(interaction.client).action_click(interaction, ActionId.of_misery_confirm(ident))


class StopButton(ReleasingButton[StopId], template=STOP_TEMPLATE):
    """The confirmation button of /stop."""

    id_type = StopId
    label = "Stop"

    async def clicked(self, interaction: discord.Interaction[Any], ident: StopId) -> None:
        """Stop the table."""
        await service_for(interaction.client).stop_click(interaction, ident)


class TakeoverButton(ReleasingButton[TakeoverId], template=TAKEOVER_TEMPLATE):
    """The host's approval of a player taking over a computer seat."""

    id_type = TakeoverId
    label = "Approve"

    async def clicked(self, interaction: discord.Interaction[Any], ident: TakeoverId) -> None:
        """Approve the takeover."""
        await service_for(interaction.client).takeover_click(interaction, ident)


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
