"""Answering interactions privately, whatever state the interaction is in."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.tables.languages import reader_language
from bot.tables.payload import send_kwargs
from host.catalog import Words
from tabletop.pictures import Picture
from tabletop.presentation import Message

log = logging.getLogger(__name__)


async def send_ephemeral(
    interaction: discord.Interaction[Any],
    message: Message | Words,
    drawn: Picture | None = None,
    **kwargs: Any,
) -> int | None:
    """Send ``message`` (a plain text is a message of that content) so that only the user of
    ``interaction`` sees it, with ``drawn`` (its picture drawn) as a file, in their language:
    through the one converter (:func:`bot.tables.payload.send_kwargs`), which fills in every
    catalog text in it (:func:`bot.tables.languages.reader_language`) and clips it to Discord's
    limits (:mod:`bot.messages.limits`). ``kwargs`` go to ``send`` as they are (a file to
    download).

    Uses the initial response when it is still open and a follow-up otherwise, so callers need not
    know whether the interaction was deferred (a public "thinking" message is removed first). An
    interaction that Discord no longer accepts (it expired, or the user's client went away) is
    logged and otherwise ignored: there is nobody left to tell.

    Returns the id of the private message when it is the interaction's first answer and Discord
    said it (its interaction can edit it later), else None.
    """
    shown = message if isinstance(message, Message) else Message(message)
    payload = send_kwargs(shown, drawn, language=reader_language(interaction)) | kwargs
    try:
        if not interaction.response.is_done():
            sent = await interaction.response.send_message(ephemeral=True, **payload)
            return sent.message_id if sent is not None else None
        if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            # After a public defer, Discord fills the public "thinking" message with the first
            # follow-up whatever its flags: remove it so the reply stays private.
            original = await interaction.original_response()
            if not original.flags.ephemeral:
                await interaction.delete_original_response()
        await interaction.followup.send(ephemeral=True, **payload)
    except discord.NotFound:
        log.warning("Could not answer interaction %s: it expired before the reply", interaction.id)
    except discord.HTTPException as exc:
        log.warning("Could not answer interaction %s: %s", interaction.id, exc)
    return None
