"""The bot's event loop (bot/runtime/event_loop.py): uvloop's where installed, asyncio's otherwise."""

from __future__ import annotations

import asyncio
import sys

import pytest

from bot.runtime import event_loop

needs_uvloop = pytest.mark.skipif(sys.platform == "win32", reason="uvloop is not made for Windows")


async def _loop_module() -> str:
    return type(asyncio.get_running_loop()).__module__


@needs_uvloop
def test_the_bot_runs_on_uvloop_where_it_is_installed() -> None:
    assert event_loop.loop_name() == "uvloop"
    assert event_loop.run(_loop_module()).startswith("uvloop")


def test_without_uvloop_the_bot_runs_on_asyncios_own_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # as if not installed: importing it fails
    assert event_loop.loop_factory() is None
    assert event_loop.loop_name() == "asyncio"
    assert event_loop.run(_loop_module()).startswith("asyncio.")
