"""Answering interactions privately, whatever state the interaction is in."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.messages import limits
from bot.tables.languages import reader_language
from host.catalog import Words, render

log = logging.getLogger(__name__)


async def send_ephemeral(interaction: discord.Interaction[Any], content: Words, **kwargs: Any) -> None:
    """Send `content` so that only the user of `interaction` sees it, in their language (a
    catalog text is filled in in it: :func:`bot.tables.languages.reader_language`).

    Uses the initial response when it is still open and a follow-up otherwise, so callers need not
    know whether the interaction was deferred (a public "thinking" message is removed first). An
    interaction that Discord no longer accepts (it expired, or the user's client went away) is
    logged and otherwise ignored: there is nobody left to tell. ``content`` is clipped to
    Discord's limit (:mod:`bot.messages.limits`).
    """
    content = limits.clip(render(content, reader_language(interaction)), limits.CONTENT)
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(content, ephemeral=True, **kwargs)
            return
        if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            # After a public defer, Discord fills the public "thinking" message with the first
            # follow-up whatever its flags: remove it so the reply stays private.
            original = await interaction.original_response()
            if not original.flags.ephemeral:
                await interaction.delete_original_response()
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    except discord.NotFound:
        log.warning("Could not answer interaction %s: it expired before the reply", interaction.id)
    except discord.HTTPException as exc:
        log.warning("Could not answer interaction %s: %s", interaction.id, exc)
