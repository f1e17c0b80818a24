"""Schema creation, versioning, migration steps and refusal of a newer schema."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from sqlalchemy import Connection, inspect, text

from host.storage import CURRENT_VERSION, SchemaTooNew, Storage, StorageError, TimerRecord
from host.storage.database import create_engine, read_only
from host.storage.migrations import ensure_schema
from tests.storage.conftest import FakeClock, Target, raw, undo_since
from tests.storage.helpers import new_game, play


async def test_empty_database_gets_the_current_schema(storage: Storage) -> None:
    assert storage.schema_version == CURRENT_VERSION
    assert await raw(storage, "SELECT version FROM schema_version") == [(CURRENT_VERSION,)]


async def test_reopening_keeps_the_data(storage: Storage, target: Target, clock: FakeClock) -> None:
    game_id = await new_game(storage)
    await play(storage, game_id, 4)
    await storage.close()
    reopened = await Storage.open(target.url, schema=target.schema, clock=clock)
    try:
        loaded = await reopened.games.load_unfinished_games()
        assert [g.record.id for g in loaded.games] == [game_id]
        assert len(loaded.games[0].actions) == 4
        assert await raw(reopened, "SELECT count(*) FROM schema_version") == [(1,)]
    finally:
        await reopened.close()


async def test_newer_schema_is_refused_and_left_alone(storage: Storage, target: Target) -> None:
    await new_game(storage)
    await raw(storage, "UPDATE schema_version SET version = :v", v=CURRENT_VERSION + 1)
    await storage.close()
    with pytest.raises(SchemaTooNew) as caught:
        await Storage.open(target.url, schema=target.schema)
    message = str(caught.value)
    assert f"version {CURRENT_VERSION + 1}" in message
    assert "upgrade the bot" in message
    assert caught.value.found == CURRENT_VERSION + 1
    engine, _ = create_engine(target.url, schema=target.schema)
    try:
        async with engine.connect() as conn:
            version = (await conn.execute(text("SELECT version FROM schema_version"))).scalar_one()
    finally:
        await engine.dispose()
    assert version == CURRENT_VERSION + 1


NEXT = CURRENT_VERSION + 1
"""A schema version after the current one, for migration steps made up by the tests."""


def _add_column(conn: Connection) -> None:
    conn.execute(text("ALTER TABLE games ADD COLUMN note TEXT"))


def _one_more_step(conn: Connection) -> int:
    return ensure_schema(conn, target=NEXT, steps={CURRENT_VERSION: _add_column})


async def _versions(storage: Storage, run: Callable[[Connection], int]) -> int:
    async with storage.engine.begin() as conn:
        return await conn.run_sync(run)


async def test_older_schema_is_migrated_step_by_step(storage: Storage) -> None:
    game_id = await new_game(storage)
    found = await _versions(storage, _one_more_step)
    assert found == CURRENT_VERSION
    assert await raw(storage, "SELECT version FROM schema_version") == [(NEXT,)]
    async with storage.engine.connect() as conn:
        columns = await conn.run_sync(lambda c: [col["name"] for col in inspect(c).get_columns("games")])
    assert "note" in columns
    # Data written before the migration is still there.
    assert await raw(storage, "SELECT id FROM games") == [(game_id,)]
    # Running again at the same version does nothing.
    again = await _versions(storage, _one_more_step)
    assert again == NEXT


async def test_a_missing_migration_step_is_an_error_and_changes_nothing(storage: Storage) -> None:
    with pytest.raises(StorageError, match=f"No migration from schema version {CURRENT_VERSION} to {NEXT}"):
        await _versions(storage, lambda c: ensure_schema(c, target=NEXT, steps={}))
    assert await raw(storage, "SELECT version FROM schema_version") == [(CURRENT_VERSION,)]


async def test_a_failed_migration_step_undoes_the_steps_before_it(storage: Storage) -> None:
    """Migrations run in one transaction: DDL included (SQLite's driver used to commit each DDL
    statement at once, so step 1's column survived step 2's failure and the next start re-ran
    step 1 on a database that already had the column)."""

    def fail(conn: Connection) -> None:
        raise StorageError("step 2 fails")

    steps = {CURRENT_VERSION: _add_column, NEXT: fail}
    with pytest.raises(StorageError, match="step 2 fails"):
        await _versions(storage, lambda c: ensure_schema(c, target=NEXT + 1, steps=steps))
    assert await raw(storage, "SELECT version FROM schema_version") == [(CURRENT_VERSION,)]
    async with storage.engine.connect() as conn:
        columns = await conn.run_sync(lambda c: [col["name"] for col in inspect(c).get_columns("games")])
    assert "note" not in columns
    # The next start runs the whole migration again, and it works.
    found = await _versions(storage, _one_more_step)
    assert found == CURRENT_VERSION


async def test_a_sqlite_write_transaction_takes_the_write_lock_at_once(storage: Storage) -> None:
    """Writes begin IMMEDIATE: a write transaction that read first can never fail because
    another connection committed in between (its read snapshot gone stale)."""
    if storage.backend != "sqlite":
        return
    async with storage.transaction():
        other = await storage.engine.connect()
        try:
            await read_only(other, "sqlite")  # begins DEFERRED: the INSERT is what asks for the lock
            assert (await other.exec_driver_sql("PRAGMA busy_timeout = 0")).all() == [(0,)]
            with pytest.raises(Exception, match="locked"):
                await other.exec_driver_sql("INSERT INTO schema_version (id, version) VALUES (2, 0)")
        finally:
            await other.close()


async def test_sqlite_runs_with_wal_and_foreign_keys(storage: Storage) -> None:
    if storage.backend != "sqlite":
        assert storage.backend == "postgresql"
        assert await raw(storage, "SELECT current_schema()") != [("public",)]
        return
    assert await raw(storage, "PRAGMA journal_mode") == [("wal",)]
    assert await raw(storage, "PRAGMA foreign_keys") == [(1,)]


async def _undo_version_5(storage: Storage) -> None:
    """Turn a fresh database into version 4: Stick'em's one stat as a column of the results,
    no per-game stats table."""
    await raw(storage, "DROP TABLE game_stats")
    await raw(storage, "ALTER TABLE game_results ADD COLUMN misery_swallowed INTEGER DEFAULT 0 NOT NULL")


async def _make_version_1(storage: Storage) -> None:
    """Turn a fresh database (with no action stored) into what version 1 of the bot created: no
    game names, actions as kind and card (version 3), no timer reminders (version 2)."""
    await raw(storage, "ALTER TABLE games DROP COLUMN game")
    await raw(storage, "ALTER TABLE lobbies DROP COLUMN game")
    await raw(storage, "DROP TABLE game_actions")
    await raw(
        storage,
        "CREATE TABLE game_actions (game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
        " seq INTEGER NOT NULL, kind VARCHAR(16) NOT NULL, seat INTEGER NOT NULL,"
        " card VARCHAR(32) NOT NULL, PRIMARY KEY (game_id, seq))",
    )
    await raw(storage, "ALTER TABLE game_timers DROP COLUMN reminded_at")
    await raw(storage, "DROP TABLE server_settings")  # version 4
    await _undo_version_5(storage)
    await undo_since(storage, 6)
    await raw(storage, "UPDATE schema_version SET version = 1")


async def test_a_version_1_database_opens_and_its_timers_get_reminders(
    storage: Storage, target: Target, clock: FakeClock
) -> None:
    game_id = await new_game(storage)
    due = clock.now + timedelta(minutes=2)
    await _make_version_1(storage)
    await raw(
        storage,
        "INSERT INTO game_timers (game_id, kind, seat, due_at) VALUES (:g, 'turn', -1, :due)",
        g=game_id,
        due=due.replace(tzinfo=None),
    )
    await storage.close()
    reopened = await Storage.open(target.url, schema=target.schema, clock=clock)
    try:
        assert reopened.schema_version == CURRENT_VERSION
        (game,) = (await reopened.games.load_unfinished_games()).games
        assert game.timers == (TimerRecord("turn", None, due, None),)  # not reminded yet
        assert await reopened.games.mark_timer_reminded(game_id, "turn") is True
        (game,) = (await reopened.games.load_unfinished_games()).games
        assert game.timers[0].reminded_at == clock.now
        assert await reopened.settings.load_default_games() == {}  # version 4: no server changed its game
        await reopened.settings.set_default_game(100, "stupid")
        assert await reopened.settings.load_default_games() == {100: "stupid"}
    finally:
        await reopened.close()
