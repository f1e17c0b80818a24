"""The lobby cog: /join, /leave, /start, the Join / Leave / Start buttons and the Rematch button
of the final standings (a new lobby with the same seats and options).

The games and their options come from the registry (:mod:`tabletop.registry`): /join offers each
game's name and one-line description, /start suggests the options of the channel's game as the
user types (autocomplete), and the table refuses a value the game does not allow, privately.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.boot.command_text import command_name, command_text
from bot.ids import LOBBY_TEMPLATE, REMATCH_TEMPLATE, LobbyId, RematchId
from bot.runtime.dynamic_items import ReleasingButton, RoutingCog
from bot.tables.game_choices import game_choices
from bot.tables.languages import reader_language
from bot.tables.level_choices import level_choices
from bot.tables.service import service_for
from bot.tables.start_options import MAX_SEATS, option_suggestions, parse_options, preset_suggestions
from host.tables import DEFAULT_TIMER, TIMER_CHOICES
from tabletop import GameSpec

GAME_CHOICES = game_choices()
"""The games offered, as the choices of the ``game`` option (read when the cog is loaded)."""


class LobbyButton(ReleasingButton[LobbyId], template=LOBBY_TEMPLATE):
    """A Join / Leave / Start button of a lobby message, found again from its custom id."""

    id_type = LobbyId
    label = "lobby"

    async def clicked(self, interaction: discord.Interaction[Any], ident: LobbyId) -> None:
        """Join, leave or start the table."""
        await service_for(interaction.client).lobby_click(interaction, ident)


class RematchButton(ReleasingButton[RematchId], template=REMATCH_TEMPLATE):
    """The Rematch button of a game's final standings, found again from its custom id."""

    id_type = RematchId
    label = "rematch"

    async def clicked(self, interaction: discord.Interaction[Any], ident: RematchId) -> None:
        """Open the rematch's lobby, or join it."""
        await service_for(interaction.client).rematch_click(interaction, ident)


LEVEL_CHOICES = level_choices()
"""Every computer level of any game, in each player's words (the table refuses one its game does
not have)."""
TIMER_NAMES = {
    "off": command_text("commands.timers.off"),
    "30s": command_text("commands.timers.30s"),
    "60s": command_text("commands.timers.60s"),
    "2min": command_text("commands.timers.2min"),
    "5min": command_text("commands.timers.5min"),
}
"""The turn timers as /start offers them (:data:`host.tables.TIMER_CHOICES`), by choice."""
TIMER_OPTIONS = [app_commands.Choice(name=TIMER_NAMES[key], value=key) for key in TIMER_CHOICES]


class Lobby(RoutingCog):
    """Opening a table in a channel and gathering its players."""

    dynamic_items = (LobbyButton, RematchButton)

    @app_commands.command(
        name=command_name("commands.join.name"), description=command_text("commands.join.description")
    )
    @app_commands.rename(
        game=command_name("commands.join.names.game"),
        seat=command_name("commands.join.names.seat"),
    )
    @app_commands.guild_only()
    @app_commands.describe(
        game=command_text("commands.join.game"),
        seat=command_text("commands.join.seat"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def join(
        self, interaction: discord.Interaction[Any], game: str | None = None, seat: str | None = None
    ) -> None:
        """/join [game] [seat]"""
        await service_for(self.bot).join(interaction, seat, game)

    @app_commands.command(
        name=command_name("commands.defaultgame.name"),
        description=command_text("commands.defaultgame.description"),
    )
    @app_commands.rename(game=command_name("commands.defaultgame.names.game"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(game=command_text("commands.defaultgame.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def defaultgame(self, interaction: discord.Interaction[Any], game: str) -> None:
        """/defaultgame game (Manage Server)"""
        await service_for(self.bot).set_default_game(interaction, game)

    @app_commands.command(
        name=command_name("commands.leave.name"), description=command_text("commands.leave.description")
    )
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """/leave"""
        await service_for(self.bot).leave(interaction)

    @app_commands.command(
        name=command_name("commands.start.name"), description=command_text("commands.start.description")
    )
    @app_commands.rename(
        rules=command_name("commands.start.names.rules"),
        rounds=command_name("commands.start.names.rounds"),
        options=command_name("commands.start.names.options"),
        players=command_name("commands.start.names.players"),
        bot_level=command_name("commands.start.names.bot_level"),
        timer=command_name("commands.start.names.timer"),
    )
    @app_commands.guild_only()
    @app_commands.describe(
        rules=command_text("commands.start.rules"),
        rounds=command_text("commands.start.rounds"),
        options=command_text("commands.start.options"),
        players=command_text("commands.start.players"),
        bot_level=command_text("commands.start.bot_level"),
        timer=command_text("commands.start.timer", default=TIMER_NAMES[DEFAULT_TIMER]),
    )
    @app_commands.choices(bot_level=LEVEL_CHOICES, timer=TIMER_OPTIONS)
    async def start(
        self,
        interaction: discord.Interaction[Any],
        rules: str | None = None,
        rounds: app_commands.Range[int, 1, 99] | None = None,
        options: str | None = None,
        players: app_commands.Range[int, 1, MAX_SEATS] | None = None,
        bot_level: str | None = None,
        timer: str | None = None,
    ) -> None:
        """/start [rules] [rounds] [options] [players] [bot_level] [timer]"""
        chosen = parse_options(options)
        if rules is not None:
            chosen["preset"] = rules
        if rounds is not None:
            chosen["rounds"] = rounds
        await service_for(self.bot).start(
            interaction, chosen, players=players, bot_level=bot_level, timer=timer
        )

    @start.autocomplete("rules")
    async def _rules_suggestions(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The presets of the channel's game."""
        return self._suggested(interaction, preset_suggestions, current)

    @start.autocomplete("options")
    async def _options_suggestions(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The options of the channel's game, completing what is typed."""
        return self._suggested(interaction, option_suggestions, current)

    def _suggested(
        self,
        interaction: discord.Interaction[Any],
        suggest: Callable[[GameSpec, str, str], list[tuple[str, str]]],
        current: str,
    ) -> list[app_commands.Choice[str]]:
        """``suggest``'s (label, value) pairs for the channel's game, as autocomplete choices,
        their help in the language of the person typing."""
        spec = service_for(self.bot).game_of_channel(interaction.channel_id, interaction.guild_id)
        suggested = suggest(spec, current, reader_language(interaction))
        return [app_commands.Choice(name=label, value=value) for label, value in suggested]

    @app_commands.command(
        name=command_name("commands.addbot.name"), description=command_text("commands.addbot.description")
    )
    @app_commands.rename(level=command_name("commands.addbot.names.level"))
    @app_commands.guild_only()
    @app_commands.describe(level=command_text("commands.addbot.level"))
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction[Any], level: str | None = None) -> None:
        """/addbot [level]"""
        await service_for(self.bot).add_bot(interaction, level)

    @app_commands.command(
        name=command_name("commands.removebot.name"),
        description=command_text("commands.removebot.description"),
    )
    @app_commands.guild_only()
    async def removebot(self, interaction: discord.Interaction[Any]) -> None:
        """/removebot"""
        await service_for(self.bot).remove_bot(interaction)

    @app_commands.command(
        name=command_name("commands.back.name"), description=command_text("commands.back.description")
    )
    @app_commands.guild_only()
    async def back(self, interaction: discord.Interaction[Any]) -> None:
        """/back"""
        await service_for(self.bot).back(interaction)


async def setup(bot: commands.Bot) -> None:
    """Load the lobby cog."""
    await bot.add_cog(Lobby(bot))
