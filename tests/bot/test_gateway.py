"""The gateway websocket gives the event loop back after each event (bot/runtime/gateway.py)."""

from __future__ import annotations

import asyncio

import discord.client
import discord.shard
import pytest
from discord.gateway import DiscordWebSocket

from bot.runtime.gateway import YieldingWebSocket, install


async def test_other_tasks_run_between_two_buffered_events(monkeypatch: pytest.MonkeyPatch) -> None:
    handled: list[str] = []

    async def buffered_event(self: DiscordWebSocket) -> None:  # an event already received: no wait
        handled.append("event")

    monkeypatch.setattr(DiscordWebSocket, "poll_event", buffered_event)
    ws = object.__new__(YieldingWebSocket)
    seen_by_other: list[int] = []

    async def other() -> None:
        seen_by_other.append(len(handled))

    task = asyncio.create_task(other())
    await ws.poll_event()
    await ws.poll_event()
    await task
    assert seen_by_other == [1]  # it ran after the first event, before the second


def test_install_reaches_plain_and_sharded_clients() -> None:
    install()
    assert discord.client.DiscordWebSocket is YieldingWebSocket
    assert discord.shard.DiscordWebSocket is YieldingWebSocket  # AutoShardedClient's own name
