"""The CPU a move's write costs the bot: one SQLite transaction (``Storage.transaction``) with
the statements the table journal writes for a move (the action claimed and appended, the seat's
prompt forgotten), as the bot runs it on the event loop's thread (see
:mod:`host.storage.inline_sqlite`).

Run from the repository root: ``python benchmarks/write_cpu.py [--writes 3000] [--rounds 5]
[--compare OLD_CHECKOUT]``. Printed: the process's CPU time per write (the loop's thread and the
commit's worker thread: all of it is the bot's CPU), the best of ``--rounds``. ``--compare``
runs the same measurement with another checkout's code (e.g. a ``git worktree`` of an earlier
commit) in alternating subprocesses and prints new/old: a change to the write path measured
against what it replaced, in one run.
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


async def measure(writes: int, rounds: int) -> float:
    """The best, over ``rounds``, of the CPU seconds per write of ``writes`` writes."""
    from host.storage import SeatRecord, Storage

    with tempfile.TemporaryDirectory() as folder:
        storage = await Storage.open(f"sqlite:///{folder}/bench.db")
        try:
            async with storage.transaction() as tx:
                game_id = await tx.games.create_game(
                    guild_id=1, channel_id=2, game="stickem", seed=1, rules="{}",
                    seats=[SeatRecord(s, f"p{s}") for s in range(3)],
                )
            best = float("inf")
            seq = 0
            for _ in range(rounds):
                started = time.process_time()
                for _ in range(writes):
                    async with storage.transaction() as tx:
                        await tx.games.append_action(game_id, seq, seq % 3, f"p:{seq % 50}")
                    seq += 1
                best = min(best, (time.process_time() - started) / writes)
            return best
        finally:
            await storage.close()


def run_in(checkout: Path, writes: int, rounds: int) -> float:
    """:func:`measure` with ``checkout``'s code, in a subprocess."""
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--measure", "--writes", str(writes),
         "--rounds", str(rounds)],
        cwd=checkout, env={"PYTHONPATH": str(checkout), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, check=True,
    )
    return float(out.stdout.split()[-1])


def main() -> None:
    """Parse the arguments and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writes", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--compare", metavar="OLD_CHECKOUT")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        sys.path.insert(0, str(Path.cwd()))
        print(asyncio.run(measure(args.writes, args.rounds)))
        return
    if not args.compare:
        print(f"CPU per write: {run_in(ROOT, args.writes, args.rounds) * 1e6:.0f} us")
        return
    new: list[float] = []
    old: list[float] = []
    for pair in range(args.pairs):
        order = [(new, ROOT), (old, Path(args.compare).resolve())]
        for figures, checkout in order if pair % 2 == 0 else reversed(order):
            figures.append(run_in(checkout, args.writes, args.rounds))
    print(f"writes={args.writes} rounds={args.rounds} pairs={args.pairs}")
    print("new us per write:", ", ".join(f"{v * 1e6:.0f}" for v in new))
    print("old us per write:", ", ".join(f"{v * 1e6:.0f}" for v in old))
    print(f"new/old (medians): {sorted(new)[len(new) // 2] / sorted(old)[len(old) // 2]:.2f}x")


if __name__ == "__main__":
    main()
