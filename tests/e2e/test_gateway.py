"""The bot reads the gateway with its own websocket class (see bot/runtime/gateway.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.runtime.gateway import YieldingWebSocket
from tests.discord_emulator import Emulator
from tests.e2e.game_harness import GameHarness, table_game


def shard_socket(h: GameHarness) -> object:
    """The websocket of the bot's shard 0 (an AutoShardedBot has one per shard, and no `ws`)."""
    return h.bot._get_websocket(shard_id=0)


async def test_the_bot_reads_the_gateway_one_event_at_a_time(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        assert isinstance(shard_socket(h), YieldingWebSocket)
        await h.seat_everyone()  # and it still works: commands arrive and are answered
        await h.start()
        assert h.shadow is not None


async def test_the_bot_keeps_its_websocket_class_after_a_resume(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        first = shard_socket(h)
        resumed = asyncio.ensure_future(h.bot.wait_for("resumed"))
        emulator.gateway.request_reconnect()
        await asyncio.wait_for(resumed, 10)
        assert emulator.gateway.resume_count == 1
        assert shard_socket(h) is not first and isinstance(shard_socket(h), YieldingWebSocket)
        await h.seat_everyone()  # commands still arrive on the resumed connection
        await h.start()
        assert h.shadow is not None
