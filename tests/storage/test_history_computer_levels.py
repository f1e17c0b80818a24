"""A table's history gives each computer seat the level its game stored (so that /history names
it in the reader's language), for games stored as now and as earlier releases stored them."""

from __future__ import annotations

import json

from host.storage import SeatRecord, Storage
from tests.storage.helpers import result


async def test_history_standings_carry_the_computer_seats_levels(storage: Storage) -> None:
    game_id = await storage.games.create_game(
        guild_id=1,
        channel_id=2,
        game="stickem",
        seed=3,
        rules="{}",
        seats=[SeatRecord(7, "ann"), SeatRecord(None, "Ada"), SeatRecord(None, "Bot Bea (normal)")],
        options=json.dumps({"game_id": "x", "bots": {"1": "hard", "2": "normal"}}),
    )
    await storage.games.finish_game(
        game_id,
        [
            result(0, 7, (3,), name="ann"),
            result(1, None, (9,), won=True, name="Ada"),
            result(2, None, (1,), name="Bot Bea (normal)"),  # an earlier release's English name
        ],
    )
    (entry,) = await storage.stats.history(2, 5)
    assert [(s.display_name, s.user_id, s.level) for s in entry.standings] == [
        ("Ada", None, "hard"),
        ("ann", 7, None),
        ("Bot Bea (normal)", None, "normal"),
    ]
