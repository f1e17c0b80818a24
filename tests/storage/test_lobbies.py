"""Lobbies: saved, replaced, deleted and loaded on start."""

from __future__ import annotations

from host.storage import LobbyRecord, SeatRecord, Storage
from tests.storage.conftest import raw


async def test_lobbies_round_trip(storage: Storage) -> None:
    first = LobbyRecord(
        channel_id=300, guild_id=100, game="stickem", host_id=1,
        seats=(SeatRecord(1, "Ann"), SeatRecord(None, "Computer")),
        options='{"preset": "amigo", "turn_timer": 120}', message_id=4000,
    )
    second = LobbyRecord(
        channel_id=301, guild_id=None, game="stickem", host_id=9, seats=(SeatRecord(9, "Zoë ✨"),))
    await storage.lobbies.save_lobby(first)
    await storage.lobbies.save_lobby(second)
    assert await storage.lobbies.load_lobbies() == [first, second]


async def test_saving_again_replaces_the_lobby(storage: Storage) -> None:
    lobby = LobbyRecord(
        channel_id=300, guild_id=100, game="stickem", host_id=1, seats=(SeatRecord(1, "Ann"),))
    await storage.lobbies.save_lobby(lobby)
    grown = LobbyRecord(
        channel_id=300, guild_id=100, game="stickem", host_id=1,
        seats=(SeatRecord(1, "Ann"), SeatRecord(2, "Bo")), options='{"rounds": 2}', message_id=77,
    )
    await storage.lobbies.save_lobby(grown)
    assert await storage.lobbies.load_lobbies() == [grown]


async def test_deleting_a_lobby(storage: Storage) -> None:
    await storage.lobbies.save_lobby(
        LobbyRecord(channel_id=300, guild_id=100, game="stickem", host_id=1, seats=())
    )
    assert await storage.lobbies.delete_lobby(300) is True
    assert await storage.lobbies.delete_lobby(300) is False
    assert await storage.lobbies.load_lobbies() == []


async def test_an_unreadable_lobby_is_left_out(storage: Storage) -> None:
    good = LobbyRecord(channel_id=301, guild_id=100, game="stickem", host_id=1, seats=(SeatRecord(1, "Ann"),))
    await storage.lobbies.save_lobby(
        LobbyRecord(channel_id=300, guild_id=100, game="stickem", host_id=1, seats=())
    )
    await storage.lobbies.save_lobby(good)
    await raw(storage, "UPDATE lobbies SET seats = 'not json' WHERE channel_id = 300")
    assert await storage.lobbies.load_lobbies() == [good]
