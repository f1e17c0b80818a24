"""What the ratings look like on Discord, from stored ratings, without Discord: the rating
leaderboard and its page ids, /stats' rating fields, the final standings' changes, and the
signs of a change in English and German."""

from __future__ import annotations

import pytest

from bot.messages.ratings import LeaderboardId, leaderboard_message, signed, with_rating_changes, with_ratings
from bot.messages.stats import stats_message
from bot.tables.payload import localized
from host.catalog import Text, text
from host.ratings import Rated, Rating
from host.storage import PlayerStats, RatingLine, RatingPage, SeatRatingChange
from tabletop import registry
from tabletop.presentation import Button, Embed, Message


def board(page: RatingPage, guild_id: int, language: str = "en") -> Message:
    """The leaderboard page as a reader of ``language`` reads it."""
    return localized(leaderboard_message(page, guild_id), language)


def test_a_change_is_signed_in_english_and_german() -> None:
    assert [signed(change) for change in (24, -7, 0, 1234)] == ["+24", "-7", "±0", "+1,234"]
    german = [text("ratings.gain", language="de", points=1234), text("ratings.loss", language="de", points=7)]
    assert german == ["+1.234", "-7"]


def test_leaderboard_ids_round_trip_read_the_old_ones_and_reject_others() -> None:
    ident = LeaderboardId(123456789012345678, "stickgame", 20)
    assert LeaderboardId.parse(ident.encode()) == ident
    assert LeaderboardId.parse("stk:lb:42:10") == LeaderboardId(42, None, 10)  # sent by the release before
    for wrong in ("stk:play:1:2", "stk:lb:1:Stick'em:0", "stk:lb:1:x:y"):
        with pytest.raises(ValueError):
            LeaderboardId.parse(wrong)


def lines(first_rank: int, count: int) -> tuple[RatingLine, ...]:
    return tuple(
        RatingLine(rank, Rated.person(100 + rank), f"p{rank}", Rating(30.0 - rank, 2.0, rank))
        for rank in range(first_rank, first_rank + count)
    )


def test_leaderboard_pages_their_lines_and_buttons() -> None:
    computer = RatingLine(1, Rated.computer("hard"), None, Rating(33.0, 1.0, 7))
    first = board(RatingPage("stickem", (computer, *lines(2, 9)), 0, 10, 12), 42)
    (embed,) = first.embeds
    assert embed.title == "Stick'em leaderboard"
    shown = (embed.description or "").splitlines()
    assert shown[:3] == [
        "1. Computer (hard) - 1,600 (7 games)",
        "2. p2 - 1,440 (2 games)",
        "3. p3 - 1,420 (3 games)",
    ]
    assert embed.footer is not None and embed.footer.startswith("Players 1-10 of 12")
    ((previous, following),) = first.rows
    assert isinstance(previous, Button) and isinstance(following, Button)
    assert previous.disabled and not following.disabled
    assert LeaderboardId.parse(following.intent) == LeaderboardId(42, "stickem", 10)
    last = board(RatingPage("stickem", lines(11, 2), 10, 10, 12), 42)
    ((previous, following),) = last.rows
    assert isinstance(previous, Button) and isinstance(following, Button)
    assert not previous.disabled and following.disabled
    assert LeaderboardId.parse(previous.intent) == LeaderboardId(42, "stickem", 0)
    one = board(RatingPage("stupid", lines(1, 1), 0, 10, 1), 42)
    assert (one.embeds[0].description or "") == "1. p1 - 1,460 (1 game)"
    nobody = board(RatingPage("stupid", (), 0, 10, 0), 42)
    assert nobody.content.startswith("Nobody has a Stupid rating on this server yet") and not nobody.rows


def test_a_computers_line_names_its_level_in_the_readers_words() -> None:
    computers = tuple(
        RatingLine(rank, Rated.computer(level), None, Rating(30.0, 1.0, 2))
        for rank, level in enumerate(("random", "normal", "hard"), start=1)
    )
    page = RatingPage("stickem", computers, 0, 10, 3)
    german = (board(page, 42, "de").embeds[0].description or "").splitlines()
    words = [text(f"commands.levels.{level}", language="de") for level in ("random", "normal", "hard")]
    assert words == ["zufällig", "normal", "schwer"]
    assert [line.split(" \N{EN DASH} ")[0] for line in german] == [
        f"{rank}. " + text("leaderboard.computer", language="de", level=word)
        for rank, word in enumerate(words, start=1)
    ]
    assert german[2].startswith("3. Computer (Stufe schwer) \N{EN DASH} ")
    english = (board(page, 42).embeds[0].description or "").splitlines()
    assert [line.split(" - ")[0] for line in english] == [
        "1. Computer (random)",
        "2. Computer (normal)",
        "3. Computer (hard)",
    ]


def test_stats_show_the_rating_of_each_game_and_its_last_change() -> None:
    record = stats_message(PlayerStats(5, 3, 1, 12, 4.26, None), "ann")
    ratings = {
        "stickgame": Rating(25.0, 25 / 3, 1, -7),
        "stickem": Rating(27.0, 5.0, 2, 24),
        "gone": Rating(1, 1),
    }
    (embed,) = localized(with_ratings(record, ratings)).embeds
    assert [(f.name, f.value) for f in embed.fields][3:] == [
        ("Stick'em rating", "1,240 (last game +24)"),
        ("Stick Game rating", "1,000 (last game -7)"),
    ]
    assert with_ratings(record, {}) == record
    assert len(record.embeds[0].fields) == 3  # the record itself is left as it was
    nothing = stats_message(PlayerStats(5, 0, 0, 0, None, None), "ann")
    assert with_ratings(nothing, ratings) == nothing


def test_the_final_standings_show_each_change_at_its_place() -> None:
    standings = Message("**Game over!** cyd wins.", (Embed(title="Final standings"),))
    changes = {
        0: SeatRatingChange(990, -10),
        1: SeatRatingChange(1003, 3),
        2: SeatRatingChange(1024, 24),
        3: SeatRatingChange(1003, 3),
    }
    made = with_rating_changes(standings, ["ann", "bob", "cyd", "dee"], [5, 12, 20, 12], [2], changes)
    assert made.content == standings.content and made.embeds[0] is standings.embeds[0]
    shown = localized(made)
    assert shown.embeds[1].title == "Ratings"
    assert (shown.embeds[1].description or "").splitlines() == [
        "1. cyd: 1,024 (+24)",
        "2. bob: 1,003 (+3)",
        "2. dee: 1,003 (+3)",
        "4. ann: 990 (-10)",
    ]
    # A winner goes first even with a lower total (a game whose winners are not the best totals).
    low = localized(
        with_rating_changes(
            standings,
            ["ann", "bob"],
            [3, 9],
            [0],
            {0: SeatRatingChange(1010, 10), 1: SeatRatingChange(990, -10)},
        )
    )
    assert (low.embeds[1].description or "").splitlines() == ["1. ann: 1,010 (+10)", "2. bob: 990 (-10)"]
    assert with_rating_changes(standings, ["ann"], [3], [0], {}) == standings


def test_a_german_reader_reads_the_ratings_in_german() -> None:
    """The leaderboard, its buttons, /stats' rating fields and the standings' Ratings embed, each
    worded by the German catalog (the game's German title too), its signs and digits German."""
    title = registry.game("stickem").title
    computer = RatingLine(1, Rated.computer("hard"), None, Rating(33.0, 1.0, 7))
    page = board(RatingPage("stickem", (computer, *lines(2, 1)), 0, 10, 12), 42, "de")
    (embed,) = page.embeds
    assert (
        embed.title
        == text("leaderboard.title", language="de", game=title)
        != text("leaderboard.title", game=title)
    )
    assert (embed.description or "").splitlines()[0] == text(
        "leaderboard.line",
        language="de",
        rank=1,
        name=text("leaderboard.computer", language="de", level=text("commands.levels.hard", language="de")),
        rating=1600,
        count=7,
    )
    assert "1.600" in (embed.description or "")  # a rating as German readers write numbers
    assert embed.footer == text("leaderboard.footer", language="de", first=1, last=2, total=12)
    ((previous, following),) = page.rows
    assert isinstance(previous, Button) and isinstance(following, Button)
    assert (previous.label, following.label) == (
        text("leaderboard.previous", language="de"),
        text("leaderboard.next", language="de"),
    )
    nobody = board(RatingPage("stickem", (), 0, 10, 0), 42, "de")
    assert nobody.content == text("leaderboard.nobody_yet", language="de", game=title)

    record = stats_message(PlayerStats(5, 3, 1, 12, 4.26, None), "ann")
    (stats,) = localized(with_ratings(record, {"stickem": Rating(27.0, 5.0, 2, 1234)}), "de").embeds
    assert (stats.fields[-1].name, stats.fields[-1].value) == (
        text("stats.rating", language="de", game=title),
        text("stats.rating_value", language="de", rating=1240, change="+1.234"),
    )

    standings = Message("", (Embed(title="Endstand"),))
    changes = {0: SeatRatingChange(990, -1234), 1: SeatRatingChange(1003, 0)}
    shown = localized(with_rating_changes(standings, ["ann", "bob"], [5, 12], [1], changes), "de")
    assert shown.embeds[1].title == text("ratings.title", language="de") != text("ratings.title")
    assert (shown.embeds[1].description or "").splitlines() == [
        text("ratings.standing", language="de", place=1, name="bob", rating=1003, change="±0"),
        text("ratings.standing", language="de", place=2, name="ann", rating=990, change="-1.234"),
    ]
    assert signed(1234, "de") == "+1.234"


def test_stats_and_the_leaderboard_are_made_once_and_read_in_each_readers_language() -> None:
    """/stats and a leaderboard page are one value of catalog texts (keys and fields, no finished
    words): the same value reads in English and in German."""
    record = with_ratings(
        stats_message(PlayerStats(5, 3, 1, 12, 4.26, None), "ann"), {"stickem": Rating(27.0, 5.0, 2, 1234)}
    )
    (embed,) = record.embeds
    assert isinstance(embed.title, Text) and embed.title.key == "stats.title"
    assert all(isinstance(field.name, Text) for field in embed.fields)
    english, german = localized(record).embeds[0], localized(record, "de").embeds[0]
    assert (english.title, german.title) == ("Game stats: ann", "Spielstatistik: ann")
    assert english.fields[-1].value == "1,240 (last game +1,234)"
    assert german.fields[-1].value == text("stats.rating_value", language="de", rating=1240, change="+1.234")
    page = leaderboard_message(RatingPage("stickem", lines(1, 2), 0, 10, 2), 42)
    assert isinstance(page.embeds[0].description, Text)
    assert localized(page).embeds[0].description == "1. p1 - 1,460 (1 game)\n2. p2 - 1,440 (2 games)"
    assert localized(page, "de").embeds[0].description == "\n".join(
        text("leaderboard.line", language="de", rank=rank, name=f"p{rank}", rating=rating, count=rank)
        for rank, rating in ((1, 1460), (2, 1440))
    )
