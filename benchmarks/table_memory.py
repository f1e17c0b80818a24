"""Memory per table, counted by tracemalloc: the real bot process holding N open tables.

Run from the repository root: ``python benchmarks/table_memory.py [--tables 100 1000]
[--compare OLD_CHECKOUT [--old-images off]] [--images on|off] [--database sqlite|postgres]
[--top 20] [--detail TEXT ...]``.

For each N (and, with ``--compare``, for this checkout's bot and then the other checkout's, in
the same run on the same emulator code) the bot runs as ``python -m bot`` in its own process
against the emulated Discord; a ``sitecustomize`` hook starts ``tracemalloc`` in it once it is
ready and has opened one table of its own. N emulated humans /join and /start their tables
(two computer players, no turn timer) and never answer: the computer players move at once, so
every table comes to rest waiting for its human (two runs hold tables in the same state; their
deals differ, which moves a figure by a few hundred bytes per table from run to run). The bot's
Python heap is counted (after a full garbage collection) when half of the tables are open and
again when all are: what was allocated since tracing started and is still alive, divided by N,
is the memory per table at N; the growth between the two counts divided by the tables opened in
between is the marginal memory of one more table, without what the first tables paid once for
the whole bot (SQLAlchemy's compiled statements, discord.py's first routes, the worker pool).
Unlike the resident memory that ``benchmarks/discord_load.py`` reports, it does not move with
the allocator's fragmentation or the machine's load (tracemalloc's own bookkeeping inflates the
bot's resident memory: the RSS printed here is only a sanity check).

Printed per N and bot: traced KiB per table at N and marginal, resident memory (RSS) KiB per
table, and the allocations that grew with the second half of the tables, each attributed to
the innermost line of the checkout's own code that led to it (``--top`` lines, then per file),
so that what a table keeps can be read off; ``--detail TEXT`` also prints the whole stacks of
the biggest growths whose line contains TEXT.

Measured figures and their commands: docs/benchmarks.md ("Memory per table").
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from host.storage import Storage
from tests.discord_emulator import Emulator
from tests.e2e.bot_process import REPO, BotProcess, process_env
from tests.e2e.load_driver import Latencies, LoadTable, add_tables, open_table
from tests.e2e.process_game import READY, TOKEN, database_url

FRAMES = 16
"""Frames tracemalloc keeps per allocation: enough to reach the bot's own code from deep inside
discord.py, SQLAlchemy or the standard library."""

SNAPSHOT_HOOK = f"""
import gc as _gc
import signal as _signal
import tracemalloc as _tracemalloc


def _snapshot(*_):
    # the first request starts tracing (the bot's start-up is not slowed down by it); each one
    # writes what is traced after a full collection
    _gc.collect()
    if not _tracemalloc.is_tracing():
        _tracemalloc.start({FRAMES})
    target = os.environ["STICKEM_MEMORY_SNAPSHOT"]
    _tracemalloc.take_snapshot().dump(target + ".part")
    os.replace(target + ".part", target)


_signal.signal(_signal.SIGUSR1, _snapshot)
"""

OPEN_BATCH = 2
"""Tables opened at the same time."""

PAUSE = 0.0
"""The computer players' pause (s): none, so that each table is soon at rest (see the module's
docstring)."""

SETTLE = 3.0
"""Seconds given to the last tables to come to rest before a count."""


@dataclass
class Measured:
    """The memory of one bot holding ``tables`` open tables."""

    tables: int
    failed: int
    traced_per_table: float
    marginal_per_table: float
    rss_per_table: float
    lines: list[tuple[str, int, int]]
    """(where, bytes, allocations) grown, biggest first, each by the innermost line of the bot's
    checkout that led to it."""
    stacks: dict[str, list[tuple[int, list[str]]]]
    """The biggest growths (bytes, frames innermost first) of each line of ``lines``."""


def rss_bytes(pid: int) -> int:
    """Resident memory of process ``pid``."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


async def snapshot(process: BotProcess, target: Path) -> tracemalloc.Snapshot:
    """Ask the bot for a snapshot of its heap (bounded wait)."""
    target.unlink(missing_ok=True)
    os.kill(process.process.pid, signal.SIGUSR1)
    async with asyncio.timeout(120.0):
        while not target.exists():
            await asyncio.sleep(0.05)
    return tracemalloc.Snapshot.load(str(target))


def attribute(
    before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, source: Path
) -> tuple[list[tuple[str, int, int]], dict[str, list[tuple[int, list[str]]]]]:
    """The growth from ``before`` to ``after`` by the innermost frame in ``source`` (outside its
    virtual environment; growth with no such frame by its innermost frame), and the biggest
    stacks of each."""
    root = str(source.resolve()) + os.sep
    grown: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    stacks: dict[str, list[tuple[int, list[str]]]] = {}
    for stat in after.compare_to(before, "traceback"):
        where = None
        for frame in reversed(stat.traceback):  # innermost first
            name = frame.filename
            if name.startswith(root) and "/.venv/" not in name and "/site-packages/" not in name:
                where = f"{name[len(root):]}:{frame.lineno}"
                break
        if where is None:
            frame = stat.traceback[-1]
            where = f"(outside) {frame.filename.rsplit('/', 3)[-1]}:{frame.lineno}"
        grown[where] += stat.size_diff
        counts[where] += stat.count_diff
        frames = [f"{f.filename.rsplit('/', 2)[-1]}:{f.lineno}" for f in reversed(stat.traceback)]
        biggest = stacks.setdefault(where, [])
        if len(biggest) < 3:
            biggest.append((stat.size_diff, frames))
    return [(where, size, counts[where]) for where, size in grown.most_common()], stacks


async def measure(count: int, args: argparse.Namespace, source: Path, images: bool) -> Measured:
    """``count`` tables opened with the bot of the checkout ``source``."""
    emu = Emulator(token=TOKEN)
    await emu.start()
    try:
        with tempfile.TemporaryDirectory() as data_dir:
            folder = Path(data_dir)
            warm_up, *tables = add_tables(emu, count + 1)
            guild = emu.world.guild_of(tables[0].channel)
            assert guild is not None
            target = folder / "heap.snapshot"
            async with database_url(args.database, folder) as url:
                if not images:
                    storage = await Storage.open(url)
                    try:
                        await storage.settings.set_images(guild.id, False)
                    finally:
                        await storage.close()
                env = process_env(
                    emu,
                    folder,
                    source=source,
                    DEV_GUILD_ID=str(guild.id),
                    DATABASE_URL=url,
                    BOT_MOVE_DELAY=str(PAUSE),
                    STICKEM_MEMORY_SNAPSHOT=str(target),
                )
                hook = folder / "emulated-discord" / "sitecustomize.py"
                hook.write_text(hook.read_text() + SNAPSHOT_HOOK)
                process = await BotProcess.start(env, cwd=folder)
                try:
                    await process.wait_for_log(READY, timeout=120.0)
                    await open_tables(emu, [warm_up], Latencies())  # the bot's first table: uncounted
                    before = await snapshot(process, target)
                    rss_before = rss_bytes(process.process.pid)
                    opening = Latencies()
                    half = count // 2
                    await open_tables(emu, tables[:half], opening)
                    warm = await snapshot(process, target)
                    await open_tables(emu, tables[half:], opening)
                    after = await snapshot(process, target)
                    rss_after = rss_bytes(process.process.pid)
                finally:
                    if process.process.returncode is None:
                        process.process.kill()  # measured: nothing of its shutdown matters
                    await process.finish(timeout=60.0)
    finally:
        await emu.stop()
    def traced(snapshot: tracemalloc.Snapshot) -> int:
        return sum(stat.size for stat in snapshot.statistics("filename"))

    return Measured(
        count,
        opening.failures,
        (traced(after) - traced(before)) / count,
        (traced(after) - traced(warm)) / (count - half),
        (rss_after - rss_before) / count,
        *attribute(warm, after, source),
    )


async def open_tables(emu: Emulator, tables: list[LoadTable], opening: Latencies) -> None:
    """Open ``tables``, :data:`OPEN_BATCH` at a time, and let them come to rest."""
    for start in range(0, len(tables), OPEN_BATCH):
        batch = tables[start:start + OPEN_BATCH]
        results = await asyncio.gather(
            *(open_table(emu, t, "normal", opening) for t in batch), return_exceptions=True
        )
        errors = [r for r in results if isinstance(r, BaseException)]
        opening.failures += len(errors)
        if errors and not opening.failures - len(errors):
            print(f"  a table did not open: {errors[0]!r}", flush=True)
    await asyncio.sleep(SETTLE)


def print_measured(name: str, m: Measured, top: int, detail: list[str]) -> None:
    """One bot's figures, its biggest growths and the stacks of those named by ``detail``."""
    print(
        f"{name}: {m.tables} tables, traced {m.traced_per_table / 1024:.2f} KiB/table, marginal "
        f"{m.marginal_per_table / 1024:.2f} KiB/table, RSS {m.rss_per_table / 1024:.2f} KiB/table, "
        f"failed {m.failed}",
        flush=True,
    )
    added = m.tables - m.tables // 2  # the tables of the second count's growth
    for where, size, number in m.lines[:top]:
        print(f"  {size / added:9.0f} B/table {number / added:7.1f} blocks/table  {where}")
        if any(text in where for text in detail):
            for grown, frames in m.stacks[where]:
                print(f"      {grown / added:7.0f} B/table: {' < '.join(frames)}")
    by_file: Counter[str] = Counter()
    for where, size, _ in m.lines:
        by_file[where.rsplit(":", 1)[0]] += size
    print("  by file:")
    for file, size in by_file.most_common(top):
        print(f"  {size / added:9.0f} B/table  {file}")


def main() -> None:
    """Parse the arguments, measure each N and print the figures and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[100])
    parser.add_argument("--compare", metavar="OLD_CHECKOUT", help="also measure the bot of this checkout")
    parser.add_argument(
        "--images", default="off", choices=("on", "off"),
        help="this checkout's server pictures (the other checkout's bot runs as it comes)",
    )
    parser.add_argument(
        "--old-images", default="as-it-comes", choices=("as-it-comes", "off"),
        help="off: the other checkout's server pictures off too (a checkout of this schema)",
    )
    parser.add_argument("--database", default="sqlite", choices=("sqlite", "postgres"))
    parser.add_argument("--top", type=int, default=20, help="lines and files printed per bot")
    parser.add_argument("--detail", nargs="+", default=[], metavar="TEXT", help="print these lines' stacks")
    args = parser.parse_args()
    print(
        f"images={args.images} database={args.database} compare={args.compare} "
        f"old-images={args.old_images} frames={FRAMES}"
    )
    for count in args.tables:
        started = time.perf_counter()
        new = asyncio.run(measure(count, args, REPO, args.images == "on"))
        print_measured("new", new, args.top, args.detail)
        if args.compare is None:
            continue
        old_images = args.old_images != "off"
        old = asyncio.run(measure(count, args, Path(args.compare).resolve(), old_images))
        print_measured("old", old, args.top, args.detail)
        print(
            f"new/old at {count} tables: traced {new.traced_per_table / 1024:.2f} / "
            f"{old.traced_per_table / 1024:.2f} KiB = {new.traced_per_table / old.traced_per_table:.2f}x, "
            f"marginal {new.marginal_per_table / 1024:.2f} / {old.marginal_per_table / 1024:.2f} KiB = "
            f"{new.marginal_per_table / old.marginal_per_table:.2f}x "
            f"({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
