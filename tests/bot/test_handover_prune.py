"""A process of several deletes the stale handed clicks: at start, before it listens (so they are
never woken), and periodically while it runs (for shards nobody serves any more)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta

import discord
import pytest

import bot.tables.handover as handover
from bot.boot.shards import ShardPlan
from bot.tables.handover import STALE_AFTER, TOO_OLD, Handover
from host.storage import StorageUnavailable
from host.storage.errors import SAVE_FAILED

NOW = datetime(2026, 11, 27, 4, 0, tzinfo=UTC)


class Listener:
    async def close(self) -> None:
        pass


class Queue:
    """A queue of clicks queued at given times; records what happened in order."""

    def __init__(self, queued: dict[int, datetime]) -> None:
        self.queued = queued
        self.events: list[str] = []
        self.fail = False

    def now(self) -> datetime:
        return NOW

    async def prune(self, queued_before: datetime) -> int:
        if self.fail:
            raise StorageUnavailable(SAVE_FAILED)
        stale = [click for click, at in self.queued.items() if at < queued_before]
        for click in stale:
            del self.queued[click]
        self.events.append(f"pruned {len(stale)}")
        return len(stale)

    def listen(self, shards: Iterable[int], wake: Callable[[int], None]) -> Listener:
        self.events.append(f"listening, waiting {sorted(self.queued)}")
        return Listener()


def test_a_click_is_stale_only_after_its_owner_would_drop_it() -> None:
    assert STALE_AFTER >= TOO_OLD + 60  # a minute of clock skew between machines


async def test_stale_clicks_are_deleted_at_start_before_listening(caplog: pytest.LogCaptureFixture) -> None:
    queue = Queue({
        1: NOW - timedelta(seconds=STALE_AFTER + 5),  # both processes died long ago
        2: NOW - timedelta(seconds=STALE_AFTER - 5),
        3: NOW - timedelta(seconds=1),
    })
    owner = Handover(discord.Client(intents=discord.Intents.none()), queue, ShardPlan(2, (1,)), None)  # type: ignore[arg-type]
    caplog.set_level(logging.INFO)
    await owner.start()
    try:
        assert queue.events == ["pruned 1", "listening, waiting [2, 3]"]
        assert "Deleted 1 handed clicks nobody took" in caplog.text
    finally:
        await owner.close()


async def test_clicks_left_behind_while_running_are_deleted_periodically(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(handover, "PRUNE_EVERY", 0.05)
    queue = Queue({})
    owner = Handover(discord.Client(intents=discord.Intents.none()), queue, ShardPlan(4, (0, 1)), None)  # type: ignore[arg-type]
    await owner.start()
    try:
        queue.fail = True  # the database is down for a while: tried again later
        await asyncio.sleep(0.12)
        queue.fail = False
        queue.queued[9] = NOW - timedelta(seconds=STALE_AFTER + 1)  # shard 3's, nobody serves it
        async with asyncio.timeout(5):
            while 9 in queue.queued:
                await asyncio.sleep(0.02)
    finally:
        await owner.close()
    assert "pruned 1" in queue.events
    count = len(queue.events)
    await asyncio.sleep(0.12)
    assert len(queue.events) == count  # closing stopped the pruning
