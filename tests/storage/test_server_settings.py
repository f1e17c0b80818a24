"""Server settings: the game a new table plays when /join names none, per server."""

from __future__ import annotations

from host.storage import Storage


async def test_a_server_default_game_is_stored_replaced_and_loaded(storage: Storage) -> None:
    assert await storage.settings.load_default_games() == {}
    await storage.settings.set_default_game(100, "stupid")
    await storage.settings.set_default_game(2**62, "stickgame")  # Discord ids are 64-bit
    assert await storage.settings.load_default_games() == {100: "stupid", 2**62: "stickgame"}
    await storage.settings.set_default_game(100, "stickem")
    assert await storage.settings.load_default_games() == {100: "stickem", 2**62: "stickgame"}
