"""Start-up with stored games (the in-process bot on the emulator): good games resume, broken ones
are reported in their channel and in the log, and never stop the others from loading."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import pytest
from sqlalchemy import text

from bot.boot.app import StickemBot
from bot.boot.config import Settings
from bot.ids import LobbyId
from bot.tables.service import service_for
from host.catalog import text as catalog_text
from host.storage import GameStatus, LobbyRecord, SeatRecord, Storage
from host.tables import TableState
from stickem import Game, Rules
from stickem.hosting import options_for
from tests.discord_emulator import Emulator, run_client
from tests.discord_emulator.payloads import channel_payload
from tests.discord_emulator.state import Channel, User
from tests.e2e.game_harness import PLAYER_NAMES, misery_select_of, table_game
from tests.e2e.process_game import answer

SEED = 424242

BACK = catalog_text("resume.resumed", title="Stick'em")
BROKEN = catalog_text("resume.broken")
"""The notice of a resumed Stick'em game."""


def rules_json(rounds: int = 1) -> str:
    """Stored rules of a one-round classic game."""
    return json.dumps(options_for(Rules.preset("classic", rounds=rounds)))


async def store_game(storage: Storage, channel: Channel, users: list[User], guild_id: int) -> int:
    """A game stored the way the bot stores one, with no action yet."""
    return await storage.games.create_game(
        guild_id=guild_id,
        channel_id=channel.id,
        seed=SEED,
        game="stickem",
        rules=rules_json(),
        seats=[SeatRecord(u.id, u.name) for u in users],
        options=json.dumps({"game_id": "c0ffee", "preset": "classic", "rounds": 1}),
    )


@pytest.mark.emulator_problems_expected
async def test_broken_games_are_reported_and_the_others_resume(
    emulator: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    guild = emulator.add_guild("Stick'em club")
    good, refused, unreadable, lobby_channel = (
        emulator.add_text_channel(guild, name) for name in ("good", "refused", "unreadable", "lobby")
    )
    users = [emulator.add_user(name) for name in PLAYER_NAMES[:3]]
    for user in users:
        emulator.add_member(guild, user)
    url = f"sqlite:///{tmp_path / 'stickem.sqlite3'}"
    storage = await Storage.open(url)
    try:
        good_id = await store_game(storage, good, users, guild.id)
        refused_id = await store_game(storage, refused, users, guild.id)
        # a card the engine refuses: nobody plays a card during the misery choice
        await storage.games.append_action(refused_id, 0, 0, "p:red7")
        unreadable_id = await store_game(storage, unreadable, users, guild.id)
        async with storage.engine.begin() as conn:
            tamper = text("UPDATE games SET rules = 'not json' WHERE id = :id")
            await conn.execute(tamper, {"id": unreadable_id})
        await storage.lobbies.save_lobby(
            LobbyRecord(
                lobby_channel.id,
                guild.id,
                "stickem",
                users[0].id,
                (SeatRecord(users[0].id, "ann"),),
                options=json.dumps({"preset": "amigo", "rounds": 2, "lobby_id": "0abcdef"}),
            )
        )
    finally:
        await storage.close()

    caplog.set_level(logging.INFO)
    bot = StickemBot(
        Settings(
            token=emulator.token, dev_guild_id=guild.id, data_dir=tmp_path,
            bot_workers=0, drawing_workers=0,  # threads (see tests/e2e/seat_helpers.seat_bot)
        )
    )
    async with run_client(emulator, bot):
        registry = service_for(bot).registry
        table = registry.require(good.id)
        assert table.state is TableState.PLAYING and table.game_id == "c0ffee"
        assert table.match.game == Game.new(3, Rules.preset("classic", rounds=1), seed=SEED)
        assert registry.get(refused.id) is None and registry.get(unreadable.id) is None
        for channel in (refused, unreadable):
            notice = await emulator.driver.wait_for_message(channel, lambda m: BROKEN in m.content)
            assert notice.content == BROKEN
        # the good game: every player gets the misery choice again, and plays it
        await emulator.driver.wait_for_message(good, lambda m: BACK in m.content)
        prompt = await emulator.driver.wait_for_message(users[0], lambda m: misery_select_of(m) is not None)
        card = table.match.game.hand(0)[0] if table.match is not None else None
        selected = await answer(await emulator.driver.select(users[0], prompt, None, [str(card)]))
        confirmed = await answer(await emulator.driver.click(users[0], selected, f"Confirm {card}"))
        assert "misery card" in confirmed.content.lower()
        # the lobby is back, and its buttons work
        lobby = registry.require(lobby_channel.id)
        assert lobby.state is TableState.LOBBY and [s.user_id for s in lobby.seats] == [users[0].id]
        assert (lobby.lobby_id, lobby.chosen) == ("0abcdef", {"preset": "amigo", "rounds": 2})
        reply = await (await emulator.driver.slash(users[1], lobby_channel, "join")).response()
        assert "seat 2" in reply.content
        message = await emulator.driver.wait_for_message(lobby_channel, lambda m: "bob" in m.content)
        join = LobbyId("join", lobby_channel.id).encode()
        clicked = await answer(await emulator.driver.click(users[2], message, join))
        assert "cyd" in clicked.content
        await emulator.driver.wait_until(lambda: not lobby.lock.locked() or None, what="the lobby idle")

    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert any(f"stored game {refused_id}" in e and "refused by the engine" in e for e in errors), errors
    assert any(f"stored game {unreadable_id}" in e for e in errors), errors
    assert not any("red 7" in e or "red7" in e for e in errors)  # a refused card may be hidden: never logged
    kinds = {p.kind for p in emulator.pop_problems()}
    assert kinds <= {"bot-error"}

    storage = await Storage.open(url)
    try:
        assert (await storage.games.load_game(refused_id)).record.status is GameStatus.STOPPED
        loaded = await storage.games.load_unfinished_games()
        assert [g.record.id for g in loaded.games] == [good_id]
        assert not loaded.problems  # the broken games were stopped: reported once, not at every start
    finally:
        await storage.close()


async def test_a_deleted_channel_ends_its_stored_game(emulator: Emulator, tmp_path: Path) -> None:
    async with table_game(emulator, tmp_path, 3) as h:
        await h.seat_everyone()
        await h.start(rounds=1)
        table = h.table
        emulator.gateway.dispatch(
            "CHANNEL_DELETE", channel_payload(h.channel, emulator.world), intent=1 << 0
        )
        await emulator.driver.wait_until(
            lambda: table.state is TableState.CLOSED or None, what="the table to close"
        )
        await h.settle()
        assert table.storage_id is not None
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        assert (await storage.games.load_game(table.storage_id)).record.status is GameStatus.STOPPED
        assert (await storage.games.load_unfinished_games()).games == ()
    finally:
        await storage.close()


async def _announced(bot: StickemBot) -> None:
    """Wait (bounded) until the bot has shown its resumed tables and reported the broken games."""
    task = bot._announcing
    assert task is not None
    await asyncio.wait_for(asyncio.shield(task), timeout=10)


@pytest.mark.emulator_problems_expected
async def test_a_channel_deleted_while_the_bot_was_down_ends_its_game(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Resuming into a deleted channel fails (Unknown Channel): the game is stopped and its
    table dropped once, instead of being resumed, failing, at every start."""
    guild = emulator.add_guild("Stick'em club")
    kept, deleted = emulator.add_text_channel(guild, "kept"), emulator.add_text_channel(guild, "deleted")
    users = [emulator.add_user(name) for name in PLAYER_NAMES[:3]]
    for user in users:
        emulator.add_member(guild, user)
    url = f"sqlite:///{tmp_path / 'stickem.sqlite3'}"
    storage = await Storage.open(url)
    try:
        kept_id = await store_game(storage, kept, users, guild.id)
        deleted_id = await store_game(storage, deleted, users, guild.id)
    finally:
        await storage.close()
    # The channel is deleted while the bot is down: it is gone from Discord's world.
    del emulator.world.channels[deleted.id]
    guild.channels.remove(deleted)

    bot = StickemBot(
        Settings(
            token=emulator.token, dev_guild_id=guild.id, data_dir=tmp_path,
            bot_workers=0, drawing_workers=0,  # threads (see tests/e2e/seat_helpers.seat_bot)
        )
    )
    async with run_client(emulator, bot):
        await _announced(bot)
        registry = service_for(bot).registry
        assert registry.get(deleted.id) is None
        assert registry.require(kept.id).state is TableState.PLAYING
        await emulator.driver.wait_for_message(kept, lambda m: BACK in m.content)
    emulator.pop_problems()

    storage = await Storage.open(url)
    try:
        assert (await storage.games.load_game(deleted_id)).record.status is GameStatus.STOPPED
        assert [g.record.id for g in (await storage.games.load_unfinished_games()).games] == [kept_id]
    finally:
        await storage.close()


async def test_a_clashing_game_gets_no_notice_where_another_game_runs(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Two active games stored for one channel: the first resumes, the second is stopped, and
    the channel is not told "its game has ended, use /join" while the first one runs."""
    guild = emulator.add_guild("Stick'em club")
    channel = emulator.add_text_channel(guild, "games")
    users = [emulator.add_user(name) for name in PLAYER_NAMES[:3]]
    for user in users:
        emulator.add_member(guild, user)
    url = f"sqlite:///{tmp_path / 'stickem.sqlite3'}"
    storage = await Storage.open(url)
    try:
        first = await store_game(storage, channel, users, guild.id)
        second = await store_game(storage, channel, users, guild.id)
    finally:
        await storage.close()

    bot = StickemBot(
        Settings(
            token=emulator.token, dev_guild_id=guild.id, data_dir=tmp_path,
            bot_workers=0, drawing_workers=0,  # threads (see tests/e2e/seat_helpers.seat_bot)
        )
    )
    async with run_client(emulator, bot):
        await _announced(bot)
        await emulator.driver.wait_for_message(channel, lambda m: BACK in m.content)
        assert not any(BROKEN in m.content for m in emulator.driver.channel_messages(channel))
        assert service_for(bot).registry.require(channel.id).storage_id == first

    storage = await Storage.open(url)
    try:
        assert (await storage.games.load_game(second)).record.status is GameStatus.STOPPED
    finally:
        await storage.close()
