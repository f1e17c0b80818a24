"""The database goes away for a while in the middle of a game (the in-process bot on the emulator).

A click during the outage is refused with a clear message, the table and the stored game stay as
they were, and once the database is back the very same click is accepted and the game goes on.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.boot.app import StickemBot
from bot.boot.config import Settings
from host.storage import SAVE_FAILED, Storage
from tests.discord_emulator import Emulator, run_client
from tests.e2e.game_harness import PLAYER_NAMES, GameHarness, hand_of
from tests.e2e.process_game import database_url
from tests.storage.outage import Outage, SqliteWriteLock, TcpProxy


@asynccontextmanager
async def outage_for(backend: str, url: str) -> AsyncIterator[Outage]:
    """A way to take the database away: SQLite's write lock held elsewhere, or a cut TCP proxy."""
    if backend == "sqlite":
        outage: Outage = SqliteWriteLock(url)
    else:
        proxy = TcpProxy(url)
        await proxy.start()
        outage = proxy
    try:
        yield outage
    finally:
        await outage.close()


async def stored_action_count(url: str) -> int:
    """How many actions the database holds for the (one) unfinished game."""
    storage = await Storage.open(url, timeout=5)
    try:
        (game,) = (await storage.games.load_unfinished_games()).games
        return len(game.actions)
    finally:
        await storage.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_a_click_during_an_outage_is_refused_and_works_afterwards(
    backend: str, emulator: Emulator, tmp_path: Path
) -> None:
    guild = emulator.add_guild("Stick'em club")
    channel = emulator.add_text_channel(guild, "stickem")
    users = [emulator.add_user(name) for name in PLAYER_NAMES[:3]]
    for user in users:
        emulator.add_member(guild, user)
    async with database_url(backend, tmp_path) as real_url, outage_for(backend, real_url) as outage:
        bot = StickemBot(
            Settings(
                token=emulator.token,
                dev_guild_id=guild.id,
                data_dir=tmp_path,
                database_url=outage.url,
                bot_workers=0, drawing_workers=0,
            )
        )
        bot.storage_timeout = 0.5
        async with run_client(emulator, bot):
            h = GameHarness(emulator, bot, channel, users, random.Random(3))
            await h.seat_everyone()
            await h.start(rounds=1)
            assert h.shadow is not None
            for seat in range(3):
                await h.pick_misery(seat)
            await h.play_turn()
            seat = h.shadow.awaiting[0]
            message = await h.hand_message(seat)
            card = hand_of(message)[0]
            game_before = h.table.match.game
            assert game_before is not None
            actions_before = game_before.actions
            table_text = emulator.driver.channel_messages(channel)[-1].text

            await outage.begin()
            refused = await h.answer(emulator.driver.click(users[seat], message, str(card)))
            assert refused.ephemeral and refused.content == SAVE_FAILED
            game_now = h.table.match.game
            assert game_now is not None and game_now.actions == actions_before
            assert game_now.hand(seat) == h.shadow.hand(seat)
            assert hand_of(message) == h.shadow.hand(seat)  # the hand's buttons are still live
            assert emulator.driver.channel_messages(channel)[-1].text == table_text
            await outage.end()

            assert await stored_action_count(outage.url) == len(actions_before)
            accepted = await h.answer(emulator.driver.click(users[seat], message, str(card)))
            assert accepted.content.startswith(f"You played **{card}**"), accepted.content
            h.shadow.play(seat, card)
            await h.play_tricks()
            await h.play_game()
            assert await stored_totals(outage.url, channel.id) == h.shadow.totals
            assert h.final_totals() == {u.name: t for u, t in zip(users, h.shadow.totals, strict=True)}


async def stored_totals(url: str, channel_id: int) -> list[int]:
    """The final totals the database keeps for the channel's last game."""
    storage = await Storage.open(url, timeout=5)
    try:
        (entry,) = await storage.stats.history(channel_id, 1)
        return [s.total for s in sorted(entry.standings, key=lambda s: s.seat)]
    finally:
        await storage.close()


async def test_a_slow_failing_write_is_deferred_then_answered(emulator: Emulator, tmp_path: Path) -> None:
    guild = emulator.add_guild("Stick'em club")
    channel = emulator.add_text_channel(guild, "stickem")
    users = [emulator.add_user(name) for name in PLAYER_NAMES[:3]]
    for user in users:
        emulator.add_member(guild, user)
    url = f"sqlite:///{tmp_path / 'stickem.sqlite3'}"
    bot = StickemBot(
        Settings(
            token=emulator.token, dev_guild_id=guild.id, data_dir=tmp_path,
            bot_workers=0, drawing_workers=0,  # threads (see tests/e2e/seat_helpers.seat_bot)
        )
    )
    bot.storage_timeout = 2.2  # longer than the table service waits before deferring (1.5 s)
    lock = SqliteWriteLock(url)
    try:
        async with run_client(emulator, bot):
            h = GameHarness(emulator, bot, channel, users, random.Random(4))
            await h.seat_everyone()
            await h.start(rounds=1)
            assert h.shadow is not None
            prompt = await emulator.driver.wait_for_message(users[0], lambda m: bool(m.selects))
            card = h.shadow.hand(0)[0]
            selected = await h.answer(emulator.driver.select(users[0], prompt, None, [str(card)]))
            assert selected.message is not None
            await lock.begin()
            result = await emulator.driver.click(users[0], selected.message, f"Confirm {card}")
            response = await result.response(timeout=3)
            assert response.deferred  # answered in time although the write takes longer
            (followup,) = await result.wait_followups(1)
            assert followup.ephemeral and followup.content == SAVE_FAILED
            await lock.end()
            game = h.table.match.game
            assert game is not None and game.action_count == 0
            again = await h.answer(emulator.driver.click(users[0], selected.message, f"Confirm {card}"))
            assert "misery card" in again.content.lower()
    finally:
        await lock.close()
