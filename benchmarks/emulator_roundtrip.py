"""Latency of the Discord emulator with a real discord.py client (prints a table).

Run from the repository root: ``python -m benchmarks.emulator_roundtrip``.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable

import discord
from discord import ui

from tests.discord_emulator import Emulator, run_client
from tests.discord_emulator.support import TreeClient, make_scene

ROUNDS = 200


class Counter(ui.View):
    """One button that edits its message."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.count = 0

    @ui.button(label="+1", custom_id="inc")
    async def inc(self, interaction: discord.Interaction, button: ui.Button[Counter]) -> None:
        self.count += 1
        await interaction.response.edit_message(content=str(self.count), view=self)


async def _measure(action: Callable[[], Awaitable[object]]) -> list[float]:
    samples = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        await action()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


async def main() -> None:
    """Measure start-up, slash round trip, click round trip and channel sends."""
    emu = Emulator()
    await emu.start()
    scene = make_scene(emu)
    client = TreeClient()

    @client.tree.command(description="ping")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong", ephemeral=True)

    rows: list[tuple[str, list[float]]] = []
    start = time.perf_counter()
    with emu.patched_discord():
        async with run_client(emu, client):
            rows.append(("start-up to ready", [(time.perf_counter() - start) * 1000]))
            driver = emu.driver

            async def slash() -> None:
                await (await driver.slash(scene.alice, scene.general, "ping")).response()

            rows.append(("/ping -> ephemeral reply", await _measure(slash)))
            channel = client.get_channel(scene.general.id)
            assert isinstance(channel, discord.TextChannel)
            await channel.send("0", view=Counter())
            message = await driver.wait_for_message(scene.general)

            async def click() -> None:
                await (await driver.click(scene.alice, message, "+1")).response()

            rows.append(("button -> UPDATE_MESSAGE", await _measure(click)))

            async def send() -> None:
                await channel.send("hello")

            rows.append(("channel.send (REST)", await _measure(send)))
    await emu.stop()
    print(f"{'operation':28} {'n':>5} {'median ms':>10} {'p95 ms':>8}")
    for name, samples in rows:
        p95 = sorted(samples)[int(len(samples) * 0.95) - 1] if len(samples) > 1 else samples[0]
        print(f"{name:28} {len(samples):>5} {statistics.median(samples):>10.2f} {p95:>8.2f}")
    print(f"problems: {len(emu.problems)}")


if __name__ == "__main__":
    asyncio.run(main())
