"""The lobby cog: /join, /leave, /start and the Join / Leave / Start buttons."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.clicks import parse_or_none, refuse
from bot.custom_ids import LOBBY_TEMPLATE, LobbyId
from bot.interaction_release import releases_click
from bot.table_service import service_for
from bot.tables import BOT_LEVELS, DEFAULT_TIMER, TIMER_CHOICES, max_seats
from stickem import Rules
from stickem.rules import MAX_ROUNDS


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LOBBY_TEMPLATE):
    """A Join / Leave / Start button of a lobby message, found again from its custom id."""

    def __init__(self, ident: LobbyId | None, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label="lobby"))
        self.ident = ident  # None: a malformed id, refused when clicked

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> LobbyButton:
        """Rebuild the button from a click's custom id."""
        return cls(parse_or_none(LobbyId.parse, match.string), match.string)

    @releases_click
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Join, leave or start the table."""
        if self.ident is None:
            await refuse(interaction)
            return
        await service_for(interaction.client).lobby_click(interaction, self.ident)


PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in Rules.PRESETS]
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in BOT_LEVELS]
TIMER_NAMES = {
    "off": "off", "30s": "30 seconds", "60s": "60 seconds", "2min": "2 minutes", "5min": "5 minutes"
}
TIMER_OPTIONS = [app_commands.Choice(name=TIMER_NAMES[key], value=key) for key in TIMER_CHOICES]


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
    @app_commands.describe(
        seat="During a game: the computer seat to take over (its number or name, e.g. 3 or Ada)"
    )
    async def join(self, interaction: discord.Interaction[Any], seat: str | None = None) -> None:
        """/join [seat]"""
        await service_for(self.bot).join(interaction, seat)

    @app_commands.command(
        name="leave", description="Leave the lobby, or hand your game seat to a computer player"
    )
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """/leave"""
        await service_for(self.bot).leave(interaction)

    @app_commands.command(name="start", description="Start the Stick'em game of this channel")
    @app_commands.guild_only()
    @app_commands.describe(
        rules="The rule preset (classic if not given)",
        rounds="How many rounds (the preset's number if not given)",
        players="Fill the empty seats with computer players up to this many players",
        bot_level="The level of those computer players (normal if not given)",
        timer=f"Time per turn before the computer plays for you ({TIMER_NAMES[DEFAULT_TIMER]} if not given)",
    )
    @app_commands.choices(rules=PRESET_CHOICES, bot_level=LEVEL_CHOICES, timer=TIMER_OPTIONS)
    async def start(
        self,
        interaction: discord.Interaction[Any],
        rules: str | None = None,
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] | None = None,
        players: app_commands.Range[int, 1, max_seats()] | None = None,
        bot_level: str | None = None,
        timer: str | None = None,
    ) -> None:
        """/start [rules] [rounds] [players] [bot_level] [timer]"""
        await service_for(self.bot).start(
            interaction, rules, rounds, players=players, bot_level=bot_level, timer=timer
        )

    @app_commands.command(
        name="addbot", description="Seat a computer player at this channel's lobby (host only)"
    )
    @app_commands.guild_only()
    @app_commands.describe(level="How well it plays (normal if not given)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction[Any], level: str | None = None) -> None:
        """/addbot [level]"""
        await service_for(self.bot).add_bot(interaction, level)

    @app_commands.command(
        name="removebot", description="Remove the last computer player from the lobby (host only)"
    )
    @app_commands.guild_only()
    async def removebot(self, interaction: discord.Interaction[Any]) -> None:
        """/removebot"""
        await service_for(self.bot).remove_bot(interaction)

    @app_commands.command(name="back", description="Play your own cards again after being marked away")
    @app_commands.guild_only()
    async def back(self, interaction: discord.Interaction[Any]) -> None:
        """/back"""
        await service_for(self.bot).back(interaction)


async def setup(bot: commands.Bot) -> None:
    """Load the lobby cog."""
    await bot.add_cog(Lobby(bot))
