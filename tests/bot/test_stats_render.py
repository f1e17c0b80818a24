"""What /stats and /history show, from storage records, without Discord (/leaderboard and the
ratings: tests/bot/test_ratings_render.py)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.messages.stats import history_message, stats_message
from host.storage import (
    BestGame,
    HistoryEntry,
    PlayerStats,
    Standing,
    StatTotal,
)
from tabletop import registry

WHEN = datetime(2026, 11, 21, 18, 0, tzinfo=UTC)
MISERY = StatTotal("stickem", "misery_swallowed", 6)


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


def test_history_lists_standings_with_shared_places() -> None:
    assert history_message([]).content == "No Stick'em game has been finished at this table yet."
    standings = (
        Standing(1, 0, 1, "ann", 20, True),
        Standing(1, 2, 3, "cyd", 20, True),
        Standing(3, 1, 2, "bob", -4, False),
    )
    (embed,) = history_message([HistoryEntry(7, WHEN, 1, standings)]).embeds
    (field,) = embed.fields
    assert field.name == "2026-11-21 18:00 UTC - 1 round"
    assert field.value == "1. ann: 20 (winner)\n1. cyd: 20 (winner)\n3. bob: -4"
