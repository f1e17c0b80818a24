"""The game goes on when Discord misbehaves: late answers, failing DMs, slow critical sections."""

from __future__ import annotations

import logging
from pathlib import Path

import discord
import pytest

from bot.ids import LobbyId
from bot.tables.service import service_for
from host.tables import TableState
from stickem import Game, Phase
from tests.discord_emulator import Emulator
from tests.discord_emulator.payloads import channel_payload
from tests.e2e.game_harness import hand_of, misery_select_of, table_game
from tests.e2e.test_game_conduct import bot_actions, hand_via_slash, table_message, to_tricks

INTENT_GUILDS = 1 << 0


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
        with caplog.at_level(logging.WARNING, logger="bot.tables"):
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


class _ServerError:
    """Enough of an aiohttp response for ``discord.HTTPException``."""

    status = 500
    reason = "Internal Server Error"


async def test_a_dm_that_fails_for_another_reason_mentions_the_player_once(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await to_tricks(h, rounds=1)
        assert h.shadow is not None
        seat = h.shadow.awaiting[0]
        following = (seat + 1) % 3
        target = h.users[following]
        real_create_dm = h.bot.create_dm
        failures: list[int] = []

        async def flaky_create_dm(user: discord.abc.Snowflake) -> discord.DMChannel:
            if user.id == target.id and not failures:
                failures.append(user.id)
                raise discord.DiscordServerError(_ServerError(), "Discord is having a moment")
            return await real_create_dm(user)

        monkeypatch.setattr(h.bot, "create_dm", flaky_create_dm)
        with caplog.at_level(logging.WARNING, logger="bot.tables"):
            await h.play_turn()
        assert failures == [target.id]
        assert any("Could not DM" in r.message for r in caplog.records if r.levelno == logging.WARNING)
        texts = [m.content for m in emulator.driver.channel_messages(h.channel)]
        assert not any("can't send you direct messages" in t for t in texts)
        assert sum(t.startswith(f"<@{target.id}>, it is your turn") for t in texts) == 1
        assert target.id not in service_for(h.bot).book.of(h.table).dm_closed
        # This turn is played through /hand; the next prompts come by DM again.
        message = await hand_via_slash(h, following)
        card = hand_of(message)[0]
        await h.answer(emulator.driver.click(target, message, str(card)))
        h.shadow.play(following, card)
        h.cards_played += 1
        for _ in range(3):
            await h.play_turn()
        assert sum(
            t.startswith(f"<@{target.id}>, it is your turn")
            for t in (m.content for m in emulator.driver.channel_messages(h.channel))
        ) == 1


async def test_join_that_waited_for_a_lobby_that_closed_opens_a_new_one(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 2) as h:
        ann, bob = h.users
        await h.slash(ann, "join")
        table = h.table
        async with table.lock:  # ann's /leave is being run when bob's /join arrives
            result = await emulator.driver.slash(bob, h.channel, "join")
            response = await result.response()
            assert response.deferred
            table.lobby.leave(ann.id)
        original = await result.wait_original()  # the deferred answer, filled in
        await h.settle()
        joined = "You joined the Stick'em table (seat 1). You are the host"
        assert original.content.startswith(joined), original.content
        assert h.table is not table and [seat.user_id for seat in h.table.seats] == [bob.id]


async def test_deleting_the_channel_closes_its_table(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await to_tricks(h, rounds=1)
        assert h.shadow is not None
        prompt = await h.hand_message(h.shadow.awaiting[0])
        table = h.table
        # Discord's CHANNEL_DELETE (the guilds intent, which the bot has)
        emulator.gateway.dispatch(
            "CHANNEL_DELETE", channel_payload(h.channel, emulator.world), intent=INTENT_GUILDS
        )
        await emulator.driver.wait_until(
            lambda: service_for(h.bot).registry.get(h.channel.id) is None or None,
            what="the table to close",
        )
        await h.settle()
        assert table.state is TableState.CLOSED
        assert not hand_of(prompt) and "deleted" in prompt.content


async def test_a_player_who_left_the_server_makes_the_notice_suggest_stop(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await h.seat_everyone()
        gone = h.users[2]
        del h.channel_guild().members[gone.id]  # left (the bot gets no member events)
        await h.start(rounds=1)
        notice = await emulator.driver.wait_for_message(
            h.channel, lambda m: m.content.startswith(f"<@{gone.id}> has left this server")
        )
        assert "/stop" in notice.content
        texts = [m.content for m in emulator.driver.channel_messages(h.channel)]
        assert not any("can't send you direct messages" in t for t in texts)
        # the bot looked the player up (Discord answers 404 / 10007 for a former member)
        problems = emulator.pop_problems(kind="http-error")
        assert [p for p in problems if "10007" in p.message], problems


@pytest.mark.emulator_problems_expected
async def test_late_answers_to_start_and_the_last_misery_confirm_still_move_the_game_on(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        for user in h.users:
            await h.slash(user, "join")
        lobby = emulator.driver.channel_messages(h.channel)[-1]
        emulator.response_timeout = 0.0  # the Start click's answer comes too late
        await emulator.driver.click(h.users[0], lobby, LobbyId("start", h.channel.id).encode())
        for user in h.users:  # every player still gets the misery choice
            await emulator.driver.wait_for_message(user, lambda m: misery_select_of(m) is not None)
        await h.settle()
        emulator.response_timeout = 3.0
        assert emulator.pop_problems()
        game = h.table.running_match().game
        h.shadow = Game.new(3, game.rules, seed=game.seed)
        for seat in range(2):
            await h.pick_misery(seat)
        last = h.users[2]
        prompt = await emulator.driver.wait_for_message(last, lambda m: misery_select_of(m) is not None)
        card = h.shadow.hand(2)[0]
        response = await h.answer(emulator.driver.select(last, prompt, None, [str(card)]))
        assert response.message is not None
        emulator.response_timeout = 0.0  # the last confirm's answer comes too late
        await emulator.driver.click(last, response.message, f"Confirm {card}")
        h.shadow.choose_misery(2, card)
        leader = h.users[h.shadow.awaiting[0]]
        await emulator.driver.wait_for_message(leader, lambda m: bool(hand_of(m)))
        await h.settle()
        emulator.response_timeout = 3.0
        assert emulator.pop_problems()
        assert game.phase is Phase.TRICKS
        assert "misery" in table_message(h).content and "Turn:" in table_message(h).content
        await h.play_turn()
