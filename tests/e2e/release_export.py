"""What a release's bot left on the emulated Discord, as JSON data for an upgrade fixture.

Used by the scripts that write the upgrade fixtures (``release_v3/make_fixture.py``,
``release_v5/make_fixture.py``). Those scripts run with a release's code first on the path, so
they load this file by its location, and it imports nothing of the project: it reads the
emulator's objects as they are.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any


def _user(user: Any) -> dict[str, Any]:
    return {"id": user.id, "name": user.name, "bot": user.bot, "dms_open": user.dms_open}


def _message(message: Any) -> dict[str, Any]:
    return {
        "id": message.id,
        "channel_id": message.channel_id,
        "author_id": message.author.id,
        "content": message.content,
        "embeds": message.raw_embeds,
        "components": message.raw_components,
        "edited": message.edited_timestamp is not None,
    }


def world_of(emu: Any, channels: dict[str, Any], release: str) -> dict[str, Any]:
    """What the next bot needs of the emulator's state (``emu``): the server, its channels and
    members, the users, the DM channels, every message the bot posted that is still there, which
    channel holds what (``channels``), and the ``release`` that wrote it."""
    world = emu.world
    guilds = []
    for guild in world.guilds.values():
        members = []
        for member in guild.members.values():
            roles = [r for r in guild.roles if r.id in member.role_ids]
            permissions = guild.everyone.permissions
            for role in roles:
                permissions |= role.permissions
            members.append({"user_id": member.user.id, "permissions": permissions})
        guilds.append({
            "id": guild.id,
            "name": guild.name,
            "owner_id": guild.owner_id,
            "channels": [{"id": c.id, "name": c.name} for c in guild.channels],
            "members": members,
        })
    kept = [
        m for m in world.messages.values()
        if m.author.id == emu.bot_user.id and not m.deleted and not m.ephemeral
    ]
    return {
        "release": release,
        "bot": _user(emu.bot_user),
        "users": [_user(u) for u in world.users.values() if u.id != emu.bot_user.id],
        "guilds": guilds,
        "dm_channels": [
            {"id": c.id, "recipient_id": c.recipient_id} for c in world.channels.values() if c.is_dm
        ],
        "tables": {name: channel.id for name, channel in channels.items()},
        "messages": [_message(m) for m in sorted(kept, key=lambda m: m.id)],
    }


def compact_copy(source: Path, target: Path) -> None:
    """Copy an SQLite database as one small file (no journal beside it)."""
    target.unlink(missing_ok=True)
    with sqlite3.connect(source) as conn:
        conn.execute("VACUUM INTO ?", (str(target),))
    conn.close()
