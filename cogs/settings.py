"""`/settings`: a server's choices for its game tables (Manage Server), stored per server.

- `/settings images on|off`: the cards, the table and the scores as pictures beside the text
  (the default), or text-only tables;
- `/settings language`: the language the server's tables speak in its channels
  (:mod:`bot.tables.language_setting`).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.boot.command_text import command_name, command_text
from bot.tables.language_setting import language_choices, set_server_language
from bot.tables.languages import AUTO
from bot.tables.service import service_for

IMAGE_CHOICES = [
    app_commands.Choice(name=command_text("commands.settings.images.states.on"), value="on"),
    app_commands.Choice(name=command_text("commands.settings.images.states.off"), value="off"),
]
"""The two states of ``/settings images``, named in each reader's language (the value stays)."""
LANGUAGE_CHOICES = [
    app_commands.Choice(
        name=command_text("commands.settings.language.choices.auto") if value == AUTO else name, value=value
    )
    for name, value in language_choices()
]
"""The languages offered: each catalog language by its own name (the same in every language), and
``auto`` in each reader's words."""


class Settings(commands.Cog):
    """The ``/settings`` group."""

    settings = app_commands.Group(
        name=command_name("commands.settings.name"),
        description=command_text("commands.settings.description"),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @settings.command(
        name=command_name("commands.settings.images.name"),
        description=command_text("commands.settings.images.description"),
    )
    @app_commands.rename(state=command_name("commands.settings.images.names.state"))
    @app_commands.describe(state=command_text("commands.settings.images.state"))
    @app_commands.choices(state=IMAGE_CHOICES)
    async def images(self, interaction: discord.Interaction[Any], state: str) -> None:
        """/settings images on|off (Manage Server)"""
        await service_for(self.bot).settings.set_images(interaction, state == "on")

    @settings.command(
        name=command_name("commands.settings.language.name"),
        description=command_text("commands.settings.language.description"),
    )
    @app_commands.rename(language=command_name("commands.settings.language.names.language"))
    @app_commands.describe(language=command_text("commands.settings.language.language"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        """/settings language (Manage Server)"""
        await set_server_language(service_for(self.bot).languages, interaction, language)


async def setup(bot: commands.Bot) -> None:
    """Load the settings cog."""
    await bot.add_cog(Settings(bot))
