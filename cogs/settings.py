"""The settings cog: ``/settings``, a server's settings, for those who may manage the server.

``/settings language``: the language the server's tables speak in its channels
(:mod:`bot.tables.language_setting`).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.boot.command_text import command_text
from bot.tables.language_setting import language_choices, set_server_language
from bot.tables.service import service_for

LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=value) for name, value in language_choices()]
"""The languages offered: each catalog language by its own name, and ``auto``."""


class Settings(commands.Cog):
    """A server's settings."""

    settings = app_commands.Group(
        name="settings",
        description=command_text("commands.settings.description"),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @settings.command(name="language", description=command_text("commands.settings.language.description"))
    @app_commands.describe(language=command_text("commands.settings.language.language"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        """/settings language (Manage Server)"""
        await set_server_language(service_for(self.bot).languages, interaction, language)


async def setup(bot: commands.Bot) -> None:
    """Load the settings cog."""
    await bot.add_cog(Settings(bot))
