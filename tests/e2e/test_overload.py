"""Graceful degradation through the emulator (host/overload.py, bot/runtime/arrivals.py): while
the bot is marked behind, a new table is refused privately and kindly, the games under way go on
(a click is answered), a click read after it expired is dropped unanswered (no request, no move);
once the bot has caught up, new tables open again, on their own; a Rematch clicked while behind
is refused so too, and works once the bot has caught up."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from bot.boot.app import StickemBot
from bot.tables.service import service_for
from host.catalog import text
from host.overload import CALM_FOR, ENTER_AT, ENTER_COUNT, ENTER_SPACING, Overload
from tests.discord_emulator import Emulator
from tests.e2e.game_harness import GameHarness, hand_of, table_game
from tests.e2e.seat_helpers import make_club, running, seat_bot, settle, slash, table_of
from tests.e2e.test_game_conduct import bot_actions, to_tricks
from tests.e2e.test_rematch import SCALE, click, lobby_message, offers, open_game, play_to_the_end


class FakeClock:
    """The overload signal's clock, moved by the test. It starts far after the real monotonic
    clock: a late figure the bot's probe took for real before (a loaded machine) then lies
    outside every window, and does not read as a spike just after the fake times (a clock
    starting before it would never have marked the bot behind)."""

    def __init__(self) -> None:
        self.now = time.monotonic() + 1_000_000.0

    def __call__(self) -> float:
        return self.now


def marked_behind(h: GameHarness | StickemBot) -> tuple[Overload, FakeClock]:
    """Mark the bot (of ``h``) behind, as the probe would with figures that late, on a fake
    clock the test moves; return its overload signal and that clock."""
    overload = service_for(h if isinstance(h, StickemBot) else h.bot).registry.overload
    clock = FakeClock()
    overload.clock = clock
    for _ in range(ENTER_COUNT):
        overload.observe(ENTER_AT + 0.5)
        clock.now += ENTER_SPACING
    assert overload.behind
    return overload, clock


async def test_behind_a_new_table_is_refused_a_click_answered_and_after_it_opens(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await to_tricks(h, rounds=1)
        overload, clock = marked_behind(h)

        other = emulator.add_text_channel(h.channel_guild(), "second-table")
        newcomer = h.users[0]
        refused = await h.answer(emulator.driver.slash(newcomer, other, "join"))
        assert refused.ephemeral, "the refusal is private"
        assert refused.content == text("busy.new_table", language="en"), refused.content
        assert service_for(h.bot).registry.get(other.id) is None, "a table opened all the same"
        assert not list(emulator.driver.channel_messages(other)), "the refusal was shown to the channel"

        # the game under way goes on: a click is answered, and played
        assert h.shadow is not None
        seat = h.shadow.awaiting[0]
        message = await h.hand_message(seat)
        card = hand_of(message)[0]
        before = bot_actions(h)
        await h.answer(emulator.driver.click(h.users[seat], message, str(card)))  # raises if not answered
        h.shadow.play(seat, card)
        assert bot_actions(h) == before + 1
        assert overload.behind, "the test's figure lasts the calm time"

        clock.now += CALM_FOR  # no late figure since: caught up, on its own
        assert not overload.behind
        accepted = await h.answer(emulator.driver.slash(newcomer, other, "join"))
        assert "You joined" in accepted.content, accepted.content
        assert service_for(h.bot).registry.get(other.id) is not None
        await h.play_turn()  # and the first game goes on


@pytest.mark.emulator_problems_expected
async def test_behind_a_click_read_after_it_expired_is_dropped_unanswered(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await to_tricks(h, rounds=1)
        overload, _clock = marked_behind(h)
        assert h.shadow is not None
        seat = h.shadow.awaiting[0]
        message = await h.hand_message(seat)
        card = hand_of(message)[0]
        before = bot_actions(h)
        emulator.interactions.delivery_delay = emulator.response_timeout + 0.3  # read expired
        calls = len(emulator.rest_calls)
        result = await emulator.driver.click(h.users[seat], message, str(card))
        await emulator.driver.wait_until(
            lambda: result.record.expired or None, timeout=10.0, what="the click's expiry"
        )
        await asyncio.sleep(0.5)  # delivered 0.3 s after it expired: give the bot time to act
        await h.settle()
        emulator.interactions.delivery_delay = 0.0
        assert not result.record.rejections, "the bot answered an expired click"
        new_calls = [call.key for call in emulator.rest_calls[calls:]]
        assert not any("callback" in key or "webhooks" in key for key in new_calls), new_calls
        assert bot_actions(h) == before, "the expired click was played"
        assert card in hand_of(message), "the expired click's card left the hand"
        assert overload.dropped == 1
        emulator.pop_problems()
        # the player clicks again, in time: played
        await h.answer(emulator.driver.click(h.users[seat], message, str(card)))  # raises if not answered
        h.shadow.play(seat, card)
        assert bot_actions(h) == before + 1


async def test_commands_read_late_mark_the_bot_behind_by_their_age(
    emulator: Emulator, tmp_path: Path
) -> None:
    """The real figures: a few commands that waited over a second before the bot read them (its
    gateway behind) mark it behind, and a new table is refused; answered all the same."""
    async with table_game(emulator, tmp_path, 3) as h:
        await to_tricks(h, rounds=1)
        overload = service_for(h.bot).registry.overload
        assert not overload.behind
        emulator.interactions.delivery_delay = ENTER_AT + 0.2
        for seat in range(ENTER_COUNT):
            answer = await h.slash(h.users[seat], "hand")  # raises if not answered in time
            assert answer.ephemeral
        emulator.interactions.delivery_delay = 0.0
        assert overload.behind and overload.episodes == 1
        other = emulator.add_text_channel(h.channel_guild(), "second-table")
        refused = await h.answer(emulator.driver.slash(h.users[0], other, "join"))
        assert refused.content == text("busy.new_table", language="en"), refused.content


async def test_behind_a_rematch_is_refused_kindly_and_works_once_caught_up(
    emulator: Emulator, tmp_path: Path
) -> None:
    """The Rematch button while behind: a private ``busy.new_table``, no lobby, nothing of the
    finished game changed (its standings keep their button, /score still shows them); once the
    bot has caught up the same button opens the rematch of that game."""
    club = make_club(emulator, 2)
    ann, bob = club.users
    bot = seat_bot(emulator, tmp_path, club.guild_id, scale=SCALE)
    async with running(bot, emulator):
        await open_game(emulator, club, "stickem", "preset=amigo rounds=1")
        first = table_of(bot, club.channel)
        standings = await play_to_the_end(emulator, club.channel)
        await settle(emulator, bot, club.channel)
        registry = service_for(bot).registry
        channel_before = [(m.id, m.content) for m in emulator.driver.channel_messages(club.channel)]
        overload, clock = marked_behind(bot)

        for user in (bob, ann):  # each player once: both refused, kindly and privately
            assert await click(emulator, user, standings) == text("busy.new_table", language="en")
        await settle(emulator, bot, club.channel)
        assert registry.get(club.channel.id) is None, "a rematch lobby opened while behind"
        channel_after = [(m.id, m.content) for m in emulator.driver.channel_messages(club.channel)]
        assert channel_after == channel_before, "the refusal showed in the channel or changed a message"
        assert offers(emulator, club.channel) == [standings], "the standings lost their Rematch button"
        assert overload.behind

        clock.now += CALM_FOR  # caught up, on its own: the finished game's messages still work
        assert not overload.behind
        score = await slash(emulator, ann, club.channel, "score")
        assert "Game over" in score, score
        assert "Rematch!" in await click(emulator, bob, standings)
        lobby = table_of(bot, club.channel)
        assert lobby is not first and lobby.rematch_of == first.storage_id
        assert lobby.host_id == bob.id
        shown = await lobby_message(emulator, club.channel)
        assert "Rematch of the last game" in shown.content
        assert "You joined the rematch" in await click(emulator, ann, standings)
        assert lobby.names[:2] == ("bob", "ann")
