"""The driver's reading helpers and bounded waits, and a commands.Bot with cogs and a tree
error handler (the shape of our real bot)."""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from . import Emulator, EmulatorTimeout, EmulatorUsageError, run_client
from .support import Scene, TreeClient, make_scene


@pytest.fixture
def scene(emulator: Emulator) -> Scene:
    return make_scene(emulator)


class ReportingTree(app_commands.CommandTree[commands.Bot]):
    """Answers failed commands with an ephemeral apology, like our bot's tree does."""

    async def on_error(
        self, interaction: discord.Interaction[commands.Bot], error: app_commands.AppCommandError
    ) -> None:
        await interaction.response.send_message(f"Sorry: {error}", ephemeral=True)


class Lobby(commands.Cog):
    """A cog with slash commands."""

    def __init__(self) -> None:
        self.players: list[str] = []

    @app_commands.command(description="Join the lobby")
    async def join(self, interaction: discord.Interaction) -> None:
        self.players.append(interaction.user.name)
        await interaction.response.send_message(f"{interaction.user.mention} joined")

    @app_commands.command(description="Needs a full lobby")
    async def start(self, interaction: discord.Interaction) -> None:
        if len(self.players) < 3:
            raise app_commands.AppCommandError("need at least 3 players")
        await interaction.response.send_message("starting")


class CogBot(commands.Bot):
    """A commands.Bot that loads its cog and syncs in setup_hook."""

    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            tree_cls=ReportingTree,
        )
        self.lobby = Lobby()

    async def setup_hook(self) -> None:
        await self.add_cog(self.lobby)
        await self.tree.sync()


async def test_commands_bot_with_cog_and_tree_error_handler(
    emulator: Emulator, scene: Scene
) -> None:
    bot = CogBot()
    driver = emulator.driver
    async with run_client(emulator, bot):
        joined = await (await driver.slash(scene.alice, scene.general, "join")).response()
        assert joined.content == f"{scene.alice.mention} joined"
        refused = await (await driver.slash(scene.bob, scene.general, "start")).response()
    assert refused.ephemeral and refused.content == "Sorry: need at least 3 players"
    assert driver.ephemeral_for(scene.bob) == [refused.message]
    assert bot.lobby.players == ["alice"]


async def test_slash_command_in_a_dm(emulator: Emulator, scene: Scene) -> None:
    client = TreeClient()
    seen: list[tuple[str, bool]] = []

    @client.tree.command(description="where am I")
    async def where(interaction: discord.Interaction) -> None:
        seen.append((interaction.user.name, isinstance(interaction.channel, discord.DMChannel)))
        await interaction.response.send_message("in your DMs")

    async with run_client(emulator, client):
        response = await (await emulator.driver.slash(scene.alice, None, "where")).response()
    assert seen == [("alice", True)]
    assert emulator.driver.dm_messages(scene.alice) == [response.message]


async def test_waits_are_bounded_and_new_only_ignores_old_messages(
    emulator: Emulator, scene: Scene
) -> None:
    client = TreeClient()
    driver = emulator.driver
    async with run_client(emulator, client):
        channel = client.get_channel(scene.general.id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send("old")
        assert (await driver.wait_for_message(scene.general)).content == "old"
        loop = asyncio.get_running_loop()
        started = loop.time()
        with pytest.raises(EmulatorTimeout, match="channel #general"):
            await driver.wait_for_message(scene.general, new_only=True, timeout=0.2)
        assert loop.time() - started < 1.0

        async def later() -> None:
            await asyncio.sleep(0.05)
            await channel.send("new")

        task = asyncio.create_task(later())
        fresh = await driver.wait_for_message(scene.general, new_only=True, timeout=5)
        await task
        assert fresh.content == "new"
        assert driver.last_message(scene.general) is fresh
        assert driver.last_message(scene.alice) is None


async def test_driver_needs_a_connected_bot(emulator: Emulator, scene: Scene) -> None:
    with pytest.raises(EmulatorUsageError, match="no bot is connected"):
        await emulator.driver.slash(scene.alice, scene.general, "join")


@pytest.mark.emulator_problems_expected
async def test_unsent_response_after_client_close_is_reported(
    emulator: Emulator, scene: Scene
) -> None:
    client = TreeClient()

    @client.tree.command(description="never answers")
    async def hang(interaction: discord.Interaction) -> None:
        await asyncio.sleep(30)

    async with run_client(emulator, client):
        await emulator.driver.slash(scene.alice, scene.general, "hang")
    await emulator.stop()
    assert [p.message for p in emulator.problems] == [
        "/hang by alice was still unanswered when the emulator stopped"
    ]
