"""Ratings from stored games: the reader, the recompute, and the maintenance command.

Games are written through the real storage API into a SQLite file; the recompute from storage
must equal the ratings updated game by game as the games ended.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from host.ratings import Rated, RatedGame, RatedSeat, RatingBook
from host.storage import SeatRecord, SeatResult, Storage
from host.storage.maintenance import run
from host.storage.rated import describe, rated_game, rated_results, recompute

RELEASE_V2 = Path(__file__).parents[1] / "storage" / "release_v2" / "release.sqlite3"


class Clock:
    """A clock that moves a minute at every reading, so games end in the order they are written."""

    def __init__(self) -> None:
        self.minute = 0

    def __call__(self) -> datetime:
        self.minute += 1
        return datetime(2026, 3, 1, 12, tzinfo=UTC).replace(
            minute=self.minute % 60, hour=12 + self.minute // 60
        )


Seat = tuple[int | None, str | None, int]
"""A seat as the tests write it: user id (None: computer), computer level, total."""


async def store_game(
    storage: Storage, seats: list[Seat], *, guild: int = 1, game: str = "stickem", finish: bool = True
) -> int:
    """Write a game through the storage API: created with its computer levels, then finished
    with its results (the best total wins), or stopped."""
    bots = {str(i): level for i, (user, level, _) in enumerate(seats) if user is None}
    game_id = await storage.games.create_game(
        guild_id=guild,
        channel_id=50 + guild,
        game=game,
        seed=7,
        rules="{}",
        seats=[SeatRecord(user, f"u{user}" if user else f"Bot ({level})") for user, level, _ in seats],
        options=json.dumps({"game_id": "abc", "bots": bots}),
    )
    if not finish:
        await storage.games.stop_game(game_id, "stopped by the host")
        return game_id
    await storage.games.finish_game(game_id, results_of(seats))
    return game_id


def results_of(seats: list[Seat]) -> list[SeatResult]:
    """The results the bot stores when the game ends (the best total wins)."""
    best = max(total for *_, total in seats)
    return [
        SeatResult(i, user, f"u{user}" if user else "bot", total, (total,), total == best)
        for i, (user, _, total) in enumerate(seats)
    ]


def as_rated(seats: list[Seat], guild: int = 1, game: str = "stickem") -> RatedGame:
    """The same game as the fold's input, written by hand."""
    best = max(total for *_, total in seats)
    return RatedGame(
        guild,
        game,
        tuple(
            RatedSeat(
                Rated.person(user) if user is not None else Rated.computer(str(level)), total, total == best
            )
            for user, level, total in seats
        ),
    )


GAMES: list[tuple[list[Seat], int, str]] = [
    ([(1, None, 30), (2, None, 10), (None, "hard", 20)], 1, "stickem"),
    ([(1, None, 5), (None, "hard", 5), (None, "hard", 9), (None, "easy", 0)], 1, "stickem"),
    ([(2, None, 3), (3, None, 8)], 1, "stupid"),
    ([(1, None, 0), (3, None, 8), (None, "normal", 8)], 2, "stickem"),
    ([(3, None, 12), (1, None, 4), (2, None, 4)], 1, "stickem"),
]


@pytest.fixture
async def storage(tmp_path: Path) -> Storage:
    opened = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}", clock=Clock())
    yield opened  # type: ignore[misc]
    await opened.close()


async def test_recompute_equals_game_by_game(storage: Storage) -> None:
    live = RatingBook()
    for seats, guild, game in GAMES:
        await store_game(storage, seats, guild=guild, game=game)
        live.rate(as_rated(seats, guild, game))  # as the bot would when the game ends
    # Neither a stopped game nor a one-seat game counts.
    await store_game(storage, [(1, None, 0), (2, None, 99)], finish=False)
    await store_game(storage, [(2, None, 99)])

    history = await recompute(storage.stats)
    assert history.games == len(GAMES)
    for guild, game in live.boards():
        assert history.book.ratings(guild, game) == live.ratings(guild, game)
    assert history.book.boards() == live.boards() == ((1, "stickem"), (1, "stupid"), (2, "stickem"))
    # Computer levels: one rating each, from the levels the games stored.
    assert {who for who in history.book.ratings(1, "stickem") if who.is_computer} == {
        Rated.computer("hard"),
        Rated.computer("easy"),
    }
    assert history.book.rating(1, "stickem", Rated.computer("hard")).games == 2
    assert history.names[Rated.person(3)] == "u3"


async def test_a_game_that_just_ended_is_rated_as_the_recompute_rates_it(storage: Storage) -> None:
    """The live path (the results and levels the bot has when the game ends) and the stored
    path give the same fold input, and the hand-written one."""
    for seats, guild, game in GAMES:
        game_id = await store_game(storage, seats, guild=guild, game=game)
        levels = {i: str(level) for i, (user, level, _) in enumerate(seats) if user is None}
        live = rated_results(guild, game, list(reversed(results_of(seats))), levels, game_id=game_id)
        (stored,) = [g for g in await storage.stats.finished_games() if g.game_id == game_id]
        assert live == rated_game(stored)
        assert replace(live, game_id=None) == as_rated(seats, guild, game)


async def test_reader_gives_finished_games_in_order_with_levels(storage: Storage) -> None:
    first = await store_game(storage, [(1, None, 3), (None, "hard", 5)])
    await store_game(storage, [(1, None, 3), (2, None, 5)], finish=False)
    second = await store_game(storage, [(None, "easy", 1), (1, None, 2)], guild=2, game="stickgame")
    finished = await storage.stats.finished_games()
    assert [g.game_id for g in finished] == [first, second]
    assert [(s.user_id, s.level, s.total, s.won) for s in finished[0].seats] == [
        (1, None, 3, False),
        (None, "hard", 5, True),
    ]
    assert rated_game(finished[1]) == RatedGame(
        2,
        "stickgame",
        (RatedSeat(Rated.computer("easy"), 1, False), RatedSeat(Rated.person(1), 2, True)),
        game_id=second,
    )
    assert [g.game_id for g in await storage.stats.finished_games(guild_id=2)] == [second]
    assert [g.game_id for g in await storage.stats.finished_games(game="stickem")] == [first]


async def test_a_stopped_game_does_not_change_ratings(storage: Storage) -> None:
    await store_game(storage, [(1, None, 3), (2, None, 5)])
    before = (await recompute(storage.stats)).book.ratings(1, "stickem")
    await store_game(storage, [(1, None, 50), (2, None, 0)], finish=False)
    assert (await recompute(storage.stats)).book.ratings(1, "stickem") == before


async def test_maintenance_command_prints_the_ratings(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'stickem.sqlite3'}"
    storage = await Storage.open(url, clock=Clock())
    try:
        for seats, guild, game in GAMES:
            await store_game(storage, seats, guild=guild, game=game)
        expected = describe(await recompute(storage.stats))
        only = describe(await recompute(storage.stats, 1, "stupid"))
    finally:
        await storage.close()
    out = await run(["--database-url", url, "ratings"])
    assert out == expected
    assert out.startswith(f"ratings from {len(GAMES)} rated games\n")
    assert "stickem on server 1:" in out and "computer hard" in out and "u1" in out
    stupid = await run(["--database-url", url, "ratings", "--server", "1", "--game", "stupid"])
    assert stupid == only
    assert "stupid on server 1:" in stupid and "stickem" not in stupid


async def test_a_game_stored_by_an_old_release_is_rated(tmp_path: Path) -> None:
    """The schema-2 release's finished game (one person, three ``normal`` seats) is rated."""
    copy = tmp_path / "release.sqlite3"
    shutil.copyfile(RELEASE_V2, copy)
    storage = await Storage.open(f"sqlite:///{copy}")
    try:
        history = await recompute(storage.stats)
    finally:
        await storage.close()
    assert history.games == 1
    (board,) = history.book.boards()
    ratings = history.book.ratings(*board)
    assert set(ratings) == {Rated.person(41), Rated.computer("normal")}
    assert ratings[Rated.person(41)].mu > 25  # hal won
