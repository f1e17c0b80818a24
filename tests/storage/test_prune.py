"""Pruning: finished and stopped games older than the given age go, with everything attached to them."""

from __future__ import annotations

from datetime import timedelta

import pytest

from host.storage import Storage
from tests.storage.conftest import FakeClock, raw
from tests.storage.helpers import new_game, play, result

CHILD_TABLES = ("game_seats", "game_actions", "game_results", "game_messages", "game_timers")


async def counts(storage: Storage) -> dict[str, int]:
    """Rows per game table."""
    return {t: (await raw(storage, f"SELECT count(*) FROM {t}"))[0][0] for t in ("games", *CHILD_TABLES)}


async def test_prune_removes_old_ended_games_only(storage: Storage, clock: FakeClock) -> None:
    old_finished = await new_game(storage)
    await play(storage, old_finished, 5)
    await storage.games.set_message(old_finished, "table", 200, 1)
    await storage.games.finish_game(
        old_finished, [result(0, 1, (3,), won=True), result(1, 2, (1,)), result(2, 3, (0,))]
    )
    old_stopped = await new_game(storage)
    await storage.games.stop_game(old_stopped, "abandoned")
    old_active = await new_game(storage)  # never pruned, however old: it may still be resumed
    await play(storage, old_active, 2)
    await storage.games.set_timer(old_active, "turn", clock.now + timedelta(minutes=1))

    clock.advance(days=20)
    recent = await new_game(storage)
    await storage.games.finish_game(recent, [result(0, 1, (1,))])
    clock.advance(days=20)

    assert await storage.games.prune_finished(timedelta(days=30)) == 2
    remaining = {int(r[0]) for r in await raw(storage, "SELECT id FROM games")}
    assert remaining == {old_active, recent}
    left = await counts(storage)
    assert left == {
        "games": 2,
        "game_seats": 6,
        "game_actions": 2,
        "game_results": 1,
        "game_messages": 0,
        "game_timers": 1,
    }
    assert await storage.games.prune_finished(timedelta(days=30)) == 0
    assert await storage.games.prune_finished(timedelta(days=10)) == 1
    assert [g.record.id for g in (await storage.games.load_unfinished_games()).games] == [old_active]


async def test_prune_keeps_stats_of_recent_games(storage: Storage, clock: FakeClock) -> None:
    game_id = await new_game(storage)
    await storage.games.finish_game(game_id, [result(0, 1, (5,), won=True)])
    clock.advance(days=1)
    assert await storage.games.prune_finished(timedelta(days=2)) == 0
    assert (await storage.stats.player_stats(100, 1)).games_won == 1


async def test_prune_needs_a_non_negative_age(storage: Storage) -> None:
    with pytest.raises(ValueError):
        await storage.games.prune_finished(timedelta(seconds=-1))
