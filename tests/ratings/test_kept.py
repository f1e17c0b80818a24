"""Ratings kept in storage: updated in the transaction that finishes each game, equal to
openskill's own numbers and to the recompute, untouched by stopped and one-seat games, and
filled in for the games of a database migrated from before ratings were kept.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import text

from host.ratings import Rated, Rating, display_rating
from host.storage import CURRENT_VERSION, GameNotActive, SeatRatingChange, SeatRecord, Storage, rating_rows
from host.storage.maintenance import run
from host.storage.migrations import RATINGS_SINCE
from host.storage.rated import recompute
from tests.ratings.test_stored import GAMES, Clock, Seat, results_of, store_game
from tests.storage.conftest import Target, undo_since

MODEL = PlackettLuce()


async def rows(storage: Storage, sql: str) -> list[Any]:
    """Every row of a query, as tuples."""
    async with storage.engine.connect() as conn:
        return [tuple(row) for row in await conn.execute(text(sql))]


async def kept(storage: Storage) -> tuple[list[Any], list[Any]]:
    """Every stored rating and every stored seat change, in a fixed order."""
    return (
        await rows(
            storage,
            "SELECT guild_id, game, user_id, level, mu, sigma, games, last_change"
            " FROM ratings ORDER BY guild_id, game, user_id, level",
        ),
        await rows(
            storage, "SELECT game_id, seat, rating, rating_change FROM game_ratings ORDER BY game_id, seat"
        ),
    )


def shown(mu: float, sigma: float) -> int:
    return display_rating(mu - 3 * sigma)


async def test_a_known_sequence_gives_openskills_numbers(storage: Storage) -> None:
    """Three games of three people and the hard level, compared with openskill called directly
    (a tie in the second game: equal totals share the rank)."""
    new = MODEL.rating
    ann, bob, cyd, hard = new(), new(), new(), new()
    # Game 1: ann 30 (wins), hard 20, bob 10.
    first = await store_game(storage, [(1, None, 30), (2, None, 10), (None, "hard", 20)])
    before = {"ann": ann, "bob": bob, "hard": hard}
    [ann], [bob], [hard] = MODEL.rate([[ann], [bob], [hard]], ranks=[1.0, 3.0, 2.0])
    # Game 2: bob 8 and cyd 8 win together, ann 3.
    second = await store_game(storage, [(2, None, 8), (3, None, 8), (1, None, 3)])
    ann_before_tie = ann
    [bob], [cyd], [ann] = MODEL.rate([[bob], [cyd], [ann]], ranks=[1.0, 1.0, 3.0])
    cyd_after_tie = cyd
    # Game 3: hard 9 wins, cyd 1.
    await store_game(storage, [(None, "hard", 9), (3, None, 1)])
    [hard], [cyd] = MODEL.rate([[hard], [cyd]], ranks=[1.0, 2.0])

    for user, expected, games in ((1, ann, 2), (2, bob, 2), (3, cyd, 2)):
        rating = (await storage.ratings.player_ratings(1, user))["stickem"]
        assert (rating.mu, rating.sigma, rating.games) == (
            pytest.approx(expected.mu, abs=1e-12),
            pytest.approx(expected.sigma, abs=1e-12),
            games,
        )
    board = await storage.ratings.rating_board(1, "stickem")
    (computer,) = [line for line in board.entries if line.who == Rated.computer("hard")]
    assert computer.rating.mu == pytest.approx(hard.mu, abs=1e-12)
    assert computer.rating.games == 2 and computer.display_name is None
    # Each seat's change: the difference of the shown numbers before and after.
    changes = await storage.ratings.game_rating_changes(first)
    newcomer = shown(before["ann"].mu, before["ann"].sigma)
    assert newcomer == 1000
    assert changes[0].change > 0 > changes[1].change
    first_ann = MODEL.rate([[new()], [new()], [new()]], ranks=[1.0, 3.0, 2.0])[0][0]
    assert changes[0] == SeatRatingChange(
        shown(first_ann.mu, first_ann.sigma), shown(first_ann.mu, first_ann.sigma) - 1000
    )
    tie = await storage.ratings.game_rating_changes(second)
    assert tie[0] == SeatRatingChange(shown(bob.mu, bob.sigma), shown(bob.mu, bob.sigma) - changes[1].rating)
    assert tie[1] == SeatRatingChange(
        shown(cyd_after_tie.mu, cyd_after_tie.sigma), shown(cyd_after_tie.mu, cyd_after_tie.sigma) - 1000
    )
    ann_shown = shown(ann.mu, ann.sigma)
    assert tie[2] == SeatRatingChange(ann_shown, ann_shown - shown(ann_before_tie.mu, ann_before_tie.sigma))
    assert (await storage.ratings.player_ratings(1, 1))["stickem"].last_change == tie[2].change


async def test_tied_players_share_the_update(storage: Storage) -> None:
    game_id = await store_game(storage, [(1, None, 5), (2, None, 5), (3, None, 1)])
    ann, bob = (
        (await storage.ratings.player_ratings(1, 1))["stickem"],
        (await storage.ratings.player_ratings(1, 2))["stickem"],
    )
    assert ann == bob and ann.mu > 25
    changes = await storage.ratings.game_rating_changes(game_id)
    assert changes[0] == changes[1] and changes[2].change < 0


async def test_the_board_ranks_by_the_conservative_estimate(storage: Storage) -> None:
    for seats, guild, game in GAMES:
        await store_game(storage, seats, guild=guild, game=game)
    board = await storage.ratings.rating_board(1, "stickem", 0, 3)
    everyone = await storage.ratings.rating_board(1, "stickem", 0, 50)
    assert board.total_players == everyone.total_players == 5
    assert board.entries == everyone.entries[:3] and board.has_next
    ordinals = [line.rating.ordinal for line in everyone.entries]
    assert ordinals == sorted(ordinals, reverse=True)
    assert everyone.entries[0].rank == 1
    assert {line.display_name for line in everyone.entries if not line.who.is_computer} == {"u1", "u2", "u3"}
    assert (await storage.ratings.rating_board(1, "stupid")).total_players == 2
    assert (await storage.ratings.rating_board(3, "stickem")).total_players == 0


async def test_stopped_and_one_seat_games_change_nothing(storage: Storage) -> None:
    await store_game(storage, [(1, None, 3), (2, None, 5)])
    before = await kept(storage)
    stopped = await store_game(storage, [(1, None, 50), (2, None, 0)], finish=False)
    alone = await store_game(storage, [(1, None, 50)])
    same_person = await store_game(storage, [(1, None, 50), (1, None, 0)])
    assert await kept(storage) == before
    for game_id in (stopped, alone, same_person):
        assert await storage.ratings.game_rating_changes(game_id) == {}


async def test_recomputed_equals_updated_game_by_game(storage: Storage) -> None:
    for seats, guild, game in GAMES:
        await store_game(storage, seats, guild=guild, game=game)
    await store_game(storage, [(1, None, 0), (2, None, 99)], finish=False)
    await store_game(storage, [(2, None, 99)])
    incremental = await kept(storage)
    assert len(incremental[0]) == 10 and len(incremental[1]) == 15
    history = await storage.ratings.recompute_ratings()
    assert history.games == len(GAMES)
    assert await kept(storage) == incremental
    # And the stored numbers are the pure fold's.
    pure = (await recompute(storage.stats)).book
    for guild, game in pure.boards():
        board = await storage.ratings.rating_board(guild, game, 0, 50)
        assert {line.who: line.rating for line in board.entries} == pure.ratings(guild, game)


async def test_a_recompute_of_one_board_leaves_the_others(storage: Storage) -> None:
    for seats, guild, game in GAMES:
        await store_game(storage, seats, guild=guild, game=game)
    before = await kept(storage)
    async with storage.engine.begin() as conn:
        await conn.execute(text("UPDATE ratings SET mu = 1 WHERE guild_id = 1 AND game = 'stupid'"))
        await conn.execute(text("UPDATE ratings SET mu = 2 WHERE guild_id = 2"))
    await storage.ratings.recompute_ratings(1, "stupid")
    after = await kept(storage)
    assert [row for row in after[0] if row[0] != 2] == [row for row in before[0] if row[0] != 2]
    assert {row[4] for row in after[0] if row[0] == 2} == {2}
    assert after[1] == before[1]


async def test_the_end_and_the_ratings_are_one_transaction(storage: Storage) -> None:
    """A transaction that fails after finishing a game leaves neither; finishing twice is
    refused and rates once."""
    seats: list[Seat] = [(1, None, 3), (2, None, 5)]
    game_id = await storage.games.create_game(
        guild_id=1,
        channel_id=51,
        game="stickem",
        seed=7,
        rules="{}",
        seats=[SeatRecord(1, "u1"), SeatRecord(2, "u2")],
        options=json.dumps({"bots": {}}),
    )
    with pytest.raises(RuntimeError):
        async with storage.transaction() as tx:
            await tx.games.finish_game(game_id, results_of(seats))
            raise RuntimeError("the commit never happens")
    assert await kept(storage) == ([], [])
    await storage.games.finish_game(game_id, results_of(seats))
    once = await kept(storage)
    with pytest.raises(GameNotActive):
        await storage.games.finish_game(game_id, results_of(seats))
    assert await kept(storage) == once and len(once[1]) == 2


async def test_the_maintenance_command_stores_the_recompute(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'stickem.sqlite3'}"
    storage = await Storage.open(url, clock=Clock())
    try:
        for seats, guild, game in GAMES:
            await store_game(storage, seats, guild=guild, game=game)
        expected = await kept(storage)
        async with storage.engine.begin() as conn:
            await conn.execute(text("UPDATE ratings SET mu = 0, games = 9"))
        printed = await run(["--database-url", url, "ratings"])  # prints, keeps
        assert await kept(storage) != expected
        stored = await run(["--database-url", url, "ratings", "--store"])
        assert stored.startswith(printed) and "stored" in stored.splitlines()[-1]
        assert await kept(storage) == expected
    finally:
        await storage.close()


async def test_a_database_from_before_ratings_gets_its_games_rated(target: Target) -> None:
    """A database of the version before ratings (its games finished, no ratings tables) opens
    migrated, with every finished game rated as if the ratings had been kept all along."""
    storage = await Storage.open(target.url, schema=target.schema, clock=Clock())
    try:
        for seats, guild, game in GAMES:
            await store_game(storage, seats, guild=guild, game=game)
        await store_game(storage, [(1, None, 0), (2, None, 99)], finish=False)
        expected = await kept(storage)
        await undo_since(storage, RATINGS_SINCE)  # and every version after it
        async with storage.engine.begin() as conn:
            await conn.execute(text("UPDATE schema_version SET version = :v"), {"v": RATINGS_SINCE - 1})
    finally:
        await storage.close()
    migrated = await Storage.open(target.url, schema=target.schema, clock=Clock())
    try:
        assert migrated.schema_version == CURRENT_VERSION
        assert await kept(migrated) == expected
        # And it keeps rating the games that finish after.
        await store_game(migrated, [(1, None, 9), (None, "hard", 1)])
        assert (await migrated.ratings.player_ratings(1, 1))["stickem"].games == 4
    finally:
        await migrated.close()


def test_a_newcomer_shows_a_thousand() -> None:
    assert Rating(MODEL.mu, MODEL.sigma).shown == 1000


async def test_two_games_of_one_level_ending_at_once_both_count(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two tables with the hard level (rated once before) finish at the same moment: the first
    game's transaction has read the level's rating and is about to write it when the second
    ends. The second must wait for it (PostgreSQL: the row lock; SQLite: the one writer), else
    it would read the old rating and one of the two updates would be lost."""
    await store_game(storage, [(3, None, 1), (None, "hard", 2)])
    seats: list[list[Seat]] = [[(1, None, 3), (None, "hard", 5)], [(2, None, 9), (None, "hard", 1)]]
    ids = []
    for players in seats:
        ids.append(
            await storage.games.create_game(
                guild_id=1,
                channel_id=51 + len(ids),
                game="stickem",
                seed=7,
                rules="{}",
                seats=[SeatRecord(user, f"u{user}" if user else "Bot (hard)") for user, _, _ in players],
                options=json.dumps({"bots": {"1": "hard"}}),
            )
        )
    release = asyncio.Event()
    write = rating_rows._write_ratings
    writes = 0

    async def held_first(*args: Any) -> None:
        nonlocal writes
        writes += 1
        if writes == 1:  # the first game's write waits until the second game has tried
            await asyncio.wait_for(release.wait(), 10)
        await write(*args)

    monkeypatch.setattr(rating_rows, "_write_ratings", held_first)
    first = asyncio.create_task(storage.games.finish_game(ids[0], results_of(seats[0])))
    await asyncio.sleep(0.2)
    second = asyncio.create_task(storage.games.finish_game(ids[1], results_of(seats[1])))
    await asyncio.sleep(0.3)
    release.set()
    await asyncio.wait_for(asyncio.gather(first, second), 10)
    board = await storage.ratings.rating_board(1, "stickem")
    (hard,) = [line.rating for line in board.entries if line.who == Rated.computer("hard")]
    assert hard.games == 3
    recomputed = (await recompute(storage.stats)).book.ratings(1, "stickem")
    assert {who: rating for who, rating in recomputed.items()}[Rated.computer("hard")] == hard
