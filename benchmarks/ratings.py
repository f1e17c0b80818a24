"""Ratings benchmark: what rating a finished game adds to the transaction that finishes it.

Run from the repository root:  python benchmarks/ratings.py [--games 200] [--seats 3 7 14]
SQLite (a temporary file, written on the event loop's thread as the bot does). For each table
size it finishes ``--games`` games of that many people on one server and reports the median and
95th percentile of the rating step (:func:`host.storage.rating_rows.rate_finished_game`, which
holds the event loop) and of the whole ``finish_game``, with the rating step and without it, as
a ratio measured in the same run. Goal: the rating step stays well under the bot's 5 ms budget
for one step of the event loop.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import host.storage.game_writes as game_writes
from host.storage import SeatRecord, SeatResult, Storage

Step = Callable[..., Awaitable[Any]]


def _ms(values: Sequence[float]) -> str:
    q = statistics.quantiles(values, n=20)
    return f"median {statistics.median(values) * 1000:.2f} ms, p95 {q[-1] * 1000:.2f} ms"


async def finish_games(games: int, seats: int, step: Step) -> tuple[list[float], list[float]]:
    """Finish ``games`` games of ``seats`` people with ``step`` as the rating step; the time of
    each ``finish_game`` and of each rating step."""
    original = game_writes.rate_finished_game
    steps: list[float] = []

    async def timed(*args: Any) -> Any:
        started = time.perf_counter()
        changes = await step(*args)
        steps.append(time.perf_counter() - started)
        return changes  # what the game's end hands up to be shown

    game_writes.rate_finished_game = timed
    finishes: list[float] = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            storage = await Storage.open(f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
            try:
                for number in range(games):
                    game_id = await storage.games.create_game(
                        guild_id=1,
                        channel_id=5,
                        game="stickem",
                        seed=number,
                        rules="{}",
                        seats=[SeatRecord(user, f"u{user}") for user in range(1, seats + 1)],
                        options=json.dumps({"bots": {}}),
                    )
                    results = [
                        SeatResult(
                            i, i + 1, f"u{i + 1}", (number * 7 + i * 3) % 11, (1,), i == number % seats
                        )
                        for i in range(seats)
                    ]
                    started = time.perf_counter()
                    await storage.games.finish_game(game_id, results)
                    finishes.append(time.perf_counter() - started)
            finally:
                await storage.close()
    finally:
        game_writes.rate_finished_game = original
    return finishes, steps


async def nothing(*_args: Any) -> None:
    """No rating step (the game's end as before ratings were kept)."""


async def main(games: int, seat_counts: Sequence[int]) -> None:
    """Print the figures of every table size."""
    print(f"SQLite, {games} games per table size")
    for seats in seat_counts:
        plain, _ = await finish_games(games, seats, nothing)
        rated, steps = await finish_games(games, seats, game_writes.rate_finished_game)
        ratio = statistics.median(rated) / statistics.median(plain)
        print(
            f"{seats:>3} seats: rating step {_ms(steps)}; finish_game {_ms(rated)} with it,"
            f" {_ms(plain)} without ({ratio:.1f}x the median)"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seats", type=int, nargs="+", default=[3, 7, 14])
    arguments = parser.parse_args()
    asyncio.run(main(arguments.games, arguments.seats))
