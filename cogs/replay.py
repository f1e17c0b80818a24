"""The replay cog: /replay [game] steps through a finished game, /history pages through a
table's finished games; both answer privately, and their buttons work after a restart (their
custom ids hold all they need: :mod:`bot.replays.ids`).

A click is answered from the database each time (the game's log replayed: exact, and nothing
kept in memory between clicks). A step of a game that draws pictures carries one (the table
with every hand), drawn by the tables' painter away from the event loop, unless the server
turned pictures off (``/settings images off``); stepping replaces it. A game of another
server, one pruned since, a forged or malformed id: each gets a private answer that says why,
and nothing changes.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.boot.command_text import command_name, command_text
from bot.messages.errors import report_interaction_error
from bot.messages.replies import send_ephemeral
from bot.replays.finding import FoundReplay, find_replay, game_id_of, last_game_id
from bot.replays.history import PAGE_GAMES, game_title, history_message
from bot.replays.ids import HISTORY_TEMPLATE, REPLAY_TEMPLATE, HistoryId, ReplayId
from bot.replays.step_message import ShownReplay, step_message
from bot.runtime.dynamic_items import IdButton, RoutingCog
from bot.tables.answer import Deferral, edit_clicked_message, in_time, picture_in_time
from bot.tables.languages import reader_language
from bot.tables.payload import edit_kwargs, pictured_edit_kwargs
from bot.tables.service import service_for
from cogs.stats import guild_id_of, readable, storage_of
from host.catalog import lazy
from host.errors import UserError
from host.storage import Storage
from tabletop.pictures import Picture
from tabletop.presentation import Message

log = logging.getLogger(__name__)


async def _history_page(storage: Storage, channel_id: int, offset: int) -> Message:
    with readable():
        entries = await storage.stats.history(channel_id, PAGE_GAMES + 1, offset)
    return history_message(entries, offset, PAGE_GAMES)


def _step(found: FoundReplay, step: int, language: str) -> Message:
    """The replay's step ``step``, its picture in ``language`` (its reader's): a step a forged id
    names that the game does not have is a click of no use."""
    steps = found.replay.steps
    if not 0 <= step < len(steps):
        raise UserError(lazy("replay.invalid_button"))
    record = found.record
    shown = ShownReplay(
        game_title(record.game), record.id, found.shown_names, steps, found.art, found.catalog
    )
    return step_message(shown, step, language)


async def _picture(
    interaction: discord.Interaction[Any], spec: Message, started: float, deferral: Deferral = "private"
) -> Picture | None:
    """The step's picture, drawn by the tables' painter (None: none, or pictures off here); the
    interaction deferred as ``deferral`` says if the answer begun at ``started`` (the loop's
    time) is slow, the game's reading included (the 3-second rule:
    :func:`~bot.tables.answer.picture_in_time`)."""
    painter = service_for(interaction.client).painter
    return await picture_in_time(painter, interaction, spec.picture, interaction.guild_id, deferral, started)


async def _refuse(interaction: discord.Interaction[Any]) -> None:
    """Answer a click whose replay or history id is of no use (malformed, forged), privately."""
    data: dict[str, Any] = dict(interaction.data or {})
    log.info("Refused a replay click with an invalid custom id %r", str(data.get("custom_id", ""))[:100])
    await send_ephemeral(interaction, lazy("replay.invalid_button"))


def _download(found: FoundReplay) -> discord.File:
    return discord.File(io.BytesIO(found.export()), filename=found.filename)


class ReplayButton(IdButton[ReplayId], template=REPLAY_TEMPLATE):
    """A button of a replay (first, back, next, last, next round, download) or of /history
    (Replay): the game and the step are in its custom id."""

    id_type = ReplayId
    label = "replay"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the step (a new private message for /history's Replay), or attach the JSON."""
        ident = self.ident
        if ident is None:
            await _refuse(interaction)
            return
        started = asyncio.get_running_loop().time()
        deferral: Deferral = "update" if ident.kind not in ("json", "open") else "private"
        try:
            guild_id = guild_id_of(interaction)
            language = reader_language(interaction)
            # A long game's replay is read and replayed in a thread: up to a second on a busy bot.
            reading = find_replay(storage_of(interaction.client), guild_id, ident.game_id, shown=True)
            found = await in_time(interaction, reading, deferral, started)
            if ident.kind == "json":
                await send_ephemeral(
                    interaction, lazy("replay.download", id=ident.game_id), file=_download(found)
                )
            elif ident.kind == "open":
                spec = _step(found, ident.step, language)
                await send_ephemeral(interaction, spec, await _picture(interaction, spec, started, deferral))
            else:
                spec = _step(found, ident.step, language)
                picture = await _picture(interaction, spec, started, deferral)
                edit = pictured_edit_kwargs(spec, picture, language=language)
                await edit_clicked_message(interaction, edit)  # deferred if it was slow
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="a replay button")


class HistoryButton(IdButton[HistoryId], template=HISTORY_TEMPLATE):
    """Previous / Next of a /history page: the page's offset is in its custom id."""

    id_type = HistoryId
    label = "page"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the page the button points to, in the same message."""
        if self.ident is None or interaction.channel_id is None:
            await _refuse(interaction)
            return
        try:
            guild_id_of(interaction)
            storage = storage_of(interaction.client)
            page = await _history_page(storage, interaction.channel_id, self.ident.offset)
            await interaction.response.edit_message(
                **edit_kwargs(page, language=reader_language(interaction))
            )
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="a history button")


DYNAMIC_ITEMS = (ReplayButton, HistoryButton)


class Replays(RoutingCog):
    """Finished games looked back at: a table's history and any game's replay."""

    dynamic_items = DYNAMIC_ITEMS

    @app_commands.command(
        name=command_name("commands.history.name"), description=command_text("commands.history.description")
    )
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction[Any]) -> None:
        """/history"""
        guild_id_of(interaction)
        assert interaction.channel_id is not None
        page = await _history_page(storage_of(self.bot), interaction.channel_id, 0)
        await send_ephemeral(interaction, page)

    @app_commands.command(
        name=command_name("commands.replay.name"), description=command_text("commands.replay.description")
    )
    @app_commands.rename(game=command_name("commands.replay.names.game"))
    @app_commands.guild_only()
    @app_commands.describe(game=command_text("commands.replay.game"))
    async def replay(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        """/replay [game]"""
        started = asyncio.get_running_loop().time()
        guild_id = guild_id_of(interaction)
        assert interaction.channel_id is not None
        storage = storage_of(self.bot)
        game_id = await last_game_id(storage, interaction.channel_id) if game is None else game_id_of(game)
        found = await in_time(
            interaction, find_replay(storage, guild_id, game_id, shown=False), started=started
        )
        spec = _step(found, 0, reader_language(interaction))
        await send_ephemeral(interaction, spec, await _picture(interaction, spec, started))


async def setup(bot: commands.Bot) -> None:
    """Load the replay cog."""
    await bot.add_cog(Replays(bot))
