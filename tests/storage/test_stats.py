"""Stats: a player's record, the server leaderboard (ranking and pages) and a table's history."""

from __future__ import annotations

from datetime import timedelta

import pytest

from host.storage import SeatResult, Storage
from tests.storage.conftest import FakeClock
from tests.storage.helpers import new_game, result

GUILD = 100
OTHER_GUILD = 999


async def finished_game(
    storage: Storage,
    clock: FakeClock,
    results: list[SeatResult],
    *,
    guild_id: int = GUILD,
    channel_id: int = 200,
) -> int:
    """Store a game with these results, finished one hour after the previous one."""
    game_id = await new_game(storage, *(r.user_id for r in results), guild_id=guild_id, channel_id=channel_id)
    clock.advance(hours=1)
    await storage.games.finish_game(game_id, results)
    return game_id


async def test_a_player_without_games(storage: Storage) -> None:
    stats = await storage.stats.player_stats(GUILD, 1)
    swallowed = stats.stat("stickem", "misery_swallowed")
    assert (stats.games_played, stats.games_won, stats.rounds_played, swallowed) == (0, 0, 0, 0)
    assert stats.average_round_score is None
    assert stats.best_game is None


async def test_player_stats_add_up_finished_games_on_this_server(storage: Storage, clock: FakeClock) -> None:
    first = await finished_game(
        storage,
        clock,
        [
            result(0, 1, (10, 5, 3), won=True, swallowed=2),
            result(1, 2, (1, 1, 1)),
            result(2, None, (0, 0, 0)),
        ],
    )
    best = await finished_game(
        storage,
        clock,
        [
            result(0, 2, (9, 9, 9), won=True),
            result(1, 1, (8, 8, 6), swallowed=1),
            result(2, 3, (0, 0, -3)),
        ],
    )
    best_finished_at = clock.now
    await finished_game(
        storage, clock, [result(0, 1, (50,), won=True), result(1, 2, (0,))], guild_id=OTHER_GUILD
    )
    active = await new_game(storage, 1, 2, 3)  # unfinished games do not count
    await storage.games.stop_game(await new_game(storage, 1, 2, 3), "abandoned")  # nor stopped ones
    assert active

    stats = await storage.stats.player_stats(GUILD, 1)
    assert (stats.games_played, stats.games_won, stats.rounds_played) == (2, 1, 6)
    assert stats.average_round_score == pytest.approx((18 + 22) / 6)
    assert stats.stat("stickem", "misery_swallowed") == 3
    assert stats.best_game is not None
    assert (stats.best_game.game_id, stats.best_game.total, stats.best_game.won) == (best, 22, False)
    assert stats.best_game.finished_at == best_finished_at
    assert first != best

    everywhere = await storage.stats.player_stats(None, 1)
    assert (everywhere.games_played, everywhere.games_won, everywhere.rounds_played) == (3, 2, 7)
    assert everywhere.best_game is not None and everywhere.best_game.total == 50


async def test_leaderboard_ranks_by_wins_then_average(storage: Storage, clock: FakeClock) -> None:
    # user 1: 2 wins; users 2 and 3: 1 win, average 10 and 4; users 4 and 5: no win, average 5 (id decides).
    await finished_game(storage, clock, [result(0, 1, (3, 3), won=True), result(1, 2, (10, 10), won=True)])
    await finished_game(storage, clock, [result(0, 1, (1, 1), won=True), result(1, 3, (4, 4), won=True)])
    await finished_game(
        storage, clock, [result(0, 5, (5, 5)), result(1, 4, (5, 5)), result(2, None, (99, 99))]
    )
    await finished_game(storage, clock, [result(0, 6, (50, 50), won=True)], guild_id=OTHER_GUILD)

    page = await storage.stats.leaderboard(GUILD, offset=0, limit=10)
    assert [(e.rank, e.user_id) for e in page.entries] == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]
    assert page.total_players == 5 and not page.has_next
    top = page.entries[0]
    assert (top.games_played, top.games_won, top.display_name) == (2, 2, "player 1")
    assert top.average_round_score == pytest.approx(2.0)
    assert page.entries[1].average_round_score == pytest.approx(10.0)


async def test_leaderboard_pages(storage: Storage, clock: FakeClock) -> None:
    for user in range(1, 8):  # user u plays u games and wins u-1 of them
        for game in range(user):
            await finished_game(storage, clock, [result(0, user, (user,), won=game > 0)])
    first = await storage.stats.leaderboard(GUILD, offset=0, limit=3)
    second = await storage.stats.leaderboard(GUILD, offset=3, limit=3)
    last = await storage.stats.leaderboard(GUILD, offset=6, limit=3)
    ranked = [e.user_id for page in (first, second, last) for e in page.entries]
    assert ranked == [7, 6, 5, 4, 3, 2, 1]
    assert [e.rank for e in second.entries] == [4, 5, 6]
    assert (first.has_next, second.has_next, last.has_next) == (True, True, False)
    assert last.total_players == 7 and len(last.entries) == 1
    assert (await storage.stats.leaderboard(GUILD, offset=7, limit=3)).entries == ()
    with pytest.raises(ValueError):
        await storage.stats.leaderboard(GUILD, offset=-1, limit=3)


async def test_leaderboard_shows_the_latest_display_name(storage: Storage, clock: FakeClock) -> None:
    await finished_game(storage, clock, [result(0, 1, (1,), name="Old Name")])
    await finished_game(storage, clock, [result(0, 1, (1,), name="New Name")])
    (entry,) = (await storage.stats.leaderboard(GUILD)).entries
    assert entry.display_name == "New Name"


async def test_history_lists_the_last_games_at_this_table(storage: Storage, clock: FakeClock) -> None:
    ids = [
        await finished_game(storage, clock, [result(0, 1, (n, 1)), result(1, 2, (5, 5), won=n < 10)])
        for n in (1, 12, 3)
    ]
    await finished_game(storage, clock, [result(0, 1, (1,))], channel_id=201)  # another table
    await new_game(storage, 1, 2)  # still running

    entries = await storage.stats.history(200, limit=2)
    assert [e.game_id for e in entries] == [ids[2], ids[1]]
    newest = entries[0]
    assert newest.rounds == 2 and newest.finished_at == clock.now - timedelta(hours=1)
    assert [(s.place, s.user_id, s.total, s.won) for s in newest.standings] == [
        (1, 2, 10, True),
        (2, 1, 4, False),
    ]
    assert [(s.place, s.user_id, s.total) for s in entries[1].standings] == [(1, 1, 13), (2, 2, 10)]
    assert len(await storage.stats.history(200, limit=10)) == 3
    assert await storage.stats.history(555) == []


async def test_history_pages_name_each_games_game(storage: Storage, clock: FakeClock) -> None:
    """/history turns pages: ``offset`` skips the newest games; each entry says its game."""
    ids = [await finished_game(storage, clock, [result(0, 1, (n,))]) for n in range(5)]
    pages = [await storage.stats.history(200, limit=2, offset=offset) for offset in (0, 2, 4, 6)]
    assert [[e.game_id for e in page] for page in pages] == [
        [ids[4], ids[3]], [ids[2], ids[1]], [ids[0]], []
    ]
    assert {e.game for page in pages for e in page} == {"stickem"}


async def test_history_ties_share_a_place(storage: Storage, clock: FakeClock) -> None:
    await finished_game(
        storage,
        clock,
        [
            result(0, 1, (4,)),
            result(1, 2, (9,), won=True),
            result(2, 3, (9,), won=True),
            result(3, None, (-2,)),
        ],
    )
    (entry,) = await storage.stats.history(200)
    assert [(s.place, s.seat) for s in entry.standings] == [(1, 1), (1, 2), (3, 0), (4, 3)]
    assert entry.standings[3].display_name == "computer 3"
