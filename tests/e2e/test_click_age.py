"""A click read late (it waited in the bot's gateway queue) is answered within Discord's 3
seconds, counted from its creation: deferred once it is 2 s old, not 1.5 s after the bot read
it (bot/tables/answer.py, the interaction's snowflake)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.tables.answer import ANSWER_BY
from bot.tables.service import service_for
from host.write_queue import URGENT
from tests.discord_emulator import Emulator
from tests.e2e.game_harness import hand_of, table_game
from tests.e2e.test_game_conduct import bot_actions, to_tricks


async def test_a_click_read_late_is_deferred_within_its_three_seconds(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await to_tricks(h, rounds=1)
        assert h.shadow is not None
        seat = h.shadow.awaiting[0]
        message = await h.hand_message(seat)
        card = hand_of(message)[0]
        before = bot_actions(h)
        journal = service_for(h.bot).journal
        loop = asyncio.get_running_loop()
        late = ANSWER_BY - 0.3  # read this long after Discord created it: 0.3 s before its defer
        emulator.interactions.delivery_delay = late
        async with journal.writing(URGENT):  # and its move waits for the writer past 3 s
            created = loop.time()
            result = await emulator.driver.click(h.users[seat], message, str(card))
            response = await result.response(timeout=emulator.response_timeout)
            answered = loop.time() - created
            assert response.deferred, response.type_name
            assert late <= answered < emulator.response_timeout
            await asyncio.sleep(emulator.response_timeout + 0.3 - (loop.time() - created))
            assert card in hand_of(message), (
                "the click was shown before it was stored"  # its move waits for the writer
            )
        emulator.interactions.delivery_delay = 0.0
        await h.settle()
        h.shadow.play(seat, card)
        assert bot_actions(h) == before + 1
        assert not hand_of(message), "the clicked prompt still offers cards"
        await h.play_turn()  # and the game goes on
