"""Create the schema on an empty database, bring an older one up to date, refuse a newer one.

The `schema_version` table holds one row with the version. A fresh database gets the current
tables (`schema.metadata`) directly. An older database runs `MIGRATIONS[v]` (v -> v+1) one step
at a time, each with its version bump, in the same transaction as the rest of the start-up check.
To add version 2: write `_v1_to_v2(conn)` with explicit DDL (never `metadata`, which always describes
the newest version), register it as `MIGRATIONS[1]`, and set `CURRENT_VERSION = 2`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from sqlalchemy import Boolean, Connection, DateTime, Float, insert, inspect, select, text, update

from host.storage.errors import SchemaTooNew, StorageError
from host.storage.schema import metadata, schema_version

CURRENT_VERSION = 9
"""The schema version this code reads and writes."""

RATINGS_SINCE = 8
"""The first schema version that keeps ratings: a database migrated from an older one has its
finished games rated in the migration's transaction (:meth:`host.storage.Storage.open`)."""

Migration = Callable[[Connection], None]


def _v1_to_v2(conn: Connection) -> None:
    """Version 2: a timer remembers when its reminder was sent (`game_timers.reminded_at`,
    NULL for the timers of version 1: their reminder counts as not sent yet)."""
    column_type = DateTime(timezone=False).compile(dialect=conn.dialect)
    conn.execute(text(f"ALTER TABLE game_timers ADD COLUMN reminded_at {column_type}"))


def _v2_to_v3(conn: Connection) -> None:
    """Version 3: a stored game names its game, and its actions are the game's own text.

    Every game and lobby of version 2 is Stick'em's, so:
    - `games.game` and `lobbies.game` are 'stickem';
    - `games.rules` holds the game's option values instead of Stick'em's `Rules` dict: the same
      keys, with "one round per player" (`rounds` null) written as 'per-player';
    - `game_actions` (kind, card) becomes (action): a misery pick of "red 7" is 'm:red7', a play
      'p:red7'. The table is rebuilt (portable DDL); an unknown kind is kept recognisably broken
      ('<kind>?:red7'), so the game is still reported as damaged when it is loaded, not replayed
      as something else.
    """
    conn.execute(text("ALTER TABLE games ADD COLUMN game VARCHAR(32) DEFAULT 'stickem' NOT NULL"))
    conn.execute(text("ALTER TABLE lobbies ADD COLUMN game VARCHAR(32) DEFAULT 'stickem' NOT NULL"))
    for game_id, rules in conn.execute(text("SELECT id, rules FROM games")).all():
        try:
            data = json.loads(rules)
        except ValueError:
            continue  # a damaged row stays as it is: loading reports it
        if isinstance(data, dict) and "rounds" in data and data["rounds"] is None:
            data["rounds"] = "per-player"
            conn.execute(text("UPDATE games SET rules = :rules WHERE id = :id"),
                         {"rules": json.dumps(data), "id": game_id})
    conn.execute(text(
        "CREATE TABLE game_actions_v3 ("
        " game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
        " seq INTEGER NOT NULL,"
        " seat INTEGER NOT NULL,"
        " action TEXT NOT NULL,"
        " PRIMARY KEY (game_id, seq))"
    ))
    conn.execute(text(
        "INSERT INTO game_actions_v3 (game_id, seq, seat, action)"
        " SELECT game_id, seq, seat,"
        " CASE kind WHEN 'misery' THEN 'm:' WHEN 'play' THEN 'p:' ELSE kind || '?:' END"
        " || REPLACE(card, ' ', '')"
        " FROM game_actions"
    ))
    conn.execute(text("DROP TABLE game_actions"))
    conn.execute(text("ALTER TABLE game_actions_v3 RENAME TO game_actions"))


def _v3_to_v4(conn: Connection) -> None:
    """Version 4: a server's settings (`server_settings`: the game a new table plays when /join
    names none). No row means the bot's default game, so nothing else changes."""
    timestamp = DateTime(timezone=False).compile(dialect=conn.dialect)
    conn.execute(text(
        "CREATE TABLE server_settings ("
        " guild_id BIGINT NOT NULL PRIMARY KEY,"
        " default_game VARCHAR(32) NOT NULL,"
        f" updated_at {timestamp} NOT NULL)"
    ))


def _v4_to_v5(conn: Connection) -> None:
    """Version 5: every game's per-game stats, by name (`game_stats`: game, seat, stat, value).

    The one stat version 4 kept, `game_results.misery_swallowed`, moves there as the stat of
    that name of each finished Stick'em game (every result of version 4 had it, 0 for the other
    games, whose stats were not kept: they have none to move), and the column is dropped.
    """
    conn.execute(text(
        "CREATE TABLE game_stats ("
        " game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
        " seat INTEGER NOT NULL,"
        " stat VARCHAR(64) NOT NULL,"
        " value INTEGER NOT NULL,"
        " PRIMARY KEY (game_id, seat, stat))"
    ))
    conn.execute(text(
        "INSERT INTO game_stats (game_id, seat, stat, value)"
        " SELECT r.game_id, r.seat, 'misery_swallowed', r.misery_swallowed"
        " FROM game_results r JOIN games g ON g.id = r.game_id"
        " WHERE g.game = 'stickem'"
    ))
    conn.execute(text("ALTER TABLE game_results DROP COLUMN misery_swallowed"))


def _v5_to_v6(conn: Connection) -> None:
    """Version 6: whether a server's tables show pictures (`server_images`: guild id, on or off,
    set with /settings images). No row means pictures on, the default, so the servers of
    version 5 need nothing."""
    timestamp = DateTime(timezone=False).compile(dialect=conn.dialect)
    boolean = Boolean().compile(dialect=conn.dialect)
    conn.execute(text(
        "CREATE TABLE server_images ("
        " guild_id BIGINT NOT NULL PRIMARY KEY,"
        f" images {boolean} NOT NULL,"
        f" updated_at {timestamp} NOT NULL)"
    ))


def _v6_to_v7(conn: Connection) -> None:
    """Version 7: the languages people and servers read (`user_languages`: each person's Discord
    locale as last seen; `server_languages`: the language /settings language chose and the
    server's own locale as last seen), so that a DM sent unprompted after a restart is in the
    reader's language. New tables only: an older database knows no language, and no row means
    English until the person or server is next seen."""
    timestamp = DateTime(timezone=False).compile(dialect=conn.dialect)
    conn.execute(text(
        "CREATE TABLE user_languages ("
        " user_id BIGINT NOT NULL PRIMARY KEY,"
        " locale VARCHAR(16) NOT NULL,"
        f" updated_at {timestamp} NOT NULL)"
    ))
    conn.execute(text(
        "CREATE TABLE server_languages ("
        " guild_id BIGINT NOT NULL PRIMARY KEY,"
        " chosen VARCHAR(16),"
        " seen VARCHAR(16),"
        f" updated_at {timestamp} NOT NULL)"
    ))


def _v7_to_v8(conn: Connection) -> None:
    """Version 8: players' ratings (`ratings`: per server, game and player, openskill's mu and
    sigma, games counted, last change) and what each finished game did to them (`game_ratings`:
    per seat, the shown rating after the game and its change).

    Old rows need nothing: both tables start empty, and the games finished before are rated
    from their stored results in the same transaction, once the schema is current (see
    `RATINGS_SINCE`), by the same fold as the maintenance command's recompute.
    """
    real = Float().compile(dialect=conn.dialect)
    conn.execute(text(
        "CREATE TABLE ratings ("
        " guild_id BIGINT NOT NULL,"
        " game VARCHAR(32) NOT NULL,"
        " user_id BIGINT NOT NULL,"
        " level VARCHAR(32) NOT NULL,"
        f" mu {real} NOT NULL,"
        f" sigma {real} NOT NULL,"
        " games INTEGER NOT NULL,"
        " last_change INTEGER,"
        " PRIMARY KEY (guild_id, game, user_id, level))"
    ))
    conn.execute(text(
        "CREATE TABLE game_ratings ("
        " game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
        " seat INTEGER NOT NULL,"
        " rating INTEGER NOT NULL,"
        " rating_change INTEGER NOT NULL,"
        " PRIMARY KEY (game_id, seat))"
    ))


def _v8_to_v9(conn: Connection) -> None:
    """Version 9: clicks handed between bot processes (`handed_clicks`: a click in a direct
    message, which Discord sends to shard 0's process, waiting for the process whose shard owns
    the table; see `host.storage.handover`). A queue, empty when no click is on its way, so an
    older database has nothing to move."""
    timestamp = DateTime(timezone=False).compile(dialect=conn.dialect)
    conn.execute(text(
        "CREATE TABLE handed_clicks ("
        " interaction_id BIGINT NOT NULL PRIMARY KEY,"
        " shard INTEGER NOT NULL,"
        " payload TEXT NOT NULL,"
        f" created_at {timestamp} NOT NULL)"
    ))
    conn.execute(text("CREATE INDEX ix_handed_clicks_shard ON handed_clicks (shard)"))


MIGRATIONS: dict[int, Migration] = {
    1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5, 5: _v5_to_v6, 6: _v6_to_v7,
    7: _v7_to_v8, 8: _v8_to_v9,
}
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
