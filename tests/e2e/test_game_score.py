"""/score: private or public, during the game and after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.tables.service import service_for
from tests.discord_emulator import Emulator
from tests.e2e.game_harness import table_game
from tests.e2e.seat_helpers import WAIT, text_only
from tests.e2e.test_hand_click import HeldPicture


async def test_score_public_and_after_the_game(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        text_only(h.bot, h.channel_guild().id)  # read in words; the picture has the test below
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


async def test_score_whose_picture_is_slow_is_answered_in_time(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/score's picture (in round 1 the table) takes longer than Discord's 3 seconds: the command
    is deferred in time (privately, or for the channel when public), then its answer shows the
    standings with the picture."""
    async with table_game(emulator, tmp_path, 3) as h:
        await h.seat_everyone()
        await h.start(rounds=1)
        painter = service_for(h.bot).courier.painter
        for public in (False, True):
            monkeypatch.setattr(painter, "picture", HeldPicture(painter, delay=3.5))
            asked = await emulator.driver.slash(h.users[1], h.channel, "score", public=public)
            response = await asked.response(timeout=WAIT)  # Discord refuses an answer after 3 s
            assert response.deferred and response.ephemeral is not public
            shown = await asked.wait_original(timeout=WAIT)
            assert shown.ephemeral is not public and "Standings:" in shown.content, shown.content
            assert [a.filename for a in shown.attachments] == ["table.png"]
            await h.settle()
