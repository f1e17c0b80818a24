"""/stats, /leaderboard (paging also after a restart) and /history on the emulator, from stored
finished games; and a game played through the bot lands in them with the engine's numbers."""

from __future__ import annotations

import json
import random
from pathlib import Path

from babel.numbers import format_decimal

from bot.boot.app import StickemBot
from bot.boot.config import Settings
from host.ratings import Rated
from host.storage import SeatRecord, SeatResult, Storage
from host.storage.rated import recompute
from stickem import Rules
from stickem.hosting import options_for
from tabletop.words import plural
from tests.discord_emulator import Emulator, run_client
from tests.discord_emulator.state import User
from tests.e2e.game_harness import GameHarness
from tests.e2e.process_game import answer
from tests.e2e.seat_helpers import text_only


async def finished_game(
    storage: Storage, guild_id: int, channel_id: int, players: list[tuple[User, int, int]]
) -> None:
    """A finished two-round game: (user, total, misery cards swallowed) per seat."""
    game_id = await storage.games.create_game(
        guild_id=guild_id,
        channel_id=channel_id,
        game="stickem",
        seed=1,
        rules=json.dumps(options_for(Rules.preset("classic", rounds=2))),
        seats=[SeatRecord(u.id, u.name) for u, _, _ in players],
        options=json.dumps({"game_id": "abc", "preset": "classic", "rounds": 2}),
    )
    best = max(total for _, total, _ in players)
    await storage.games.finish_game(
        game_id,
        [
            SeatResult(
                seat, u.id, u.name, total, (total // 2, total - total // 2), total == best,
                {"misery_swallowed": swallowed},
            )
            for seat, (u, total, swallowed) in enumerate(players)
        ],
    )


def bot_for(emulator: Emulator, guild_id: int, folder: Path) -> StickemBot:
    """The real bot with its database in ``folder``."""
    return StickemBot(
        Settings(
            token=emulator.token, dev_guild_id=guild_id, data_dir=folder,
            bot_workers=0, drawing_workers=0,  # threads (see tests/e2e/seat_helpers.seat_bot)
        )
    )


async def test_stats_leaderboard_and_history(emulator: Emulator, tmp_path: Path) -> None:
    guild = emulator.add_guild("Stick'em club")
    channel = emulator.add_text_channel(guild, "stickem")
    users = [emulator.add_user(f"p{i:02d}") for i in range(12)]
    for user in users:
        emulator.add_member(guild, user)
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        # p00 wins twice at this table; p05..p11 win one game each at another table
        here, elsewhere = channel.id, 999
        u = users
        await finished_game(storage, guild.id, here, [(u[0], 30, 1), (u[1], 10, 4), (u[2], 5, 0)])
        await finished_game(storage, guild.id, here, [(u[0], 40, 2), (u[3], 20, 0), (u[4], 0, 3)])
        for i in range(5, 12):
            await finished_game(storage, guild.id, elsewhere, [(u[i], 8, 0), (u[1], 2, 0), (u[2], 1, 0)])
        ranked = (await recompute(storage.stats)).book.leaderboard(guild.id, "stickem")
    finally:
        await storage.close()
    names = {Rated.person(user.id): user.name for user in users}
    expected = [
        f"{line.rank}. {names[line.who]} - {format_decimal(line.rating.shown, locale='en')}"
        f" ({plural(line.rating.games, 'game')})"
        for line in ranked
    ]
    assert len(expected) == 12 and expected[0].startswith("1. p00 - ")  # two wins over newcomers

    async with run_client(emulator, bot_for(emulator, guild.id, tmp_path)):
        mine = await answer(await emulator.driver.slash(users[0], channel, "stats"))
        assert mine.ephemeral
        fields = {f.name: f.value for f in mine.embeds[0].fields}
        assert fields["Games played"] == "2" and fields["Games won"] == "2"
        assert fields["Average score per round"] == "17.5"  # 70 points in 4 rounds
        assert fields["Misery cards swallowed"] == "3"
        assert fields["Best game"].startswith("40 points (won)")
        theirs = await answer(await emulator.driver.slash(users[0], channel, "stats", player=users[1]))
        assert {f.name: f.value for f in theirs.embeds[0].fields}["Games played"] == "8"
        nobody = emulator.add_user("newcomer")
        emulator.add_member(guild, nobody)
        none_yet = await answer(await emulator.driver.slash(nobody, channel, "stats"))
        assert "has not finished a game on this server" in none_yet.content

        board = await answer(await emulator.driver.slash(users[5], channel, "leaderboard"))
        assert (board.embeds[0].description or "").splitlines() == expected[:10]
        assert board.button("Previous").disabled and not board.button("Next").disabled
        page2 = await answer(await emulator.driver.click(users[5], board, "Next"))
        assert (page2.embeds[0].description or "").splitlines() == expected[10:]
        assert page2.button("Next").disabled

        history = await answer(await emulator.driver.slash(users[2], channel, "history"))
        games = history.embeds[0].fields
        assert len(games) == 2  # the other games were at another table
        assert games[0].value.splitlines()[0] == "1. p00: 40 (winner)"

    # the page sent before the restart still turns
    async with run_client(emulator, bot_for(emulator, guild.id, tmp_path)):
        back = await answer(await emulator.driver.click(users[5], page2, "Previous"))
        assert (back.embeds[0].description or "").splitlines() == expected[:10]


async def test_a_game_played_through_the_bot_counts(emulator: Emulator, tmp_path: Path) -> None:
    guild = emulator.add_guild("Stick'em club")
    channel = emulator.add_text_channel(guild, "stickem")
    users = [emulator.add_user(name) for name in ("ann", "bob", "cyd")]
    for user in users:
        emulator.add_member(guild, user)
    bot = bot_for(emulator, guild.id, tmp_path)
    async with run_client(emulator, bot):
        text_only(bot, guild.id)  # /stats and /history are read by their fields, no picture
        h = GameHarness(emulator, bot, channel, users, random.Random(5))
        await h.seat_everyone()
        await h.start(rounds=1)
        await h.play_game()
        shadow = h.shadow
        assert shadow is not None
        stats = await answer(await emulator.driver.slash(users[1], channel, "stats"))
        fields = {f.name: f.value for f in stats.embeds[0].fields}
        assert fields["Games played"] == "1"
        assert fields["Games won"] == ("1" if 1 in shadow.winners else "0")
        assert fields["Average score per round"] == f"{shadow.totals[1]:.1f}"
        (scored,) = [e for e in shadow.events if type(e).__name__ == "RoundScored"]
        assert fields["Misery cards swallowed"] == str(len(scored.captured_misery[1]))  # type: ignore[attr-defined]
        history = await answer(await emulator.driver.slash(users[0], channel, "history"))
        standings = history.embeds[0].fields[0].value
        for user, total in zip(users, shadow.totals, strict=True):
            assert f"{user.name}: {total}" in standings


async def test_stats_shows_a_name_made_safe_like_every_other_name(emulator: Emulator, tmp_path: Path) -> None:
    """/stats names the player from Discord, not from a stored seat: the name is made safe as
    when seated (an unclosed right-to-left override removed and the name isolated, markdown
    escaped), not shown as typed."""
    guild = emulator.add_guild("Stick'em club")
    channel = emulator.add_text_channel(guild, "stickem")
    user = emulator.add_user("\u202eann**")
    emulator.add_member(guild, user)
    async with run_client(emulator, bot_for(emulator, guild.id, tmp_path)):
        reply = await answer(await emulator.driver.slash(user, channel, "stats"))
    assert reply.content.startswith("\u2068ann\\*\\*\u2069 has not finished"), reply.content
