"""The table message shows the turn timer and the current turn's deadline (a Discord timestamp),
without costing any REST call beyond the table edit every card already makes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import discord

from bot.boot.app import StickemBot
from host.tables import Table
from stickem import Phase
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import Message
from tests.e2e.seat_helpers import (
    act,
    live_prompt,
    make_club,
    messages_of,
    play_until,
    running,
    seat_bot,
    slash,
    table_of,
)

CARD_CALLS = {
    "POST /interactions/{interaction_id}/{token}/callback",
    "PATCH /channels/{channel_id}/messages/{message_id}",
    "POST /channels/{channel_id}/messages",
}


def table_message(emulator: Emulator, bot: StickemBot, table: Table) -> Message:
    """The channel's live table message."""
    message = emulator.world.messages.get(messages_of(bot, table).table_id or 0)
    assert message is not None, "no table message"
    return message


def deadline_line(table: Table) -> str:
    assert table.clock.deadline is not None
    return f"Turn timer: 2 min - time is up {discord.utils.format_dt(table.clock.deadline, 'R')}"


def moved(table: Table, before: datetime | None) -> Callable[[], bool]:
    """Whether the table's deadline is no longer ``before`` (the next turn began)."""
    return lambda: table.clock.deadline != before


async def test_the_table_message_shows_the_timer_and_each_turns_deadline(
    emulator: Emulator, tmp_path: Path
) -> None:
    club = make_club(emulator, 3)
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        for user in club.users:
            await slash(emulator, user, club.channel, "join")
        host = club.users[0]
        assert "started" in await slash(emulator, host, club.channel, "start", timer="2min", rounds=1)
        table = table_of(bot, club.channel)
        assert deadline_line(table) in table_message(emulator, bot, table).content  # the misery choice's
        game = table.match.game
        assert game is not None
        await play_until(emulator, club.channel, club.users, lambda: game.phase is Phase.TRICKS)
        for _ in range(4):  # a few cards: each turn's own deadline, at no extra REST call
            before = table.clock.deadline
            seat = game.awaiting[0]
            prompt = live_prompt(emulator, club.users[seat])
            assert prompt is not None
            calls = len(emulator.rest_calls)
            await act(emulator, club.users[seat], prompt)
            await play_until(emulator, club.channel, [], moved(table, before))
            keys = [call.key for call in emulator.rest_calls[calls:]]
            assert len(keys) <= 3 and set(keys) <= CARD_CALLS, keys
            assert deadline_line(table) in table_message(emulator, bot, table).content


async def test_a_game_without_timer_says_so(emulator: Emulator, tmp_path: Path) -> None:
    club = make_club(emulator, 1)
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        await slash(emulator, club.users[0], club.channel, "join")
        await slash(emulator, club.users[0], club.channel, "start", players=3, timer="off")
        table = table_of(bot, club.channel)
        content = table_message(emulator, bot, table).content
        assert "Turn timer: off" in content and "<t:" not in content
        score = await slash(emulator, club.users[0], club.channel, "score")
        assert "Turn timer: off" in score
