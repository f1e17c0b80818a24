"""Helpers shared by the emulator's own tests: a small world and small test clients."""

from __future__ import annotations

from dataclasses import dataclass

import discord
from discord import app_commands

from .emulator import Emulator
from .state import Channel, Guild, User


@dataclass
class Scene:
    """A guild with a #general channel and two members, alice and bob."""

    guild: Guild
    general: Channel
    alice: User
    bob: User


def make_scene(emu: Emulator) -> Scene:
    """Build the default scene in ``emu``."""
    guild = emu.add_guild("Test Guild")
    general = emu.add_text_channel(guild, "general")
    alice = emu.add_user("alice")
    bob = emu.add_user("bob")
    emu.add_member(guild, alice)
    emu.add_member(guild, bob)
    return Scene(guild, general, alice, bob)


class TreeClient(discord.Client):
    """A plain ``discord.Client`` with a command tree synced globally in ``setup_hook``."""

    def __init__(
        self, *, intents: discord.Intents | None = None, sync_guild: Guild | None = None
    ) -> None:
        super().__init__(intents=intents if intents is not None else discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.sync_guild = sync_guild
        self.synced: list[app_commands.AppCommand] = []

    async def setup_hook(self) -> None:
        """Sync the commands like a real bot does at start-up."""
        if self.sync_guild is not None:
            target = discord.Object(id=self.sync_guild.id)
            self.tree.copy_global_to(guild=target)
            self.synced = await self.tree.sync(guild=target)
        else:
            self.synced = await self.tree.sync()
