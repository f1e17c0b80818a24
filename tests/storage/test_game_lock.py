"""Two bot processes changing one table at once on PostgreSQL (a replaced process, or one started
twice by mistake): the game's row lock lets one change in, and the other table, behind the stored
game, is reloaded instead of writing (host/storage/game_lock.py)."""

from __future__ import annotations

import asyncio

import pytest

import host.journal
from host.journal import ENDED_IN_STORAGE, GameJournal
from host.resume import rebuild_tables
from host.storage import GameStatus, LoadResult, Storage, Transaction
from host.storage.game_lock import lock_game
from host.tables import TableError, TableRegistry, TableState
from tests.bot.stickem_moves import engine
from tests.storage.conftest import FakeClock, Target
from tests.storage.test_journal import change, next_move, seated


async def test_a_second_process_waits_for_the_lock_then_is_reloaded_instead_of_moving(
    postgres_target: Target, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await Storage.open(postgres_target.url, schema=postgres_target.schema, clock=clock, timeout=5)
    second = await Storage.open(postgres_target.url, schema=postgres_target.schema, clock=clock, timeout=5)
    try:
        mine, theirs = GameJournal(first), GameJournal(second)
        table = await seated(mine)
        await change(mine, table, lambda: table.lobby.start(1, options={"rounds": 1}))
        for _ in range(3):
            await next_move(mine, table)
        registry = TableRegistry()  # the other process's copy of the same table
        (copy,) = rebuild_tables(
            await second.games.load_unfinished_games(), await second.lobbies.load_lobbies(), registry
        ).games

        locked, release = asyncio.Event(), asyncio.Event()

        async def lock_and_hold(tx: Transaction, game_id: int, action_count: int) -> None:
            await lock_game(tx, game_id, action_count)
            locked.set()  # the stop holds the game's row until the test lets go
            await release.wait()

        monkeypatch.setattr(host.journal, "lock_game", lock_and_hold)
        stopping = asyncio.create_task(change(mine, table, lambda: table.stopping.stop(1, game_id="abc123")))
        await asyncio.wait_for(locked.wait(), 5)
        moving = asyncio.create_task(next_move(theirs, copy))  # the other process's move
        await asyncio.sleep(0.3)
        assert not moving.done(), "the move must wait for the stop's lock"
        release.set()
        await asyncio.wait_for(stopping, 5)
        with pytest.raises(TableError) as refused:
            await asyncio.wait_for(moving, 5)
        assert str(refused.value) == str(ENDED_IN_STORAGE)

        assert await first.games.load_unfinished_games() == LoadResult((), ())
        stored = await first.games.load_game(table.storage_id or 0)
        assert stored.record.status is GameStatus.STOPPED and len(stored.actions) == 3
        assert copy.state is TableState.CLOSED and engine(copy).action_count == 3  # reloaded
    finally:
        await first.close()
        await second.close()
