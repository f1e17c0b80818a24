"""The bot process killed (SIGKILL) the moment the last card of a round, or of the game, is
answered: the move is stored, nothing that follows it was shown. After the restart everything
the stored move changed must be shown: the round's scores and the next round, or the final
standings with the table closed."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from host.storage import Storage
from stickem import Phase
from tests.discord_emulator import Emulator
from tests.discord_emulator.interactions import InteractionRecord
from tests.discord_emulator.state import DEFAULT_MEMBER_PERMISSIONS
from tests.e2e.process_game import WAIT, ProcessGame, assert_clean_log, database_url

LAST_CARD = "in the last trick of round"


@pytest.fixture
async def game(discord_emulator: Emulator, tmp_path: Path) -> AsyncIterator[ProcessGame]:
    """Three players in a channel and a fresh SQLite database (no bot started yet), on a server
    whose tables show no pictures: nothing here looks at them."""
    emu = discord_emulator
    guild = emu.add_guild("Stick'em club")
    channel = emu.add_text_channel(guild, "stickem")
    users = []
    for name in ("ann", "bob", "cyd"):
        user = emu.add_user(name)
        emu.add_member(guild, user, permissions=DEFAULT_MEMBER_PERMISSIONS)
        users.append(user)
    async with database_url("sqlite", tmp_path) as url:
        g = ProcessGame(emu, tmp_path, url, channel, users)
        try:
            await g.pictures_off()
            yield g
        finally:
            emu.interactions.on_answer = None
            await g.close()


def kill_at_the_last_card(g: ProcessGame) -> None:
    """SIGKILL the bot as soon as it answers a click with the last card of a round (before the
    bot even hears that its answer arrived, so it shows nothing after it)."""
    assert g.bot is not None
    pid = g.bot.process.pid

    def answered(record: InteractionRecord, body: dict[str, Any]) -> None:
        content = str((body.get("data") or {}).get("content") or "")
        if LAST_CARD in content:
            g.emu.interactions.on_answer = None
            os.kill(pid, signal.SIGKILL)

    g.emu.interactions.on_answer = answered


async def play_round_killed_at_its_end(g: ProcessGame) -> int:
    """Play the current round; the bot dies at its last card. The number of the round."""
    shadow = g.shadow
    assert shadow is not None
    number = shadow.round
    for seat in shadow.awaiting:
        await g.pick_misery(seat)
    kill_at_the_last_card(g)
    while shadow.round == number and shadow.phase is not Phase.GAME_OVER:
        await g.play_turn()
    await g.kill_bot()  # already dead: reap it
    with pytest.raises(AssertionError):  # the channel shows the last trick waiting for a card
        assert_no_turn_left_after_the_last_trick(g)
    return number


async def until_nothing_owed(g: ProcessGame) -> None:
    """Wait (bounded) until the bot has stored that the end of the game was shown: the finished
    game is no longer loaded at start."""
    async with asyncio.timeout(WAIT):
        while True:
            if not (await (await g.reading()).games.load_unfinished_games()).games:
                return
            await asyncio.sleep(0.1)


def assert_no_turn_left_after_the_last_trick(g: ProcessGame) -> None:
    """The table message of the round that ended no longer shows its last trick waiting for a
    player (what the channel kept showing forever before the fix)."""
    stale = [t for t in channel_texts(g) if "Trick 14 of 14" in t and "Turn: " in t]
    assert stale == [], stale


def channel_texts(g: ProcessGame) -> list[str]:
    """Every channel message's text (content and embeds), oldest first."""
    return [m.text for m in g.emu.driver.channel_messages(g.channel)]


async def test_a_round_scored_as_the_bot_dies_is_shown_after_the_restart(game: ProcessGame) -> None:
    g = game
    await g.start_bot()
    await g.open_game(rounds=2)
    number = await play_round_killed_at_its_end(g)
    assert not any(f"Round {number} of 2 scored" in text for text in channel_texts(g))
    await g.start_bot()
    scored = f"Round {number} of 2 scored"
    await g.emu.driver.wait_for_message(g.channel, lambda m: scored in m.text, timeout=WAIT)
    for seat in range(3):  # the next round's misery prompts
        await g.misery_prompt(seat)
    assert_no_turn_left_after_the_last_trick(g)
    await g.play_to_the_end()
    assert sum(f"Round {number} of 2 scored" in text for text in channel_texts(g)) == 1
    await g.kill_bot()
    for log in g.logs[1:]:
        assert_clean_log(log)


async def test_a_game_ended_as_the_bot_dies_is_shown_and_closed_after_the_restart(game: ProcessGame) -> None:
    g = game
    await g.start_bot()
    await g.open_game(rounds=1)
    await play_round_killed_at_its_end(g)
    assert not any("Game over" in text for text in channel_texts(g))
    await g.start_bot()
    await g.emu.driver.wait_for_message(g.channel, lambda m: "Game over" in m.content, timeout=WAIT)
    assert g.shadow is not None
    assert g.final_totals() == [g.shadow.totals[seat] for seat in range(3)]
    assert "Round 1 of 1 scored" in "\n".join(channel_texts(g))
    assert_no_turn_left_after_the_last_trick(g)
    assert "Game over" in await g.slash(g.users[1], "score")  # the final standings, as after any game
    # The ratings moved with the stored end: the standings shown after the restart carry them.
    (over,) = [m for m in g.emu.driver.channel_messages(g.channel) if "Game over" in m.content]
    assert [embed.title for embed in over.embeds][-1] == "Ratings"
    # shown once: a second restart has nothing left to show, and the channel's table is closed
    await until_nothing_owed(g)  # (a kill before that write would show the end again)
    await g.kill_bot()
    await g.start_bot()
    assert "You joined" in await g.slash(g.users[0], "join")
    assert sum("Game over" in text for text in channel_texts(g)) == 1
    await g.kill_bot()
    for log in g.logs[1:]:
        assert_clean_log(log)
    # Rated once, neither lost to the kill nor doubled by the restarts.
    storage = await Storage.open(g.url)
    try:
        for user in g.users:
            assert (await storage.ratings.player_ratings(g.channel.guild_id, user.id))["stickem"].games == 1
    finally:
        await storage.close()
