"""A handled click leaves no reference cycle behind (see bot/runtime/interaction_release.py).

Garbage the collector must find stalls the event loop when it is freed in bulk; a click's
interaction and its rebuilt view must be freed by reference counting instead.
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.runtime import interaction_release
from stickem import Phase
from tests.discord_emulator import Emulator
from tests.e2e.game_harness import table_game

CYCLIC = ("discord.interactions.Interaction", "discord.ui.view.View", "discord.message.Message")


def cyclic_garbage() -> list[str]:
    """Names of the click-related objects the collector found in cycles since DEBUG_SAVEALL.

    The bot freezes the survivors of middle collections (bot/runtime/gc_pauses.py): a cycle frozen while
    its click was being handled would be invisible to a plain ``gc.collect()``, so unfreeze first.
    """
    gc.unfreeze()
    gc.collect()
    found = [f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage if not _a_command(o)]
    return sorted(name for name in found if name in CYCLIC)


def _a_command(thing: object) -> bool:
    """Whether ``thing`` is a slash command's interaction: the check is about clicks, and the
    /start before them may still be finishing its work (its table message, its DMs) on a busy
    machine when the check begins."""
    command = discord.InteractionType.application_command
    return isinstance(thing, discord.Interaction) and thing.type is command


async def test_clicks_leave_no_interaction_or_view_to_the_collector(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await h.seat_everyone()
        await h.start()
        assert h.shadow is not None
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            for seat in range(3):  # select + confirm: two clicks each
                await h.pick_misery(seat)
            assert h.shadow.phase is Phase.TRICKS
            for _ in range(3):  # card buttons
                await h.play_turn()
            await h.settle()
            leftovers = cyclic_garbage()
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
        assert leftovers == []


async def test_the_check_sees_cycles_frozen_while_a_click_was_handled(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def keep_the_cycles(item: discord.ui.Item[Any], interaction: discord.Interaction[Any]) -> None:
        gc.collect(1)  # a middle collection while the click is alive: the bot freezes it

    monkeypatch.setattr(interaction_release, "release_click", keep_the_cycles)
    async with table_game(emulator, tmp_path, 3) as h:
        await h.seat_everyone()
        await h.start()
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            for seat in range(3):
                await h.pick_misery(seat)
            await h.settle()
            leftovers = cyclic_garbage()
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
        assert "discord.interactions.Interaction" in leftovers
