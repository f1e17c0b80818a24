"""The start-up load of one process of several: its shards' tables selected by the database,
against every stored table read and the others' thrown away (the way before, same run).

Run from the repository root with a PostgreSQL server named by ``STICKEM_TEST_POSTGRES_URL``
(``eval "$(bash .ci/postgres.sh)"``; a fresh database is created and dropped):

    python benchmarks/shard_start.py [--games 2000] [--shards 10] [--players 4] [--runs 3]

``--games`` real unfinished games (as `benchmarks/resume.py` stores them: random legal moves up
to a random point of a 5-round game, message ids for the table and every seat) in ``--games``
servers spread evenly over ``--shards`` shards. For the process of shard 0 (which also owns the
tables outside any server) it times `bot.boot.shards.load_owned_tables` (the database selects
the shard's games and lobbies) and the former way (`load_unfinished_games` and `load_lobbies` of
every server, then the shard's kept), alternately, and counts the rows each reads (games and
their actions). The engine's rebuild of the kept tables, the same for both, is not timed here
(`benchmarks/resume.py` does).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import text

from benchmarks.resume import databases, populate
from bot.boot.shards import ShardPlan, load_owned_tables
from host.storage import LoadResult, Storage
from host.storage.sharding import SHARD_SHIFT


def rows_of(loaded: LoadResult) -> int:
    """The game rows and action rows a load read."""
    return len(loaded.games) + sum(len(game.actions) for game in loaded.games)


async def former_way(storage: Storage, plan: ShardPlan) -> tuple[LoadResult, int]:
    """Every unfinished game and lobby read, the shard's kept: (what is kept, rows read)."""
    everything = await storage.games.load_unfinished_games(timeout=60)
    lobbies = await storage.lobbies.load_lobbies()
    kept = LoadResult(
        tuple(game for game in everything.games if plan.owns(game.record.guild_id)),
        tuple(problem for problem in everything.problems if plan.owns(problem.guild_id)),
    )
    assert [lobby for lobby in lobbies if plan.owns(lobby.guild_id)] == []
    return kept, rows_of(everything)


async def selected(storage: Storage, plan: ShardPlan) -> tuple[LoadResult, int]:
    """The shard's games and lobbies selected by the database: (them, rows read)."""
    loaded, lobbies = await load_owned_tables(storage, plan, timeout=60)
    assert lobbies == []
    return loaded, rows_of(loaded)


async def main() -> None:
    """Store the games, time both ways alternately, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--shards", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    plan = ShardPlan(args.shards, (0,))
    with tempfile.TemporaryDirectory() as folder:
        async with databases(Path(folder)) as targets:
            found = dict(targets)
            if "postgresql" not in found:
                sys.exit("set STICKEM_TEST_POSTGRES_URL (eval \"$(bash .ci/postgres.sh)\")")
            url = found["postgresql"]
            storage = await Storage.open(url, timeout=30)
            try:
                actions = await populate(storage, args.games, args.players)
                spread = f"UPDATE games SET guild_id = CAST(id AS BIGINT) * {1 << SHARD_SHIFT} + 7"
                async with storage.engine.begin() as conn:  # game n in a server of shard n % shards
                    await conn.execute(text(spread))
                times: dict[str, list[float]] = {"former": [], "selected": []}
                rows: dict[str, int] = {}
                kept: dict[str, list[int]] = {}
                for _ in range(args.runs):
                    for name, way in (("former", former_way), ("selected", selected)):
                        started = time.perf_counter()
                        loaded, read = await way(storage, plan)
                        times[name].append(time.perf_counter() - started)
                        rows[name] = read
                        kept[name] = [game.record.id for game in loaded.games]
            finally:
                await storage.close()
    assert kept["former"] == kept["selected"], "both ways must resume the same tables"
    former, new = statistics.median(times["former"]), statistics.median(times["selected"])
    print(
        f"PostgreSQL, {args.games} unfinished games ({actions} actions, {args.players} players) over "
        f"{args.shards} shards; the process of shard 0 resumes {len(kept['selected'])}; "
        f"median of {args.runs} runs each"
    )
    print("| start-up load | rows read (games + actions) | seconds (median) |")
    print("| --- | --- | --- |")
    print(f"| every table read, the shard's kept (before) | {rows['former']} | {former:.3f} |")
    print(f"| the shard's tables selected by the database | {rows['selected']} | {new:.3f} |")
    print(f"ratio before / now: rows {rows['former'] / rows['selected']:.1f}x, time {former / new:.1f}x")


if __name__ == "__main__":
    asyncio.run(main())
