"""The start-up load of one process of several: only the games, lobbies and settings of its
shards' servers are read, selected by the database with Discord's rule, the same one the bot
routes by."""

from __future__ import annotations

import random

import pytest

from host.storage import OWED, LobbyRecord, SeatRecord, ServerLanguage, ServerShards, Storage
from host.storage.sharding import shard_of
from tests.storage.conftest import raw
from tests.storage.helpers import new_game, play, result

COUNT = 3


def server_ids() -> list[int | None]:
    """Server ids of every shard of 3, among them the largest a snowflake may be, and no server."""
    rng = random.Random(25)
    ids: list[int | None] = [rng.randrange(1 << 40, 1 << 63) for _ in range(12)]
    ids += [(shard << 22) | 7 for shard in range(COUNT)] + [(1 << 63) - 1, None]
    return ids


async def store_games(storage: Storage) -> dict[int, int | None]:
    """An active game with moves, a message and a timer per server id, and one whose end is owed;
    each game's server, by game id."""
    servers: dict[int, int | None] = {}
    for channel, guild_id in enumerate(server_ids(), start=1000):
        game_id = await new_game(storage, guild_id=guild_id, channel_id=channel)
        await play(storage, game_id, 4)
        await storage.games.set_message(game_id, "table", channel, channel + 1)
        servers[game_id] = guild_id
    owed = await new_game(storage, guild_id=(2 << 22), channel_id=999)
    async with storage.transaction() as tx:
        await tx.messages.set_message(owed, OWED, 999, 0)
        await tx.games.finish_game(owed, [result(0, 1, (1,))])
    servers[owed] = 2 << 22
    ended = await new_game(storage, guild_id=(2 << 22), channel_id=998)
    await storage.games.finish_game(ended, [result(0, 1, (1,))])  # its end shown: never loaded
    return servers


@pytest.mark.parametrize("ids", [(0,), (1,), (2,), (0, 2), (1, 2)])
async def test_each_process_reads_exactly_the_games_of_its_shards(
    storage: Storage, ids: tuple[int, ...]
) -> None:
    servers = await store_games(storage)
    everything = await storage.games.load_unfinished_games()
    shards = ServerShards(COUNT, ids)
    mine = await storage.games.load_unfinished_games(servers=shards)
    expected = [game for game in everything.games if shard_of(game.record.guild_id, COUNT) in ids]
    assert mine.games == tuple(expected)  # with every action, message and timer of each
    assert {game.record.id for game in mine.games} == {
        game_id for game_id, guild in servers.items() if shards.holds(guild)
    }
    assert all(len(game.actions) == 4 for game in mine.games if game.record.channel_id != 999)
    assert (None in [g.record.guild_id for g in mine.games]) == (0 in ids)  # no server: shard 0's


async def test_the_shards_of_all_processes_together_read_every_game_once(storage: Storage) -> None:
    await store_games(storage)
    everything = await storage.games.load_unfinished_games()
    parts = [
        await storage.games.load_unfinished_games(servers=ServerShards(COUNT, (shard,)))
        for shard in range(COUNT)
    ]
    ids = sorted(game.record.id for part in parts for game in part.games)
    assert ids == sorted(game.record.id for game in everything.games) and len(ids) == len(set(ids))


async def test_an_unreadable_game_is_reported_by_its_own_process_only(
    storage: Storage, caplog: pytest.LogCaptureFixture
) -> None:
    broken = await new_game(storage, guild_id=(1 << 22), channel_id=500)  # shard 1 of 3
    kept = await new_game(storage, guild_id=(2 << 22), channel_id=501)
    await raw(storage, "UPDATE games SET seed = 'x' WHERE id = :id", id=broken)
    caplog.clear()
    other = await storage.games.load_unfinished_games(servers=ServerShards(COUNT, (2,)))
    assert [g.record.id for g in other.games] == [kept] and other.problems == ()
    assert "cannot be loaded" not in caplog.text  # shard 1's process says so, once
    owner = await storage.games.load_unfinished_games(servers=ServerShards(COUNT, (1,)))
    assert [problem.game_id for problem in owner.problems] == [broken]
    assert f"stored game {broken}" in caplog.text


async def test_each_process_reads_the_lobbies_of_its_shards(storage: Storage) -> None:
    lobbies = [
        LobbyRecord(channel_id=300 + index, guild_id=guild_id, game="stickem", host_id=1,
                    seats=(SeatRecord(1, "Ann"),))
        for index, guild_id in enumerate(server_ids())
    ]
    for lobby in lobbies:
        await storage.lobbies.save_lobby(lobby)
    for shard in range(COUNT):
        mine = await storage.lobbies.load_lobbies(servers=ServerShards(COUNT, (shard,)))
        assert mine == [lobby for lobby in lobbies if shard_of(lobby.guild_id, COUNT) == shard]
    assert await storage.lobbies.load_lobbies() == lobbies


def test_shards_outside_the_count_are_refused() -> None:
    with pytest.raises(ValueError, match="not shards of 2"):
        ServerShards(2, (2,))


async def test_each_process_reads_the_server_settings_of_its_shards(storage: Storage) -> None:
    guild_ids = [guild for guild in server_ids() if guild is not None]
    for index, guild_id in enumerate(guild_ids):
        await storage.settings.set_default_game(guild_id, ("stupid", "stickgame")[index % 2])
        await storage.settings.set_images(guild_id, index % 3 == 0)
        await storage.settings.set_server_language(guild_id, ServerLanguage(("de", None)[index % 2], "en-US"))
        await storage.settings.set_user_locale(index + 1, "de")
    games, images = await storage.settings.load_default_games(), await storage.settings.load_image_settings()
    languages = await storage.settings.load_languages()
    assert set(games) == set(images) == set(languages.servers) == set(guild_ids)
    for shard in range(COUNT):
        servers = ServerShards(COUNT, (shard,))
        mine = {guild for guild in guild_ids if shard_of(guild, COUNT) == shard}
        assert mine  # every shard has servers, so each filter has something to keep and to drop
        assert await storage.settings.load_default_games(servers=servers) == {g: games[g] for g in mine}
        assert await storage.settings.load_image_settings(servers=servers) == {g: images[g] for g in mine}
        own = await storage.settings.load_languages(servers=servers)
        assert own.servers == {g: languages.servers[g] for g in mine}
        assert own.users == languages.users  # a person is not a shard's: everyone's, in every process
    both = ServerShards(COUNT, (0, 2))
    assert set(await storage.settings.load_default_games(servers=both)) == {
        g for g in guild_ids if shard_of(g, COUNT) in (0, 2)
    }
