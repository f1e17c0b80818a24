"""The gate of a click runs once: who clicks and whether their prompt is current is judged once
per click (boardgame.io's master checks a move once), not again in each layer it passes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from host.table.play import Admitted, TablePlay
from tests.discord_emulator import Emulator
from tests.e2e.game_harness import GameHarness, table_game

COMPONENT = 3
"""The interaction type of a click on a button or a select."""


def count_gates(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record the stage of every click let through (or refused by) a table's gate."""
    gated: list[str] = []
    admit: Callable[..., Admitted] = TablePlay.admit

    def counting(self: TablePlay, user_id: int, game_id: str, stage: str) -> Admitted:
        gated.append(stage)
        return admit(self, user_id, game_id, stage)

    monkeypatch.setattr(TablePlay, "admit", counting)
    return gated


def clicks(h: GameHarness) -> int:
    """How many component clicks the emulator sent so far."""
    return sum(1 for r in h.emu.interactions.records.values() if r.type == COMPONENT)


async def test_every_click_passes_the_gate_once(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gated = count_gates(monkeypatch)
    async with table_game(emulator, tmp_path, 3) as h:
        await h.seat_everyone()
        lobby_clicks = clicks(h)
        await h.start()
        for seat in range(3):  # a select (a step of the decision) and a confirm (the action)
            await h.pick_misery(seat)
        for _ in range(7):
            await h.play_turn()
        game_clicks = clicks(h) - lobby_clicks
        assert game_clicks == 3 * 2 + 7
        assert len(gated) == game_clicks, gated
