"""Whole games on the emulated Discord: /join, /start, misery by DM, tricks, final standings."""

from __future__ import annotations

from pathlib import Path

from tests.discord_emulator import Emulator
from tests.e2e.game_harness import table_game


async def test_full_three_player_game(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await h.seat_everyone()
        await h.start()
        await h.play_game()
        shadow = h.shadow
        assert shadow is not None and shadow.rounds == 5
        assert h.final_totals() == {
            user.name: total for user, total in zip(h.users, shadow.totals, strict=True)
        }
        assert h.cards_played == 5 * 14 * 3
