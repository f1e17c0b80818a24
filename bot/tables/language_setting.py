"""``/settings language``: the language a server's tables speak in its channels.

A server manager chooses one of the catalog's languages, or ``auto`` (the server's own Discord
locale again). The choice is stored before it is confirmed, so that it outlives a restart; it
changes only what is posted in the server's channels: everyone's prompts, DMs and private
replies stay in their own language (:mod:`bot.tables.languages`).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from babel import Locale

from bot.messages.replies import send_ephemeral
from bot.tables.answer import in_time
from bot.tables.interactions import is_admin
from bot.tables.languages import AUTO, Languages
from host.catalog import CATALOG, lazy
from host.errors import UserError
from host.storage import StorageUnavailable

log = logging.getLogger(__name__)


def language_name(language: str, reader: str) -> str:
    """A catalog language's name as ``reader`` writes it ("Deutsch", "German", "Englisch")."""
    name = Locale.parse(language, sep="-").get_display_name(Locale.parse(reader, sep="-"))
    return name or language


def language_choices() -> list[tuple[str, str]]:
    """The choices of ``/settings language`` as (name, value): every catalog language by its own
    name ("Deutsch"), then ``auto``. A language added as a file is offered with no code."""
    return [(language_name(code, code), code) for code in CATALOG.languages()] + [(AUTO, AUTO)]


async def set_server_language(
    languages: Languages, interaction: discord.Interaction[Any], choice: str
) -> None:
    """Make ``choice`` (a catalog language or :data:`AUTO`) the language of the server's channel
    messages, for those who may manage the server; confirmed privately, in the server's new
    language's name as the manager reads it."""
    guild_id = interaction.guild_id
    if guild_id is None:
        raise UserError(lazy("settings.language_in_a_server"))
    if not is_admin(interaction):
        raise UserError(lazy("settings.language_managers_only"))
    if choice != AUTO and choice not in CATALOG.languages():
        raise UserError(lazy("settings.language_unknown", languages=", ".join(CATALOG.languages())))
    try:
        # queued behind the writes (and a background one holding the server): maybe past 3 s
        await in_time(interaction, languages.choose(guild_id, None if choice == AUTO else choice))
    except StorageUnavailable as exc:
        log.warning("Could not store server %s's language: %s", guild_id, exc.detail)
        raise UserError(lazy("settings.language_not_saved")) from exc
    reader = languages.of_interaction(interaction)
    name = language_name(languages.of_server(guild_id), reader)
    if choice == AUTO:
        await send_ephemeral(interaction, lazy("settings.language_auto", name=name))
    else:
        await send_ephemeral(interaction, lazy("settings.language_set", name=name))
