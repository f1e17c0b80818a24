"""The real bot process (`python -m bot`) against the emulator: run, forced sync, a refused token."""

from __future__ import annotations

import signal
from pathlib import Path

from tests.discord_emulator import Emulator
from tests.e2e.bot_process import BotProcess, process_env
from tests.e2e.process_game import TOKEN

OTHER_TOKEN = "OTg3NjU0MzIxMDk4NzY1NDMy.GzYxWv.ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210zy"
GUILD_SYNC_ROUTE = "/applications/{application_id}/guilds/{guild_id}/commands"


def assert_clean_log(log: str) -> None:
    """The child's log has no traceback, no ERROR line and no token: the emulator can't see its logs."""
    assert "Traceback" not in log, log
    assert " ERROR " not in log, log
    assert TOKEN not in log


async def test_process_starts_answers_and_stops_on_sigterm(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    emu = discord_emulator
    guild = emu.add_guild("Game night")
    channel = emu.add_text_channel(guild, "cards")
    alice = emu.add_user("alice")
    emu.add_member(guild, alice)

    bot = await BotProcess.start(process_env(emu, tmp_path), cwd=tmp_path)
    await bot.wait_for_log("Invite the bot to a server with: https://discord.com/oauth2/authorize?client_id=")
    response = await (await emu.driver.slash(alice, channel, "rules")).response(timeout=10)
    assert response.embeds[0].title == "Stick'em: the rules in a minute"

    bot.process.send_signal(signal.SIGTERM)
    assert await bot.finish() == 0, bot.log
    assert f"Synced {len(emu.world.global_commands)} slash commands to all servers (global)" in bot.log
    assert "voice will NOT be supported" not in bot.log
    assert_clean_log(bot.log)


async def test_sync_command_forces_a_guild_sync_and_exits(discord_emulator: Emulator, tmp_path: Path) -> None:
    emu = discord_emulator
    guild = emu.add_guild("Dev server")
    for _ in range(2):  # forced: the second run syncs although nothing changed
        bot = await BotProcess.start(
            process_env(emu, tmp_path), "sync", "--guild", str(guild.id), cwd=tmp_path
        )
        assert await bot.finish() == 0, bot.log
        assert_clean_log(bot.log)
    assert [c.method for c in emu.rest_calls if c.route == GUILD_SYNC_ROUTE] == ["PUT", "PUT"]
    assert "rules" in {command.name for command in emu.world.guild_commands[guild.id]}
    assert not emu.world.global_commands


async def test_refused_token_is_explained_without_a_traceback(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    bot = await BotProcess.start(
        process_env(discord_emulator, tmp_path, DISCORD_TOKEN=OTHER_TOKEN), cwd=tmp_path
    )
    assert await bot.finish() == 2
    assert "Discord refused the token in DISCORD_TOKEN" in bot.log
    assert "Traceback" not in bot.log
    assert OTHER_TOKEN not in bot.log


async def test_sync_to_a_server_without_the_bot_is_explained(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    bot = await BotProcess.start(
        process_env(discord_emulator, tmp_path), "sync", "--guild", "987654321098765432", cwd=tmp_path
    )
    assert await bot.finish() == 2
    assert "refused to register the slash commands" in bot.log
    assert "applications.commands" in bot.log
    assert "Traceback" not in bot.log
    assert [p.kind for p in discord_emulator.pop_problems()] == ["http-error"]


async def test_global_sync_removes_the_development_copies(discord_emulator: Emulator, tmp_path: Path) -> None:
    emu = discord_emulator
    guild = emu.add_guild("Dev server")
    env = process_env(emu, tmp_path, DEV_GUILD_ID=str(guild.id))
    first = await BotProcess.start(env, "sync", cwd=tmp_path)  # DEV_GUILD_ID: the guild only
    assert await first.finish() == 0, first.log
    assert emu.world.guild_commands[guild.id] and not emu.world.global_commands

    second = await BotProcess.start(env, "sync", "--global", cwd=tmp_path)
    assert await second.finish() == 0, second.log
    assert_clean_log(second.log)
    assert "rules" in {command.name for command in emu.world.global_commands}
    assert emu.world.guild_commands.get(guild.id, []) == []  # no command shown twice in the guild
    state = (tmp_path / "command-sync.json").read_text()
    assert str(guild.id) not in state and "global" in state
