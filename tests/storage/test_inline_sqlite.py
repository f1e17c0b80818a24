"""SQLite writes on the event loop's thread (bot/storage/inline_sqlite.py): waiting for the write
lock never blocks the loop, and the commit and the write-ahead log's checkpoints run off it."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from sqlalchemy import event, text

from host.storage import SAVE_FAILED, SeatRecord, Storage, StorageError, StorageUnavailable, inline_sqlite
from tests.e2e.load_driver import LoopLagProbe
from tests.storage.outage import SqliteWriteLock

SEATS = [SeatRecord(1, "ann"), SeatRecord(2, "bob"), SeatRecord(3, "cyd")]


async def open_storage(tmp_path: Path, timeout: float = 2.0) -> tuple[Storage, str]:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    return await Storage.open(url, timeout=timeout), url


async def new_game(storage: Storage) -> int:
    return await storage.games.create_game(
            guild_id=1, channel_id=2, game="stickem", seed=3, rules="{}", seats=SEATS)


async def test_writes_are_inline_for_a_file_and_not_for_memory(tmp_path: Path) -> None:
    storage, _ = await open_storage(tmp_path)
    memory = await Storage.open("sqlite://")
    try:
        assert storage.inline_engine is not None and storage.inline_engine.dialect.driver == "pysqlite"
        assert memory.inline_engine is None  # one in-memory database per connection: stays async
        game_id = await new_game(memory)
        await memory.games.append_action(game_id, 0, 0, "m:red7")
        (game,) = (await memory.games.load_unfinished_games()).games
        assert [a.action for a in game.actions] == ["m:red7"]
    finally:
        await storage.close()
        await memory.close()


async def test_a_write_waits_for_a_held_lock_without_blocking_the_loop(tmp_path: Path) -> None:
    storage, url = await open_storage(tmp_path)
    lock = SqliteWriteLock(url)
    try:
        game_id = await new_game(storage)
        await lock.begin()
        probe = LoopLagProbe()
        probe.start()
        write = asyncio.create_task(storage.games.append_action(game_id, 0, 0, "m:red7"))
        await asyncio.sleep(0.3)
        assert not write.done()  # waiting for the lock ...
        # ... while the loop goes on. A wait blocking the loop would stall it for all of the
        # 0.3 s; the bound leaves room for a loaded machine (0.15 s gaps seen under a full suite).
        assert len(probe.lags) > 50 and probe.max_lag < 0.25
        await lock.end()
        await asyncio.wait_for(write, timeout=2.0)  # taken as soon as the lock is free
        await probe.stop()
        (game,) = (await storage.games.load_unfinished_games()).games
        assert [a.seq for a in game.actions] == [0]
    finally:
        await lock.close()
        await storage.close()


async def test_a_lock_held_past_the_timeout_refuses_the_write(tmp_path: Path) -> None:
    storage, url = await open_storage(tmp_path, timeout=0.3)
    lock = SqliteWriteLock(url)
    try:
        game_id = await new_game(storage)
        await lock.begin()
        loop = asyncio.get_running_loop()
        started = loop.time()
        with pytest.raises(StorageUnavailable) as caught:
            await storage.games.append_action(game_id, 0, 0, "m:red7")
        assert str(caught.value) == SAVE_FAILED and "locked" in caught.value.detail
        assert 0.2 <= loop.time() - started < 2.0
        await lock.end()
        await storage.games.append_action(game_id, 0, 0, "m:red7")  # nothing was half-written
    finally:
        await lock.close()
        await storage.close()


def rows_in_main_file(database: Path, copy: Path) -> int:
    """Actions stored in the database file itself (a copy without its write-ahead log)."""
    shutil.copyfile(database, copy)
    conn = sqlite3.connect(copy)
    try:
        return int(conn.execute("SELECT count(*) FROM game_actions").fetchone()[0])
    except sqlite3.OperationalError:  # not even the schema is in the file yet
        return 0
    finally:
        conn.close()


Append = Callable[[Storage, int, int], Awaitable[None]]
"""A write of one move (the storage, the game's id, the move's sequence number)."""


async def background_append(storage: Storage, game_id: int, seq: int) -> None:
    """A move nobody waits for (a computer's)."""
    await storage.games.append_action(game_id, seq, seq % 3, "m:red7")


async def urgent_append(storage: Storage, game_id: int, seq: int) -> None:
    """A move a player waits for (as the journal writes a click's move)."""
    async with storage.transaction(urgent=True) as tx:
        await tx.games.append_action(game_id, seq, seq % 3, "m:red7")


async def log_growth(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, append: Append) -> tuple[int, int]:
    """The write-ahead log's size after (nearly) one checkpoint interval of moves written by
    ``append`` (a checkpoint every 10 commits), and after thirty intervals; every move is
    checked to be stored.

    Each checkpoint ends within its interval, as in the bot, where an interval
    (``CHECKPOINT_EVERY`` commits) lasts far longer than a checkpoint: on a loaded machine ten
    quick commits here may not, and a checkpoint still running at the end of its interval starts
    no next one, so the log would grow by the commits it outlasted, which is not what this
    measures. The writes still race the checkpoint all through its interval."""
    every = 10
    monkeypatch.setattr(inline_sqlite, "CHECKPOINT_EVERY", every)
    storage, _ = await open_storage(tmp_path)
    log = tmp_path / "games.sqlite3-wal"
    try:
        game_id = await new_game(storage)  # commit 1
        for seq in range(every - 2):  # commits 2 .. every-1: no checkpoint yet
            await append(storage, game_id, seq)
        one_round = log.stat().st_size
        for seq in range(every - 2, 30 * every):
            if (seq + 2) % every == 0:  # the interval's last commit: its checkpoint has ended
                await checkpoint_ended(storage)
            await append(storage, game_id, seq)
        after = log.stat().st_size
        (game,) = (await storage.games.load_unfinished_games()).games
        assert len(game.actions) == 30 * every
    finally:
        await storage.close()
    return one_round, after


async def checkpoint_ended(storage: Storage) -> None:
    """Wait (at most 5 s) until the writer's background checkpoint, if one runs, has ended."""
    inline = storage._connections.inline
    checkpointing = inline._checkpointing if inline is not None else None
    if checkpointing is not None:
        await asyncio.wait_for(asyncio.shield(checkpointing), timeout=5)


def slow_checkpoints(monkeypatch: pytest.MonkeyPatch, *, before_copying: bool) -> threading.Event:
    """Every checkpoint held up (at most 10 s, so a failing test cannot hang) until the returned
    event is set: before it copies the log (a busy disk) or after (a slow sync)."""
    released = threading.Event()
    checkpoint = inline_sqlite.InlineWriter._checkpoint

    def slow_checkpoint(writer: inline_sqlite.InlineWriter) -> None:
        if before_copying:
            released.wait(10.0)
        checkpoint(writer)
        if not before_copying:
            released.wait(10.0)

    monkeypatch.setattr(inline_sqlite.InlineWriter, "_checkpoint", slow_checkpoint)
    return released


async def test_the_log_is_checkpointed_in_the_background(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(inline_sqlite, "CHECKPOINT_EVERY", 10)
    storage, _ = await open_storage(tmp_path)
    database = tmp_path / "games.sqlite3"
    try:
        game_id = await new_game(storage)  # commit 1
        for seq in range(8):  # commits 2-9: still only in the write-ahead log
            await storage.games.append_action(game_id, seq, seq % 3, "m:red7")
        assert rows_in_main_file(database, tmp_path / "before.sqlite3") == 0
        await storage.games.append_action(game_id, 8, 2, "m:red7")  # commit 10: a checkpoint
        for _ in range(200):
            if rows_in_main_file(database, tmp_path / "after.sqlite3") == 9:
                break
            await asyncio.sleep(0.01)
        assert rows_in_main_file(database, tmp_path / "after.sqlite3") == 9
    finally:
        await storage.close()


async def test_a_refused_commit_leaves_no_transaction_open_for_the_next_write(tmp_path: Path) -> None:
    """SQLite may refuse a COMMIT and keep its transaction open (a deferred constraint, here a
    deferred foreign key): the connection goes back to the pool clean, so the very next write
    works instead of failing with "cannot start a transaction within a transaction"."""
    storage, _ = await open_storage(tmp_path)
    try:
        game_id = await new_game(storage)
        with pytest.raises(StorageError):
            async with storage.transaction() as tx:
                await tx.connection.execute(text("PRAGMA defer_foreign_keys = ON"))
                await tx.connection.execute(
                    text("INSERT INTO game_actions (game_id, seq, kind, seat, card) "
                         "VALUES (:game, 0, 'play', 0, 'red 7')"),
                    {"game": game_id + 1000},
                )
        await storage.games.append_action(game_id, 0, 0, "m:red7")
        (game,) = (await storage.games.load_unfinished_games()).games
        assert [a.seq for a in game.actions] == [0]
    finally:
        await storage.close()


async def test_the_log_does_not_grow_without_bound_while_writes_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite rewinds its write-ahead log only when a write begins after a checkpoint that
    copied all of it. A background checkpoint that writes keep racing (a busy bot commits every
    few milliseconds) never copies all of it: the log then grows by every commit until the bot
    stops (12 MB per thousand moves). The write after a checkpoint waits for it instead."""
    one_round, after = await log_growth(tmp_path, monkeypatch, background_append)
    assert after <= 3 * one_round  # rewound after each checkpoint, not 30 rounds


async def test_a_checkpoint_never_creates_a_database_where_the_file_was_deleted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Someone deletes the database file under a running bot: its open connections write on
    (to the deleted file), but the background checkpoint must not open a new, empty database
    at that path (which would also take the live write-ahead log over, and which the next
    start would take for the bot's database)."""
    every = 5
    monkeypatch.setattr(inline_sqlite, "CHECKPOINT_EVERY", every)
    storage, _ = await open_storage(tmp_path)
    database = tmp_path / "games.sqlite3"
    try:
        game_id = await new_game(storage)
        database.unlink()
        for seq in range(3 * every):
            await storage.games.append_action(game_id, seq, seq % 3, "m:red7")
        inline = storage._connections.inline
        checkpointing = inline._checkpointing if inline is not None else None
        assert checkpointing is not None  # a checkpoint was tried ...
        await asyncio.wait_for(asyncio.shield(checkpointing), timeout=5)
        assert not database.exists()  # ... and created nothing
    finally:
        await storage.close()


def commits_seen(storage: Storage, on_commit: Callable[[], None] = lambda: None) -> list[int]:
    """The threads that run each COMMIT of ``storage``'s inline writer (``on_commit`` is called
    there first, before SQLite commits)."""
    assert storage.inline_engine is not None
    threads: list[int] = []

    def committing(_: object) -> None:
        threads.append(threading.get_ident())
        on_commit()

    event.listen(storage.inline_engine, "commit", committing)
    return threads


def held_until(entered: threading.Event, release: threading.Event) -> Callable[[], None]:
    """An ``on_commit`` for :func:`commits_seen`: says the commit began, then waits for
    ``release`` (at most 5 s)."""

    def hold() -> None:
        entered.set()
        release.wait(5.0)

    return hold

async def test_the_commit_runs_in_a_worker_thread(tmp_path: Path) -> None:
    """A COMMIT writes to the disk, which now and then keeps it waiting for milliseconds: it must
    not hold the event loop's thread (the statements before it do, briefly)."""
    storage, _ = await open_storage(tmp_path)
    try:
        threads = commits_seen(storage)
        game_id = await new_game(storage)
        await storage.games.append_action(game_id, 0, 0, "m:red7")
        assert len(threads) == 2 and threading.get_ident() not in threads
        (game,) = (await storage.games.load_unfinished_games()).games
        assert [a.action for a in game.actions] == ["m:red7"]
    finally:
        await storage.close()


@pytest.mark.parametrize("cancelled", ["the write", "every task"])
async def test_a_write_cancelled_while_committing_waits_for_the_commit(
    tmp_path: Path, cancelled: str
) -> None:
    """A commit cannot be stopped halfway in its thread: the cancelled write ends only after it,
    so the connection is not used again meanwhile, and what it committed is stored.

    "every task" is what ``asyncio.run`` does at its end (a click whose write the closing bot
    did not wait for, say): were the commit's thread followed through a task of its own, that
    task would be cancelled too, and the write would roll back and close its connection while
    the thread still commits on it."""
    storage, _ = await open_storage(tmp_path)
    try:
        game_id = await new_game(storage)
        entered, release = threading.Event(), threading.Event()
        commits_seen(storage, held_until(entered, release))
        before = asyncio.all_tasks()
        write = asyncio.create_task(storage.games.append_action(game_id, 0, 0, "m:red7"))
        async with asyncio.timeout(5.0):
            while not entered.is_set():
                await asyncio.sleep(0.005)
        for task in [write] if cancelled == "the write" else asyncio.all_tasks() - before:
            task.cancel()
        await asyncio.sleep(0.05)
        assert not write.done()  # still waiting for its commit
        release.set()
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(write, timeout=5.0)
        await storage.games.append_action(game_id, 1, 1, "p:red8")  # the connection is fine
        (game,) = (await storage.games.load_unfinished_games()).games
        assert [a.seq for a in game.actions] == [0, 1]
    finally:
        await storage.close()


async def test_concurrent_writes_never_take_more_connections_than_their_slots(tmp_path: Path) -> None:
    """Writes that come at once (the languages of players joining together) wait for a free
    slot instead of each holding a pooled connection while retrying the write lock: past the
    pool's size, the next connection was waited for on the loop's thread, stalling the bot."""
    storage, _ = await open_storage(tmp_path)
    try:
        engine = storage.inline_engine
        assert engine is not None
        out = 0
        most = 0

        def checked_out(*_: object) -> None:
            nonlocal out, most
            out += 1
            most = max(most, out)

        def checked_in(*_: object) -> None:
            nonlocal out
            out -= 1

        writes = inline_sqlite.CONNECTIONS + 4  # more than the slots, fewer than the pool (15)
        event.listen(engine.pool, "checkout", checked_out)
        event.listen(engine.pool, "checkin", checked_in)
        await asyncio.wait_for(
            asyncio.gather(*(storage.settings.set_user_locale(user, "de") for user in range(1, writes + 1))),
            20,
        )
        assert most <= inline_sqlite.CONNECTIONS
        stored = await storage.settings.load_languages()
        assert stored.users == {user: "de" for user in range(1, writes + 1)}
    finally:
        await storage.close()


async def test_a_players_write_does_not_wait_for_a_checkpoint_but_the_next_raced_one_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A background checkpoint held up by a slow disk holds up every write that waits for it
    (with the writer's turn, so every write queued behind it too). A write a player waits for
    goes on while it runs; the others wait; and once a checkpoint was raced, every write waits for
    the next one, so that the log is still rewound."""
    every = 5
    monkeypatch.setattr(inline_sqlite, "CHECKPOINT_EVERY", every)
    released = slow_checkpoints(monkeypatch, before_copying=True)
    storage, _ = await open_storage(tmp_path, timeout=5.0)
    try:
        game_id = await new_game(storage)  # commit 1
        for seq in range(every - 1):  # commits 2 .. every: the last starts a checkpoint
            await storage.games.append_action(game_id, seq, seq % 3, "m:red7")
        seq = every - 1
        await asyncio.wait_for(urgent_append(storage, game_id, seq), 2.0)  # not held up
        background = asyncio.create_task(storage.games.append_action(game_id, seq + 1, 0, "m:red7"))
        await asyncio.sleep(0.2)
        assert not background.done()  # waits for the checkpoint
        released.set()
        await asyncio.wait_for(background, 5.0)
        released.clear()
        for later in range(seq + 2, 2 * every - 1):  # commits 8 .. 10: the last starts the next
            await storage.games.append_action(game_id, later, later % 3, "m:red7")
        urgent = asyncio.create_task(urgent_append(storage, game_id, 2 * every - 1))
        await asyncio.sleep(0.2)
        assert not urgent.done()  # no second race in a row: this one waits too
        released.set()
        await asyncio.wait_for(urgent, 5.0)
        (game,) = (await storage.games.load_unfinished_games()).games
        assert [a.seq for a in game.actions] == list(range(2 * every))
    finally:
        released.set()
        await storage.close()


async def test_the_log_stays_bounded_when_players_writes_race_the_checkpoints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every write a player's (urgent): they may race a checkpoint, never two in a row, so the
    log is rewound after every other checkpoint at least."""
    one_round, after = await log_growth(tmp_path, monkeypatch, urgent_append)
    assert after <= 4 * one_round  # rewound every other checkpoint, not 30 rounds


async def test_a_raced_checkpoint_that_outlasts_an_interval_holds_no_player_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkpoint raced by the players' writes copies the log only up to where it stood when it
    began, so its end cannot rewind the log: however long it runs (a slow disk's sync after the
    copy), a player's write does not wait for it."""
    every = 5
    monkeypatch.setattr(inline_sqlite, "CHECKPOINT_EVERY", every)
    released = slow_checkpoints(monkeypatch, before_copying=False)
    storage, _ = await open_storage(tmp_path, timeout=5.0)
    try:
        game_id = await new_game(storage)  # commit 1
        for seq in range(every - 1):  # commits 2 .. every: the last starts a checkpoint
            await storage.games.append_action(game_id, seq, seq % 3, "m:red7")
        for seq in range(every - 1, 2 * every):  # players' writes race it, a whole interval on
            await asyncio.wait_for(urgent_append(storage, game_id, seq), 2.0)
        (game,) = (await storage.games.load_unfinished_games()).games
        assert [a.seq for a in game.actions] == list(range(2 * every))
    finally:
        released.set()
        await storage.close()
