"""What /stats and /leaderboard show, from storage records, without Discord."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.messages.stats import (
    LeaderboardId,
    leaderboard_message,
    stats_message,
)
from bot.tables.host_messages import ButtonSpec
from host.storage import (
    BestGame,
    LeaderboardEntry,
    LeaderboardPage,
    PlayerStats,
    StatTotal,
)
from tabletop import registry

WHEN = datetime(2026, 11, 21, 18, 0, tzinfo=UTC)
MISERY = StatTotal("stickem", "misery_swallowed", 6)


def test_leaderboard_ids_round_trip_and_reject_others() -> None:
    ident = LeaderboardId(123456789012345678, 20)
    assert LeaderboardId.parse(ident.encode()) == ident
    with pytest.raises(ValueError):
        LeaderboardId.parse("stk:play:1:2")


def test_stats_of_a_player_without_games_and_with_games() -> None:
    empty = PlayerStats(5, 0, 0, 0, None, None)
    assert stats_message(empty, "ann").content == "ann has not finished a Stick'em game on this server yet."
    full = PlayerStats(5, 3, 1, 12, 4.26, BestGame(9, 77, 31, True, WHEN), (MISERY,))
    (embed,) = stats_message(full, "ann").embeds
    fields = {f.name: f.value for f in embed.fields}
    assert fields == {
        "Games played": "3",
        "Games won": "1",
        "Average score per round": "4.3",
        "Best game": "31 points (won), 2026-11-21 in <#77>",
        "Misery cards swallowed": "6",
    }


def test_the_stats_of_several_games_are_named_by_their_games() -> None:
    """Each game names its own stats (its spec's labels, in its order); with stats of several
    games each says its game; a stat without a label or of a game not offered is not shown."""
    totals = (
        MISERY,
        StatTotal("stickgame", "went_out", 2),
        StatTotal("stickgame", "completed", 5),
        StatTotal("stickgame", "unlabelled", 9),
        StatTotal("chess", "checkmates", 1),
        StatTotal("tiny", "tokens_taken", 4),
    )
    registry.register("tiny", "tests.tabletop.tiny_game:GAME")
    try:
        (embed,) = stats_message(PlayerStats(5, 3, 1, 12, 4.26, None, totals), "ann").embeds
    finally:
        registry.unregister("tiny")
    shown = [(f.name, f.value) for f in embed.fields][3:]
    assert shown == [
        ("Misery cards swallowed (Stick'em)", "6"),
        ("Sticks completed (Stick Game)", "5"),
        ("Times gone out (Stick Game)", "2"),
        ("Tokens taken (Take-away)", "4"),
    ]


def entries(first_rank: int, count: int) -> tuple[LeaderboardEntry, ...]:
    return tuple(
        LeaderboardEntry(rank, 100 + rank, f"p{rank}", 4, 5 - rank % 5, 1.5)
        for rank in range(first_rank, first_rank + count)
    )


def test_leaderboard_pages_and_their_buttons() -> None:
    first = leaderboard_message(LeaderboardPage(entries(1, 10), 0, 10, 12), 42)
    (embed,) = first.embeds
    assert (embed.description or "").splitlines()[0] == "1. p1 - 4 won of 4 - 1.5 per round"
    assert embed.footer.text is not None and embed.footer.text.startswith("Players 1-10 of 12")
    ((previous, following),) = first.rows
    assert isinstance(previous, ButtonSpec) and isinstance(following, ButtonSpec)
    assert previous.disabled and not following.disabled
    assert LeaderboardId.parse(following.custom_id) == LeaderboardId(42, 10)
    last = leaderboard_message(LeaderboardPage(entries(11, 2), 10, 10, 12), 42)
    ((previous, following),) = last.rows
    assert isinstance(previous, ButtonSpec) and isinstance(following, ButtonSpec)
    assert not previous.disabled and following.disabled
    assert LeaderboardId.parse(previous.custom_id) == LeaderboardId(42, 0)
    assert previous.custom_id != following.custom_id
    nobody = leaderboard_message(LeaderboardPage((), 0, 10, 0), 42)
    assert nobody.content.startswith("Nobody has finished") and not nobody.rows
