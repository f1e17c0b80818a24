"""The event loop the bot runs on: uvloop's where it is installed (on Linux and macOS, where it
exists), asyncio's own otherwise.

uvloop is libuv under asyncio's API: the same program, with less of the processor spent in the
loop itself (its timers, its sockets, its callbacks). What it saves is measured by
``benchmarks/discord_load.py`` (``--compare . --old-env STICKEM_TEST_HIDDEN_MODULES=uvloop``);
figures in its docstring. Nothing in the bot depends on it: without it (Windows, or an install
without the package), the standard loop runs the same code.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

Result = TypeVar("Result")


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's ``new_event_loop`` when uvloop can be imported; None: asyncio's default loop."""
    try:
        import uvloop
    except ImportError:
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def loop_name() -> str:
    """``uvloop`` or ``asyncio``: the loop :func:`run` uses (for the start-up log)."""
    return "asyncio" if loop_factory() is None else "uvloop"


def run(main: Coroutine[Any, Any, Result]) -> Result:
    """Run ``main`` to its end on a new event loop (see the module's docstring), as
    :func:`asyncio.run` does, and close the loop."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)
