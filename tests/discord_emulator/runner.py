"""``run_client``: run an unmodified discord.py client against the emulator for a test."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

import discord

from .emulator import Emulator
from .errors import EmulatorTimeout, Problem


class ProblemLogHandler(logging.Handler):
    """Records ERROR log records (discord.py logs every exception of handlers, views and
    commands this way) as ``bot-error`` problems of the emulator."""

    def __init__(self, emu: Emulator) -> None:
        super().__init__(level=logging.ERROR)
        self.emu = emu

    def emit(self, record: logging.LogRecord) -> None:
        """Turn one log record into a problem."""
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            text += f": {type(exc).__name__}: {exc}"
        self.emu.record(Problem("bot-error", f"{record.name}: {text}", {"record": record}))


@contextlib.asynccontextmanager
async def run_client(
    emu: Emulator,
    client: discord.Client,
    token: str | None = None,
    *,
    ready_timeout: float = 10.0,
    close_timeout: float = 5.0,
    guild_ready_timeout: float | None = 0.05,
) -> AsyncIterator[discord.Client]:
    """Start ``client`` against ``emu``, wait until it is ready (``setup_hook`` done, READY and
    GUILD_CREATEs processed), yield it, then close it and re-raise any error of the client task.

    ``guild_ready_timeout`` shortens discord.py's wait for late GUILD_CREATEs (2 s by default):
    the emulator sends them all right after READY. Errors the client logs become ``bot-error``
    problems.
    """
    root = logging.getLogger()
    nested = any(isinstance(h, ProblemLogHandler) and h.emu is emu for h in root.handlers)
    handler = ProblemLogHandler(emu)
    if not nested:  # two clients on one emulator must not record each error twice
        root.addHandler(handler)
    if guild_ready_timeout is not None:
        client._connection.guild_ready_timeout = guild_ready_timeout
    with emu.patched_discord():
        task = asyncio.create_task(client.start(token or emu.token), name="discord-client")
        try:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + ready_timeout
            while not client.is_ready():
                if task.done():
                    task.result()  # re-raises the client's error
                    raise RuntimeError("discord client stopped before it became ready")
                if loop.time() > deadline:
                    raise EmulatorTimeout(f"discord client not ready within {ready_timeout:g} s")
                await asyncio.sleep(0.01)
            yield client
        finally:
            try:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(client.close(), close_timeout)
                done, _ = await asyncio.wait({task}, timeout=close_timeout)
                if not done:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task
            finally:
                root.removeHandler(handler)
        if task.done() and not task.cancelled() and task.exception() is not None:
            raise task.exception()  # type: ignore[misc]
