"""The overload signal's periodic figures (:mod:`host.overload`): how late a wake-up of the event
loop comes, and how long a player's write asking now would wait for the database writer, both
every :data:`EVERY` seconds (one timer; the interactions' ages are fed as they are read, by
:mod:`bot.runtime.arrivals`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from host.overload import Overload

EVERY = 0.25
"""Seconds between two figures: a process behind is marked so within a quarter of a second of
its loop's catching up enough to measure it, and one timer four times a second costs nothing."""


async def probe_load(overload: Overload, write_wait: Callable[[], float], every: float = EVERY) -> None:
    """Feed ``overload`` the loop's lag and ``write_wait()`` (seconds a player's write would wait
    for the writer), the larger of the two, every ``every`` seconds (until cancelled)."""
    loop = asyncio.get_running_loop()
    while True:
        asked = loop.time()
        await asyncio.sleep(every)
        lag = max(0.0, loop.time() - asked - every)
        overload.observe(max(lag, write_wait()))
