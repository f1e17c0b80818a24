"""The bot's event loop (bot/runtime/event_loop.py, EVENT_LOOP): asyncio's own by default,
uvloop's when asked for and installed, and a clear refusal otherwise."""

from __future__ import annotations

import asyncio
import sys

import pytest

from bot.boot.config import ConfigError, Settings
from bot.runtime import event_loop

needs_uvloop = pytest.mark.skipif(sys.platform == "win32", reason="uvloop is not made for Windows")
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GAbCdE.abcdefghijklmnopqrstuvwxyz0123456789AB"


async def _loop_module() -> str:
    return type(asyncio.get_running_loop()).__module__


def test_the_bot_runs_on_asyncios_own_loop_by_default() -> None:
    assert Settings.from_env({"DISCORD_TOKEN": TOKEN}).event_loop == "asyncio"
    assert event_loop.loop_factory() is None
    assert event_loop.run(_loop_module()).startswith("asyncio.")


@needs_uvloop
def test_the_bot_runs_on_uvloop_when_asked() -> None:
    assert Settings.from_env({"DISCORD_TOKEN": TOKEN, "EVENT_LOOP": "uvloop"}).event_loop == "uvloop"
    assert event_loop.run(_loop_module(), "uvloop").startswith("uvloop")


def test_uvloop_asked_for_but_not_installed_is_a_setting_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # as if not installed: importing it fails
    with pytest.raises(ConfigError, match=r"EVENT_LOOP=uvloop needs the uvloop package"):
        Settings.from_env({"DISCORD_TOKEN": TOKEN, "EVENT_LOOP": "uvloop"})


def test_an_unknown_event_loop_is_a_setting_refused() -> None:
    refused = r"EVENT_LOOP must be one of asyncio, uvloop \(asyncio, the default.*not 'trio'"
    with pytest.raises(ConfigError, match=refused):
        Settings.from_env({"DISCORD_TOKEN": TOKEN, "EVENT_LOOP": "trio"})
