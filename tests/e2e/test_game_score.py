"""/score: private or public, during the game and after it."""

from __future__ import annotations

from pathlib import Path

from tests.discord_emulator import Emulator
from tests.e2e.game_harness import table_game


async def test_score_public_and_after_the_game(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        response = await h.slash(h.users[0], "score")
        assert response.ephemeral and "no table" in response.content
        await h.seat_everyone()
        await h.start(rounds=1)
        before = len(emulator.driver.channel_messages(h.channel))
        response = await h.slash(h.users[1], "score", public=True)
        assert not response.ephemeral and "Standings:" in response.content
        assert len(emulator.driver.channel_messages(h.channel)) == before + 1
        await h.play_game()
        assert h.shadow is not None
        response = await h.slash(h.users[2], "score")
        assert response.ephemeral and response.content.startswith("**Game over!**"), response.content
        standings = response.embeds[0].description or ""
        for user, total in zip(h.users, h.shadow.totals, strict=True):
            assert f"{user.name}: {total}" in standings
        response = await h.slash(h.users[2], "score", public=True)
        assert not response.ephemeral and response.content.startswith("**Game over!**")
        await h.slash(h.users[0], "join")  # a new table: /score shows its lobby again
        response = await h.slash(h.users[0], "score")
        assert "1. ann (host)" in response.content
