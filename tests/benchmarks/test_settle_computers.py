"""``benchmarks/discord_load.py`` opens its window once the computers' opening moves are made:
:func:`settle_computers` waits while a child process of the bot spends CPU, and no longer."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

from benchmarks.discord_load import settle_computers

BUSY = 2.0
"""Seconds the stand-in for a deciding worker spins before it goes idle."""


def test_the_window_waits_for_busy_workers_and_not_for_idle_ones() -> None:
    spin = f"import time\nend = time.monotonic() + {BUSY}\nwhile time.monotonic() < end: pass\ntime.sleep(60)"
    worker = subprocess.Popen([sys.executable, "-c", spin])
    try:
        waited = asyncio.run(settle_computers(os.getpid(), bound=20.0, quiet=1.0))
        assert BUSY <= waited < 20.0  # the spinning child held it, the sleeping one did not
        again = asyncio.run(settle_computers(os.getpid(), bound=20.0, quiet=1.0))
        assert again < BUSY  # idle children: one quiet second
    finally:
        worker.kill()
        worker.wait(timeout=20.0)
