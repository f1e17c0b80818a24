"""Who sees which language, end to end (issue 28): a German and an English player at one table
play a whole game of each game in a German channel (and of Stupid in an English one too); each is
shown their prompts, refusals, /hand, private /score and DMs in their own Discord language, the
channel (lobby, table message, round reports, final standings with the ratings, /score shown to
it) in the server's: its Discord language, or the one ``/settings language`` chose.

Every expected text is the game's presentation or the host's catalog filled in in the expected
language (see :mod:`tests.e2e.bilingual_play`), never a sentence written here, and each check
also makes sure the other language's text differs, so that a message in the wrong language fails.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
from pathlib import Path
from typing import Any

import pytest

from bot.boot.app import StickemBot
from bot.ids import ActionId
from bot.tables.service import service_for
from host.catalog import text
from tabletop import registry
from tabletop.presentation import Act, render, standings_lines
from tests.discord_emulator import Emulator
from tests.discord_emulator.interactions import InteractionRecord
from tests.discord_emulator.state import DEFAULT_MEMBER_PERMISSIONS, Channel, User
from tests.e2e.bilingual_play import (
    WAIT,
    BilingualTable,
    Reader,
    bilingual_club,
    dms_in_own_language,
    expected_ratings,
    hand_in_own_language,
)
from tests.e2e.game_harness import MANAGE_GUILD
from tests.e2e.process_game import ProcessGame, assert_clean_log, database_url
from tests.e2e.seat_helpers import messages_of, running, seat_bot, settle, slash, table_of

COMPONENT = 3
"""The interaction type of a click on a button or a select."""
DEFERRED = (5, 6)
"""The callback types of a deferred answer (the bot defers a click that is slow to change, e.g.
the first one after a start on a loaded machine: its move is stored after it)."""

LOCALES = [("hans", "de"), ("emma", "en-GB")]
"""A player whose Discord runs in German, and one in (British) English."""


async def open_table(
    emu: Emulator, bot: object, channel: Channel, users: list[User], game: str, **start: object
) -> BilingualTable:
    """Both users join a table of ``game`` (each told so in their language) and the first starts
    it with ``start``; the shadow match starts from the table's."""
    spec = registry.game(game)
    for seat, (user, (_, locale)) in enumerate(zip(users, LOCALES, strict=True), start=1):
        language = "de" if locale == "de" else "en"
        reply = await slash(emu, user, channel, "join", game=game)
        joined = text("lobby.joined", language=language, title=spec.title, seat=seat)
        assert reply.startswith(joined), reply
    start.setdefault("timer", "off")
    started = await slash(emu, users[0], channel, "start", **start)
    assert started == text("lobby.started", language="de"), started  # hans started it: German
    table = table_of(bot, channel)  # type: ignore[arg-type]
    match = table.match
    assert match is not None
    shadow = spec.new_match(match.players, match.options, match.seed)

    async def read_log() -> tuple[tuple[int, str], ...]:
        assert table.match is not None
        return table.match.log

    readers = {0: Reader(users[0], "de"), 1: Reader(users[1], "en")}
    server = service_for(bot).languages.of_server(channel.guild_id)
    return BilingualTable(emu, channel, spec, table.names, readers, server, shadow, read_log)


def lobby_in(emu: Emulator, play: BilingualTable) -> None:
    """The lobby message, closed by the start, is in the server's language and not the other."""
    lobby = emu.driver.channel_messages(play.channel)[0]
    other = "en" if play.server == "de" else "de"
    assert lobby.content.startswith(text("lobby.title_closed", language=play.server, title=play.spec.title))
    assert text("lobby.started", language=play.server) in lobby.content, lobby.content
    assert text("lobby.started", language=other) not in lobby.content, lobby.content


async def play_whole_game(emu: Emulator, bot: StickemBot, play: BilingualTable) -> None:
    """Both humans play to the end (each refused once, each asking /hand once), then every
    report of the game is in the channel in the server's language."""
    asked: set[int] = set()
    original = play.act

    # The /score shown to the channel is asked by a player of the other language than the server's.
    foreign = next((seat for seat, reader in play.readers.items() if reader.language != play.server), 0)

    async def act(seat: int) -> None:
        if seat not in asked:
            await settle(emu, bot, play.channel)
            await hand_in_own_language(play, seat)
            table_id = messages_of(bot, table_of(bot, play.channel)).table_id
            assert table_id is not None, "no table message"
            await play.check_table_message(lambda: emu.world.messages[table_id])
            await play.score(seat, public=False)
            if seat == foreign:
                await play.score(seat, public=True)
            asked.add(seat)
        await original(seat)

    play.act = act  # type: ignore[method-assign]
    await play.play_to_the_end()
    await settle(emu, bot, play.channel)
    assert bot.storage is not None
    # The game's last move may be a computer's, still thinking when the table looked idle: wait
    # (bounded) for the finished game to be stored and rated.
    deadline = asyncio.get_running_loop().time() + WAIT
    while not (ratings := await expected_ratings(bot.storage)):
        assert asyncio.get_running_loop().time() < deadline, "no rated game stored"
        await asyncio.sleep(0.05)
        await settle(emu, bot, play.channel)
    play.ratings.update(ratings)  # a game of two humans counts
    assert await play.check_reports() > 0
    assert await play.check_round_ends() > 0
    for seat in play.readers:  # the final standings, each privately in their own language
        await play.score(seat, public=False)
    assert asked == {0, 1}
    assert play.prompts_checked["de"] > 0 and play.prompts_checked["en"] > 0
    assert play.refusals_checked == {"de": 1, "en": 1}
    dms_in_own_language(play)


@pytest.mark.parametrize("server_locale", ["de", "en-US"], ids=["german-server", "english-server"])
async def test_stupid_in_the_servers_language(emulator: Emulator, tmp_path: Path, server_locale: str) -> None:
    """hans (German) and emma (English) play Stupid (rounds of 1, 2 and 1 cards) in a German
    and in an English server: the channel speaks the server's language, each player their own."""
    channel, users, guild_id = bilingual_club(emulator, server_locale, LOCALES)
    bot = seat_bot(emulator, tmp_path, guild_id)
    async with running(bot, emulator):
        play = await open_table(emulator, bot, channel, users, "stupid", options="max_hand=2")
        assert play.server == ("de" if server_locale == "de" else "en")
        lobby_in(emulator, play)
        await play_whole_game(emulator, bot, play)


async def test_stickem_in_a_german_server(emulator: Emulator, tmp_path: Path) -> None:
    """hans (German), emma (English) and a computer player (Stick'em seats three at least) play
    one round of Stick'em in a German server: the channel speaks German, emma still gets
    everything of hers in English. (The computer's seat name is the table's, whatever its words.)"""
    channel, users, guild_id = bilingual_club(emulator, "de", LOCALES)
    bot = seat_bot(emulator, tmp_path, guild_id)
    async with running(bot, emulator):
        play = await open_table(emulator, bot, channel, users, "stickem", players=3, rounds=1)
        assert play.server == "de"
        lobby_in(emulator, play)
        await play_whole_game(emulator, bot, play)


async def test_stick_game_where_settings_chose_german_for_an_english_server(
    emulator: Emulator, tmp_path: Path
) -> None:
    """The server speaks English, but its manager chose German with ``/settings language``:
    hans (German), emma (English) and a computer player play Stick Game to one stick, the
    channel in German, each player in their own language; ``/settings language auto`` gives the
    channel back its English. (The computer player ends the game soon: the humans, deciding as
    the weakest level, seldom meld. Its seat name is the table's, whatever its words.)"""
    channel, users, guild_id = bilingual_club(emulator, "en-US", LOCALES)
    bot = seat_bot(emulator, tmp_path, guild_id)
    async with running(bot, emulator):
        reply = await slash(emulator, emulator.owner, channel, "settings language", language="de")
        assert reply.startswith(text("settings.language_set", language="en", name="German")), reply
        play = await open_table(
            emulator, bot, channel, users, "stickgame", options="sticks_to_win=1 hand_size=11", players=3
        )
        assert play.server == "de"
        lobby_in(emulator, play)
        await play_whole_game(emulator, bot, play)
        reply = await slash(emulator, emulator.owner, channel, "settings language", language="auto")
        assert service_for(bot).languages.of_server(guild_id) == "en"
        assert reply.startswith(text("settings.language_auto", language="en", name="English")), reply


async def test_after_kill_9_the_german_players_next_prompt_is_still_german(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    """The real bot process, in an English server, is killed (SIGKILL) as it answers emma's
    move that makes it hans's turn, before hans's prompt is sent. The new process has seen no
    interaction of hans: the prompt it sends him unprompted is in German (his language as
    stored), and the two finish the game each in their own language."""
    emu = discord_emulator
    channel, users, _ = bilingual_club(emu, "en-US", LOCALES)
    hans, emma = users
    spec = registry.game("stupid")
    async with database_url("sqlite", tmp_path) as url:
        g = ProcessGame(emu, tmp_path, url, channel, users)
        try:
            await g.pictures_off()  # the prompts are read in words; no picture is looked at
            await g.start_bot()
            assert (await g.slash(hans, "join", game="stupid")).startswith(
                text("lobby.joined", language="de", title=spec.title, seat=1)
            )
            assert (await g.slash(emma, "join")).startswith(
                text("lobby.joined", language="en", title=spec.title, seat=2)
            )
            started = await g.slash(hans, "start", options="max_hand=2", timer="off")
            assert started == text("lobby.started", language="de"), started
            stored = await g.stored()
            options = spec.resolve_options(json.loads(stored.record.rules))
            shadow = spec.new_match(len(stored.record.seats), options, stored.record.seed)
            names = tuple(seat.display_name for seat in stored.record.seats)

            async def read_log() -> list[tuple[int, str]]:
                return [(action.seat, action.action) for action in (await g.stored()).actions]

            readers = {0: Reader(hans, "de"), 1: Reader(emma, "en")}
            play = BilingualTable(emu, channel, spec, names, readers, "en", shadow, read_log)
            killed: list[int] = []
            assert g.bot is not None
            pid = g.bot.process.pid

            def answered(record: InteractionRecord, body: dict[str, Any]) -> None:
                """Kill the bot as it answers emma's click that makes it hans's turn."""
                if record.user.id != emma.id or record.type != COMPONENT:
                    return
                if body.get("type") in DEFERRED:  # a slow click deferred first: its move is not
                    return  # stored yet; kill at an answer that shows a stored move
                data = record.payload.get("data") or {}
                ident = ActionId.parse(str(data.get("custom_id", "")))
                values = tuple(data.get("values") or ())
                meaning = spec.presentation.click(play.shadow.view(1), ident.intent, values)
                if not isinstance(meaning, Act):
                    return
                after = play.shadow.copy()
                after.apply(1, meaning.action)
                if not after.is_over and 0 in after.awaiting:
                    emu.interactions.on_answer = None
                    os.kill(pid, signal.SIGKILL)
                    killed.append(len(after.log))

            emu.interactions.on_answer = answered
            while not killed:
                await play.sync()
                assert not play.shadow.is_over, "the game ended before the bot could be killed"
                await play.act(play.shadow.awaiting[0])
            await g.kill_bot()  # dead already: reaped
            await play.sync()
            assert len(play.shadow.log) == killed[0] and 0 in play.shadow.awaiting
            assert play.live_prompt(0) is None, "hans's prompt was sent before the bot died"
            newest = max((m.id for m in emu.driver.dm_messages(hans)), default=0)

            await g.start_bot()
            german = await play.prompt(0)  # exactly the game's prompt, in German
            assert german.id > newest
            assert play.prompts_checked["de"] > 0
            await play.play_to_the_end(refuse_once=False)
            assert (await g.stored()).record.status == "finished"
        finally:
            await g.close()
        for log in g.logs:
            assert_clean_log(log)


async def test_a_timed_out_prompt_says_so_in_its_players_language(emulator: Emulator, tmp_path: Path) -> None:
    """In an English server, hans (German) lets his turn time out: the computer moves for him,
    the channel says so in English, and his prompt DM, edited without any interaction of his,
    says in German what the computer did."""
    channel, users, guild_id = bilingual_club(emulator, "en-US", LOCALES)
    bot = seat_bot(emulator, tmp_path, guild_id, scale=0.05)  # the 30 s timer runs 1.5 s
    async with running(bot, emulator):
        play = await open_table(emulator, bot, channel, users, "stupid", options="max_hand=2", timer="30s")
        while 0 not in play.shadow.awaiting:
            await play.act(1)  # emma (English) plays until it is hans's turn
        prompt = await play.prompt(0)  # in German
        count = len(play.shadow.log)
        await play.wait_moves(count, "the computer's move for hans")
        seat, action = play.shadow.log[count]
        assert seat == 0
        table = table_of(bot, channel)
        assert table.match is not None
        match = table.match
        after = play.spec.replay(match.players, match.options, match.seed, play.shadow.log[: count + 1])
        said = {
            language: text(
                "timer.timed_out",
                language=language,
                header=play.header(language),
                reply=render(play.spec.presentation.reply(action, after.view(0)), language),
            )
            for language in ("de", "en")
        }
        assert said["de"] != said["en"]

        def edited() -> bool | None:
            return emulator.world.messages[prompt.id].content == said["de"] or None

        await emulator.driver.wait_until(edited, WAIT, "hans's timed-out prompt")
        # the channel: the reminder and the notice in the server's language (English)
        hans = users[0]
        time_up = {lang: text("game.time_up", language=lang, name="hans") for lang in ("de", "en")}
        reminder = {
            lang: text("timer.reminder", language=lang, user=hans.id, todo="\x00", seconds=0).split("\x00")[0]
            for lang in ("de", "en")
        }

        def posted() -> list[str] | None:
            contents = [message.content for message in emulator.driver.channel_messages(channel)]
            return contents if time_up["en"] in contents else None

        contents = await emulator.driver.wait_until(posted, WAIT, "the time-up notice")
        assert time_up["de"] not in contents
        assert any(c.startswith(reminder["en"]) for c in contents), contents
        assert not any(c.startswith(reminder["de"]) for c in contents), contents


async def test_settings_images_answers_a_german_manager_in_german(emulator: Emulator, tmp_path: Path) -> None:
    """In an English server, a manager whose Discord runs in German switches the pictures off
    and on: both private answers are in German."""
    guild = emulator.add_guild("Game night", locale="en-US")
    channel = emulator.add_text_channel(guild, "games")
    greta = emulator.add_user("greta", locale="de")
    emulator.add_member(guild, greta, permissions=DEFAULT_MEMBER_PERMISSIONS | MANAGE_GUILD)
    async with running(seat_bot(emulator, tmp_path, guild.id), emulator):
        for state in ("off", "on"):
            said = {lang: text(f"settings_images.{state}", language=lang) for lang in ("de", "en")}
            assert said["de"] != said["en"]
            reply = await slash(emulator, greta, channel, "settings images", state=state)
            assert reply == said["de"], reply


async def test_score_after_a_stop_speaks_each_readers_language(emulator: Emulator, tmp_path: Path) -> None:
    """In an English server hans (German) stops the game he started with emma (English), asked
    and answered in German: the channel is told in English, and ``/score`` afterwards shows each
    of them the totals so far in their own language."""
    channel, users, guild_id = bilingual_club(emulator, "en-US", LOCALES)
    bot = seat_bot(emulator, tmp_path, guild_id)
    async with running(bot, emulator):
        play = await open_table(emulator, bot, channel, users, "stupid", options="max_hand=2")
        hans = users[0]
        result = await emulator.driver.slash(hans, channel, "stop")
        confirm = (await result.response(timeout=WAIT)).message
        assert confirm is not None and confirm.content == text("stop.confirm_game", language="de")
        clicked = await emulator.driver.click(hans, confirm, confirm.buttons[0].custom_id)
        stopped = (await clicked.response(timeout=WAIT)).message
        assert stopped is not None and stopped.content == text("stop.game_stopped", language="de")
        totals = [0] * len(play.names)
        said = {
            lang: "\n".join(
                [text("stop.stopped_by", language=lang, name="hans"), *standings_lines(play.names, totals)]
            )
            for lang in ("de", "en")
        }
        assert said["de"] != said["en"]

        def posted() -> list[str] | None:  # the table is gone: wait (bounded) for its last message
            contents = [message.content for message in emulator.driver.channel_messages(channel)]
            return contents if said["en"] in contents else None

        assert said["de"] not in await emulator.driver.wait_until(posted, WAIT, "the stopped game's totals")
        for user, (_, locale) in zip(users, LOCALES, strict=True):
            reply = await slash(emulator, user, channel, "score")
            assert reply == said["de" if locale == "de" else "en"], reply
