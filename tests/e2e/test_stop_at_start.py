"""The real bot process stops at once on SIGTERM or Ctrl-C (SIGINT) while it is still starting:
retrying Discord, waiting for an answer, retrying the database. It exits cleanly (no traceback,
no "Unclosed client session") with code 0 for SIGTERM and 130 for Ctrl-C. Its log, a pipe,
has no colour codes.

And the database is checked before Discord is reached: a bad database is said as such even when
Discord cannot be reached."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from tests.discord_emulator import Emulator
from tests.e2e.bot_process import REPO, BotProcess, process_env
from tests.e2e.process_game import TOKEN
from tests.e2e.test_startup_failures import closed_port, discord_at, refused_start, silent_server

pytestmark = pytest.mark.alone  # how fast the bot stops is timed: no other test beside (tests/alone.py)

EXIT_CODES = {signal.SIGTERM: 0, signal.SIGINT: 130}
PATIENT = {"CONNECT_RETRIES": "10", "CONNECT_RETRY_DELAY": "2", "CONNECT_TIMEOUT": "30"}
"""Retries that would take minutes: only a signal ends the start in time."""

STOP_WITHIN = 2.0
"""Seconds from the signal to the end of the process."""


async def stopped_by(bot: BotProcess, signum: signal.Signals) -> float:
    """Send ``signum`` to the bot; check that it ended cleanly with its exit code; the seconds it took."""
    sent = time.monotonic()
    bot.process.send_signal(signum)
    code = await bot.finish(timeout=20)
    took = time.monotonic() - sent
    assert code == EXIT_CODES[signum], bot.log
    assert "Traceback" not in bot.log and "Unclosed" not in bot.log and " ERROR " not in bot.log, bot.log
    assert f"Stopping ({signum.name})." in bot.log
    assert "\x1b[" not in bot.log  # the log is a pipe: no colours
    return took


async def started_waiting(env: dict[str, str], folder: Path, log_line: str) -> BotProcess:
    """The bot started with ``env``, once it has logged ``log_line``, and at least 1 s after its start."""
    began = time.monotonic()
    bot = await BotProcess.start(env, cwd=folder)
    await bot.wait_for_log(log_line, timeout=30)
    assert bot.process.returncode is None, bot.log
    time.sleep(max(0.0, 1.0 - (time.monotonic() - began)))
    return bot


@pytest.mark.parametrize("after", [0.5, 1.0])
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_signal_at_any_moment_of_the_start_stops_the_bot(
    tmp_path: Path, signum: signal.Signals, after: float
) -> None:
    """Whatever the bot is doing then: loading its modules (which takes about a second), or
    retrying its database. The process runs as in production (no test hook, whose own imports
    would come before the bot's first line); the database is retried for minutes, so Discord
    is never tried."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(REPO),
        "STICKEM_DATA_DIR": str(tmp_path),
        "DISCORD_TOKEN": TOKEN,
        "DATABASE_URL": f"postgresql://stickem:secret@127.0.0.1:{closed_port()}/stickem",
        **PATIENT,
    }
    bot = await BotProcess.start(env, cwd=tmp_path)
    time.sleep(after)
    sent = time.monotonic()
    bot.process.send_signal(signum)
    assert await bot.finish(timeout=20) == EXIT_CODES[signum], bot.log
    assert time.monotonic() - sent < STOP_WITHIN
    assert "Traceback" not in bot.log and "Unclosed" not in bot.log, bot.log
    assert "Discord" not in bot.log


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_signal_stops_the_retries_of_an_unreachable_discord(
    discord_emulator: Emulator, tmp_path: Path, signum: signal.Signals
) -> None:
    env = discord_at(discord_emulator, tmp_path, f"http://127.0.0.1:{closed_port()}/api/v10", **PATIENT)
    bot = await started_waiting(env, tmp_path, "Trying again in 2 s (attempt 2 of 11)")
    assert await stopped_by(bot, signum) < STOP_WITHIN


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_signal_stops_the_wait_for_a_discord_that_does_not_answer(
    discord_emulator: Emulator, tmp_path: Path, signum: signal.Signals
) -> None:
    async with silent_server() as port:
        env = discord_at(discord_emulator, tmp_path, f"http://127.0.0.1:{port}/api/v10", **PATIENT)
        bot = await started_waiting(env, tmp_path, "logging in using static token")
        assert await stopped_by(bot, signum) < STOP_WITHIN


async def test_sigterm_stops_the_retries_of_an_unreachable_database(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    url = f"postgresql://stickem:secret@127.0.0.1:{closed_port()}/stickem"
    env = process_env(discord_emulator, tmp_path, DATABASE_URL=url, **PATIENT)
    bot = await started_waiting(env, tmp_path, "The database cannot be reached")
    assert await stopped_by(bot, signal.SIGTERM) < STOP_WITHIN


async def test_a_signal_stops_a_running_bot_with_its_exit_code(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    bot = await BotProcess.start(process_env(discord_emulator, tmp_path), cwd=tmp_path)
    await bot.wait_for_log("Invite the bot to a server with:")
    assert await stopped_by(bot, signal.SIGINT) < STOP_WITHIN


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("sqlite:///{folder}/missing/games.sqlite3", "does not exist"),
        ("postgresql://stickem:secret@127.0.0.1:{port}/stickem", "server is running and reachable"),
    ],
    ids=["missing folder", "unreachable PostgreSQL"],
)
async def test_a_bad_database_is_said_before_discord_is_tried(
    discord_emulator: Emulator, tmp_path: Path, url: str, says: str
) -> None:
    """Discord cannot be reached either: the paragraph is the database's, and Discord was never tried."""
    database = url.format(folder=tmp_path, port=closed_port())
    env = discord_at(
        discord_emulator,
        tmp_path,
        f"http://127.0.0.1:{closed_port()}/api/v10",
        DATABASE_URL=database,
        CONNECT_RETRIES="1",
    )
    text = await refused_start(env, tmp_path)
    assert text.startswith("stickem-bot: The game database (") and "cannot be opened" in text, text
    assert says in text and "secret" not in text
    assert "Discord" not in text
