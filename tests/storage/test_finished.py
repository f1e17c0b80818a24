"""Reading finished games' results for ratings (``storage.stats.finished_games``), on both databases."""

from __future__ import annotations

import json

from host.storage import SeatRecord, Storage
from tests.storage.conftest import FakeClock
from tests.storage.helpers import new_game, result


async def test_finished_games_in_the_order_they_ended(storage: Storage, clock: FakeClock) -> None:
    later = await new_game(storage, 1, 2, guild_id=100)
    earlier = await new_game(storage, 1, 3, guild_id=200)
    stopped = await new_game(storage, 1, 2)
    await new_game(storage, 1, 2)  # still being played
    await storage.games.finish_game(earlier, [result(0, 1, (5,), won=True), result(1, 3, (2,))])
    clock.advance(minutes=1)
    await storage.games.finish_game(later, [result(0, 1, (1,)), result(1, 2, (4,), won=True)])
    await storage.games.stop_game(stopped, "stopped by the host")

    finished = await storage.stats.finished_games()
    assert [g.game_id for g in finished] == [earlier, later]
    assert finished[0].guild_id == 200 and finished[0].game == "stickem"
    assert [(s.seat, s.user_id, s.total, s.won) for s in finished[1].seats] == [
        (0, 1, 1, False),
        (1, 2, 4, True),
    ]
    assert [g.game_id for g in await storage.stats.finished_games(guild_id=100)] == [later]
    assert await storage.stats.finished_games(game="stupid") == []


async def test_computer_seats_carry_their_stored_level(storage: Storage) -> None:
    game_id = await storage.games.create_game(
        guild_id=1,
        channel_id=2,
        game="stupid",
        seed=3,
        rules="{}",
        seats=[SeatRecord(7, "ann"), SeatRecord(None, "Bot Ada (hard)"), SeatRecord(None, "Bot Bea")],
        options=json.dumps({"game_id": "x", "bots": {"1": "hard"}}),  # seat 2 stored no level
    )
    await storage.games.finish_game(
        game_id, [result(0, 7, (3,)), result(1, None, (9,), won=True), result(2, None, (1,))]
    )
    (finished,) = await storage.stats.finished_games(game="stupid")
    assert [(s.user_id, s.level) for s in finished.seats] == [(7, None), (None, "hard"), (None, None)]
