"""The lobbies part of :class:`~host.storage.Storage` (``storage.lobbies``): each channel's open
lobby, stored, forgotten and loaded, each in a transaction (or a read) of its own."""

from __future__ import annotations

import logging

from host.storage.connections import Connections
from host.storage.loading import load_lobbies
from host.storage.records import LobbyRecord
from host.storage.sharding import ServerShards

log = logging.getLogger("host.storage")


class StoredLobbies:
    """The channels' stored lobbies."""

    def __init__(self, connections: Connections) -> None:
        self._connections = connections

    async def save_lobby(self, lobby: LobbyRecord) -> None:
        """Store (or replace) a channel's lobby."""
        async with self._connections.transaction() as tx:
            await tx.lobbies.save_lobby(lobby)

    async def delete_lobby(self, channel_id: int) -> bool:
        """Forget a channel's lobby; False if there was none."""
        async with self._connections.transaction() as tx:
            return await tx.lobbies.delete_lobby(channel_id)

    async def load_lobbies(self, *, servers: ServerShards | None = None) -> list[LobbyRecord]:
        """Every stored lobby, or those of ``servers`` (an unreadable one is logged and left out)."""
        async with self._connections.reading() as conn:
            result, problems = await load_lobbies(conn, servers)
        for problem in problems:
            log.error("a stored lobby cannot be loaded: %s", problem)
        return result
