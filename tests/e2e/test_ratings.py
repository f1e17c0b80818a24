"""Ratings on the emulated Discord: short games played to the end with computer seats rate their
players; the final standings show each change, /leaderboard and /stats the ratings, all equal to
openskill's fold of the stored results (recomputed independently here); a stopped game changes
nothing."""

from __future__ import annotations

from pathlib import Path

from babel.numbers import format_decimal

from host.catalog import render
from host.ratings import Rated, RatingBook
from host.storage import Storage
from host.storage.rated import rated_game
from host.storage.records import FinishedSeat
from host.table.seats import stored_seat_name
from tabletop.words import plural
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import Channel, Message
from tests.e2e.seat_helpers import (
    channel_text,
    make_club,
    play_until,
    running,
    seat_bot,
    slash,
    table_of,
    text_only,
)


def english(rating: int) -> str:
    """A rating as an English reader sees it (Babel's number format: 1,065)."""
    return format_decimal(rating, locale="en")


def signed(change: int) -> str:
    """A change as players read it: "+24", "-7", "±0"."""
    return f"{change:+d}" if change else "±0"


def shown(seat: FinishedSeat) -> str:
    """A stored seat's name as the English standings show it (a computer's from its parts)."""
    return render(stored_seat_name(seat.display_name, computer=seat.user_id is None, level=seat.level))


def game_overs(emulator: Emulator, channel: Channel) -> list[Message]:
    """The final standings messages of the channel, oldest first."""
    return [m for m in emulator.driver.channel_messages(channel) if "Game over" in m.content]


async def expected_boards(storage: Storage) -> tuple[RatingBook, list[list[str]]]:
    """The fold of the stored finished games, and each game's expected "Ratings" lines (seat
    order of places: winners first, then by total, a tie sharing its place)."""
    book = RatingBook()
    lines = []
    for stored in await storage.stats.finished_games():
        rated = rated_game(stored)
        changes = {change.who: change for change in book.rate(rated)}
        ranks = rated.ranks()
        order = sorted(range(len(rated.seats)), key=lambda seat: (ranks[seat], seat))
        seat_changes = [changes[seat.who] for seat in rated.seats]
        lines.append(
            [
                f"{ranks[seat]}. {shown(stored.seats[seat])}: {english(seat_changes[seat].after.shown)}"
                f" ({signed(seat_changes[seat].change)})"
                for seat in order
            ]
        )
    return book, lines


async def test_games_played_to_the_end_rate_their_players(emulator: Emulator, tmp_path: Path) -> None:
    club = make_club(emulator, 2)
    ann, bob = club.users
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    channel = club.channel
    async with running(bot, emulator):
        text_only(bot, club.guild_id)  # the ratings are read in words; no picture is looked at
        # Game 1: ann against the hard and the normal level, one round.
        await slash(emulator, ann, channel, "join")
        await slash(emulator, ann, channel, "addbot", level="hard")
        await slash(emulator, ann, channel, "addbot", level="normal")
        assert "started" in await slash(emulator, ann, channel, "start", rounds=1, timer="off")
        await play_until(emulator, channel, [ann], lambda: len(game_overs(emulator, channel)) == 1)
        # Game 2: ann and bob against the hard level.
        await slash(emulator, ann, channel, "join")
        await slash(emulator, bob, channel, "join")
        await slash(emulator, ann, channel, "addbot", level="hard")
        assert "started" in await slash(emulator, ann, channel, "start", rounds=1, timer="off")
        await play_until(emulator, channel, [ann, bob], lambda: len(game_overs(emulator, channel)) == 2)
        # Game 3, stopped: counts for nothing.
        await slash(emulator, bob, channel, "join")
        await slash(emulator, ann, channel, "join")
        await slash(emulator, bob, channel, "addbot", level="random")
        assert "started" in await slash(emulator, bob, channel, "start", rounds=1, timer="off")
        table = table_of(bot, channel)
        assert table.storage_id is not None
        stopped_id = table.storage_id
        stop = await emulator.driver.slash(bob, channel, "stop")
        confirm = (await stop.response()).message
        assert confirm is not None
        await (await emulator.driver.click(bob, confirm, "Stop")).response()
        await emulator.driver.wait_until(
            lambda: "stopped" in channel_text(emulator, channel) or None, timeout=10
        )

        storage = bot.storage
        assert storage is not None
        assert await storage.ratings.game_rating_changes(stopped_id) == {}
        book, expected = await expected_boards(storage)
        assert len(expected) == 2

        # The final standings show each player's change at their place.
        for message, lines in zip(game_overs(emulator, channel), expected, strict=True):
            (ratings,) = [embed for embed in message.embeds if embed.title == "Ratings"]
            assert (ratings.description or "").splitlines() == lines

        # /leaderboard: the game's players, best conservative estimate first, with games played.
        board = await emulator.driver.slash(bob, channel, "leaderboard")
        shown = (await board.response()).embeds[0]
        assert shown.title == "Stick'em leaderboard"
        names = {Rated.person(ann.id): "ann", Rated.person(bob.id): "bob"}
        assert (shown.description or "").splitlines() == [
            f"{line.rank}. {names.get(line.who) or f'Computer ({line.who.level})'}"
            f" - {english(line.rating.shown)}"
            f" ({plural(line.rating.games, 'game')})"
            for line in book.leaderboard(club.guild_id, "stickem")
        ]
        assert "Computer (hard) - " in (shown.description or "") and "(2 games)" in (shown.description or "")
        named = await emulator.driver.slash(bob, channel, "leaderboard", game="stupid")
        assert "Nobody has a Stupid rating" in (await named.response()).content

        # /stats: the rating and its change in the player's last game.
        stats = await emulator.driver.slash(bob, channel, "stats", player=ann)
        fields = {f.name: f.value for f in (await stats.response()).embeds[0].fields}
        rating = book.rating(club.guild_id, "stickem", Rated.person(ann.id))
        assert rating.last_change is not None
        expected = f"{english(rating.shown)} (last game {signed(rating.last_change)})"
        assert fields["Stick'em rating"] == expected
