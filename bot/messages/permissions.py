"""Discord permissions by the names each reader's Discord shows them under ("Manage Server",
"Server verwalten"), for the messages that say a permission is missing.

discord.py names a permission as Discord's API does (``manage_guild``); a player knows it from
their Discord's settings, in their language. Named here: every permission that can be missing —
the one the host commands ask of a member (Manage Server) and every one the bot asks for in its
invite (:data:`bot.boot.invite.PERMISSION_REASONS`). Any other is named in English from its API
name, as before.
"""

from __future__ import annotations

from collections.abc import Iterable

from host.catalog import Text, lazy, render, text

PERMISSION_NAMES: dict[str, Text] = {
    "manage_guild": lazy("permissions.manage_guild"),
    "view_channel": lazy("permissions.view_channel"),
    "send_messages": lazy("permissions.send_messages"),
    "send_messages_in_threads": lazy("permissions.send_messages_in_threads"),
    "embed_links": lazy("permissions.embed_links"),
}
"""The name of each permission that can be missing, by discord.py's name of it."""


def permission_names(permissions: Iterable[str], language: str) -> str:
    """The ``permissions`` (discord.py's names) as ``language``'s Discord names them, each as that
    language marks a name, one after the other: "Manage Server", "„Server verwalten“"."""
    named = (text("permissions.named", language=language, name=_name(p, language)) for p in permissions)
    return ", ".join(named)


def _name(permission: str, language: str) -> str:
    known = PERMISSION_NAMES.get(permission)
    if known is None:
        return permission.replace("_", " ").title()
    return render(known, language)
