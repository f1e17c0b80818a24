"""The invite link a self-hoster uses to add the bot to a server, with exactly the permissions it needs."""

from __future__ import annotations

import discord

INVITE_SCOPES: tuple[str, ...] = ("bot", "applications.commands")

REQUIRED_PERMISSIONS = discord.Permissions(
    view_channel=True,  # see the channel a table is in
    send_messages=True,  # the lobby and table messages
    send_messages_in_threads=True,  # tables may live in threads
    embed_links=True,  # tables, scores and rules are embeds
    attach_files=True,  # card images
    read_message_history=True,  # find and edit the table message again
)
"""Channel permissions the bot needs; nothing that moderates, manages or mentions everyone."""


def invite_url(application_id: int) -> str:
    """The OAuth2 URL that adds the bot with its slash commands and permissions."""
    return discord.utils.oauth_url(application_id, permissions=REQUIRED_PERMISSIONS, scopes=INVITE_SCOPES)
