"""The event loop's lag: how late a wake-up asked for comes, measured every :data:`EVERY`
seconds. A loop held by long callbacks (or starved of the processor) wakes up late; so would
every interaction waiting for it."""

from __future__ import annotations

import asyncio

from prometheus_client import Histogram

EVERY = 0.5
"""Seconds between two measurements (a measurement costs one timer)."""


async def measure_lag(histogram: Histogram, every: float = EVERY) -> None:
    """Sleep ``every`` seconds again and again, observing how late each wake-up is (until cancelled)."""
    loop = asyncio.get_running_loop()
    while True:
        asked = loop.time()
        await asyncio.sleep(every)
        histogram.observe(max(0.0, loop.time() - asked - every))
