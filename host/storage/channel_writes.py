"""What a transaction stores of a channel and a server beside their games: a channel's open lobby,
and the server's settings (the default game, pictures on or off)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlalchemy import delete

from host.storage.records import LobbyRecord, SeatRecord
from host.storage.schema import lobbies, server_images, server_settings
from host.storage.writes import Writes, check_json


def seats_to_json(seats: Sequence[SeatRecord]) -> str:
    """Serialise seats for a lobby row."""
    return json.dumps([{"user_id": s.user_id, "display_name": s.display_name} for s in seats])


class LobbyWrites(Writes):
    """The writes of a channel's lobby: stored (replacing the one before), forgotten."""

    __slots__ = ()

    async def save_lobby(self, lobby: LobbyRecord) -> None:
        """Store a channel's lobby, replacing the one stored before (a ``message_id`` of None
        keeps the stored one: the Discord layer stores it, see `host.storage.shown`)."""
        check_json(lobby.options, "options")
        shown = {} if lobby.message_id is None else {"message_id": lobby.message_id}
        await self._upsert(
            lobbies,
            {"channel_id": lobby.channel_id},
            {
                "guild_id": lobby.guild_id,
                "game": lobby.game,
                "host_id": lobby.host_id,
                "seats": seats_to_json(lobby.seats),
                "options": lobby.options,
                **shown,
                "updated_at": self.now,
            },
        )

    async def delete_lobby(self, channel_id: int) -> bool:
        """Forget a channel's lobby (it started or was closed); False if there was none."""
        deleted = await self._conn.execute(delete(lobbies).where(lobbies.c.channel_id == channel_id))
        return deleted.rowcount > 0


class SettingsWrites(Writes):
    """The writes of a server's settings."""

    __slots__ = ()

    async def set_default_game(self, guild_id: int, game: str) -> None:
        """Store the game a new table of the server plays when /join names none."""
        await self._upsert(
            server_settings, {"guild_id": guild_id}, {"default_game": game, "updated_at": self.now}
        )

    async def set_images(self, guild_id: int, on: bool) -> None:
        """Store whether the server's tables show pictures (/settings images)."""
        await self._upsert(server_images, {"guild_id": guild_id}, {"images": on, "updated_at": self.now})
