"""Whole games on the emulated Discord: /join, /start, misery by DM, tricks, final standings."""

from __future__ import annotations

from pathlib import Path

from tests.discord_emulator import Emulator
from tests.e2e.game_harness import GameHarness, table_game
from tests.e2e.seat_helpers import text_only

# What one card may cost: the interaction response, one edit of the table message, one DM to
# the next player (and, the first time the bot writes to that player, opening the DM channel).
CARD_CALLS = {
    "POST /interactions/{interaction_id}/{token}/callback",
    "PATCH /channels/{channel_id}/messages/{message_id}",
    "POST /channels/{channel_id}/messages",
}


def expected_totals(h: GameHarness) -> dict[str, int]:
    assert h.shadow is not None
    return {user.name: total for user, total in zip(h.users, h.shadow.totals, strict=True)}


def check_card_calls(h: GameHarness) -> None:
    """Every card that did not end a round cost at most the three allowed calls."""
    assert h.shadow is not None
    players = h.shadow.players
    for index, keys in enumerate(h.calls_per_card):
        ends_round = (index + 1) % (14 * players) == 0
        if ends_round:
            continue
        assert len(keys) <= 3, keys
        assert set(keys) <= CARD_CALLS, keys
        assert keys.count("POST /channels/{channel_id}/messages") <= 1, keys


async def test_full_three_player_game(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await h.seat_everyone()
        await h.start()
        await h.play_game()
        assert h.shadow is not None and h.shadow.rounds == 5
        assert h.final_totals() == expected_totals(h)
        assert h.cards_played == 5 * 14 * 3
        check_card_calls(h)
        # the whole game, lobby to standings: three calls per card, plus per round the misery
        # choice (DM, select, confirm, table edit per player), the score embed, the new table
        # message and the first turn DM, plus the lobby and opening the DM channels
        calls = len(h.emu.rest_calls)
        players, rounds = 3, 5
        budget = 3 * h.cards_played + rounds * (4 * players + 3) + 4 * players + 10
        print(f"REST calls for a whole 3-player game: {calls} (budget {budget})")
        assert calls <= budget
        winners = h.shadow.winners
        final = h.emu.driver.channel_messages(h.channel)[-1]
        for seat in winners:
            assert h.users[seat].name in final.content


async def test_full_seven_player_classic_game_shows_undealt_cards(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 7) as h:
        # Text only: this game reads the table's text (the undealt cards, the misery cards);
        # its 490 table pictures cost more than the rest of it. The whole game's pictures are
        # drawn and sent in the three-player and amigo games above and below, and the seven
        # seats' table picture by tests/drawing/test_stickem_art.py (goldens).
        text_only(h.bot, h.channel_guild().id)
        await h.seat_everyone()
        await h.start()
        assert h.shadow is not None
        assert h.shadow.rules.preset == "classic" and h.shadow.rounds == 5
        undealt = h.shadow.undealt
        assert len(undealt) == 3
        for seat in range(7):
            await h.pick_misery(seat)
        table_message = h.emu.driver.channel_messages(h.channel)[-1].content
        assert "Undealt (out of play)" in table_message
        assert all(str(card) in table_message for card in undealt)
        for seat in range(7):  # every misery card is revealed at once
            misery = h.shadow.misery_card(seat)
            assert misery is not None and f"{h.users[seat].name} - misery" in table_message
            assert str(misery) in table_message
        await h.play_tricks()
        await h.play_game()
        assert h.shadow.round == h.shadow.rounds == 5
        assert h.final_totals() == expected_totals(h)
        assert h.cards_played == 5 * 14 * 7
        check_card_calls(h)


async def test_full_amigo_game_with_rules_option(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 3, seed=5) as h:
        await h.seat_everyone()
        await h.start(rules="amigo")
        assert h.shadow is not None
        assert h.shadow.rules.preset == "amigo" and h.shadow.rounds == 3  # one per player
        table_text = h.emu.driver.channel_messages(h.channel)[-1].content
        assert "rules: amigo" in table_text
        await h.play_game()
        assert h.final_totals() == expected_totals(h)
        check_card_calls(h)
