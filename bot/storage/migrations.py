"""Create the schema on an empty database, bring an older one up to date, refuse a newer one.

The `schema_version` table holds one row with the version. A fresh database gets the current
tables (`schema.metadata`) directly. An older database runs `MIGRATIONS[v]` (v -> v+1) one step
at a time, each with its version bump, in the same transaction as the rest of the start-up check.
To add version 2: write `_v1_to_v2(conn)` with explicit DDL (never `metadata`, which always describes
the newest version), register it as `MIGRATIONS[1]`, and set `CURRENT_VERSION = 2`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from sqlalchemy import Connection, DateTime, insert, inspect, select, text, update

from bot.storage.errors import SchemaTooNew, StorageError
from bot.storage.schema import metadata, schema_version

CURRENT_VERSION = 2
"""The schema version this code reads and writes."""

Migration = Callable[[Connection], None]


def _v1_to_v2(conn: Connection) -> None:
    """Version 2: a timer remembers when its reminder was sent (`game_timers.reminded_at`,
    NULL for the timers of version 1: their reminder counts as not sent yet)."""
    column_type = DateTime(timezone=False).compile(dialect=conn.dialect)
    conn.execute(text(f"ALTER TABLE game_timers ADD COLUMN reminded_at {column_type}"))


MIGRATIONS: dict[int, Migration] = {1: _v1_to_v2}
"""`MIGRATIONS[v]` turns a version-v database into version v+1."""


def ensure_schema(
    conn: Connection,
    target: int = CURRENT_VERSION,
    steps: Mapping[int, Migration] = MIGRATIONS,
    *,
    create: Callable[[Connection], None] | None = None,
) -> int:
    """Make the database's schema version `target` and return the version found before (0 = empty).

    Runs synchronously inside a transaction (call it through `AsyncConnection.run_sync`).
    Raises `SchemaTooNew` for a newer database, `StorageError` for one with no route to `target`.
    """
    if not inspect(conn).has_table(schema_version.name):
        # Empty database (or one whose first start was interrupted): create what is missing.
        (create or _create_current)(conn)
        conn.execute(insert(schema_version).values(id=1, version=target))
        return 0
    found = conn.execute(select(schema_version.c.version).where(schema_version.c.id == 1)).scalar()
    if found is None:
        raise StorageError("The schema_version table is empty; this database was not set up by the bot.")
    if found > target:
        raise SchemaTooNew(found, target)
    version = int(found)
    while version < target:
        step = steps.get(version)
        if step is None:
            raise StorageError(f"No migration from schema version {version} to {version + 1}.")
        step(conn)
        version += 1
        conn.execute(update(schema_version).where(schema_version.c.id == 1).values(version=version))
    return int(found)


def _create_current(conn: Connection) -> None:
    metadata.create_all(conn, checkfirst=True)
