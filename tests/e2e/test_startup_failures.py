"""The real bot process explains what stops it at start-up: one paragraph, exit code 2, no traceback.

Discord is the emulator, or an address where nothing listens, or a server that never answers; the
database is a file or URL made to fail. Retries are made short (CONNECT_RETRY_DELAY) so every
wait stays bounded."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from host.storage import Storage
from tests.discord_emulator import Emulator
from tests.e2e.bot_process import BotProcess, process_env
from tests.e2e.process_game import database_url

QUICK_RETRIES = {"CONNECT_RETRIES": "2", "CONNECT_RETRY_DELAY": "0.05", "CONNECT_TIMEOUT": "5"}
OTHER_TOKEN = "OTg3NjU0MzIxMDk4NzY1NDMy.GZyXwV.zyxwvutsrqponmlkjihgfedcba9876543210ZY"


async def refused_start(env: dict[str, str], folder: Path) -> str:
    """Start the bot with ``env``; expect exit code 2, no traceback and one paragraph; its log."""
    bot = await BotProcess.start(env, cwd=folder)
    assert await bot.finish() == 2, bot.log
    assert "Traceback" not in bot.log, bot.log
    paragraphs = [line for line in bot.log.splitlines() if line.startswith("stickem-bot: ")]
    assert len(paragraphs) == 1, bot.log
    return paragraphs[0]


def closed_port() -> int:
    """A loopback port where nothing listens (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@asynccontextmanager
async def silent_server() -> AsyncIterator[int]:
    """A loopback server that accepts connections and never answers; its port."""
    held: list[asyncio.StreamWriter] = []

    async def hold(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    try:
        yield server.sockets[0].getsockname()[1]
    finally:
        for writer in held:
            writer.close()
        server.close()
        await server.wait_closed()


def discord_at(emu: Emulator, folder: Path, base: str, **variables: str) -> dict[str, str]:
    """Environment for a bot process that looks for Discord at ``base``, retrying quickly."""
    return {**process_env(emu, folder, **{**QUICK_RETRIES, **variables}), "STICKEM_TEST_API_BASE": base}


async def test_discord_refusing_the_connection_is_retried_then_explained(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    port = closed_port()
    env = discord_at(discord_emulator, tmp_path, f"http://127.0.0.1:{port}/api/v10")
    bot = await BotProcess.start(env, cwd=tmp_path)
    assert await bot.finish() == 2, bot.log
    assert "Traceback" not in bot.log, bot.log
    assert bot.log.count("Trying again in") == 2  # each retry is logged, with a growing delay
    assert "Trying again in 0.05 s (attempt 2 of 3)" in bot.log
    assert "Trying again in 0.1 s (attempt 3 of 3)" in bot.log
    assert (
        f"stickem-bot: The bot cannot reach Discord: the connection to 127.0.0.1 port {port} "
        "was refused (tried 3 times)."
    ) in bot.log
    assert "firewall" in bot.log and "https://discord.com" in bot.log


async def test_discord_name_that_does_not_resolve(discord_emulator: Emulator, tmp_path: Path) -> None:
    # A generous timeout: a resolver with no DNS server answers only after its own timeouts.
    env = discord_at(
        discord_emulator,
        tmp_path,
        "http://discord.invalid/api/v10",
        CONNECT_RETRIES="0",
        CONNECT_TIMEOUT="25",
    )
    text = await refused_start(env, tmp_path)
    assert "The bot cannot reach Discord: the name discord.invalid cannot be resolved" in text
    assert "internet connection or DNS" in text


async def test_discord_that_never_answers_times_out(discord_emulator: Emulator, tmp_path: Path) -> None:
    async with silent_server() as port:
        env = discord_at(
            discord_emulator,
            tmp_path,
            f"http://127.0.0.1:{port}/api/v10",
            CONNECT_RETRIES="1",
            CONNECT_TIMEOUT="0.5",
        )
        text = await refused_start(env, tmp_path)
    assert "The bot cannot reach Discord: 127.0.0.1 did not answer within 0.5 seconds (tried 2 times)" in text
    assert "CONNECT_TIMEOUT" in text


async def test_the_traceback_is_shown_with_log_level_debug(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    env = discord_at(
        discord_emulator, tmp_path, f"http://127.0.0.1:{closed_port()}/api/v10", LOG_LEVEL="DEBUG"
    )
    bot = await BotProcess.start(env, cwd=tmp_path)
    assert await bot.finish() == 2, bot.log
    assert "Traceback" in bot.log and "stickem-bot: The bot cannot reach Discord" in bot.log


@pytest.mark.emulator_problems_expected
async def test_a_token_discord_rejects(discord_emulator: Emulator, tmp_path: Path) -> None:
    env = process_env(discord_emulator, tmp_path, DISCORD_TOKEN=OTHER_TOKEN)
    text = await refused_start(env, tmp_path)
    assert "Discord refused the token in DISCORD_TOKEN" in text and "Reset Token" in text
    assert "Trying again" not in text


async def test_an_unreachable_database_server_is_retried_then_explained(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    url = f"postgresql://stickem:secret@127.0.0.1:{closed_port()}/stickem"
    env = process_env(discord_emulator, tmp_path, DATABASE_URL=url, **QUICK_RETRIES)
    bot = await BotProcess.start(env, cwd=tmp_path)
    assert await bot.finish() == 2, bot.log
    assert "Traceback" not in bot.log, bot.log
    assert bot.log.count("The database cannot be reached: ") == 2  # each retry is logged
    assert "Trying again in 0.1 s (attempt 3 of 3)" in bot.log
    assert "The game database (postgresql://stickem:***@127.0.0.1" in bot.log
    assert "cannot be opened" in bot.log
    assert "secret" not in bot.log and "server is running and reachable" in bot.log


async def test_a_sqlite_file_that_cannot_be_opened_is_not_retried(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path}/missing/games.sqlite3"
    env = process_env(discord_emulator, tmp_path, DATABASE_URL=url, **QUICK_RETRIES)
    text = await refused_start(env, tmp_path)
    assert "cannot be opened" in text and "Trying again" not in text


async def test_a_database_driver_that_is_not_installed(discord_emulator: Emulator, tmp_path: Path) -> None:
    env = process_env(
        discord_emulator,
        tmp_path,
        DATABASE_URL="postgresql://stickem:secret@127.0.0.1/stickem",
        STICKEM_TEST_HIDDEN_MODULES="asyncpg",
    )
    text = await refused_start(env, tmp_path)
    assert "names a PostgreSQL database, but its Python driver asyncpg is not installed" in text
    assert "pip install" in text and "secret" not in text


@pytest.mark.parametrize("where", ["under-a-file", "a-file", "missing"])
async def test_a_data_folder_that_cannot_be_used(
    discord_emulator: Emulator, tmp_path: Path, where: str
) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a folder")
    folder = {"under-a-file": a_file / "data", "a-file": a_file, "missing": tmp_path / "nowhere"}[where]
    env = process_env(discord_emulator, tmp_path, STICKEM_DATA_DIR=str(folder))
    text = await refused_start(env, tmp_path)
    reason = "it is a file, not a folder" if where == "a-file" else "it does not exist"
    assert f"The data folder {folder} cannot be used: {reason}." in text
    assert "STICKEM_DATA_DIR" in text


async def test_a_data_folder_the_bot_may_not_write(discord_emulator: Emulator, tmp_path: Path) -> None:
    """/sys is a folder in which nobody, root included, can create a file."""
    if not Path("/sys/kernel").is_dir():
        pytest.skip("needs Linux's /sys")
    env = process_env(discord_emulator, tmp_path, STICKEM_DATA_DIR="/sys")
    text = await refused_start(env, tmp_path)
    assert text.startswith("stickem-bot: The data folder /sys cannot be used: ")
    assert "may write" in text


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:"])
async def test_an_in_memory_database_is_refused(
    discord_emulator: Emulator, tmp_path: Path, url: str
) -> None:
    text = await refused_start(process_env(discord_emulator, tmp_path, DATABASE_URL=url), tmp_path)
    assert "is an in-memory SQLite database: every game would be lost when the bot stops" in text


async def test_a_read_only_database_is_refused_at_start(discord_emulator: Emulator, tmp_path: Path) -> None:
    """SQLite opens a file it may not write read-only without a word; every move would then fail.
    (Tests run as root, whom file permissions do not stop, so the file is opened read-only by URL.)"""
    path = tmp_path / "games.sqlite3"
    await (await Storage.open(f"sqlite:///{path}")).close()
    url = f"sqlite:///file:{path}?mode=ro&uri=true"
    text = await refused_start(process_env(discord_emulator, tmp_path, DATABASE_URL=url), tmp_path)
    assert "can be read but not written: attempt to write a readonly database" in text
    assert "-wal and -shm" in text


async def test_a_damaged_database_file_is_called_damaged(discord_emulator: Emulator, tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"these bytes were never a database " * 200)
    url = f"sqlite:///{path}"
    text = await refused_start(process_env(discord_emulator, tmp_path, DATABASE_URL=url), tmp_path)
    assert f"The game database ({url}) is damaged: " in text and "file is not a database" in text
    assert "Restore it from a backup" in text
    assert "folder" not in text.split("damaged:")[0] and "the bot may write there" not in text


async def test_a_read_only_postgresql_database_is_refused_at_start(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    """A server that only allows reads (a replica, or default_transaction_read_only) is refused at
    start, not found out at the first move."""
    import asyncpg  # type: ignore[import-untyped]
    from sqlalchemy.engine import make_url

    async with database_url("postgres", tmp_path) as url:
        await (await Storage.open(url)).close()
        owner = await asyncpg.connect(url)
        try:
            name = make_url(url).database
            await owner.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
        finally:
            await owner.close()
        text = await refused_start(process_env(discord_emulator, tmp_path, DATABASE_URL=url), tmp_path)
    assert "can be read but not written: cannot execute UPDATE in a read-only transaction" in text
    assert "read-only replica" in text


@pytest.mark.parametrize("games", ["mine=nomodule:SPEC", "mine=stupid:Game", "stupid=stupid:nothing"])
async def test_a_games_entry_that_cannot_be_loaded(
    discord_emulator: Emulator, tmp_path: Path, games: str
) -> None:
    """Refused like any other setting, before the database or Discord (it was a traceback, exit 1)."""
    env = process_env(discord_emulator, tmp_path, GAMES=games)
    text = await refused_start(env, tmp_path)
    assert text.startswith("stickem-bot: GAMES: the game ") and "cannot be loaded from" in text
    assert not (tmp_path / "stickem.sqlite3").exists() and not discord_emulator.rest_calls


async def test_sqlite_for_one_of_several_processes_is_refused(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    """SHARD_IDS naming some of the shards makes one of several processes: SQLite cannot be
    shared by them, so the start is refused, before the database or Discord."""
    env = process_env(discord_emulator, tmp_path, SHARD_COUNT="2", SHARD_IDS="1")
    text = await refused_start(env, tmp_path)
    assert text.startswith("stickem-bot: SHARD_IDS=1 with SHARD_COUNT=2 makes this bot one of several")
    assert "PostgreSQL" in text
    assert not (tmp_path / "stickem.sqlite3").exists() and not discord_emulator.rest_calls
