"""The settings part of :class:`~host.storage.Storage` (``storage.settings``): each server's
settings (its default game, pictures on or off, its language) and each person's language, each
in a transaction (or a read) of its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import Table, insert, select, update

from host.storage.connections import Connections
from host.storage.languages import ServerLanguage, StoredLanguages
from host.storage.loading import load_default_games, load_image_settings
from host.storage.schema import server_languages, user_languages
from host.storage.sharding import ServerShards
from host.storage.transaction import Transaction


async def _upsert(tx: Transaction, table: Table, key: str, ident: int, values: dict[str, Any]) -> None:
    """Replace the row ``ident`` of ``table`` with ``values`` (made if missing)."""
    conn = tx.connection
    values = {**values, "updated_at": tx.now}
    changed = await conn.execute(update(table).where(table.c[key] == ident).values(**values))
    if changed.rowcount == 0:
        await conn.execute(insert(table).values({key: ident, **values}))


class StoredSettings:
    """The servers' settings and people's languages."""

    def __init__(self, connections: Connections) -> None:
        self._connections = connections

    async def set_default_game(self, guild_id: int, game: str) -> None:
        """Store the game a new table of the server plays when /join names none."""
        async with self._connections.transaction() as tx:
            await tx.settings.set_default_game(guild_id, game)

    async def load_default_games(self, *, servers: ServerShards | None = None) -> dict[int, str]:
        """Every server's default game, or those of ``servers``, by server id (servers that never
        set one are absent)."""
        async with self._connections.reading() as conn:
            return await load_default_games(conn, servers)

    async def set_images(self, guild_id: int, on: bool) -> None:
        """Store whether the server's tables show pictures (/settings images)."""
        async with self._connections.transaction() as tx:
            await tx.settings.set_images(guild_id, on)

    async def load_image_settings(self, *, servers: ServerShards | None = None) -> dict[int, bool]:
        """Every server's choice of pictures, or those of ``servers``, by server id (servers that
        never chose are absent: pictures on)."""
        async with self._connections.reading() as conn:
            return await load_image_settings(conn, servers)

    async def set_user_locale(self, user_id: int, locale: str) -> None:
        """Store a person's Discord locale as last seen."""
        await self.store_languages({user_id: locale}, {})

    async def set_server_language(self, guild_id: int, language: ServerLanguage) -> None:
        """Store a server's chosen language and its locale as last seen."""
        await self.store_languages({}, {guild_id: language})

    async def store_languages(self, users: Mapping[int, str], servers: Mapping[int, ServerLanguage]) -> None:
        """Store people's Discord locales as last seen and servers' languages, all in one
        transaction (the bot notes many at once when many people first act together)."""
        async with self._connections.transaction() as tx:
            for user_id, locale in users.items():
                await _upsert(tx, user_languages, "user_id", user_id, {"locale": locale})
            for guild_id, language in servers.items():
                values = {"chosen": language.chosen, "seen": language.seen}
                await _upsert(tx, server_languages, "guild_id", guild_id, values)

    async def load_languages(self, *, servers: ServerShards | None = None) -> StoredLanguages:
        """Every stored person's language, and every server's (or those of ``servers``). People
        are not a shard's: a person plays, and is sent DMs, in servers of any shard."""
        query = select(server_languages.c.guild_id, server_languages.c.chosen, server_languages.c.seen)
        if servers is not None:
            query = query.where(servers.condition(server_languages.c.guild_id))
        async with self._connections.reading() as conn:
            people = await conn.execute(select(user_languages.c.user_id, user_languages.c.locale))
            users = {int(row.user_id): str(row.locale) for row in people}
            rows = await conn.execute(query)
            by_server = {int(row.guild_id): ServerLanguage(row.chosen, row.seen) for row in rows}
        return StoredLanguages(users, by_server)
