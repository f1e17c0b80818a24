"""Many tables with `hard` computer players thinking at once: the humans' clicks are still
answered (the emulator fails the test if any interaction misses Discord's 3 seconds)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.tables.service import service_for
from tests.discord_emulator import Emulator
from tests.e2e.load_driver import Latencies, add_tables, human_loop, open_table
from tests.e2e.seat_helpers import running, seat_bot

TABLES = 20


@pytest.mark.alone  # the load is its own: nothing else may take the CPU meanwhile (tests/alone.py)
async def test_twenty_tables_of_hard_bots_while_humans_click(emulator: Emulator, tmp_path: Path) -> None:
    tables = add_tables(emulator, TABLES)
    guild_id = emulator.world.guild_of(tables[0].channel)
    assert guild_id is not None
    bot = seat_bot(emulator, tmp_path, guild_id.id, workers=2, drawers=1)
    async with running(bot, emulator):
        latencies = Latencies()
        await asyncio.gather(*(open_table(emulator, table, "hard", latencies) for table in tables))
        stop = asyncio.Event()
        humans = [
            asyncio.create_task(human_loop(emulator, table.human, latencies, stop)) for table in tables
        ]
        registry = service_for(bot).registry

        def cards_played_by_bots() -> int:
            total = 0
            for table in tables:
                game_table = registry.get(table.channel.id)
                assert game_table is not None and game_table.match is not None
                total += sum(1 for a in game_table.match.game.actions if a.kind == "play" and a.seat != 0)
            return total

        try:
            # the bots of every table have each played once on average, humans answering meanwhile
            await emulator.driver.wait_until(
                lambda: cards_played_by_bots() >= 2 * TABLES or None, timeout=40, what="bot moves"
            )
        finally:
            stop.set()
            await asyncio.gather(*humans)
        assert latencies.cards >= TABLES // 2
        ordered = sorted(latencies.values)
        print(
            f"{len(ordered)} interactions, median {ordered[len(ordered) // 2]:.3f} s, max {ordered[-1]:.3f} s"
        )
        assert latencies.refusals == 0
        # answered at all within Discord's limit is checked by the emulator (no expired interaction)
        assert all(value < 3.0 for value in latencies.values)
