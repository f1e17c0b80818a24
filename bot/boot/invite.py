"""The invite link a self-hoster uses to add the bot to a server, with exactly the permissions it uses."""

from __future__ import annotations

import discord

INVITE_SCOPES: tuple[str, ...] = ("bot", "applications.commands")

PERMISSION_REASONS: dict[str, str] = {
    "view_channel": "see the channel a table is in",
    "send_messages": "post the lobby, the table message and the scores",
    "send_messages_in_threads": "the same when a table is opened in a thread",
    "embed_links": "scores, standings and /rules are embeds",
}
"""Each channel permission the bot asks for (discord.py's name) and what it is used for.

Nothing that moderates, manages or mentions everyone. The bot edits only its own messages (by
id, which needs no history permission) and sends no files."""

REQUIRED_PERMISSIONS = discord.Permissions(**dict.fromkeys(PERMISSION_REASONS, True))
"""The permissions of `PERMISSION_REASONS`."""


def permission_name(name: str) -> str:
    """How Discord's settings spell a permission: ``send_messages`` -> ``Send Messages``."""
    return name.replace("_", " ").title()


def invite_url(application_id: int) -> str:
    """The OAuth2 URL that adds the bot with its slash commands and permissions."""
    return discord.utils.oauth_url(application_id, permissions=REQUIRED_PERMISSIONS, scopes=INVITE_SCOPES)
