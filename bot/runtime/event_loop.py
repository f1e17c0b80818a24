"""The event loop the bot runs on: asyncio's own, or uvloop's when the host asks for it
(``EVENT_LOOP=uvloop``, with the ``speed`` extra installed: ``pip install 'stickem-discord[speed]'``).

uvloop is libuv under asyncio's API: the same program, with less of the processor spent in the
loop itself. It is not the default because it did not measure better here: in
``benchmarks/discord_load.py`` (``--compare . --old-env STICKEM_TEST_HIDDEN_MODULES=uvloop``, 60
tables, 3 pairs) the bot's CPU per card was 0.97x asyncio's, within the run's noise, and 3 of 11
uvloop runs on the loaded machine had a starved bot (failed interactions) against 0 of 13 on
asyncio (docs/benchmarks.md, "CPU per card"). Nothing in the bot depends on either.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

Result = TypeVar("Result")

LOOPS = ("asyncio", "uvloop")
"""The event loops a host may choose (EVENT_LOOP)."""


def loop_factory(name: str = "asyncio") -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's ``new_event_loop`` for ``uvloop`` (``ImportError`` when it is not installed);
    None for ``asyncio``: asyncio's default loop."""
    if name != "uvloop":
        return None
    import uvloop

    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def run(main: Coroutine[Any, Any, Result], name: str = "asyncio") -> Result:
    """Run ``main`` to its end on a new event loop of ``name`` (see the module's docstring), as
    :func:`asyncio.run` does, and close the loop."""
    with asyncio.Runner(loop_factory=loop_factory(name)) as runner:
        return runner.run(main)
