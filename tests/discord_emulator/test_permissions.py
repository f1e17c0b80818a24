"""One permission model: the bot's cache, interactions' app_permissions and REST answers agree."""

from __future__ import annotations

import discord
import pytest

from . import Emulator, EmulatorUsageError, run_client
from .state import DEFAULT_MEMBER_PERMISSIONS
from .support import TreeClient, make_scene

MANAGE_GUILD = 1 << 5


class PermissionReporter(TreeClient):
    """A client whose /perm command records what the interaction says about permissions."""

    def __init__(self) -> None:
        super().__init__()
        self.app_permissions: list[discord.Permissions] = []
        self.user_permissions: list[discord.Permissions] = []

        @self.tree.command(name="perm", description="report permissions")
        async def perm(interaction: discord.Interaction) -> None:
            self.app_permissions.append(interaction.app_permissions)
            self.user_permissions.append(interaction.permissions)
            await interaction.response.send_message("noted", ephemeral=True)


async def test_cache_interactions_and_rest_agree_on_the_bots_permissions(
    emulator: Emulator,
) -> None:
    scene = make_scene(emulator)
    client = PermissionReporter()
    driver = emulator.driver

    def cached() -> tuple[discord.TextChannel, discord.Permissions]:
        guild = client.get_guild(scene.guild.id)
        assert guild is not None
        channel = guild.get_channel(scene.general.id)
        assert isinstance(channel, discord.TextChannel)
        return channel, channel.permissions_for(guild.me)

    async def app_permissions() -> discord.Permissions:
        await (await driver.slash(scene.alice, scene.general, "perm")).response()
        return client.app_permissions[-1]

    async with run_client(emulator, client):
        guild = client.get_guild(scene.guild.id)
        assert guild is not None and guild.default_role.permissions.value == (
            DEFAULT_MEMBER_PERMISSIONS
        )
        channel, allowed = cached()
        assert allowed.send_messages and allowed.embed_links and allowed.view_channel
        assert allowed.value == emulator.permissions_in(scene.general)
        assert (await app_permissions()).value == allowed.value
        await channel.send("allowed")

        emulator.set_bot_can_send(scene.general, False)
        await driver.wait_until(lambda: not cached()[1].send_messages, 5, "CHANNEL_UPDATE")
        channel, denied = cached()
        assert not denied.embed_links and not denied.attach_files  # implicitly denied too
        assert denied.view_channel and denied.read_message_history
        assert denied.value == emulator.permissions_in(scene.general)
        assert (await app_permissions()).value == denied.value
        with pytest.raises(discord.Forbidden) as info:
            await channel.send("refused")
        assert info.value.code == 50013

        emulator.set_bot_can_send(scene.general, True)
        await driver.wait_until(lambda: cached()[1].send_messages, 5, "CHANNEL_UPDATE")
        channel, restored = cached()
        assert restored.value == allowed.value
        assert (await app_permissions()).value == allowed.value
        await channel.send("allowed again")
    assert [m.content for m in driver.channel_messages(scene.general)] == [
        "allowed",
        "allowed again",
    ]


async def test_member_permissions_come_from_everyone_and_a_role(emulator: Emulator) -> None:
    scene = make_scene(emulator)
    moderator = emulator.add_user("moderator")
    emulator.add_member(
        scene.guild, moderator, permissions=DEFAULT_MEMBER_PERMISSIONS | MANAGE_GUILD
    )
    client = PermissionReporter()
    async with run_client(emulator, client):
        for user in (scene.alice, moderator):
            await (await emulator.driver.slash(user, scene.general, "perm")).response()
        guild = client.get_guild(scene.guild.id)
        assert guild is not None
        role_permissions = {role.name: role.permissions.value for role in guild.roles}
    alice, mod = client.user_permissions
    assert alice.value == DEFAULT_MEMBER_PERMISSIONS and not alice.manage_guild
    assert mod.manage_guild and mod.value == DEFAULT_MEMBER_PERMISSIONS | MANAGE_GUILD
    assert role_permissions["@everyone"] == DEFAULT_MEMBER_PERMISSIONS
    assert MANAGE_GUILD in role_permissions.values()


def test_revoking_send_in_a_dm_is_a_test_mistake(emulator: Emulator) -> None:
    alice = emulator.add_user("alice")
    with pytest.raises(EmulatorUsageError):
        emulator.set_bot_can_send(emulator.dm_channel(alice), False)
