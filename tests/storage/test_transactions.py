"""Atomicity: several writes commit together or not at all; racing writers never both win."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncConnection

from host.storage import DuplicateAction, SeatRecord, Storage
from tests.storage.conftest import FakeClock, Target, raw
from tests.storage.helpers import new_game, play


async def test_writes_in_a_transaction_commit_together(storage: Storage, clock: FakeClock) -> None:
    game_id = await new_game(storage)
    async with storage.transaction() as tx:
        await tx.games.append_action(game_id, 0, 0, "m:red7")
        await tx.timers.set_timer(game_id, "turn", clock.now + timedelta(minutes=1), seat=1)
    (game,) = (await storage.games.load_unfinished_games()).games
    assert len(game.actions) == 1 and len(game.timers) == 1


async def test_an_error_in_the_block_leaves_nothing(storage: Storage, clock: FakeClock) -> None:
    game_id = await new_game(storage)
    with pytest.raises(RuntimeError, match="engine said no"):
        async with storage.transaction() as tx:
            await tx.games.append_action(game_id, 0, 0, "m:red7")
            await tx.timers.set_timer(game_id, "turn", clock.now, seat=1)
            raise RuntimeError("engine said no")
    (game,) = (await storage.games.load_unfinished_games()).games
    assert (game.actions, game.timers) == ((), ())
    # The sequence number was not used up either.
    await storage.games.append_action(game_id, 0, 0, "m:red7")


async def test_a_failing_write_rolls_back_the_earlier_ones(storage: Storage) -> None:
    game_id = await new_game(storage)
    await play(storage, game_id, 2)
    with pytest.raises(DuplicateAction):
        async with storage.transaction() as tx:
            await tx.games.append_action(game_id, 2, 2, "m:green0")
            await tx.games.append_action(game_id, 2, 2, "m:green0")
    assert await raw(storage, "SELECT count(*) FROM game_actions") == [(2,)]
    assert await raw(storage, "SELECT action_count FROM games") == [(2,)]


async def test_creating_a_game_is_atomic(storage: Storage) -> None:
    with pytest.raises(RuntimeError, match="crash before commit"):
        async with storage.transaction() as tx:
            await tx.games.create_game(
            guild_id=1, channel_id=2, game="stickem", seed=3, rules="{}", seats=[SeatRecord(1, "a")])
            raise RuntimeError("crash before commit")
    assert await raw(storage, "SELECT count(*) FROM games") == [(0,)]
    assert await raw(storage, "SELECT count(*) FROM game_seats") == [(0,)]


async def test_racing_writers_of_the_same_action_never_both_win(storage: Storage) -> None:
    game_id = await new_game(storage)
    await play(storage, game_id, 3)
    outcomes = await asyncio.wait_for(
        asyncio.gather(
            *(storage.games.append_action(game_id, 3, 0, card) for card in ("p:red7", "p:blue9", "p:green0")),
            return_exceptions=True,
        ),
        timeout=30,
    )
    assert sum(o is None for o in outcomes) == 1
    assert all(isinstance(o, DuplicateAction) for o in outcomes if o is not None)
    (game,) = (await storage.games.load_unfinished_games()).games
    assert len(game.actions) == 4


async def test_loading_sees_one_consistent_state_while_others_write(
    storage: Storage, target: Target, monkeypatch: pytest.MonkeyPatch
) -> None:
    writer = await Storage.open(target.url, schema=target.schema)
    try:
        game_id = await new_game(storage)
        await play(storage, game_id, 3)
        real_execute = AsyncConnection.execute
        calls = 0

        async def execute_then_write(self: AsyncConnection, *args: Any, **kwargs: Any) -> Any:
            # Another table stores an action right after the loader read the games' rows.
            nonlocal calls
            calls += 1
            result = await real_execute(self, *args, **kwargs)
            if calls == 1:
                await writer.games.append_action(game_id, 3, 0, "p:red7")
            return result

        monkeypatch.setattr(AsyncConnection, "execute", execute_then_write)
        loaded = await storage.games.load_unfinished_games()
        monkeypatch.undo()
        assert loaded.problems == ()
        assert len(loaded.games[0].actions) == 3  # the state as it was when loading began
        assert len((await storage.games.load_unfinished_games()).games[0].actions) == 4
    finally:
        await writer.close()
