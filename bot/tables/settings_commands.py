"""The ``/settings`` subcommands of the tables: a server's choices, stored so that they outlive
a restart. Today: ``/settings images on|off`` (pictures of the cards, the table and the scores,
or text-only tables)."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.messages.replies import send_ephemeral
from bot.tables.answer import in_time
from bot.tables.interactions import is_admin
from bot.tables.pictures import ImageSettings
from host.catalog import lazy
from host.errors import UserError
from host.journal import GameJournal
from host.storage import StorageUnavailable

log = logging.getLogger(__name__)


class SettingsCommands:
    """Runs ``/settings`` for one bot (for those who may manage the server)."""

    def __init__(self, journal: GameJournal, images: ImageSettings) -> None:
        self.journal = journal
        self.images = images

    async def set_images(self, interaction: discord.Interaction[Any], on: bool) -> None:
        """/settings images: whether this server's tables show pictures. Stored first, then
        used from the next message on (a table message drops its picture at its next edit).
        Answered in the manager's language."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise UserError(lazy("settings_images.in_a_server"))
        if not is_admin(interaction):
            raise UserError(lazy("settings_images.managers_only"))
        if self.journal.storage is not None:
            try:
                stored = self.journal.store_setting(lambda to: to.settings.set_images(guild_id, on))
                await in_time(interaction, stored)  # queued behind the writes
            except StorageUnavailable as exc:
                log.warning("Could not store server %s's pictures setting: %s", guild_id, exc.detail)
                raise UserError(lazy("settings_images.not_saved")) from exc
        self.images.set(guild_id, on)
        await send_ephemeral(interaction, lazy("settings_images.on") if on else lazy("settings_images.off"))
