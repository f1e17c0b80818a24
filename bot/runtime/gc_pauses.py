"""Keep the garbage collector's pauses short, so they never hold the event loop long.

A collection walks the objects of the generations it collects; a full one walks every object the
collector tracks: at a hundred tables tens of thousands (games, seats, discord.py's caches), ~8 ms
with the event loop blocked, at a thousand ~150 ms. Almost all of them live as long as their
table. So whatever survives a collection of the middle generation (it has lived through two) is
*frozen* (``gc.freeze``): the collector no longer walks it, the oldest generation stays nearly
empty, and no collection walks more than what was created in the last moments.

Frozen objects are still freed by reference counting when they are no longer used; only a
reference cycle that dies frozen would stay (the bot's own objects form none once a click is
handled, see :mod:`bot.runtime.interaction_release`; a slash command's interaction does). To give such
cycles back, every :data:`RECLAIM_EVERY` seconds everything is unfrozen and collected once: one
long collection an hour (~15 ms at a hundred tables) instead of one a minute.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("bot.gc")

RECLAIM_EVERY = 3600.0
"""Seconds between two collections of everything (frozen objects included)."""


def _freeze_survivors(phase: str, info: dict[str, int]) -> None:
    """``gc.callbacks`` hook: after a collection of the middle or oldest generation, freeze what
    it left alive."""
    if phase == "stop" and info["generation"] >= 1:
        gc.freeze()


def start_freezing() -> None:
    """Freeze what lives now and the survivors of every later collection but the youngest."""
    gc.collect()
    gc.freeze()
    if _freeze_survivors not in gc.callbacks:
        gc.callbacks.append(_freeze_survivors)


def stop_freezing() -> None:
    """Stop freezing and unfreeze everything (when the bot closes: a program that goes on, such
    as the test suite, collects normally again)."""
    if _freeze_survivors in gc.callbacks:
        gc.callbacks.remove(_freeze_survivors)
    gc.unfreeze()


def reclaim() -> int:
    """Unfreeze everything, collect it all once, freeze the survivors; how many objects died."""
    started = time.perf_counter()
    gc.unfreeze()
    freed = gc.collect()
    gc.freeze()
    took = (time.perf_counter() - started) * 1000
    log.info("collected everything: %d objects freed in %.0f ms", freed, took)
    return freed


async def reclaim_periodically(every: float = RECLAIM_EVERY) -> None:
    """Run :func:`reclaim` every ``every`` seconds (until cancelled)."""
    while True:
        await asyncio.sleep(every)
        reclaim()
