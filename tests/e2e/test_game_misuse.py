"""Misuse of the misery choice and of /start, and what the refused player is told."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.ids import ActionId, MiserySelectId
from stickem import Phase
from tests.discord_emulator import Emulator
from tests.discord_emulator.driver import InteractionResult
from tests.discord_emulator.state import Message
from tests.e2e.game_harness import GameHarness, hand_of, misery_select_of, table_game
from tests.e2e.seat_helpers import old_hand_answers
from tests.e2e.test_game_conduct import (
    bot_actions,
    hand_via_slash,
    table_message,
    to_tricks,
)


async def answer_text(result: InteractionResult) -> str:
    """What an interaction's user was told: the response, or the follow-up after a defer."""
    response = await result.response()
    if response.deferred:
        followups = await result.wait_followups(1)
        return followups[-1].content
    return response.content


async def misery_via_hand(h: GameHarness, seat: int) -> Message:
    """``seat``'s misery prompt from /hand (an ephemeral message with select and confirm)."""
    response = await h.slash(h.users[seat], "hand")
    assert response.message is not None and misery_select_of(response.message) is not None
    return response.message


async def test_double_confirm_of_a_misery_pick_counts_once(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await h.seat_everyone()
        await h.start(rounds=1)
        assert h.shadow is not None
        user = h.users[0]
        prompt = await emulator.driver.wait_for_message(user, lambda m: misery_select_of(m) is not None)
        card = h.shadow.hand(0)[0]
        response = await h.answer(emulator.driver.select(user, prompt, None, [str(card)]))
        assert response.message is not None
        other = await misery_via_hand(h, 0)  # a second prompt, also selected
        response = await h.answer(emulator.driver.select(user, other, None, [str(h.shadow.hand(0)[1])]))
        assert response.message is not None
        before = bot_actions(h)
        results = [
            await emulator.driver.click(user, prompt, f"Confirm {card}"),
            await emulator.driver.click(user, response.message, f"Confirm {h.shadow.hand(0)[1]}"),
        ]
        texts = [await answer_text(r) for r in results]
        await h.settle()
        assert bot_actions(h) == before + 1
        assert any(t.startswith(f"Your misery card for round 1: **{card}**") for t in texts), texts
        assert "You have already picked your misery card; a pick is final." in texts, texts
        h.shadow.choose_misery(0, card)
        game = h.table.match.game
        assert game is not None and game.misery_card(0) == card


async def test_stale_misery_select_and_confirm_are_refused(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        old_hand_answers(h.bot)  # the stale clicks on them are what the test looks at
        await h.seat_everyone()
        await h.start(rounds=2)
        assert h.shadow is not None
        user = h.users[1]
        old = await misery_via_hand(h, 1)
        kept = h.shadow.hand(1)[-1]
        response = await h.answer(emulator.driver.select(user, old, None, [str(kept)]))
        assert response.message is not None
        old = response.message  # round 1: select and a live "Confirm" button
        for seat in range(3):
            await h.pick_misery(seat)
        assert h.shadow.phase is Phase.TRICKS
        # A confirm after the reveal changes nothing.
        before = bot_actions(h)
        confirm = next(b.custom_id for b in old.buttons if b.label.startswith("Confirm") and not b.disabled)
        assert confirm is not None and ActionId.parse(confirm).stage == "1m"
        text = await answer_text(await emulator.driver.click(user, old, confirm))
        await h.settle()
        assert text == (
            "The misery cards are already revealed; now the tricks are played."
            " /hand shows your latest cards."
        ), text
        assert bot_actions(h) == before
        await h.play_tricks()
        assert h.shadow.round == 2
        assert h.table.running_match().game.phase is Phase.MISERY
        # In round 2, round 1's select and confirm are refused, and nothing changes.
        before = bot_actions(h)
        text = await answer_text(await emulator.driver.select(user, old, None, [str(kept)]))
        assert text == "These cards are from round 1, which is over. /hand shows your latest cards.", text
        text = await answer_text(await emulator.driver.click(user, old, confirm))
        assert text == "These cards are from round 1, which is over. /hand shows your latest cards.", text
        await h.settle()
        assert bot_actions(h) == before
        game = h.table.match.game
        assert game is not None and game.misery_card(1) is None
        await h.play_round()
        await emulator.driver.wait_for_message(h.channel, lambda m: "Game over" in m.content)


async def test_a_server_manager_who_is_not_the_host_starts_the_game(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 4, admin_seats=(3,)) as h:
        for user in h.users[:3]:
            await h.slash(user, "join")
        manager = h.users[3]  # Manage Server, not seated
        response = await h.slash(manager, "start", rounds=1)
        assert response.ephemeral and response.content == "The game has started.", response.content
        game = h.table.match.game
        assert game is not None and game.players == 3 and game.rounds == 1
        assert manager.id not in {seat.user_id for seat in h.table.seats}
        h.users = h.users[:3]
        h.shadow = type(game).new(3, game.rules, seed=game.seed)
        await asyncio.wait_for(h.play_game(), 30)


async def test_stop_mid_trick_leaves_no_turn_and_no_live_buttons(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await to_tricks(h, rounds=1)
        await h.play_turn()
        assert h.shadow is not None
        seat = h.shadow.awaiting[0]
        prompt = await h.hand_message(seat)
        assert hand_of(prompt)
        response = await h.slash(h.users[0], "stop")
        assert response.message is not None
        response = await h.answer(emulator.driver.click(h.users[0], response.message, "Stop"))
        assert response.content == "The game is stopped."
        table = table_message(h)
        assert "Turn:" not in table.content and "stopped" in table.content
        assert not hand_of(prompt), "the current player's DM prompt still offers cards"
        assert "stopped" in prompt.content


async def test_a_misery_select_after_the_pick_is_answered_at_once_that_it_is_final(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Issue 15: a still-visible misery select used after the pick was confirmed answers,
    privately and at once, that the pick is final (no Confirm button that is then refused)."""
    async with table_game(emulator, tmp_path, 3) as h:
        old_hand_answers(h.bot)  # the stale clicks on them are what the test looks at
        await h.seat_everyone()
        await h.start(rounds=1)
        assert h.shadow is not None
        user = h.users[0]
        spare = await misery_via_hand(h, 0)  # a second misery prompt, left open
        await h.pick_misery(0)
        before, content = bot_actions(h), spare.content
        other = next(card for card in h.shadow.hand(0) if card != h.shadow.misery_card(0))
        result = await emulator.driver.select(user, spare, None, [str(other)])
        response = await result.response()
        assert response.ephemeral
        assert response.content == "You have already picked your misery card; a pick is final."
        await h.settle()
        assert bot_actions(h) == before and spare.content == content
        assert not any(b.label.startswith("Confirm") and not b.disabled for b in spare.buttons)


async def test_a_forged_misery_select_during_the_tricks_changes_no_message(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await to_tricks(h, rounds=1)
        assert h.shadow is not None
        seat = h.shadow.awaiting[0]
        user = h.users[seat]
        hand = await hand_via_slash(h, seat)
        content = hand.content
        game_id = h.table.game_id
        assert game_id is not None
        forged = MiserySelectId(h.channel.id, game_id, 1).encode()
        result = await emulator.driver.forge_click(user, hand, forged, values=[str(h.shadow.hand(seat)[0])])
        response = await result.response()
        assert response.ephemeral
        assert response.content == (
            "The misery cards are already revealed; now the tricks are played."
            " /hand shows your latest cards."
        )
        await h.settle()
        assert hand.content == content and hand_of(hand), "the /hand message became a misery prompt"
