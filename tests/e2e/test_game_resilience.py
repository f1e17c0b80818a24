"""The game goes on when Discord misbehaves: late answers, failing DMs, slow critical sections."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.discord_emulator import Emulator
from tests.e2e.game_harness import hand_of, table_game
from tests.e2e.test_game_conduct import bot_actions, table_message, to_tricks


@pytest.mark.emulator_problems_expected
async def test_a_late_answer_to_a_card_click_still_moves_the_game_on(
    emulator: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await to_tricks(h, rounds=1)
        assert h.shadow is not None
        seat = h.shadow.awaiting[0]
        message = await h.hand_message(seat)
        before_actions, before_table = bot_actions(h), table_message(h).content
        following = (seat + 1) % 3
        follower = h.users[following]
        dms_before = len(emulator.driver.dm_messages(follower))
        card = hand_of(message)[0]
        emulator.response_timeout = 0.0  # every answer of the bot now arrives too late
        with caplog.at_level(logging.WARNING, logger="bot.table_service"):
            result = await emulator.driver.click(h.users[seat], message, str(card))
            await emulator.driver.wait_until(
                lambda: len(emulator.driver.dm_messages(follower)) > dms_before or None,
                what="the next player's prompt",
            )
            await h.settle()
        emulator.response_timeout = 3.0
        h.shadow.play(seat, card)
        assert bot_actions(h) == before_actions + 1
        assert table_message(h).content != before_table, "the table message was not updated"
        assert any("after applying it" in r.message for r in caplog.records if r.levelno == logging.WARNING)
        # The player is never told that nothing changed, and the clicked prompt lost its buttons.
        sent = [m.text for m in emulator.driver.ephemeral_for(h.users[seat])]
        sent += [m.text for m in emulator.driver.dm_messages(h.users[seat])]
        assert not any("nothing was changed" in text for text in sent)
        assert result.original is None or "nothing was changed" not in result.original.text
        assert not hand_of(message), "the clicked prompt still offers cards"
        assert emulator.pop_problems(), "the emulator saw no late answer"
        await h.play_turn()  # and the game goes on with answers in time
