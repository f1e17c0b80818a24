"""A handled click leaves no reference cycle behind (see bot/interaction_release.py).

Garbage the collector must find stalls the event loop when it is freed in bulk; a click's
interaction and its rebuilt view must be freed by reference counting instead.
"""

from __future__ import annotations

import gc
from pathlib import Path

from stickem import Phase
from tests.discord_emulator import Emulator
from tests.e2e.game_harness import table_game

CYCLIC = ("discord.interactions.Interaction", "discord.ui.view.View", "discord.message.Message")


def cyclic_garbage() -> list[str]:
    """Names of the click-related objects the collector found in cycles since DEBUG_SAVEALL."""
    gc.collect()
    found = [f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage]
    return sorted(name for name in found if name in CYCLIC)


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
