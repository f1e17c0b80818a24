"""What /stats shows, from storage records, without Discord (/leaderboard and the ratings:
tests/bot/test_ratings_render.py; /history: tests/bot/test_replay_render.py)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.messages import stats
from bot.tables.payload import localized
from host.catalog import render, text
from host.storage import (
    BestGame,
    PlayerStats,
    StatTotal,
)
from tabletop import registry
from tabletop.presentation import Message

WHEN = datetime(2026, 11, 21, 18, 0, tzinfo=UTC)
MISERY = StatTotal("stickem", "misery_swallowed", 6)


def stats_message(record: PlayerStats, name: str, language: str = "en") -> Message:
    """/stats as a reader of ``language`` reads it."""
    return localized(stats.stats_message(record, name), language)


def test_stats_of_a_player_without_games_and_with_games() -> None:
    empty = PlayerStats(5, 0, 0, 0, None, None)
    assert stats_message(empty, "ann").content == "ann has not finished a game on this server yet."
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


def test_the_stats_title_and_the_no_games_text_speak_of_every_game_in_english_and_german() -> None:
    """/stats counts the games of every game offered, so neither its title nor its text for a
    player without games names one game."""
    empty = PlayerStats(5, 0, 0, 0, None, None)
    full = PlayerStats(5, 3, 1, 12, 4.26, None)
    english = (stats_message(empty, "ann").content, stats_message(full, "ann").embeds[0].title or "")
    german = (
        stats_message(empty, "ann", "de").content,
        stats_message(full, "ann", "de").embeds[0].title or "",
    )
    assert english == ("ann has not finished a game on this server yet.", "Game stats: ann")
    assert german == (
        text("stats.none_yet", language="de", name="ann"),
        text("stats.title", language="de", name="ann"),
    )
    assert german == ("ann hat auf diesem Server noch keine Partie zu Ende gespielt.", "Spielstatistik: ann")
    titles = {render(registry.game(game).title, lang) for game in registry.names() for lang in ("en", "de")}
    assert "Sticheln" in titles and "Stick'em" in titles
    assert not any(title in said for title in titles for said in (*english, *german))
