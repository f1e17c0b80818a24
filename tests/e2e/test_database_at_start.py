"""The real bot process refuses to start without a usable database: one paragraph, exit code 2.

The other refusals (bad URL, newer schema, unreachable server) go through the same code in
`bot.__main__`; tests/bot/test_main_database.py checks them without starting a process."""

from __future__ import annotations

from pathlib import Path

from tests.discord_emulator import Emulator
from tests.e2e.bot_process import BotProcess, process_env


async def refused_start(emu: Emulator, folder: Path, url: str) -> str:
    """Start the bot on ``url``, expect exit code 2 and no traceback; its log."""
    bot = await BotProcess.start(process_env(emu, folder, DATABASE_URL=url), cwd=folder)
    assert await bot.finish() == 2, bot.log
    assert "Traceback" not in bot.log, bot.log
    return bot.log


async def test_missing_folder(discord_emulator: Emulator, tmp_path: Path) -> None:
    log = await refused_start(discord_emulator, tmp_path, f"sqlite:///{tmp_path}/missing/games.sqlite3")
    assert "stickem-bot: The game database" in log and "cannot be opened" in log
    assert "does not exist" in log
