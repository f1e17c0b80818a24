"""What the tables read of an interaction: its channel, and whether its user manages the server."""

from __future__ import annotations

from typing import Any

import discord

from host.catalog import lazy
from host.tables import TableError


def is_admin(interaction: discord.Interaction[Any]) -> bool:
    """Whether the user may manage the server (and so start or stop any table, and seat or
    remove its computer players)."""
    return bool(interaction.permissions.manage_guild)


def channel_id_of(interaction: discord.Interaction[Any]) -> int:
    """The channel of a slash command run in a server; :class:`TableError` in a DM."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise TableError(lazy("table.not_in_dm"))
    return interaction.channel_id
