"""The real StickemBot against the Discord emulator: start-up, command sync, /rules, errors."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.boot.app import StickemBot
from bot.boot.config import Settings
from bot.tables.pictures import DRAWING_WORKERS
from bot.tables.service import service_for
from host.errors import UserError
from tests.discord_emulator import Emulator, run_client

GLOBAL_SYNC = "PUT /applications/{application_id}/commands"
GUILD_SYNC = "PUT /applications/{application_id}/guilds/{guild_id}/commands"


def _bot(emulator: Emulator, data_dir: Path, **settings: Any) -> StickemBot:
    threads: dict[str, Any] = {"bot_workers": 0, "drawing_workers": 0}  # see seat_helpers.seat_bot
    return StickemBot(Settings(token=emulator.token, data_dir=data_dir, **(threads | settings)))


class FailingCog(commands.Cog):
    """Commands that fail on purpose, to exercise the tree's error handler."""

    @app_commands.command(name="oops", description="fails the way users can fix")
    async def oops(self, interaction: discord.Interaction[Any]) -> None:
        raise UserError("Only the table's host can do that.")

    @app_commands.command(name="boom", description="fails like a bug")
    async def boom(self, interaction: discord.Interaction[Any]) -> None:
        raise RuntimeError("a bug with a secret detail")


async def test_first_start_syncs_globally_and_a_restart_does_not(emulator: Emulator, tmp_path: Path) -> None:
    async with run_client(emulator, _bot(emulator, tmp_path)) as client:
        assert isinstance(client, StickemBot) and client.synced_on_start
    assert len(emulator.calls(GLOBAL_SYNC)) == 1
    assert {command.name for command in emulator.world.global_commands} >= {"rules"}
    assert (tmp_path / "command-sync.json").exists()

    async with run_client(emulator, _bot(emulator, tmp_path)) as client:
        assert isinstance(client, StickemBot) and not client.synced_on_start
    assert len(emulator.calls(GLOBAL_SYNC)) == 1


async def test_the_drawing_workers_setting_reaches_the_painter(emulator: Emulator, tmp_path: Path) -> None:
    """``drawing_workers=0`` (the tests' bots): the painter draws in its drawing thread; unset
    (as `python -m bot` runs), in its worker processes, as many as the painter's default."""
    async with run_client(emulator, _bot(emulator, tmp_path)) as client:
        assert service_for(client).painter.workers is None
    async with run_client(emulator, _bot(emulator, tmp_path, drawing_workers=None)) as client:
        workers = service_for(client).painter.workers
        assert workers is not None and workers.processes == DRAWING_WORKERS


async def test_changed_commands_are_synced_again(emulator: Emulator, tmp_path: Path) -> None:
    async with run_client(emulator, _bot(emulator, tmp_path)):
        pass
    changed = _bot(emulator, tmp_path)
    await changed.add_cog(FailingCog())
    async with run_client(emulator, changed):
        pass
    assert len(emulator.calls(GLOBAL_SYNC)) == 2
    assert {"rules", "oops", "boom"} <= {command.name for command in emulator.world.global_commands}


async def test_dev_guild_gets_the_commands_instantly(emulator: Emulator, tmp_path: Path) -> None:
    guild = emulator.add_guild("Dev server")
    async with run_client(emulator, _bot(emulator, tmp_path, dev_guild_id=guild.id)):
        pass
    assert len(emulator.calls(GUILD_SYNC)) == 1
    assert len(emulator.calls(GLOBAL_SYNC)) == 0
    assert "rules" in {command.name for command in emulator.world.guild_commands[guild.id]}


async def test_rules_is_private_unless_asked_public(emulator: Emulator, tmp_path: Path) -> None:
    guild = emulator.add_guild("Game night")
    channel = emulator.add_text_channel(guild, "cards")
    alice = emulator.add_user("alice")
    emulator.add_member(guild, alice)
    async with run_client(emulator, _bot(emulator, tmp_path)):
        private = await (await emulator.driver.slash(alice, channel, "rules")).response()
        assert private.ephemeral
        assert private.embeds[0].title == "Stick'em: the rules in a minute"
        assert "**red 11**" in private.embeds[0].text

        public = await (await emulator.driver.slash(alice, channel, "rules", public=True)).response()
        assert not public.ephemeral
        assert public.embeds[0].title == "Stick'em: the rules in a minute"

        in_dm = await (await emulator.driver.slash(alice, None, "rules")).response()
        assert in_dm.embeds[0].title == "Stick'em: the rules in a minute"


async def test_rules_names_the_game_or_follows_the_channels_table(emulator: Emulator, tmp_path: Path) -> None:
    """/rules game:<name> shows that game's rules; without a game, those of the channel's table
    (here a Stick Game lobby), elsewhere the default game's."""
    guild = emulator.add_guild("Game night")
    cards, other = emulator.add_text_channel(guild, "cards"), emulator.add_text_channel(guild, "other")
    alice = emulator.add_user("alice")
    emulator.add_member(guild, alice)
    async with run_client(emulator, _bot(emulator, tmp_path)):
        stupid = await (await emulator.driver.slash(alice, other, "rules", game="stupid")).response()
        assert stupid.ephemeral and stupid.embeds[0].title == "Stupid: the rules in a minute"
        joined = await (await emulator.driver.slash(alice, cards, "join", game="stickgame")).response()
        assert "Stick Game" in joined.content, joined.content
        here = await (await emulator.driver.slash(alice, cards, "rules")).response()
        assert here.embeds[0].title == "Stick Game: the rules in short"
        elsewhere = await (await emulator.driver.slash(alice, other, "rules")).response()
        assert elsewhere.embeds[0].title == "Stick'em: the rules in a minute"


async def test_error_handler_explains_or_gives_a_reference(emulator: Emulator, tmp_path: Path) -> None:
    guild = emulator.add_guild("Game night")
    channel = emulator.add_text_channel(guild, "cards")
    bob = emulator.add_user("bob")
    emulator.add_member(guild, bob)
    bot = _bot(emulator, tmp_path)
    await bot.add_cog(FailingCog())
    async with run_client(emulator, bot):
        friendly = await (await emulator.driver.slash(bob, channel, "oops")).response()
        assert friendly.ephemeral
        assert friendly.content == "Only the table's host can do that."

        bug = await (await emulator.driver.slash(bob, channel, "boom")).response()
        assert bug.ephemeral
        assert "nothing was changed" in bug.content
        assert "secret detail" not in bug.content
        match = re.search(r"reference: `([A-Z0-9]{6})`", bug.content)
        assert match is not None

    logged = emulator.pop_problems("bot-error")
    assert len(logged) == 1
    assert match.group(1) in logged[0].message
    assert "/boom" in logged[0].message


async def test_refused_dev_guild_sync_is_logged_and_the_bot_starts(
    emulator: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="bot.boot.app"):
        async with run_client(emulator, _bot(emulator, tmp_path, dev_guild_id=987654321098765432)) as client:
            assert client.is_ready()
    refused = emulator.pop_problems("http-error")
    assert len(refused) == 1 and "403" in refused[0].message
    assert any("applications.commands" in record.getMessage() for record in caplog.records)
    assert not (tmp_path / "command-sync.json").exists()  # nothing recorded: it will try again


class DeferringCog(commands.Cog):
    """Commands that defer, then fail the way users can fix."""

    @app_commands.command(name="slowpublic", description="defers publicly, then refuses")
    async def slow_public(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        raise UserError("That table is full.")

    @app_commands.command(name="slowprivate", description="defers privately, then refuses")
    async def slow_private(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True)
        raise UserError("That table is full.")


async def test_errors_after_a_defer_stay_private(emulator: Emulator, tmp_path: Path) -> None:
    guild = emulator.add_guild("Game night")
    channel = emulator.add_text_channel(guild, "cards")
    carol = emulator.add_user("carol")
    emulator.add_member(guild, carol)
    bot = _bot(emulator, tmp_path)
    await bot.add_cog(DeferringCog())
    async with run_client(emulator, bot):
        for count, command in enumerate(("slowpublic", "slowprivate"), start=1):
            await (await emulator.driver.slash(carol, channel, command)).response()
            await emulator.driver.wait_until(
                lambda n=count: (
                    len([m for m in emulator.driver.ephemeral_for(carol) if "table is full" in m.content])
                    == n
                    or None
                ),
                what=f"the private refusal of /{command}",
            )
            public = [
                m for m in emulator.driver.channel_messages(channel) if not m.deleted and not m.ephemeral
            ]
            assert not any("table is full" in m.content for m in public), command
            assert all(m.loading is False for m in public)  # no "thinking..." left behind
