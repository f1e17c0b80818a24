"""The Discord side of the release fixture: ``discord.json`` put back into a fresh emulator.

``make_fixture.py`` saved what the release's bot left on Discord (its server, channels, members,
DM channels and messages, with their ids); :func:`release_emulator` builds an emulator holding
the same objects under the same ids, the bot user included, so that the ids in the release's
database and in the custom ids of its messages mean the same things again.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.boot.app import StickemBot
from bot.tables.service import service_for
from host.storage import Storage
from host.tables import Table
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import Channel, Guild, Message, User

FOLDER = Path(__file__).parent
DATABASE = FOLDER / "release.sqlite3"
STATE = FOLDER / "discord.json"


def saved_state(folder: Path = FOLDER) -> dict[str, Any]:
    """The saved emulator state (``discord.json``) of the fixture in ``folder``."""
    data = json.loads((folder / STATE.name).read_text())
    assert isinstance(data, dict)
    return data


def release_rows(query: str, folder: Path = FOLDER) -> list[tuple[Any, ...]]:
    """Rows of a query on the release's database of the fixture in ``folder`` (opened
    read-only: never written)."""
    database = folder / DATABASE.name
    with sqlite3.connect(f"file:{database}?mode=ro&immutable=1", uri=True) as conn:
        return list(conn.execute(query))


@dataclass
class ReleaseWorld:
    """The recreated objects, by the names the fixture uses."""

    emu: Emulator
    guild: Guild
    users: dict[str, User]
    channels: dict[str, Channel]
    messages: dict[int, Message] = field(default_factory=dict)
    """Every restored message, by id."""

    def dm_messages(self, name: str) -> list[Message]:
        """The restored DMs of a user, oldest first."""
        dm = self.emu.dm_channel(self.users[name])
        return [m for m in self.messages.values() if m.channel_id == dm.id]

    def channel_messages(self, name: str) -> list[Message]:
        """The restored messages of a channel, oldest first."""
        channel_id = self.channels[name].id
        return [m for m in self.messages.values() if m.channel_id == channel_id]


def release_emulator(state: dict[str, Any]) -> ReleaseWorld:
    """A new (not yet started) emulator holding the saved state under its ids."""
    bot = state["bot"]
    emu = Emulator(bot_name=bot["name"], bot_id=bot["id"])
    users: dict[int, User] = {bot["id"]: emu.bot_user}
    for saved in state["users"]:
        users[saved["id"]] = emu.add_user(
            saved["name"], dms_open=saved["dms_open"], bot=saved["bot"], ident=saved["id"]
        )
    (saved_guild,) = state["guilds"]
    guild = emu.add_guild(saved_guild["name"], owner=users[saved_guild["owner_id"]], ident=saved_guild["id"])
    channels = {
        c["name"]: emu.add_text_channel(guild, c["name"], ident=c["id"]) for c in saved_guild["channels"]
    }
    for member in saved_guild["members"]:
        if member["user_id"] not in guild.members:  # the owner and the bot are members already
            emu.add_member(guild, users[member["user_id"]], permissions=member["permissions"])
    where = {c.id: c for c in channels.values()}
    for saved in state["dm_channels"]:
        dm = emu.dm_channel(users[saved["recipient_id"]], ident=saved["id"])
        where[dm.id] = dm
    world = ReleaseWorld(emu, guild, {u.name: u for u in users.values()}, channels)
    for saved in state["messages"]:
        world.messages[saved["id"]] = emu.restore_message(
            where[saved["channel_id"]],
            users[saved["author_id"]],
            ident=saved["id"],
            content=saved["content"],
            embeds=saved["embeds"],
            components=saved["components"],
            edited=saved["edited"],
        )
    return world


@dataclass
class Upgraded:
    """The new bot running on a release's database and Discord state."""

    world: ReleaseWorld
    bot: StickemBot
    database: Path
    """The bot's copy of the release's database."""

    def table(self, name: str) -> Table:
        """The bot's table of the fixture's channel ``name``."""
        table = service_for(self.bot).registry.get(self.world.channels[name].id)
        assert table is not None, f"no table at #{name}"
        return table

    def user(self, name: str) -> User:
        """A user of the fixture."""
        return self.world.users[name]

    @property
    def storage(self) -> Storage:
        """The bot's storage."""
        assert self.bot.storage is not None
        return self.bot.storage
