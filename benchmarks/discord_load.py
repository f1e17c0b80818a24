"""N tables at once on the emulated Discord, each with one emulated human and two computer players.

Run from the repository root: ``python benchmarks/discord_load.py [--tables 10 100 1000]
[--seconds 20] [--level normal] [--delay 0.0] [--workers 2]``.

For each N, one bot (SQLite in a temporary folder) and one emulator run in this process. N humans
/join and /start their tables (filled with two computer players of ``--level``, no turn timer),
then for ``--seconds`` every human answers each prompt as soon as they see it (polling their DMs
every 100 ms) while the computer players move with a pause of ``--delay`` seconds. Printed:

- interaction latency (an interaction sent until the bot's initial response): median and p99,
  over the measured window (opening the tables is reported apart);
- the longest event-loop stall: how much later than asked a 1 ms sleep woke up. The loop is
  shared by the bot, the emulator and the emulated humans, so this is an upper bound for the bot;
- the same probe's longest stall for 2 s before anything starts ("idle stall"): what the machine
  itself adds (other processes, the scheduler);
- the longest garbage collection in the window (a full collection walks every object of the
  process, the emulator's included);
- REST calls per card: every REST call the bot made in the window divided by the cards played
  (humans' and computers');
- memory per table: growth of the process's resident memory while the N tables opened, divided
  by N (bot + emulator), and the deep size of one bot-side table object;
- cards played per second;
- failed: interactions Discord gave up on (no answer within 3 s) and tables that did not open;
- problems: what else the emulator reported (errors logged by the bot, late answers).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.app import StickemBot
from bot.config import Settings
from bot.table_service import service_for
from bot.tables import Table
from tests.discord_emulator import Emulator, run_client
from tests.e2e.load_driver import Latencies, LoopLagProbe, add_tables, human_loop, open_table


class GcPauses:
    """The longest garbage collection while installed (gc.callbacks)."""

    def __init__(self) -> None:
        self.longest = 0.0
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.longest = max(self.longest, time.perf_counter() - self._started)


OPEN_BATCH = 25
"""Tables opened at the same time while setting up."""


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(fraction * len(ordered)) - 1))
    return ordered[index]


def rss_bytes() -> int:
    """The resident memory of this process."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * 4096


def deep_size(root: object) -> int:
    """The bytes of ``root`` and everything it refers to (shared objects counted once; modules,
    classes, functions and the event loop left out)."""
    seen: set[int] = set()
    stack = [root]
    total = 0
    skip = (type, type(sys), type(deep_size))
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (*skip, asyncio.AbstractEventLoop)):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


def cards_played(tables: list[Table]) -> int:
    """Cards played at these tables so far."""
    return sum(
        sum(1 for action in table.game.actions if action.kind == "play")
        for table in tables
        if table.game is not None
    )


async def run(count: int, seconds: float, level: str, delay: float, workers: int) -> dict[str, Any]:
    """Measure ``count`` tables for ``seconds``."""
    idle = LoopLagProbe()  # the machine's own noise: the same probe with nothing else running
    idle.start()
    await asyncio.sleep(2.0)
    await idle.stop()
    emu = Emulator()
    await emu.start()
    try:
        with emu.patched_discord(), tempfile.TemporaryDirectory() as data_dir:
            tables = add_tables(emu, count)
            guild = emu.world.guild_of(tables[0].channel)
            assert guild is not None
            settings = Settings(
                token=emu.token, dev_guild_id=guild.id, data_dir=Path(data_dir),
                bot_move_delay=delay, bot_workers=workers,
            )
            bot = StickemBot(settings)
            async with run_client(emu, bot):
                gc.collect()
                rss_before = rss_bytes()
                opening = Latencies()
                opened = time.perf_counter()
                for start in range(0, count, OPEN_BATCH):
                    batch = tables[start:start + OPEN_BATCH]
                    results = await asyncio.gather(
                        *(open_table(emu, t, level, opening) for t in batch), return_exceptions=True
                    )
                    opening.failures += sum(1 for result in results if isinstance(result, Exception))
                open_time = time.perf_counter() - opened
                gc.collect()
                rss_growth = (rss_bytes() - rss_before) / count
                registry = service_for(bot).registry
                bot_tables = [t for lt in tables if (t := registry.get(lt.channel.id)) is not None]
                one_table = deep_size(bot_tables[0]) if bot_tables else 0

                probe = LoopLagProbe()
                latencies = Latencies()
                stop = asyncio.Event()
                cards_before, calls_before = cards_played(bot_tables), len(emu.rest_calls)
                pauses = GcPauses()
                gc.callbacks.append(pauses)
                probe.start()
                humans = [
                    asyncio.create_task(human_loop(emu, t.human, latencies, stop, tolerate=True))
                    for t in tables
                ]
                await asyncio.sleep(seconds)
                stop.set()
                await asyncio.gather(*humans)
                await probe.stop()
                gc.callbacks.remove(pauses)
                cards = cards_played(bot_tables) - cards_before
                calls = len(emu.rest_calls) - calls_before
                problems = len(emu.problems)
                emu.problems.clear()
        values = latencies.values or [0.0]
        return {
            "tables": count,
            "open_s": open_time,
            "interactions": len(latencies.values),
            "median_ms": statistics.median(values) * 1000,
            "p99_ms": percentile(values, 0.99) * 1000,
            "max_ms": max(values) * 1000,
            "stall_ms": probe.max_lag * 1000,
            "idle_stall_ms": idle.max_lag * 1000,
            "gc_ms": pauses.longest * 1000,
            "stall_p99_ms": percentile(probe.lags or [0.0], 0.99) * 1000,
            "cards": cards,
            "cards_per_s": cards / seconds,
            "calls_per_card": calls / cards if cards else float("nan"),
            "rss_kib_per_table": rss_growth / 1024,
            "table_kib": one_table / 1024,
            "problems": problems,
            "failed": latencies.failures + opening.failures,
        }
    finally:
        await emu.stop()


def main() -> None:
    """Parse the arguments, run each N and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--level", default="normal", choices=("random", "normal", "hard"))
    parser.add_argument("--delay", type=float, default=0.0, help="pause before a computer move")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    header = (
        "| tables | open (s) | interactions | median ms | p99 ms | max ms | longest stall ms "
        "| stall p99 ms | idle stall ms | longest GC ms | cards/s | REST calls/card | RSS KiB/table "
        "| table object KiB | failed | problems |"
    )
    print(f"level={args.level} delay={args.delay} s workers={args.workers} window={args.seconds} s")
    print(header)
    print("|" + " --- |" * (header.count("|") - 1))
    for count in args.tables:
        r = asyncio.run(run(count, args.seconds, args.level, args.delay, args.workers))
        print(
            f"| {r['tables']} | {r['open_s']:.1f} | {r['interactions']} | {r['median_ms']:.1f} "
            f"| {r['p99_ms']:.1f} | {r['max_ms']:.1f} | {r['stall_ms']:.1f} | {r['stall_p99_ms']:.2f} "
            f"| {r['idle_stall_ms']:.1f} | {r['gc_ms']:.1f} "
            f"| {r['cards_per_s']:.1f} | {r['calls_per_card']:.2f} | {r['rss_kib_per_table']:.1f} "
            f"| {r['table_kib']:.1f} | {r['failed']} | {r['problems']} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
