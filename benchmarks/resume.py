"""Bot-level resume benchmark: start-up with 1,000 unfinished games, engine replay included.

`benchmarks/storage.py` times the database side (open + load of the rows). This script stores
*real* games (random legal moves of the engine, each stopped at a random point of a 5-round game,
message ids for the table and every seat) and times what the bot does on start before it connects:
`Storage.open` + `load_unfinished_games` + `load_lobbies` + `rebuild_tables` (every game replayed
by the engine into a table). Run from the repository root:

    python benchmarks/resume.py [--games 1000] [--players 4] [--runs 3]

SQLite always (a temporary file); PostgreSQL too when STICKEM_TEST_POSTGRES_URL is set (a
throwaway schema is not possible here, so a fresh database is created and dropped).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import insert, update

from host.resume import rebuild_tables
from host.storage import SeatRecord, Storage
from host.storage.schema import game_actions, game_messages, games
from host.tables import TableRegistry
from stickem import Action, Game, Phase, Rules
from stickem.hosting import encode_action, options_for


def random_game(rng: random.Random, players: int) -> Game:
    """A classic game played with random legal moves up to a random point before its end."""
    game = Game.new(players, Rules.preset("classic"), seed=rng.getrandbits(62))
    total = 5 * (players + 14 * players)
    stop = rng.randrange(1, total)
    while game.action_count < stop and game.phase is not Phase.GAME_OVER:
        seat = game.awaiting[0]
        card = rng.choice(game.legal_cards(seat))
        game.apply(Action("misery", seat, card) if game.phase is Phase.MISERY else Action("play", seat, card))
    return game


async def populate(storage: Storage, count: int, players: int) -> int:
    """Store ``count`` unfinished real games; the number of actions stored."""
    rng = random.Random(2026)
    rows = 0
    for start in range(0, count, 100):
        batch = [random_game(rng, players) for _ in range(min(100, count - start))]
        async with storage.transaction() as tx:
            ids = [
                await tx.games.create_game(
                    guild_id=1,
                    channel_id=10_000 + start + i,
                    game="stickem",
                    seed=game.seed,
                    rules=json.dumps(options_for(game.rules)),
                    seats=[SeatRecord(100 + s, f"player {s}") for s in range(players)],
                    options=json.dumps({"game_id": f"{start + i:06x}", "preset": "classic"}),
                )
                for i, game in enumerate(batch)
            ]
            actions = [
                {"game_id": gid, "seq": seq, "seat": a.seat, "action": encode_action(a)}
                for gid, game in zip(ids, batch, strict=True)
                for seq, a in enumerate(game.actions)
            ]
            await tx.connection.execute(insert(game_actions), actions)
            messages = [
                {"game_id": gid, "purpose": purpose, "seat": seat, "channel_id": 1, "message_id": 2}
                for gid in ids
                for purpose, seat in [("table", -1)] + [("hand", s) for s in range(players)]
            ]
            await tx.connection.execute(insert(game_messages), messages)
            for gid, game in zip(ids, batch, strict=True):
                await tx.connection.execute(
                    update(games).where(games.c.id == gid).values(action_count=game.action_count)
                )
            rows += len(actions)
    return rows


async def resume_once(url: str) -> tuple[float, float, int]:
    """One start-up: (seconds for open + load, seconds for the engine rebuild, tables rebuilt)."""
    started = time.perf_counter()
    storage = await Storage.open(url, timeout=30)
    try:
        loaded = await storage.games.load_unfinished_games()
        lobbies = await storage.lobbies.load_lobbies()
        loaded_at = time.perf_counter()
        report = rebuild_tables(loaded, lobbies, TableRegistry())
        done = time.perf_counter()
    finally:
        await storage.close()
    assert not report.broken, report.broken[:3]
    return loaded_at - started, done - loaded_at, len(report.games)


@asynccontextmanager
async def databases(folder: Path) -> AsyncIterator[list[tuple[str, str]]]:
    """SQLite, plus a fresh PostgreSQL database when the test server is configured."""
    found = [("sqlite", f"sqlite:///{folder / 'resume.sqlite3'}")]
    server = os.environ.get("STICKEM_TEST_POSTGRES_URL", "").strip()
    if not server:
        yield found
        return
    import asyncpg  # type: ignore[import-untyped]
    from sqlalchemy.engine import make_url

    name = f"stickem_bench_{uuid.uuid4().hex[:10]}"
    admin = await asyncpg.connect(server)
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        url = make_url(server).set(database=name).render_as_string(hide_password=False)
        yield [*found, ("postgresql", url)]
    finally:
        await admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        await admin.close()


async def main() -> None:
    """Print the result table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(
        "| database | games | actions | open + load (median) | engine rebuild (median)"
        " | total (best / median) |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    verdicts: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        async with databases(Path(folder)) as targets:
            for backend, url in targets:
                storage = await Storage.open(url, timeout=30)
                try:
                    rows = await populate(storage, args.games, args.players)
                finally:
                    await storage.close()
                runs = [await resume_once(url) for _ in range(args.runs)]
                assert all(count == args.games for _, _, count in runs)
                totals = [load + rebuild for load, rebuild, _ in runs]
                print(
                    f"| {backend} | {args.games} | {rows} "
                    f"| {statistics.median(r[0] for r in runs):.2f} s "
                    f"| {statistics.median(r[1] for r in runs):.2f} s "
                    f"| {min(totals):.2f} s / {statistics.median(totals):.2f} s |"
                )
                if backend == "sqlite":
                    verdicts.append(goal_verdict(args.games, totals))
    for verdict in verdicts:
        print(f"\n{verdict}")


GOAL_SECONDS = 2.0
"""The goal: a start-up resumes 1000 unfinished games on SQLite in under 2 seconds."""


def goal_verdict(games: int, totals: list[float]) -> str:
    """The goal judged by the median of the full resumes (load + engine rebuild), never by the
    luckiest run; both figures are printed."""
    median = statistics.median(totals)
    verdict = "met" if median < GOAL_SECONDS else "MISSED"
    return (
        f"Goal (resume {games} games under {GOAL_SECONDS:g} s on SQLite, load + engine rebuild, "
        f"median of {len(totals)} runs): {verdict} (median {median:.2f} s, best {min(totals):.2f} s)"
    )


if __name__ == "__main__":
    asyncio.run(main())
