"""What the bot's memory grows by while N tables open at once, by kind: a diagnosis of
``benchmarks/discord_load.py``'s "memory per table" (read right after the opening).

Run from the repository root: ``python benchmarks/opening_memory.py [--tables 100]
[--compare OLD_CHECKOUT [--old-images off]] [--runs 2]``.

The bot runs as ``python -m bot`` against the emulated Discord as in ``discord_load.py`` (SQLite,
computer players of ``normal`` pausing 1 s, 2 workers, pictures off; a checkout given with
``--compare`` runs as it comes, its database its own): its first table is opened uncounted, then
N humans /join and /start their tables, 25 at a time. Just before and right after the opening a
``sitecustomize`` hook in the bot reads, inside the bot (no tracing: the bot runs at its own
speed): its resident memory, the bytes in Python's own allocator (``sys._debugmallocstats``: the
small objects), the bytes in use in the C allocator's main arena (glibc's ``mallinfo2``: larger
objects and what C libraries such as SQLite allocate), its threads, and how many connections it
holds to its SQLite database (the files open on it). Printed per run and checkout: the growth of
each, per table, and the opening's seconds (a slower opening plays more moves meanwhile).

Unlike ``benchmarks/table_memory.py`` (tracemalloc: the Python objects a table keeps once at
rest) this sees memory that Python does not trace, such as SQLite's page and schema caches per
connection. Measured figures: docs/benchmarks.md ("What the opening allocates").
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bot_setup import emulated_bot
from tests.discord_emulator import Emulator
from tests.e2e.bot_process import REPO, BotProcess
from tests.e2e.load_driver import Latencies, add_tables, open_table
from tests.e2e.process_game import TOKEN

OPEN_BATCH = 25
"""Tables opened at the same time (as in ``benchmarks/discord_load.py``)."""

READ_HOOK = """
import ctypes as _ctypes
import json as _json
import re as _re
import signal as _signal
import sys as _sys
import tempfile as _tempfile


class _MallInfo2(_ctypes.Structure):
    _fields_ = [(name, _ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


def _python_bytes():
    # sys._debugmallocstats writes to the C stderr: caught in a file for the moment
    saved = os.dup(2)
    with _tempfile.TemporaryFile() as caught:
        os.dup2(caught.fileno(), 2)
        try:
            _sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        caught.seek(0)
        text = caught.read().decode()
    found = _re.search(r"# bytes in allocated blocks\\s*=\\s*([\\d,]+)", text)
    return int(found.group(1).replace(",", "")) if found else -1


def _read_memory(*_):
    libc = _ctypes.CDLL("libc.so.6")
    libc.mallinfo2.restype = _MallInfo2
    with open("/proc/self/statm") as statm:
        rss = int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    database = os.environ["STICKEM_OPENING_DATABASE"]
    files = [os.path.realpath(f"/proc/self/fd/{fd}") for fd in os.listdir("/proc/self/fd")]
    read = {
        "rss": rss,
        "python": _python_bytes(),
        "malloc": libc.mallinfo2().uordblks,
        "threads": len(os.listdir("/proc/self/task")),
        "sqlite_connections": sum(1 for name in files if name == database),
    }
    target = os.environ["STICKEM_OPENING_FILE"]
    with open(target + ".part", "w") as out:
        _json.dump(read, out)
    os.replace(target + ".part", target)


_signal.signal(_signal.SIGUSR1, _read_memory)
"""


async def read_memory(process: BotProcess, target: Path) -> dict[str, int]:
    """The bot's memory by kind, now (bounded wait for its answer)."""
    target.unlink(missing_ok=True)
    os.kill(process.process.pid, signal.SIGUSR1)
    async with asyncio.timeout(30.0):
        while not target.exists():
            await asyncio.sleep(0.02)
    read: dict[str, int] = json.loads(target.read_text())
    return read


async def measure(count: int, source: Path, images: bool) -> dict[str, Any]:
    """Open ``count`` tables with the bot of the checkout ``source``: its memory before and
    after, and the opening's seconds."""
    emu = Emulator(token=TOKEN)
    await emu.start()
    try:
        with tempfile.TemporaryDirectory() as data_dir:
            folder = Path(data_dir)
            warm_up, *tables = add_tables(emu, count + 1)
            guild = emu.world.guild_of(tables[0].channel)
            assert guild is not None
            target = folder / "memory.json"
            async with emulated_bot(
                emu,
                folder,
                guild.id,
                database="sqlite",
                source=source,
                hook=READ_HOOK,
                images=images,
                kill=True,  # measured: nothing of its shutdown matters
                BOT_MOVE_DELAY="1.0",
                BOT_WORKERS="2",
                STICKEM_OPENING_FILE=str(target),
                STICKEM_OPENING_DATABASE=str((folder / "games.sqlite3").resolve()),
            ) as process:
                await open_table(emu, warm_up, "normal", Latencies())  # uncounted
                before = await read_memory(process, target)
                opening = Latencies()
                started = time.perf_counter()
                for start in range(0, count, OPEN_BATCH):
                    results = await asyncio.gather(
                        *(open_table(emu, t, "normal", opening) for t in tables[start : start + OPEN_BATCH]),
                        return_exceptions=True,
                    )
                    opening.failures += sum(1 for result in results if isinstance(result, Exception))
                seconds = time.perf_counter() - started
                after = await read_memory(process, target)
    finally:
        await emu.stop()
    return {"before": before, "after": after, "seconds": seconds, "failed": opening.failures}


def row(which: str, count: int, measured: dict[str, Any]) -> str:
    """One printed line: the growth of each kind per table."""
    before, after = measured["before"], measured["after"]

    def per_table(kind: str) -> str:
        return f"{(after[kind] - before[kind]) / count / 1024:.1f}"

    return (
        f"| {which} | {measured['seconds']:.1f} | {per_table('rss')} | {per_table('python')} "
        f"| {per_table('malloc')} | {before['sqlite_connections']} -> {after['sqlite_connections']} "
        f"| {before['threads']} -> {after['threads']} | {measured['failed']} | {os.getloadavg()[0]:.1f} |"
    )


def main() -> None:
    """Measure this checkout (and ``--compare``'s, alternating) ``--runs`` times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--compare", help="another checkout's bot, measured in the same run")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument(
        "--old-images",
        default="default",
        choices=("default", "off"),
        help="the other checkout's pictures: as its database comes (default: a release before "
        "pictures had no setting), or off like this checkout's (a checkout of today)",
    )
    args = parser.parse_args()
    checkouts = [("new", REPO, False)]
    if args.compare:
        # its database is its own to make: a release before pictures had no setting for them
        checkouts.append(("old", Path(args.compare).resolve(), args.old_images == "default"))
    print(
        f"{args.tables} tables opened {OPEN_BATCH} at a time; growth per table in KiB; "
        "Python: its own allocator's blocks; malloc: the C allocator's main arena in use"
    )
    print("| bot | open (s) | RSS | Python | malloc | SQLite connections | threads | failed | load |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for run in range(args.runs):
        for which, source, images in checkouts if run % 2 == 0 else checkouts[::-1]:
            print(row(which, args.tables, asyncio.run(measure(args.tables, source, images))), flush=True)


if __name__ == "__main__":
    main()
