"""`/rules`: the rules of Stick'em, summarised, for anyone, anywhere."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import limits
from bot.rules_embed import rules_embed


class RulesCog(commands.Cog):
    """Explains the game."""

    @app_commands.command(name="rules", description="How to play Stick'em, with examples")
    @app_commands.describe(public="Show the rules to the whole channel instead of only to you")
    async def rules(self, interaction: discord.Interaction[Any], public: bool = False) -> None:
        """Send the rules embed, privately unless asked otherwise."""
        embeds = limits.fit_embeds((rules_embed(),))  # every embed goes out through bot.limits
        await interaction.response.send_message(embeds=embeds, ephemeral=not public)


async def setup(bot: commands.Bot) -> None:
    """Register the cog (discord.py extension entry point)."""
    await bot.add_cog(RulesCog())
