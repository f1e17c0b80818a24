"""The stats cog: /stats [player] (with the player's ratings), /leaderboard [game] (the game's
ratings; pages turn with buttons, also after a restart).

Both answer privately (only the person who asked sees the answer, and only they can turn the
leaderboard's pages), so looking up numbers never clutters the game channel.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.boot.command_text import command_name, command_text
from bot.messages.errors import report_interaction_error
from bot.messages.ratings import (
    LEADERBOARD_TEMPLATE,
    PAGE_SIZE,
    LeaderboardId,
    leaderboard_message,
    with_ratings,
)
from bot.messages.replies import send_ephemeral
from bot.messages.stats import stats_message
from bot.runtime.dynamic_items import IdButton, RoutingCog
from bot.tables.game_choices import game_choices, offered_game
from bot.tables.host_messages import player_name
from bot.tables.languages import reader_language
from bot.tables.payload import edit_kwargs
from bot.tables.service import service_for
from bot.tables.stray_clicks import refuse
from host.catalog import lazy
from host.errors import UserError
from host.storage import Storage, StorageError

GAME_CHOICES = game_choices()
"""The games offered, as the choices of /leaderboard's ``game`` (read when the cog is loaded)."""


def storage_of(client: discord.Client) -> Storage:
    """The bot's open storage; :class:`UserError` when there is none."""
    storage = getattr(client, "storage", None)
    if not isinstance(storage, Storage):
        raise UserError(lazy("stats.no_database"))
    return storage


@contextlib.contextmanager
def readable() -> Iterator[None]:
    """Turn a failed database read into the friendly "try again" message."""
    try:
        yield
    except StorageError as exc:
        raise UserError(lazy("storage.read_failed")) from exc  # READ_FAILED, in the reader's language


def guild_id_of(interaction: discord.Interaction[Any]) -> int:
    """The server of a command or click; :class:`UserError` in a direct message."""
    if interaction.guild_id is None:
        raise UserError(lazy("stats.per_server"))
    return interaction.guild_id


class LeaderboardButton(IdButton[LeaderboardId], template=LEADERBOARD_TEMPLATE):
    """Previous / Next of a leaderboard page, found again from its custom id after a restart."""

    id_type = LeaderboardId
    label = "page"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the page the button points to, in the same message."""
        if self.ident is None:
            await refuse(interaction)
            return
        try:
            storage = storage_of(interaction.client)
            ident = self.ident
            if ident.game is None:  # a page of the release before: the channel's game
                service = service_for(interaction.client)
                game = service.game_of_channel(interaction.channel_id, ident.guild_id).name
            else:
                game = offered_game(ident.game).name
            with readable():
                page = await storage.ratings.rating_board(ident.guild_id, game, ident.offset, PAGE_SIZE)
            spec = leaderboard_message(page, ident.guild_id)
            await interaction.response.edit_message(
                **edit_kwargs(spec, language=reader_language(interaction))
            )
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="a leaderboard button")


class Stats(RoutingCog):
    """Players' records and the server's leaderboard."""

    dynamic_items = (LeaderboardButton,)

    @app_commands.command(
        name=command_name("commands.stats.name"), description=command_text("commands.stats.description")
    )
    @app_commands.rename(player=command_name("commands.stats.names.player"))
    @app_commands.guild_only()
    @app_commands.describe(player=command_text("commands.stats.player"))
    async def stats(self, interaction: discord.Interaction[Any], player: discord.User | None = None) -> None:
        """/stats [player]"""
        guild_id = guild_id_of(interaction)
        who = player or interaction.user
        storage = storage_of(self.bot)
        with readable():
            record = await storage.stats.player_stats(guild_id, who.id)
            ratings = await storage.ratings.player_ratings(guild_id, who.id)
        spec = with_ratings(stats_message(record, player_name(who.display_name)), ratings)
        await send_ephemeral(interaction, spec)

    @app_commands.command(
        name=command_name("commands.leaderboard.name"),
        description=command_text("commands.leaderboard.description"),
    )
    @app_commands.guild_only()
    @app_commands.rename(game=command_name("commands.leaderboard.names.game"))
    @app_commands.describe(game=command_text("commands.leaderboard.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        """/leaderboard [game] (the channel's game if not given: its table's, else the server's default)"""
        guild_id = guild_id_of(interaction)
        if game is None:
            spec = service_for(self.bot).game_of_channel(interaction.channel_id, guild_id)
        else:
            spec = offered_game(game)
        with readable():
            page = await storage_of(self.bot).ratings.rating_board(guild_id, spec.name, 0, PAGE_SIZE)
        spec_shown = leaderboard_message(page, guild_id)
        await send_ephemeral(interaction, spec_shown)


async def setup(bot: commands.Bot) -> None:
    """Load the stats cog."""
    await bot.add_cog(Stats(bot))
