"""A database that is unreachable or unwritable for a while: actions are refused with a clear message,
nothing is half-applied, and play continues once it is back."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, text

from host.storage import READ_FAILED, SAVE_FAILED, SeatRecord, Storage, StorageUnavailable
from host.storage.database import create_engine
from tests.storage.conftest import FakeClock, Target, postgres_url_or_skip
from tests.storage.helpers import new_game, play
from tests.storage.outage import Outage, SqliteWriteLock, TcpProxy

SEATS = [SeatRecord(1, "ann"), SeatRecord(2, "bob"), SeatRecord(3, "cyd")]
SHORT = 0.5  # seconds: how long a write waits for a lock or a connection in these tests


def closed_loopback_port() -> int:
    """A loopback port nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
async def outage(target: Target) -> AsyncIterator[Outage]:
    """A way to take the test database away; the storage must be opened on `outage.url`."""
    if target.backend == "sqlite":
        lock = SqliteWriteLock(target.url)
        yield lock
        await lock.close()
        return
    proxy = TcpProxy(target.url)
    await proxy.start()
    yield proxy
    await proxy.close()


@pytest.fixture
async def fragile(outage: Outage, target: Target, clock: FakeClock) -> AsyncIterator[Storage]:
    """A storage that reaches its database only through `outage`."""
    opened = await Storage.open(outage.url, schema=target.schema, clock=clock, timeout=SHORT)
    yield opened
    await opened.close()


async def test_an_action_during_an_outage_is_refused_and_play_continues_after(
    fragile: Storage, outage: Outage
) -> None:
    game_id = await new_game(fragile)
    await play(fragile, game_id, 4)
    await outage.begin()
    with pytest.raises(StorageUnavailable) as caught:
        await fragile.games.append_action(game_id, 4, 1, "p:red7")
    assert str(caught.value) == SAVE_FAILED == "The game could not be saved, please try again in a moment."
    assert caught.value.detail  # the cause, for the log
    # Trying again while the database is still away fails the same way, and quickly.
    with pytest.raises(StorageUnavailable):
        await fragile.games.append_action(game_id, 4, 1, "p:red7")
    await outage.end()
    (game,) = (await fragile.games.load_unfinished_games()).games
    assert len(game.actions) == 4  # nothing half-applied
    await fragile.games.append_action(game_id, 4, 1, "p:red7")  # the same action, now accepted
    await play(fragile, game_id, 3, start=5)
    (game,) = (await fragile.games.load_unfinished_games()).games
    assert [a.seq for a in game.actions] == list(range(8))


async def test_a_postgres_connection_lost_midway_leaves_nothing(postgres_target: Target) -> None:
    # (SQLite cannot lose its file midway; there a transaction fails as a whole, tested above.)
    proxy = TcpProxy(postgres_target.url)
    await proxy.start()
    storage = await Storage.open(proxy.url, schema=postgres_target.schema, timeout=SHORT)
    try:
        game_id = await new_game(storage)
        await play(storage, game_id, 3)
        with pytest.raises(StorageUnavailable):
            async with storage.transaction() as tx:
                await tx.games.append_action(game_id, 3, 0, "p:red7")
                await proxy.begin()  # the connection dies before the next write and the commit
                await tx.games.append_action(game_id, 4, 1, "p:blue9")
        await proxy.end()
        (game,) = (await storage.games.load_unfinished_games()).games
        assert len(game.actions) == 3
        await storage.games.append_action(game_id, 3, 0, "p:red7")
    finally:
        await storage.close()
        await proxy.close()


async def test_other_writes_are_refused_too(fragile: Storage, outage: Outage, clock: FakeClock) -> None:
    game_id = await new_game(fragile)
    await outage.begin()
    for attempt in (
        fragile.games.set_timer(game_id, "turn", clock.now),
        fragile.games.set_message(game_id, "table", 1, 2),
        fragile.games.stop_game(game_id, "abandoned"),
        fragile.games.create_game(
            guild_id=1, channel_id=2, game="stickem", seed=3, rules="{}", seats=SEATS),
    ):
        with pytest.raises(StorageUnavailable):
            await attempt
    await outage.end()
    (game,) = (await fragile.games.load_unfinished_games()).games
    assert (game.timers, game.messages) == ((), ())


async def test_reads_during_an_outage(fragile: Storage, outage: Outage) -> None:
    game_id = await new_game(fragile)
    await outage.begin()
    if outage.blocks_reads:
        with pytest.raises(StorageUnavailable) as caught:
            await fragile.games.load_unfinished_games()
        assert str(caught.value) == READ_FAILED
        with pytest.raises(StorageUnavailable):
            await fragile.stats.leaderboard(100)
    else:  # SQLite's write lock leaves readers alone
        assert [g.record.id for g in (await fragile.games.load_unfinished_games()).games] == [game_id]
    await outage.end()
    assert (await fragile.stats.player_stats(100, 1)).games_played == 0


async def test_sqlite_in_a_missing_directory_is_unavailable_until_it_exists(tmp_path: Path) -> None:
    folder = tmp_path / "not-yet"
    url = f"sqlite:///{folder / 'stickem.sqlite3'}"
    with pytest.raises(StorageUnavailable) as caught:
        await Storage.open(url, timeout=SHORT)
    assert caught.value.detail == f"the folder {folder.resolve()} for the SQLite database does not exist"
    folder.mkdir()
    storage = await Storage.open(url, timeout=SHORT)
    try:
        assert await new_game(storage) >= 1
    finally:
        await storage.close()


async def test_postgres_on_a_closed_port_is_unavailable_until_it_answers() -> None:
    real = postgres_url_or_skip()
    proxy = TcpProxy(real)
    await proxy.start()
    await proxy.begin()  # the proxy's port is now closed
    try:
        with pytest.raises(StorageUnavailable) as caught:
            await Storage.open(proxy.url, timeout=SHORT)
        assert str(caught.value) == READ_FAILED
        with pytest.raises(StorageUnavailable):
            await Storage.open(f"postgresql://nobody@127.0.0.1:{closed_loopback_port()}/none", timeout=SHORT)
        await proxy.end()
        storage = await Storage.open(proxy.url, timeout=SHORT)
        await storage.close()
    finally:
        await proxy.close()


async def test_a_postgres_table_locked_for_a_while_times_out_and_recovers(postgres_target: Target) -> None:
    # A server that hangs (here: another session holds an exclusive lock) must not hang the bot.
    storage = await Storage.open(postgres_target.url, schema=postgres_target.schema, timeout=SHORT)
    blocker = await Storage.open(postgres_target.url, schema=postgres_target.schema)
    try:
        game_id = await new_game(storage)
        await play(storage, game_id, 2)
        async with blocker.engine.connect() as conn:
            await conn.execute(text("LOCK TABLE games IN ACCESS EXCLUSIVE MODE"))
            with pytest.raises(StorageUnavailable) as caught:
                await storage.games.append_action(game_id, 2, 2, "m:green0")
            assert str(caught.value) == SAVE_FAILED
            await conn.rollback()  # the lock is released
        await storage.games.append_action(game_id, 2, 2, "m:green0")
        (game,) = (await storage.games.load_unfinished_games()).games
        assert [a.seq for a in game.actions] == [0, 1, 2]
    finally:
        await blocker.close()
        await storage.close()


class ReadOnly:
    """Makes a storage's database read-only for its new connections, and writable again:
    SQLite's ``PRAGMA query_only``, PostgreSQL's ``default_transaction_read_only`` (per
    connection, so nobody else sharing the test server is affected)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.statement = (
            "PRAGMA query_only = ON"
            if storage.backend == "sqlite"
            else "SET default_transaction_read_only = on"
        )

    def _on_connect(self, dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(self.statement)
        finally:
            cursor.close()
        dbapi_connection.commit()  # asyncpg's adapter ran the SET in a transaction: keep it

    async def begin(self) -> None:
        for engine in self._engines():
            event.listen(engine, "connect", self._on_connect)
        await self._reconnect()  # pooled connections reconnect, read-only

    async def end(self) -> None:
        self.repaired()
        await self._reconnect()

    def repaired(self) -> None:
        """New connections may write again; pooled ones stay as they are."""
        for engine in self._engines():
            event.remove(engine, "connect", self._on_connect)

    def _engines(self) -> list[Any]:
        inline = self.storage.inline_engine  # SQLite files are written through their own engine
        return [self.storage.engine.sync_engine] + ([inline] if inline is not None else [])

    async def _reconnect(self) -> None:
        await self.storage.engine.dispose()
        if self.storage.inline_engine is not None:
            self.storage.inline_engine.dispose()


async def test_a_read_only_database_refuses_actions_and_play_continues_after(storage: Storage) -> None:
    game_id = await new_game(storage)
    await play(storage, game_id, 2)
    read_only = ReadOnly(storage)
    await read_only.begin()
    try:
        with pytest.raises(StorageUnavailable) as caught:
            await storage.games.append_action(game_id, 2, 2, "p:red7")
        assert str(caught.value) == SAVE_FAILED
        assert "read" in caught.value.detail.lower()  # the cause, for the log
        with pytest.raises(StorageUnavailable):
            await storage.games.create_game(
            guild_id=1, channel_id=2, game="stickem", seed=3, rules="{}", seats=SEATS)
        (game,) = (await storage.games.load_unfinished_games()).games  # reading still works
        assert len(game.actions) == 2
    finally:
        await read_only.end()
    await storage.games.append_action(game_id, 2, 2, "p:red7")  # the same action, now accepted
    (game,) = (await storage.games.load_unfinished_games()).games
    assert [a.seq for a in game.actions] == [0, 1, 2]


async def test_a_connection_that_hit_a_read_only_database_is_dropped(storage: Storage) -> None:
    """SQLite opens a read-only file read-only without a word, and a pooled connection stays
    so: once the database is writable again, the next write must not get that connection."""
    game_id = await new_game(storage)
    read_only = ReadOnly(storage)
    await read_only.begin()
    try:
        for _ in range(2):
            with pytest.raises(StorageUnavailable):
                await storage.games.append_action(game_id, 0, 0, "m:red7")
    finally:
        read_only.repaired()  # no reconnection: the failed connections must have been dropped
    await storage.games.append_action(game_id, 0, 0, "m:red7")
    await storage.games.set_message(game_id, "table", 2, 3)  # and the next ones too
    (game,) = (await storage.games.load_unfinished_games()).games
    assert [a.seq for a in game.actions] == [0]


async def test_the_start_up_load_may_take_longer_than_a_write(postgres_target: Target) -> None:
    """PostgreSQL's short statement limit (for moves) does not apply to the start-up load: a
    load slowed down (here: the games table locked by someone else for a second) fails with
    the short limit and succeeds with the load's own."""
    storage = await Storage.open(postgres_target.url, schema=postgres_target.schema, timeout=0.3)
    locker, _ = create_engine(postgres_target.url, schema=postgres_target.schema, timeout=10)
    try:
        game_id = await new_game(storage)
        async with locker.connect() as conn:
            await conn.begin()
            await conn.execute(text("LOCK TABLE games IN ACCESS EXCLUSIVE MODE"))

            async def release_later() -> None:
                await asyncio.sleep(1.0)
                await conn.commit()

            releasing = asyncio.create_task(release_later())
            with pytest.raises(StorageUnavailable):
                await storage.games.load_unfinished_games()  # the write limit: 0.3 s
            loaded = await asyncio.wait_for(storage.games.load_unfinished_games(timeout=10), timeout=15)
            await releasing
        assert [g.record.id for g in loaded.games] == [game_id]
    finally:
        await storage.close()
        await locker.dispose()
