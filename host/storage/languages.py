"""The part of :class:`~host.storage.Storage` that keeps who reads which language: each person's
Discord locale as last seen, and each server's chosen language and own locale (schema version 7)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Table, insert, select, update

from host.storage.access import StorageAccess
from host.storage.schema import server_languages, user_languages
from host.storage.sharding import ServerShards
from host.storage.transaction import Transaction


@dataclass(frozen=True)
class ServerLanguage:
    """A server's language as stored: what /settings language chose (None: follow the server's
    locale) and the server's Discord locale as last seen (None: not seen yet)."""

    chosen: str | None = None
    seen: str | None = None


@dataclass(frozen=True)
class StoredLanguages:
    """Every stored language: people's locales by user id, servers' by server id."""

    users: dict[int, str] = field(default_factory=dict)
    servers: dict[int, ServerLanguage] = field(default_factory=dict)


async def _upsert(tx: Transaction, table: Table, key: str, ident: int, values: dict[str, Any]) -> None:
    """Replace the row ``ident`` of ``table`` with ``values`` (made if missing)."""
    conn = tx.connection
    values = {**values, "updated_at": tx.now}
    changed = await conn.execute(update(table).where(table.c[key] == ident).values(**values))
    if changed.rowcount == 0:
        await conn.execute(insert(table).values({key: ident, **values}))


class LanguageSettings(StorageAccess):
    """People's and servers' languages, over the storage's transactions and reads."""

    async def set_user_locale(self, user_id: int, locale: str) -> None:
        """Store a person's Discord locale as last seen."""
        async with self.transaction() as tx:
            await _upsert(tx, user_languages, "user_id", user_id, {"locale": locale})

    async def set_server_language(self, guild_id: int, language: ServerLanguage) -> None:
        """Store a server's chosen language and its locale as last seen."""
        async with self.transaction() as tx:
            values = {"chosen": language.chosen, "seen": language.seen}
            await _upsert(tx, server_languages, "guild_id", guild_id, values)

    async def load_languages(self, *, servers: ServerShards | None = None) -> StoredLanguages:
        """Every stored person's language, and every server's (or those of ``servers``). People
        are not a shard's: a person plays, and is sent DMs, in servers of any shard."""
        query = select(server_languages.c.guild_id, server_languages.c.chosen, server_languages.c.seen)
        if servers is not None:
            query = query.where(servers.condition(server_languages.c.guild_id))
        async with self._reading() as conn:
            people = await conn.execute(select(user_languages.c.user_id, user_languages.c.locale))
            users = {int(row.user_id): str(row.locale) for row in people}
            rows = await conn.execute(query)
            by_server = {int(row.guild_id): ServerLanguage(row.chosen, row.seen) for row in rows}
        return StoredLanguages(users, by_server)
