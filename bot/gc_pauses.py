"""Keep the garbage collector's full collections short, so they never hold the event loop long.

A full collection walks every object the collector tracks; at a hundred tables that is tens of
thousands (games, seats, discord.py's caches) and took ~8 ms, at a thousand ~150 ms, blocking
the event loop. Almost all of them live as long as their table. So once a full collection has
run, the objects it left alive are *frozen* (``gc.freeze``): the collector no longer walks them,
and the next full collection only walks what was created since.

Frozen objects are still freed by reference counting when they are no longer used; only a
reference cycle among them would stay (the bot's own objects form none once a click is handled,
see :mod:`bot.interaction_release`). To give such cycles back all the same, every
:data:`RECLAIM_EVERY` seconds everything is unfrozen and collected once (one long collection).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("bot.gc")

RECLAIM_EVERY = 6 * 3600.0
"""Seconds between two collections of everything (frozen objects included)."""


def _freeze_after_full_collection(phase: str, info: dict[str, int]) -> None:
    """``gc.callbacks`` hook: after a full collection, freeze what it left alive."""
    if phase == "stop" and info["generation"] == 2:
        gc.freeze()


def start_freezing() -> None:
    """Freeze what lives now and after every full collection (once per process)."""
    gc.collect()
    gc.freeze()
    if _freeze_after_full_collection not in gc.callbacks:
        gc.callbacks.append(_freeze_after_full_collection)


def stop_freezing() -> None:
    """Stop freezing after full collections and unfreeze everything (when the bot closes: a
    program that goes on, such as the test suite, collects normally again)."""
    if _freeze_after_full_collection in gc.callbacks:
        gc.callbacks.remove(_freeze_after_full_collection)
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
