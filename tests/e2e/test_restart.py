"""A bot process dies in the middle of a game (SIGKILL, or a deploy's SIGTERM); a new one starts on
the same database and the players go on clicking the buttons they already have.

Each game must end with exactly the totals a replay of the stored actions gives, and the stored
log must be exactly the clicks that were accepted: nothing lost, nothing applied twice.
"""

from __future__ import annotations

import signal

import pytest

from stickem import Phase
from stickem.hosting import encode_action
from tests.e2e.game_harness import hand_of
from tests.e2e.process_game import ProcessGame, answer, assert_clean_log, replay


@pytest.fixture
async def game(three_players: ProcessGame) -> ProcessGame:
    """The three players of this module's games, on a server whose tables show no pictures:
    nothing here looks at them (tests/e2e/test_pictures.py and test_late_pictures.py do)."""
    await three_players.pictures_off()
    return three_players


async def check_nothing_lost_nothing_twice(g: ProcessGame) -> None:
    """The standings, the shadow game and the stored log agree exactly."""
    assert g.shadow is not None and g.shadow.phase is Phase.GAME_OVER
    stored = await g.stored()
    assert [(a.seat, a.action) for a in stored.actions] == [
        (a.seat, encode_action(a)) for a in g.shadow.actions
    ]
    replayed = replay(stored)
    assert replayed.totals == g.shadow.totals
    assert g.final_totals() == replayed.totals
    assert stored.record.status == "finished"


async def test_sigkill_in_the_middle_of_a_trick(game: ProcessGame) -> None:
    g = game
    await g.start_bot()
    await g.open_game(rounds=1)
    assert g.shadow is not None
    for seat in range(3):
        await g.pick_misery(seat)
    for _ in range(4):  # trick 1, and the first card of trick 2
        await g.play_turn()
    assert len(g.shadow.current_trick) == 1
    seat = g.shadow.awaiting[0]
    kept = await g.hand_message(seat)  # the DM the next player has in front of them

    await g.kill_bot()
    bot = await g.start_bot()
    assert "Resumed 1 games" in bot.log

    await g.play_turn(kept)  # the old button works on the restored table
    await g.play_to_the_end()
    await check_nothing_lost_nothing_twice(g)
    notice = [m for m in g.emu.driver.channel_messages(g.channel) if "back after a restart" in m.content]
    assert len(notice) == 1 and f"<@{g.users[seat].id}>, it is your turn" in notice[0].content
    assert_clean_log(bot.log)


async def test_sigkill_in_the_middle_of_the_misery_choice(game: ProcessGame) -> None:
    g = game
    await g.start_bot()
    await g.open_game(rounds=1)
    assert g.shadow is not None
    prompts = [await g.misery_prompt(seat) for seat in range(3)]
    await g.pick_misery(0, prompts[0])
    # bob has already opened the select menu when the bot dies
    card = g.shadow.hand(1)[0]
    opened = await answer(await g.emu.driver.select(g.users[1], prompts[1], None, [str(card)]))

    await g.kill_bot()
    header = "**Stick'em** - round 1 of 1"
    table_id = next(m for m in g.emu.driver.channel_messages(g.channel) if header in m.content).id
    g.emu.world.messages[table_id].deleted = True  # and someone deleted the table message
    bot = await g.start_bot()
    reposted = await g.emu.driver.wait_for_message(
        g.channel, lambda m: m.id > table_id and header in m.content, timeout=5
    )
    assert "bob" in reposted.content
    waiting = f"<@{g.users[1].id}>, <@{g.users[2].id}>: please pick your misery card."
    await g.emu.driver.wait_for_message(g.channel, lambda m: waiting in m.content, timeout=5)

    confirmed = await answer(await g.emu.driver.click(g.users[1], opened, f"Confirm {card}"))
    assert "misery card" in confirmed.content.lower(), confirmed.content
    g.shadow.choose_misery(1, card)
    await g.pick_misery(2, prompts[2])
    await g.play_to_the_end()
    await check_nothing_lost_nothing_twice(g)
    assert_clean_log(bot.log)
    # The only refusal: the restarted bot's edit of the deleted table message, before it posts it again.
    refused = g.emu.pop_problems()
    assert [(p.kind, "PATCH" in p.message) for p in refused] == [("http-error", True)], refused


@pytest.mark.parametrize("three_players", ["sqlite"], indirect=True)  # the database plays no part here
async def test_graceful_restart_keeps_the_game(game: ProcessGame) -> None:
    g = game
    await g.start_bot()
    await g.open_game(rounds=1)
    assert g.shadow is not None
    for seat in range(3):
        await g.pick_misery(seat)
    await g.play_turn()
    kept = await g.hand_message(g.shadow.awaiting[0])

    assert g.bot is not None
    g.bot.process.send_signal(signal.SIGTERM)
    assert await g.bot.finish() == 0
    assert_clean_log(g.bot.log)
    g.bot = None
    bot = await g.start_bot()

    await g.play_turn(kept)
    await g.play_to_the_end()
    await check_nothing_lost_nothing_twice(g)
    assert_clean_log(bot.log)


@pytest.mark.parametrize("three_players", ["sqlite"], indirect=True)
@pytest.mark.emulator_problems_expected  # a killed bot leaves edits and clicks unfinished
async def test_sigkill_while_a_click_is_in_flight(game: ProcessGame) -> None:
    """The bot dies right after a click reached it: the move was stored or it was not, never half;
    clicking the same button again after the restart is accepted exactly when it was not."""
    g = game
    await g.start_bot()
    await g.open_game(rounds=1)
    assert g.shadow is not None
    for seat in range(3):
        await g.pick_misery(seat)
    await g.play_turn()
    seat = g.shadow.awaiting[0]
    message = await g.hand_message(seat)
    card = hand_of(message)[0]
    await g.emu.driver.click(g.users[seat], message, str(card))  # dispatched; no answer awaited
    await g.kill_bot()
    await g.start_bot()

    stored = await g.stored()
    assert len(stored.actions) in (4, 5)
    again = await answer(await g.emu.driver.click(g.users[seat], message, str(card)))
    if len(stored.actions) == 5:  # it was stored before the process died: never applied twice
        assert not again.content.startswith("You played"), again.content
    else:
        assert again.content.startswith(f"You played **{card}**"), again.content
    g.shadow.play(seat, card)
    await g.play_to_the_end()
    await check_nothing_lost_nothing_twice(g)
