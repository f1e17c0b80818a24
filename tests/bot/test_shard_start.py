"""At start, one process of several resumes the tables of its shards' servers, read by the
database's selection: the other processes' tables are neither read nor complained about here."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.boot.shards import ShardPlan, load_owned_settings, load_owned_tables
from host.storage import LobbyRecord, SeatRecord, ServerLanguage, Storage
from tests.storage.conftest import raw
from tests.storage.helpers import new_game, play

SHARD_0_SERVER = 40 << 22
SHARD_1_SERVER = 41 << 22


async def stored(tmp_path: Path) -> tuple[Storage, dict[str, int]]:
    """A database with a game and a lobby in a server of each of 2 shards and a game outside
    any server; shard 0's server also has a game that cannot be read."""
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    games = {
        "zero": await new_game(storage, guild_id=SHARD_0_SERVER, channel_id=1),
        "one": await new_game(storage, guild_id=SHARD_1_SERVER, channel_id=2),
        "dm": await new_game(storage, guild_id=None, channel_id=3),
        "broken": await new_game(storage, guild_id=SHARD_0_SERVER, channel_id=4),
    }
    for game_id in games.values():
        await play(storage, game_id, 3)
    await raw(storage, "UPDATE games SET seed = 'x' WHERE id = :id", id=games["broken"])
    for channel, guild in ((10, SHARD_0_SERVER), (11, SHARD_1_SERVER)):
        await storage.lobbies.save_lobby(
            LobbyRecord(
                channel_id=channel, guild_id=guild, game="stickem", host_id=1, seats=(SeatRecord(1, "Ann"),)
            )
        )
    return storage, games


async def test_the_process_of_shard_1_reads_only_its_servers_tables(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    storage, games = await stored(tmp_path)
    try:
        caplog.clear()
        loaded, lobbies = await load_owned_tables(storage, ShardPlan(2, (1,)), timeout=30)
    finally:
        await storage.close()
    assert [game.record.id for game in loaded.games] == [games["one"]]
    assert len(loaded.games[0].actions) == 3 and loaded.problems == ()
    assert [lobby.channel_id for lobby in lobbies] == [11]
    # shard 0's unreadable game is not this process's to report (its own process does, once)
    assert "cannot be loaded" not in caplog.text


async def test_the_process_of_shard_0_also_resumes_the_tables_outside_servers(tmp_path: Path) -> None:
    storage, games = await stored(tmp_path)
    try:
        loaded, lobbies = await load_owned_tables(storage, ShardPlan(2, (0,)))
    finally:
        await storage.close()
    assert [game.record.id for game in loaded.games] == [games["zero"], games["dm"]]
    assert [problem.game_id for problem in loaded.problems] == [games["broken"]]
    assert [lobby.channel_id for lobby in lobbies] == [10]


async def test_one_process_of_every_shard_reads_everything(tmp_path: Path) -> None:
    storage, games = await stored(tmp_path)
    try:
        for plan in (ShardPlan(), ShardPlan(2, None), ShardPlan(2, (1, 0))):
            loaded, lobbies = await load_owned_tables(storage, plan)
            assert [game.record.id for game in loaded.games] == [games["zero"], games["one"], games["dm"]]
            assert [problem.game_id for problem in loaded.problems] == [games["broken"]]
            assert [lobby.channel_id for lobby in lobbies] == [10, 11]
    finally:
        await storage.close()


async def stored_settings(tmp_path: Path) -> Storage:
    """A database with a default game, a choice of pictures and a language for a server of each of
    2 shards, and two people's languages."""
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    for guild, game, images, language in (
        (SHARD_0_SERVER, "stupid", False, "de"),
        (SHARD_1_SERVER, "stickgame", True, None),
    ):
        await storage.settings.set_default_game(guild, game)
        await storage.settings.set_images(guild, images)
        await storage.settings.set_server_language(guild, ServerLanguage(language, "en-US"))
    await storage.settings.set_user_locale(1, "de")
    await storage.settings.set_user_locale(2, "fr")
    return storage


async def test_the_process_of_shard_1_reads_only_its_servers_settings(tmp_path: Path) -> None:
    storage = await stored_settings(tmp_path)
    try:
        settings = await load_owned_settings(storage, ShardPlan(2, (1,)))
    finally:
        await storage.close()
    assert settings.default_games == {SHARD_1_SERVER: "stickgame"}
    assert settings.images == {SHARD_1_SERVER: True}
    assert settings.languages.servers == {SHARD_1_SERVER: ServerLanguage(None, "en-US")}
    assert settings.languages.users == {1: "de", 2: "fr"}  # people's, whatever their servers' shards


async def test_one_process_of_every_shard_reads_every_servers_settings(tmp_path: Path) -> None:
    storage = await stored_settings(tmp_path)
    try:
        for plan in (ShardPlan(), ShardPlan(2, None), ShardPlan(2, (1, 0))):
            settings = await load_owned_settings(storage, plan)
            assert settings.default_games == {SHARD_0_SERVER: "stupid", SHARD_1_SERVER: "stickgame"}
            assert settings.images == {SHARD_0_SERVER: False, SHARD_1_SERVER: True}
            assert set(settings.languages.servers) == {SHARD_0_SERVER, SHARD_1_SERVER}
            assert settings.languages.users == {1: "de", 2: "fr"}
    finally:
        await storage.close()
