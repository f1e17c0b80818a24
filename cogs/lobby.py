"""The lobby cog: /join, /leave, /start and the Join / Leave / Start buttons."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.custom_ids import LOBBY_TEMPLATE, LobbyId
from bot.table_service import service_for
from stickem import Rules
from stickem.rules import MAX_ROUNDS


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LOBBY_TEMPLATE):
    """A Join / Leave / Start button of a lobby message, found again from its custom id."""

    def __init__(self, ident: LobbyId) -> None:
        super().__init__(discord.ui.Button(custom_id=ident.encode(), label=ident.action))
        self.ident = ident

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> LobbyButton:
        """Rebuild the button from a click's custom id."""
        return cls(LobbyId.parse(match.string))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Join, leave or start the table."""
        await service_for(interaction.client).lobby_click(interaction, self.ident)


PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in Rules.PRESETS]


class Lobby(commands.Cog):
    """Opening a table in a channel and gathering its players."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Route lobby button clicks here, also for messages sent before a restart."""
        self.bot.add_dynamic_items(LobbyButton)

    async def cog_unload(self) -> None:
        """Stop routing lobby button clicks."""
        self.bot.remove_dynamic_items(LobbyButton)

    @app_commands.command(name="join", description="Open a Stick'em table in this channel, or join it")
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        """/join"""
        await service_for(self.bot).join(interaction)

    @app_commands.command(name="leave", description="Leave this channel's Stick'em lobby")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """/leave"""
        await service_for(self.bot).leave(interaction)

    @app_commands.command(name="start", description="Start the Stick'em game of this channel")
    @app_commands.guild_only()
    @app_commands.describe(
        rules="The rule preset (classic if not given)",
        rounds="How many rounds (the preset's number if not given)",
    )
    @app_commands.choices(rules=PRESET_CHOICES)
    async def start(
        self,
        interaction: discord.Interaction[Any],
        rules: str | None = None,
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] | None = None,
    ) -> None:
        """/start [rules] [rounds]"""
        await service_for(self.bot).start(interaction, rules, rounds)


async def setup(bot: commands.Bot) -> None:
    """Load the lobby cog."""
    await bot.add_cog(Lobby(bot))
