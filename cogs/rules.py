"""`/rules [game]`: the rules of a game, summarised, for anyone, anywhere."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.boot.command_text import command_name, command_text
from bot.tables.game_choices import game_choices, offered_game
from bot.tables.payload import localized, send_kwargs
from bot.tables.service import service_for

GAME_CHOICES = game_choices()
"""The games offered, as the choices of the ``game`` option (read when the cog is loaded)."""


class RulesCog(commands.Cog):
    """Explains the games."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=command_name("commands.rules.name"), description=command_text("commands.rules.description")
    )
    @app_commands.rename(
        game=command_name("commands.rules.names.game"),
        public=command_name("commands.rules.names.public"),
    )
    @app_commands.describe(
        game=command_text("commands.rules.game"),
        public=command_text("commands.rules.public"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(
        self, interaction: discord.Interaction[Any], game: str | None = None, public: bool = False
    ) -> None:
        """Send the game's rules (its presentation's), privately unless asked otherwise."""
        if game is not None:
            spec = offered_game(game)
        else:
            spec = service_for(self.bot).game_of_channel(interaction.channel_id, interaction.guild_id)
        service = service_for(self.bot)
        # Shown to the channel: in the server's language; else in the reader's.
        reader = service.languages.of_interaction(interaction)
        if public:
            reader = service.languages.of_server(interaction.guild_id)
        message = localized(spec.presentation.rules(), reader)
        await interaction.response.send_message(**send_kwargs(message), ephemeral=not public)


async def setup(bot: commands.Bot) -> None:
    """Register the cog (discord.py extension entry point)."""
    await bot.add_cog(RulesCog(bot))
