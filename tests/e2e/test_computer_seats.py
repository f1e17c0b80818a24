"""Computer seats on the emulated Discord: a human with two bots to the end, bots in the lobby."""

from __future__ import annotations

from pathlib import Path

from host.storage import Storage
from host.tables import TableState
from stickem import Game, Phase
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import DEFAULT_MEMBER_PERMISSIONS
from tests.e2e.game_harness import MANAGE_GUILD
from tests.e2e.seat_helpers import (
    channel_text,
    make_club,
    play_until,
    play_until_over,
    running,
    seat_bot,
    slash,
    table_of,
    text_only,
)


async def test_one_human_and_two_bots_play_to_the_end(emulator: Emulator, tmp_path: Path) -> None:
    club = make_club(emulator, 1)
    ann = club.users[0]
    bot = seat_bot(emulator, tmp_path, club.guild_id, workers=1)
    async with running(bot, emulator):
        text_only(bot, club.guild_id)  # nothing here looks at a picture
        assert "You joined" in await slash(emulator, ann, club.channel, "join")
        assert "Bot Ada (hard) joined" in await slash(emulator, ann, club.channel, "addbot", level="hard")
        lobby = emulator.driver.channel_messages(club.channel)[-1]
        assert "Bot Ada (hard)" in lobby.content
        result = await emulator.driver.click(ann, lobby, "Add bot")
        await result.response()
        await emulator.driver.wait_until(lambda: "Bot Bea (normal)" in lobby.content or None, timeout=5)
        assert "started" in await slash(emulator, ann, club.channel, "start", rounds=2, timer="off")
        table = table_of(bot, club.channel)
        assert [seat.level for seat in table.seats] == [None, "hard", "normal"]
        await play_until_over(emulator, club.channel, [ann])
        game = table.match.game
        assert game is not None and game.phase is Phase.GAME_OVER and game.round == 2
        assert table.state is TableState.CLOSED
        standings = channel_text(emulator, club.channel)
        assert "Bot Ada (hard)" in standings and "Bot Bea (normal)" in standings
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        history = await storage.stats.history(club.channel.id)
        assert len(history) == 1
        # stored without words of a language: a computer's first name, its level beside it
        names = {s.display_name: (s.user_id, s.level) for s in history[0].standings}
        assert names == {"ann": (ann.id, None), "Ada": (None, "hard"), "Bea": (None, "normal")}
    finally:
        await storage.close()


async def test_lobby_bots_can_be_removed_and_start_fills_seats(emulator: Emulator, tmp_path: Path) -> None:
    club = make_club(emulator, 2)
    ann, bob = club.users
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        text_only(bot, club.guild_id)  # nothing here looks at a picture
        await slash(emulator, ann, club.channel, "join")
        await slash(emulator, ann, club.channel, "addbot", level="random")
        assert "Bot Ada (random) left" in await slash(emulator, ann, club.channel, "removebot")
        assert "no computer player" in await slash(emulator, ann, club.channel, "removebot")
        await slash(emulator, bob, club.channel, "join")
        reply = await slash(emulator, ann, club.channel, "start", players=4, bot_level="random", rounds=1)
        assert "started" in reply
        table = table_of(bot, club.channel)
        assert table.names == ("ann", "bob", "Bot Ada (random)", "Bot Bea (random)")
        # the bots choose their misery cards at once; the humans are still awaited
        await emulator.driver.wait_until(
            lambda: (table.match is not None and set(table.match.game.awaiting) == {0, 1}) or None, timeout=5
        )
        assert table.clock.timer_seconds == 120


async def test_only_the_host_or_a_server_manager_seats_computer_players(
    emulator: Emulator, tmp_path: Path
) -> None:
    club = make_club(emulator, 2)
    ann, bob = club.users
    guild = emulator.world.guilds[club.guild_id]
    boss = emulator.add_user("boss")
    emulator.add_member(guild, boss, permissions=DEFAULT_MEMBER_PERMISSIONS | MANAGE_GUILD)
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        text_only(bot, club.guild_id)  # nothing here looks at a picture
        await slash(emulator, ann, club.channel, "join")
        await slash(emulator, bob, club.channel, "join")
        refusal = "Only the host (ann) or a server manager can add computer players."
        assert await slash(emulator, bob, club.channel, "addbot") == refusal
        lobby = emulator.driver.channel_messages(club.channel)[-1]
        result = await emulator.driver.click(bob, lobby, "Add bot")
        answer = await result.response()
        assert answer.ephemeral and answer.content == refusal
        table = table_of(bot, club.channel)
        assert [seat.name for seat in table.seats] == ["ann", "bob"]
        # a server manager may, seated or not; the host may remove it again
        assert "Bot Ada (hard) joined" in await slash(emulator, boss, club.channel, "addbot", level="hard")
        assert "Only the host (ann)" in await slash(emulator, bob, club.channel, "removebot")
        assert "Bot Ada (hard) left" in await slash(emulator, ann, club.channel, "removebot")
        assert [seat.name for seat in table.seats] == ["ann", "bob"]
        assert "Bot Ada" not in lobby.content


async def test_timer_plays_for_an_absent_player_through_away_and_back(
    emulator: Emulator, tmp_path: Path
) -> None:
    club = make_club(emulator, 2)
    ann, bob = club.users
    # "30 seconds" scaled to 1.5 s: a reminder after 0.75 s, the computer after 1.5 s (a timer
    # task woken later than its deadline, as a loaded machine may, rightly skips the reminder:
    # 0.3 s was too short a half for a CI machine shared by two test workers)
    bot = seat_bot(emulator, tmp_path, club.guild_id, scale=0.05)
    async with running(bot, emulator):
        text_only(bot, club.guild_id)
        await slash(emulator, ann, club.channel, "join")
        await slash(emulator, bob, club.channel, "join")
        reply = await slash(emulator, ann, club.channel, "start", players=3, timer="30s", rounds=1)
        assert "started" in reply
        table = table_of(bot, club.channel)
        assert table.clock.timer_seconds is not None and abs(table.clock.timer_seconds - 1.5) < 1e-9

        def said(text: str) -> bool:
            return text in channel_text(emulator, club.channel)

        # bob never picks a misery card: reminded, then the computer picks for him
        await play_until(emulator, club.channel, [ann], lambda: said("Time is up for bob"), timeout=10)
        assert said(f"<@{bob.id}> reminder: please pick your misery card")
        assert table.match is not None and table.match.game.misery_card(1) is not None
        assert table.clock.timeouts == {1: 1}
        # bob never plays either: the second timeout in a row marks him away
        await play_until(emulator, club.channel, [ann], lambda: 1 in table.clock.away, timeout=10)
        assert said(f"<@{bob.id}> ran out of time 2 times in a row and is marked away")
        assert said(f"<@{bob.id}> reminder: please play a card")
        # away, bob's turns are played at once by the computer
        def bob_plays() -> int:
            assert table.match is not None
            return sum(1 for a in table.match.game.actions if a.seat == 1 and a.kind == "play")

        plays_before = bob_plays()
        await play_until(emulator, club.channel, [ann], lambda: bob_plays() >= plays_before + 2, timeout=10)
        assert 1 in table.clock.away
        assert "Welcome back" in await slash(emulator, bob, club.channel, "back")
        assert said("bob is back.") and table.clock.away == set()
        # bob plays his own next card from his DM
        def bob_played_himself() -> bool:
            return any(
                "You played" in m.content and "Time ran out" not in m.content
                for m in emulator.driver.dm_messages(bob)
            )

        assert not bob_played_himself()
        await play_until(emulator, club.channel, [ann, bob], bob_played_himself, timeout=10)
        assert table.clock.away == set() and 1 not in table.clock.timeouts
        assert "You are not marked away" in await slash(emulator, bob, club.channel, "back")


async def test_a_leaver_is_replaced_and_a_newcomer_takes_the_seat_next_round(
    emulator: Emulator, tmp_path: Path
) -> None:
    club = make_club(emulator, 4)
    ann, bob, cyd, dee = club.users
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        text_only(bot, club.guild_id)  # nothing here looks at a picture
        for user in (ann, bob, cyd):
            await slash(emulator, user, club.channel, "join")
        assert "started" in await slash(emulator, ann, club.channel, "start", rounds=2, timer="off")
        table = table_of(bot, club.channel)

        def now() -> Game:  # the table's game (a refused click puts back a copy of it)
            assert table.match is not None
            return table.match.game

        # mid-round: every misery card picked and a few cards played
        await play_until(emulator, club.channel, [ann, bob, cyd], lambda: now().action_count >= 3 + 4)
        assert now().round == 1
        reply = await slash(emulator, bob, club.channel, "leave")
        assert reply == "You left the game; Bot Ada (normal) plays your seat."
        assert "bob left the game; Bot Ada (normal) plays their seat from now on." in channel_text(
            emulator, club.channel
        )
        assert table.seats[1].is_bot and table.seat_of(bob.id) is None
        # a newcomer asks for the computer seat; the host approves; it is theirs from round 2
        assert "the host has to approve" in await slash(emulator, dee, club.channel, "join")
        request = emulator.driver.channel_messages(club.channel)[-1]
        assert f"<@{ann.id}> dee would like to take over Bot Ada (normal)'s seat" in request.content
        result = await emulator.driver.click(cyd, request, "Approve")
        assert "Only the host" in (await result.response()).content
        result = await emulator.driver.click(ann, request, "Approve")
        assert "takes over" in (await result.response()).content
        await play_until(emulator, club.channel, [ann, cyd], lambda: now().round == 2)
        assert table.seats[1].user_id == dee.id and not table.seats[1].is_bot
        await play_until(emulator, club.channel, [ann, cyd, dee], lambda: now().phase is Phase.TRICKS)
        assert now().round == 2 and now().misery_card(1) is not None
        assert any("misery" in m.text.lower() for m in emulator.driver.dm_messages(dee))
        storage_id = table.storage_id
    assert storage_id is not None
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        stored = await storage.games.load_game(storage_id)
        assert [s.user_id for s in stored.record.seats] == [ann.id, dee.id, cyd.id]
    finally:
        await storage.close()


async def test_a_newcomer_names_a_seat_or_the_host_chooses_one(emulator: Emulator, tmp_path: Path) -> None:
    club = make_club(emulator, 5)
    ann, bob, cyd, dee, eve = club.users
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        text_only(bot, club.guild_id)  # nothing here looks at a picture
        for user in (ann, bob, cyd):
            await slash(emulator, user, club.channel, "join")
        started = await slash(emulator, ann, club.channel, "start", players=5, rounds=2, timer="off")
        assert "started" in started
        table = table_of(bot, club.channel)
        await slash(emulator, bob, club.channel, "leave")
        assert table.names == ("ann", "Bot Cal (normal)", "cyd", "Bot Ada (normal)", "Bot Bea (normal)")
        # a seat that is not a computer seat, or no seat at all: refused, with the free ones listed
        refusal = await slash(emulator, dee, club.channel, "join", seat="1")
        assert refusal.startswith("Seat 1 is ann's, not a computer player's. Computer seats you can take")
        assert "seat 2: Bot Cal (normal), bob's seat until they left; seat 4: Bot Ada (normal)" in refusal
        assert "There is no seat called 'Zed'" in await slash(emulator, dee, club.channel, "join", seat="Zed")
        assert dee.id not in table.takeover_requests
        # no seat named: the host chooses among the free computer seats, bob's old seat first
        reply = await slash(emulator, dee, club.channel, "join")
        assert "the host chooses which one" in reply
        request = emulator.driver.channel_messages(club.channel)[-1]
        assert request.content.startswith(f"<@{ann.id}> dee would like to take over a computer seat")
        labels = [button.label for button in request.buttons]
        assert labels == [
            "Give seat 2 (Bot Cal (normal))",
            "Give seat 4 (Bot Ada (normal))",
            "Give seat 5 (Bot Bea (normal))",
        ]
        result = await emulator.driver.click(ann, request, "Give seat 4 (Bot Ada (normal))")
        assert "dee takes over Bot Ada (normal)'s seat (seat 4)" in (await result.response()).content
        # eve names a seat: the promised one is refused, another is asked for with one button
        taken = await slash(emulator, eve, club.channel, "join", seat="Ada")
        assert "Bot Ada (normal)'s seat (seat 4) is already promised to dee" in taken
        asked = await slash(emulator, eve, club.channel, "join", seat="5")
        assert "Bot Bea (normal)'s seat (seat 5)" in asked
        request = emulator.driver.channel_messages(club.channel)[-1]
        assert [button.label for button in request.buttons] == ["Approve"]
        result = await emulator.driver.click(ann, request, "Approve")
        await result.response()

        def now() -> Game:
            assert table.match is not None
            return table.match.game

        await play_until(emulator, club.channel, [ann, cyd], lambda: now().round == 2)
        assert table.names == ("ann", "Bot Cal (normal)", "cyd", "dee", "eve")
        assert table.seats[3].user_id == dee.id and table.seats[4].user_id == eve.id
        await play_until(emulator, club.channel, [ann, cyd, dee, eve], lambda: now().phase is Phase.TRICKS)
        assert now().misery_card(3) is not None and now().misery_card(4) is not None
