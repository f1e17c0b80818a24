"""Every game's own stats, stored by name (schema version 5) and added up by /stats: Stick'em's
``misery_swallowed`` and, since version 5, Stupid's and Stick Game's too (dropped before)."""

from __future__ import annotations

from random import Random

import pytest
from sqlalchemy import inspect

from host.journal import seat_results
from host.storage import CURRENT_VERSION, SeatResult, StatTotal, Storage
from host.tables import Seat
from tabletop import registry
from tests.storage.conftest import FakeClock, Target, raw, undo_since
from tests.storage.helpers import new_game, result

GUILD = 100


async def _finished(
    storage: Storage, clock: FakeClock, game: str, results: list[SeatResult], *, guild_id: int = GUILD
) -> int:
    """A finished game of ``game`` with these results."""
    game_id = await new_game(storage, *(r.user_id for r in results), guild_id=guild_id)
    await raw(storage, "UPDATE games SET game = :game WHERE id = :id", game=game, id=game_id)
    clock.advance(hours=1)
    await storage.games.finish_game(game_id, results)
    return game_id


def _seat(seat: int, user: int | None, **stats: int) -> SeatResult:
    return SeatResult(seat, user, f"p{seat}", 10, (10,), False, stats)


async def test_each_games_stats_are_stored_by_name_and_added_up(storage: Storage, clock: FakeClock) -> None:
    await _finished(
        storage, clock, "stickgame", [_seat(0, 1, completed=3, frees=1), _seat(1, 2, completed=1)]
    )
    await _finished(
        storage, clock, "stickgame", [_seat(0, 2, completed=2), _seat(1, 1, completed=4, frees=0)]
    )
    await _finished(storage, clock, "stupid", [_seat(0, 1, tricks=7, bids_made=2), _seat(1, None, tricks=3)])
    await _finished(storage, clock, "stickem", [result(0, 1, (5,), swallowed=2), result(1, 2, (1,))])
    await _finished(storage, clock, "stupid", [_seat(0, 1, tricks=100)], guild_id=GUILD + 1)  # elsewhere
    unfinished = await new_game(storage, 1, 2)
    assert unfinished

    stats = await storage.stats.player_stats(GUILD, 1)
    assert stats.game_stats == (
        StatTotal("stickem", "misery_swallowed", 2),
        StatTotal("stickgame", "completed", 7),
        StatTotal("stickgame", "frees", 1),
        StatTotal("stupid", "bids_made", 2),
        StatTotal("stupid", "tricks", 7),
    )
    assert stats.stat("stupid", "tricks") == 7 and stats.stat("stupid", "zero_bids_made") == 0
    assert (await storage.stats.player_stats(None, 1)).stat("stupid", "tricks") == 107
    assert (await storage.stats.player_stats(GUILD, 2)).stat("stickgame", "completed") == 3
    assert (await storage.stats.player_stats(GUILD, 3)).game_stats == ()


async def test_a_stat_name_too_long_is_refused_and_the_game_stays_active(
    storage: Storage, clock: FakeClock
) -> None:
    game_id = await new_game(storage, 1)
    with pytest.raises(ValueError, match="at most 64 characters"):
        await storage.games.finish_game(game_id, [_seat(0, 1, **{"x" * 65: 1})])
    assert await raw(storage, "SELECT status FROM games WHERE id = :g", g=game_id) == [("active",)]
    await storage.games.finish_game(game_id, [_seat(0, 1, **{"x" * 64: 1})])


async def _as_version_4(storage: Storage) -> None:
    """What version 4 stored: Stick'em's stat in `game_results.misery_swallowed` (0 for the
    other games, whose stats it dropped), no `game_stats` table."""
    await raw(storage, "ALTER TABLE game_results ADD COLUMN misery_swallowed INTEGER DEFAULT 0 NOT NULL")
    await raw(
        storage,
        "UPDATE game_results SET misery_swallowed = (SELECT s.value FROM game_stats s"
        " WHERE s.game_id = game_results.game_id AND s.seat = game_results.seat"
        " AND s.stat = 'misery_swallowed')"
        " WHERE game_id IN (SELECT id FROM games WHERE game = 'stickem')",
    )
    await raw(storage, "DROP TABLE game_stats")
    await undo_since(storage, 6)
    await raw(storage, "UPDATE schema_version SET version = 4")


async def test_a_version_4_database_keeps_stickems_stat_and_stores_every_games_after(
    storage: Storage, target: Target, clock: FakeClock
) -> None:
    first = await _finished(storage, clock, "stickem", [result(0, 1, (5,), swallowed=3), result(1, 2, (1,))])
    await _finished(
        storage, clock, "stickem", [result(0, 2, (5,), swallowed=1), result(1, 1, (1,), swallowed=4)]
    )
    await _finished(storage, clock, "stupid", [result(0, 1, (9,))])  # version 4 kept no stat of it
    await _as_version_4(storage)
    assert await raw(
        storage, "SELECT misery_swallowed FROM game_results WHERE game_id = :g ORDER BY seat", g=first
    ) == [(3,), (0,)]
    await storage.close()

    upgraded = await Storage.open(target.url, schema=target.schema, clock=clock)
    try:
        assert upgraded.schema_version == CURRENT_VERSION
        assert (await upgraded.stats.player_stats(GUILD, 1)).game_stats == (
            StatTotal("stickem", "misery_swallowed", 7),
        )
        assert (await upgraded.stats.player_stats(GUILD, 2)).game_stats == (
            StatTotal("stickem", "misery_swallowed", 1),
        )
        rows = await raw(
            upgraded, "SELECT seat, stat, value FROM game_stats WHERE game_id = :g ORDER BY seat", g=first
        )
        assert rows == [(0, "misery_swallowed", 3), (1, "misery_swallowed", 0)]
        async with upgraded.engine.connect() as conn:
            columns = await conn.run_sync(
                lambda c: [col["name"] for col in inspect(c).get_columns("game_results")]
            )
        assert "misery_swallowed" not in columns
        await _finished(upgraded, clock, "stupid", [_seat(0, 1, tricks=5)])
        assert (await upgraded.stats.player_stats(GUILD, 1)).stat("stupid", "tricks") == 5
    finally:
        await upgraded.close()


async def test_a_finished_stick_game_keeps_its_four_stats(storage: Storage, clock: FakeClock) -> None:
    """Stick Game's stats were computed and dropped before version 5: the journal's results of a
    real finished match now carry them to storage, and the player's totals add them up."""
    spec = registry.game("stickgame")
    options = spec.resolve_options({"sticks_to_win": 1, "hand_size": 11})
    match = spec.new_match(2, options, 3)
    rng = Random(3)
    while match.awaiting:
        seat = match.awaiting[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    results = match.results()
    seats = [Seat(1, "ann"), Seat(0, "Ada", level="normal")]
    game_id = await new_game(storage, 1, None)
    await raw(storage, "UPDATE games SET game = 'stickgame' WHERE id = :id", id=game_id)
    await storage.games.finish_game(game_id, seat_results(results, seats))
    stats = await storage.stats.player_stats(GUILD, 1)
    assert {total.stat: total.total for total in stats.game_stats} == {
        name: values[0] for name, values in results.stats.items()
    }
    assert set(results.stats) == {"completed", "frees", "points", "went_out"}
    assert sum(results.stats["completed"]) >= 1  # the game ended: somebody completed a stick
