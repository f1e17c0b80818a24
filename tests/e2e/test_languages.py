"""Who sees which language, end to end (issue 28): a German and an English player at one table
play a whole game of each game; each is shown their prompts, refusals, /hand and DMs in their own
Discord language, the channel in the server's (its Discord language, or the one
``/settings language`` chose).

Every expected text is the game's presentation or the host's catalog filled in in the expected
language (see :mod:`tests.e2e.bilingual_play`), never a sentence written here, and each check
also makes sure the other language's text differs, so that a message in the wrong language fails.
"""

from __future__ import annotations

from pathlib import Path

from bot.boot.app import StickemBot
from bot.tables.service import service_for
from host.catalog import text
from tabletop import registry
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import Channel, User
from tests.e2e.bilingual_play import (
    BilingualTable,
    Reader,
    bilingual_club,
    dms_in_own_language,
    hand_in_own_language,
)
from tests.e2e.seat_helpers import running, seat_bot, settle, slash, table_of

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
    started = await slash(emu, users[0], channel, "start", timer="off", **start)
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

    async def act(seat: int) -> None:
        if seat not in asked:
            await settle(emu, bot, play.channel)
            await hand_in_own_language(play, seat)
            asked.add(seat)
        await original(seat)

    play.act = act  # type: ignore[method-assign]
    await play.play_to_the_end()
    await settle(emu, bot, play.channel)
    assert await play.check_reports() > 0
    assert asked == {0, 1}
    assert play.prompts_checked["de"] > 0 and play.prompts_checked["en"] > 0
    assert play.refusals_checked == {"de": 1, "en": 1}
    dms_in_own_language(play)


async def test_stupid_in_a_german_server(emulator: Emulator, tmp_path: Path) -> None:
    """hans (German) and emma (English) play Stupid (rounds of 1, 2 and 1 cards) in a German
    server: the channel speaks German, each player their own language."""
    channel, users, guild_id = bilingual_club(emulator, "de", LOCALES)
    bot = seat_bot(emulator, tmp_path, guild_id)
    async with running(bot, emulator):
        play = await open_table(emulator, bot, channel, users, "stupid", options="max_hand=2")
        assert play.server == "de"
        lobby_in(emulator, play)
        await play_whole_game(emulator, bot, play)


async def test_stickem_in_an_english_server(emulator: Emulator, tmp_path: Path) -> None:
    """hans (German), emma (English) and a computer player play one round of Stick'em in an
    English server: the channel speaks English, hans still gets everything of his in German."""
    channel, users, guild_id = bilingual_club(emulator, "en-US", LOCALES)
    bot = seat_bot(emulator, tmp_path, guild_id)
    async with running(bot, emulator):
        play = await open_table(emulator, bot, channel, users, "stickem", players=3, rounds=1)
        assert play.server == "en"
        lobby_in(emulator, play)
        await play_whole_game(emulator, bot, play)


async def test_stick_game_where_settings_chose_english_for_a_german_server(
    emulator: Emulator, tmp_path: Path
) -> None:
    """The server speaks German, but its manager chose English with ``/settings language``:
    hans (German), emma (English) and a computer player play Stick Game to one stick, the
    channel in English, each player in their own language."""
    channel, users, guild_id = bilingual_club(emulator, "de", LOCALES)
    bot = seat_bot(emulator, tmp_path, guild_id)
    async with running(bot, emulator):
        reply = await slash(emulator, emulator.owner, channel, "settings language", language="en")
        assert reply.startswith(text("settings.language_set", language="en", name="English")), reply
        play = await open_table(
            emulator, bot, channel, users, "stickgame", options="sticks_to_win=1 hand_size=11", players=3
        )
        assert play.server == "en"
        lobby_in(emulator, play)
        await play_whole_game(emulator, bot, play)
        reply = await slash(emulator, emulator.owner, channel, "settings language", language="auto")
        assert service_for(bot).languages.of_server(guild_id) == "de"
        assert reply.startswith(text("settings.language_auto", language="en", name="German")), reply
