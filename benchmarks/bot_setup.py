"""How the Discord benchmarks start the real bot: ``python -m bot`` of a checkout in its own
process against the emulated Discord, with its database (SQLite or PostgreSQL), pictures on or
off for the benchmark's server, and a ``sitecustomize`` hook of the benchmark's own (a probe, a
heap snapshot) run in it. Shared by ``benchmarks/discord_load.py`` and
``benchmarks/table_memory.py``.
"""

from __future__ import annotations

import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from host.storage import Storage
from tests.discord_emulator import Emulator
from tests.e2e.bot_process import BotProcess, process_env
from tests.e2e.process_game import READY, database_url


@asynccontextmanager
async def emulated_bot(
    emu: Emulator,
    folder: Path,
    guild_id: int,
    *,
    database: str,
    source: Path,
    hook: str,
    images: bool = True,
    ready_timeout: float = 60.0,
    kill: bool = False,
    keep_log: Path | None = None,
    **env: str,
) -> AsyncIterator[BotProcess]:
    """The bot of the checkout ``source``, started in ``folder`` with ``database`` ("sqlite" or
    "postgres"), ``hook`` appended to its ``sitecustomize`` and ``env`` added to its environment,
    once it is connected (within ``ready_timeout`` seconds). Not ``images``: the server
    ``guild_id`` chose text-only tables first. On exit it is stopped: with SIGTERM, or at once
    (``kill``: a measurement that nothing of its shutdown matters to), and its whole log is
    kept in the folder ``keep_log`` (as ``bot-<pid>.log``) if given."""
    async with database_url(database, folder) as url:
        if not images:
            storage = await Storage.open(url)
            try:
                await storage.settings.set_images(guild_id, False)
            finally:
                await storage.close()
        environment = process_env(
            emu, folder, source=source, DEV_GUILD_ID=str(guild_id), DATABASE_URL=url, **env
        )
        custom = folder / "emulated-discord" / "sitecustomize.py"
        custom.write_text(custom.read_text() + hook)
        process = await BotProcess.start(environment, cwd=folder)
        try:
            await process.wait_for_log(READY, timeout=ready_timeout)
            yield process
        finally:
            if process.process.returncode is None:
                if kill:
                    process.process.kill()
                else:
                    process.process.send_signal(signal.SIGTERM)
            try:
                await process.finish(timeout=60.0)
            finally:  # a bot that did not stop in time too: its log says where it stood
                if keep_log is not None:
                    keep_log.mkdir(parents=True, exist_ok=True)
                    (keep_log / f"bot-{process.process.pid}.log").write_text(process.log)
