"""Storage benchmark: time to resume 1,000 unfinished games on start, and actions stored per second.

Run from the repository root:  python benchmarks/storage.py [--games 1000] [--actions 200]
SQLite always (a temporary file); PostgreSQL too when STICKEM_TEST_POSTGRES_URL (or --postgres URL)
is set, in a throwaway schema. Goal: resuming 1,000 games takes under 2 seconds on SQLite.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import insert, text, update

from host.storage import SeatRecord, Storage, utc_now
from host.storage.database import create_engine
from host.storage.schema import game_actions, game_messages, game_timers, games

RULES = json.dumps({"preset": "classic", "rounds": "per-player", "all_zero": "first", "first_lead": "rotate"})
COLORS = ("green", "brown", "red", "blue", "yellow", "violet")
PLAYERS = 4


@dataclass
class Row:
    """One line of the result table."""

    backend: str
    games: int
    actions_per_game: int
    resume_best: float
    resume_median: float
    sequential_rate: float
    concurrent_rate: float
    note: str


def card(i: int) -> str:
    """A plausible card text."""
    return f"{COLORS[i % len(COLORS)]}{i % 15}"


async def populate(storage: Storage, games_count: int, actions: int) -> None:
    """Store `games_count` unfinished games of `actions` actions each, plus their messages and a timer."""
    async with storage.transaction() as tx:
        ids = [
            await tx.games.create_game(
                guild_id=1000 + i % 7,
                channel_id=5000 + i,
                game="stickem",
                seed=i * 7919,
                rules=RULES,
                seats=[SeatRecord(10_000 + i * PLAYERS + s, f"player {s}") for s in range(PLAYERS)],
                options='{"turn_timer": 60}',
            )
            for i in range(games_count)
        ]
    async with storage.engine.begin() as conn:
        for start in range(0, len(ids), 50):
            chunk = ids[start : start + 50]
            await conn.execute(
                insert(game_actions),
                [
                    {
                        "game_id": g,
                        "seq": q,
                        "seat": q % PLAYERS,
                        "action": f"{'m' if q < PLAYERS else 'p'}:{card(q)}",
                    }
                    for g in chunk
                    for q in range(actions)
                ],
            )
        await conn.execute(update(games).values(action_count=actions))
        await conn.execute(
            insert(game_messages),
            [
                {
                    "game_id": g,
                    "purpose": "table" if s < 0 else "hand",
                    "seat": s,
                    "channel_id": 1 + s,
                    "message_id": g * 10 + s + 1,
                }
                for g in ids
                for s in range(-1, PLAYERS)
            ],
        )
        await conn.execute(
            insert(game_timers),
            [{"game_id": g, "kind": "turn", "seat": 0, "due_at": utc_now()} for g in ids],
        )


async def time_resume(url: str, schema: str | None, expected: int, repeats: int) -> list[float]:
    """Seconds from opening the database to having every unfinished game loaded, per repeat."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        storage = await Storage.open(url, schema=schema)
        loaded = await storage.games.load_unfinished_games()
        times.append(time.perf_counter() - started)
        await storage.close()
        if len(loaded.games) != expected or loaded.problems:
            raise RuntimeError(f"loaded {len(loaded.games)} games, {len(loaded.problems)} problems")
    return times


async def time_appends(storage: Storage, appends: int, tables: int) -> float:
    """Actions stored per second, one transaction per action, `tables` tables playing at once."""
    ids = [
        await storage.games.create_game(
            guild_id=1,
            channel_id=9_000_000 + t,
            game="stickem",
            seed=t,
            rules=RULES,
            seats=[SeatRecord(s, f"p{s}") for s in range(PLAYERS)],
        )
        for t in range(tables)
    ]
    per_table = appends // tables

    async def table(game_id: int) -> None:
        for seq in range(per_table):
            kind = "m" if seq < PLAYERS else "p"
            await storage.games.append_action(game_id, seq, seq % PLAYERS, f"{kind}:{card(seq)}")

    started = time.perf_counter()
    await asyncio.gather(*(table(g) for g in ids))
    return per_table * tables / (time.perf_counter() - started)


async def run_backend(backend: str, url: str, schema: str | None, args: argparse.Namespace) -> Row:
    """Measure one database."""
    storage = await Storage.open(url, schema=schema)
    note = ""
    try:
        await populate(storage, args.games, args.actions)
        if storage.backend == "postgresql":
            async with storage.engine.connect() as conn:
                fsync = (await conn.execute(text("SHOW fsync"))).scalar()
                sync_commit = (await conn.execute(text("SHOW synchronous_commit"))).scalar()
            note = f"fsync={fsync}, synchronous_commit={sync_commit}"
        else:
            note = "WAL, synchronous=NORMAL"
    finally:
        await storage.close()
    resume = await time_resume(url, schema, args.games, args.repeats)
    storage = await Storage.open(url, schema=schema)
    try:
        sequential = await time_appends(storage, args.appends, 1)
        concurrent = await time_appends(storage, args.appends, 10)
    finally:
        await storage.close()
    return Row(
        backend,
        args.games,
        args.actions,
        min(resume),
        statistics.median(resume),
        sequential,
        concurrent,
        note,
    )


async def with_postgres_schema(url: str, args: argparse.Namespace) -> Row:
    """Run against a throwaway schema on the PostgreSQL server."""
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    engine, _ = create_engine(url)
    async with engine.begin() as conn:
        await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        return await run_backend("postgresql", url, schema, args)
    finally:
        async with engine.begin() as conn:
            await conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        await engine.dispose()


def print_table(rows: list[Row]) -> None:
    """Print the results as a Markdown table."""
    print(
        "| database | games x actions | resume (best / median of runs) | actions/s, 1 table | "
        "actions/s, 10 tables | settings |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(
            f"| {r.backend} | {r.games} x {r.actions_per_game} "
            f"| {r.resume_best:.2f} s / {r.resume_median:.2f} s "
            f"| {r.sequential_rate:,.0f} | {r.concurrent_rate:,.0f} | {r.note} |"
        )


async def main() -> None:
    """Parse arguments, measure each available database, print the table."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000, help="unfinished games to resume (default 1000)")
    parser.add_argument("--actions", type=int, default=200, help="actions per stored game (default 200)")
    parser.add_argument(
        "--appends", type=int, default=2000, help="actions to store for the rate (default 2000)"
    )
    parser.add_argument("--repeats", type=int, default=3, help="resume measurements (default 3)")
    parser.add_argument(
        "--postgres",
        default=os.environ.get("STICKEM_TEST_POSTGRES_URL", ""),
        help="PostgreSQL URL (default: $STICKEM_TEST_POSTGRES_URL)",
    )
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        rows.append(await run_backend("sqlite", f"sqlite:///{Path(folder) / 'bench.sqlite3'}", None, args))
    if args.postgres:
        rows.append(await with_postgres_schema(args.postgres, args))
    else:
        print("(PostgreSQL skipped: set STICKEM_TEST_POSTGRES_URL or pass --postgres)", file=sys.stderr)
    print_table(rows)
    sqlite = rows[0]
    # Judged by the median, never by the luckiest run; and this is the storage part only: the
    # full resume, with the engine replaying every game, is judged by benchmarks/resume.py.
    verdict = "met" if sqlite.resume_median < 2.0 else "MISSED"
    print(
        f"\nStorage part of the goal (load {sqlite.games} games under 2 s on SQLite, median of "
        f"{args.repeats} runs): {verdict} (median {sqlite.resume_median:.2f} s, best "
        f"{sqlite.resume_best:.2f} s). The full resume (with the engine replay) is judged by "
        "benchmarks/resume.py."
    )


if __name__ == "__main__":
    asyncio.run(main())
