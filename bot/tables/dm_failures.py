"""A DM to a seat that Discord refused or failed: what the courier makes of it.

Closed DMs (403 with Discord's code 50007) are noted in the message book and announced in the
table's channel, with a mention of the player (and whether the player left the server); any
other failure is logged, and the caller mentions the player for that one prompt only.
"""

from __future__ import annotations

import logging
from typing import Literal, Protocol

import discord

from bot.tables import host_messages as render
from bot.tables.languages import Languages
from bot.tables.message_book import MessageBook
from host.catalog import render as render_text
from host.tables import Table
from tabletop.presentation import Message

log = logging.getLogger(__name__)

DmResult = Literal["sent", "refused", "failed"]
"""What became of a DM (:meth:`bot.tables.courier.Courier.dm`)."""
DMS_CLOSED = 50007
"""Discord's error code for "Cannot send messages to this user" (closed DMs, no shared server)."""


class Say(Protocol):
    """Posts a message in a table's channel, pinging one user (:meth:`Courier.say`)."""

    async def __call__(self, table: Table, spec: Message, *, ping: int | None = None) -> object: ...


async def dm_failed(
    client: discord.Client,
    book: MessageBook,
    languages: Languages,
    say: Say,
    table: Table,
    user_id: int,
    exc: discord.HTTPException,
) -> DmResult:
    """A DM to ``user_id`` at ``table`` failed with ``exc``: "refused" (closed DMs: noted in the
    book, announced in the channel through ``say``) or "failed" (logged)."""
    if isinstance(exc, discord.Forbidden):
        if exc.code != DMS_CLOSED:
            log.warning("Could not DM a player at table %s: %s", table.channel_id, exc)
            return "failed"
        log.info("DMs refused for a player at table %s (%s)", table.channel_id, exc.code)
        book.of(table).dm_closed.add(user_id)
        left = await has_left(client, table, user_id)
        language = languages.of_channel(table)
        notice = render_text(render.dm_refused_notice(user_id, left_server=left), language)
        await say(table, Message(notice), ping=user_id)
        return "refused"
    log.warning("Could not DM a player at table %s: %s", table.channel_id, exc)
    return "failed"


async def has_left(client: discord.Client, table: Table, user_id: int) -> bool:
    """Whether ``user_id`` is known to have left the table's server (one REST look-up,
    :meth:`discord.Guild.fetch_member`: the bot has no member events; a server the bot does
    not see any more tells nothing)."""
    guild = client.get_guild(table.guild_id) if table.guild_id is not None else None
    if guild is None:
        return False
    try:
        await guild.fetch_member(user_id)
    except discord.NotFound:
        return True
    except discord.HTTPException:
        return False
    return False
