"""discord.py's gateway loop, made to let other work run between two events.

``Client.connect`` reads the gateway in a loop of ``await ws.poll_event()``; when several events
are already buffered (a busy moment: many clicks at once), each ``poll_event`` returns without
giving the event loop back, so all of them are parsed in one go while every other task (answers
being sent, computer moves, timers) waits. At 100 busy tables that held the loop 8-14 ms at a
time. :class:`YieldingWebSocket` gives the loop back after each event; measured in the same hour
(benchmarks/discord_load.py, 100 tables, 4 runs): the bot's own p99 12-20 ms instead of
33-47 ms, the longest hold of the loop 6.8-7.1 ms instead of 8.4-10.4 ms.

discord.py 2.7 looks its websocket class up as ``discord.client.DiscordWebSocket`` each time a
client connects or reconnects (``discord.shard.DiscordWebSocket`` for an ``AutoShardedClient``, a
name of its own); :func:`install` puts the subclass in both (tests check the bot really uses it,
after a RESUME too).
"""

from __future__ import annotations

import asyncio

import discord.client
import discord.shard
from discord.gateway import DiscordWebSocket


class YieldingWebSocket(DiscordWebSocket):
    """The gateway websocket, giving the event loop back after each event it handles."""

    async def poll_event(self) -> None:
        """Handle one gateway event, then let the event loop run what else is ready."""
        await super().poll_event()
        await asyncio.sleep(0)


def install() -> None:
    """Make every discord.py client of this process use :class:`YieldingWebSocket`."""
    discord.client.DiscordWebSocket = YieldingWebSocket  # type: ignore[misc]
    discord.shard.DiscordWebSocket = YieldingWebSocket  # type: ignore[misc]
