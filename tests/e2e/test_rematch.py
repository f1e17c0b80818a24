"""The Rematch button of the final standings on the emulator, in each game: a game played to its
end (the turn timer plays for the people, who are soon marked away: quick, and no prompt to
drive), Rematch, the new lobby with the same seats and options, the game started and played;
and every click the rematch refuses, privately, changing nothing: by someone who did not play,
twice, too late (also after a restart), in a busy channel, with a forged id."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.boot.app import StickemBot
from bot.ids import RematchId
from bot.tables.service import service_for
from host.catalog import text
from host.tables import TableState
from tabletop import registry
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import Channel, Message, User
from tests.e2e.bilingual_play import bilingual_club
from tests.e2e.seat_helpers import Club, make_club, running, seat_bot, settle, slash, table_of, text_only

SCALE = 0.005
"""The turn timer's scale: "30 s" lasts 0.15 s."""
WAIT = 90.0


def offers(emu: Emulator, channel: Channel) -> list[Message]:
    """The channel's messages that carry a Rematch button, oldest first."""
    return [m for m in emu.driver.channel_messages(channel) if any(b.label == "Rematch" for b in m.buttons)]


async def play_to_the_end(emu: Emulator, channel: Channel, games: int = 1) -> Message:
    """Wait (bounded) for the final standings of the ``games``-th game of the channel."""
    await emu.driver.wait_until(
        lambda: len(offers(emu, channel)) >= games or None, timeout=WAIT, what="the standings"
    )
    return offers(emu, channel)[games - 1]


async def click(
    emu: Emulator, user: User, message: Message, custom_id: str | None = None, label: str = "Rematch"
) -> str:
    """Click Rematch (the button ``label``; or forge a click with ``custom_id``) and return the
    private answer."""
    if custom_id is None:
        result = await emu.driver.click(user, message, label)
    else:
        result = await emu.driver.forge_click(user, message, custom_id)
    response = await result.response()
    if response.deferred:  # the table was busy: the answer fills the private "thinking" message
        original = await result.wait_original(timeout=10)
        assert original.ephemeral
        return original.content
    assert response.ephemeral, response.content
    return response.content


async def open_game(emu: Emulator, club: Club, game: str, options: str) -> None:
    """ann and bob at a table of ``game`` with a hard computer player between them, started
    with ``options`` and a 30 s turn timer."""
    ann, bob = club.users[:2]
    await slash(emu, ann, club.channel, "join", game=game)
    await slash(emu, ann, club.channel, "addbot", level="hard")
    await slash(emu, bob, club.channel, "join")
    assert "started" in await slash(emu, ann, club.channel, "start", options=options, timer="30s")


async def lobby_message(emu: Emulator, channel: Channel) -> Message:
    """The channel's latest lobby message (the one with a Join button), once it is shown."""

    def shown() -> Message | None:
        messages = reversed(emu.driver.channel_messages(channel))
        return next((m for m in messages if any(b.label == "Join" for b in m.buttons)), None)

    return await emu.driver.wait_until(shown, timeout=10, what="the lobby message")


async def test_stickem_rematch_with_the_same_seats_and_options(emulator: Emulator, tmp_path: Path) -> None:
    club = make_club(emulator, 3)
    ann, bob, cyd = club.users
    bot = seat_bot(emulator, tmp_path, club.guild_id, scale=SCALE)
    async with running(bot, emulator):
        text_only(bot, club.guild_id)  # nothing here looks at a picture
        await open_game(emulator, club, "stickem", "preset=amigo rounds=1")
        first = table_of(bot, club.channel)
        options = dict(first.running_match().options)
        standings = await play_to_the_end(emulator, club.channel)
        await settle(emulator, bot, club.channel)
        registry = service_for(bot).registry

        # someone who did not play: refused, nothing opens
        assert "Only the people who played" in await click(emulator, cyd, standings)
        assert registry.get(club.channel.id) is None

        # bob asks first: the lobby opens with him (its host, the first seat) and the computer
        # player, round the table as the game sat (ann, Ada, bob)
        assert "Rematch!" in await click(emulator, bob, standings)
        lobby = table_of(bot, club.channel)
        assert lobby is not first and lobby.rematch_of == first.storage_id
        assert [(s.shown_in(), s.level) for s in lobby.seats] == [("bob", None), ("Bot Ada (hard)", "hard")]
        assert lobby.host_id == bob.id and lobby.lobby.resolve() == options
        shown = await lobby_message(emulator, club.channel)
        assert "Rematch of the last game" in shown.content and "bob (host)" in shown.content

        # a double click: the lobby is open already; nothing changes
        assert "already open" in await click(emulator, bob, standings)
        assert len(lobby.seats) == 2

        # ann joins by clicking Rematch too, at her place (before Ada, after bob, as in the
        # game: not after the computer player); cyd may still join with Join, as in any lobby
        assert "You joined the rematch" in await click(emulator, ann, standings)
        assert lobby.names == ("bob", "ann", "Bot Ada (hard)")
        await settle(emulator, bot, club.channel)
        shown = await lobby_message(emulator, club.channel)
        assert shown.content.index("bob (host)") < shown.content.index("ann") < shown.content.index("Bot Ada")

        # ann cannot start it (bob is the host); bob starts as usual, with nothing to repeat
        assert "host" in await slash(emulator, ann, club.channel, "start")
        assert "started" in await slash(emulator, bob, club.channel, "start")
        assert dict(lobby.running_match().options) == options
        assert lobby.clock.timer_seconds == 30 * SCALE
        # the old button, while the rematch runs: it says so, and the game goes on untouched
        assert "already started" in await click(emulator, ann, standings)
        assert table_of(bot, club.channel) is lobby and lobby.state is TableState.PLAYING
        # it is played to its end, and its standings offer a rematch in turn
        second = await play_to_the_end(emulator, club.channel, games=2)
        replayed = lobby.storage_id
        await settle(emulator, bot, club.channel)
        assert "Rematch!" in await click(emulator, ann, second)
        assert table_of(bot, club.channel).rematch_of == replayed != first.storage_id


async def test_refusals_in_a_busy_channel_too_late_and_forged(emulator: Emulator, tmp_path: Path) -> None:
    club = make_club(emulator, 3)
    ann, bob, cyd = club.users
    bot = seat_bot(emulator, tmp_path, club.guild_id, scale=SCALE)
    async with running(bot, emulator):
        text_only(bot, club.guild_id)  # nothing here looks at a picture
        await open_game(emulator, club, "stickgame", "sticks_to_win=1 hand_size=11")
        game_id = table_of(bot, club.channel).storage_id
        assert game_id is not None
        standings = await play_to_the_end(emulator, club.channel)
        await settle(emulator, bot, club.channel)
        registry = service_for(bot).registry

        # the channel has another lobby: no rematch until it is gone
        await slash(emulator, cyd, club.channel, "join", game="stupid")
        assert "already has an open lobby" in await click(emulator, ann, standings)
        lobby = table_of(bot, club.channel)
        assert [s.user_id for s in lobby.seats] == [cyd.id] and lobby.rematch_of is None
        await slash(emulator, cyd, club.channel, "leave")
        assert registry.get(club.channel.id) is None

        # forged ids: unreadable, too long, of another channel, of no game: nothing opens
        channel = club.channel.id
        for forged, answer in (
            (f"stk:rematch:{channel}:x1", "no longer valid"),
            (f"stk:rematch:{channel}:" + "9" * 40, "no longer valid"),
            (RematchId(channel + 1, game_id).encode(), "not valid here"),
            (RematchId(channel, game_id + 1000).encode(), "expired"),
        ):
            assert answer in await click(emulator, ann, standings, forged), forged
            assert registry.get(club.channel.id) is None

        # the offer runs out: the standings say so and lose the button
        service_for(bot).rematches.window = timedelta(0)
        assert "has expired" in await click(emulator, ann, standings)
        await emulator.driver.wait_until(lambda: not standings.buttons or None, timeout=10, what="the edit")
        assert standings.content.endswith("The rematch offer has expired.")
        assert registry.get(club.channel.id) is None
        # a click sent by a client that still shows the button: the same private answer
        late = RematchId(channel, game_id).encode()
        assert "has expired" in await click(emulator, bob, standings, late)
        assert registry.get(club.channel.id) is None


async def test_a_rematch_survives_a_restart(emulator: Emulator, tmp_path: Path) -> None:
    """The button of standings posted before a restart opens the rematch after it (from the
    stored game), and the rematch lobby, restored, still knows what it is."""
    club = make_club(emulator, 2)
    ann, bob = club.users

    def new_bot() -> StickemBot:
        return seat_bot(emulator, tmp_path, club.guild_id, scale=SCALE)

    async with running(new_bot(), emulator) as bot:
        await open_game(emulator, club, "stupid", "max_hand=4")
        options = dict(table_of(bot, club.channel).running_match().options)
        standings = await play_to_the_end(emulator, club.channel)
        await settle(emulator, bot, club.channel)
    async with running(new_bot(), emulator) as bot:
        assert service_for(bot).rematches.offers == {}
        assert "Rematch!" in await click(emulator, ann, standings)
        lobby = table_of(bot, club.channel)
        assert [(s.shown_in(), s.level) for s in lobby.seats] == [("ann", None), ("Bot Ada (hard)", "hard")]
        assert lobby.lobby.resolve() == options and lobby.lobby_timer == "30s"
    async with running(new_bot(), emulator) as bot:
        assert "already open" in await click(emulator, ann, standings)
        assert "You joined the rematch" in await click(emulator, bob, standings)
        lobby = table_of(bot, club.channel)
        assert lobby.names == ("ann", "Bot Ada (hard)", "bob")
        # after the window, an offer read from storage has expired as well
        service_for(bot).rematches.window = timedelta(0)
        await slash(emulator, ann, club.channel, "leave")
        await slash(emulator, bob, club.channel, "leave")
        assert "has expired" in await click(emulator, ann, standings)
        await emulator.driver.wait_until(lambda: not standings.buttons or None, timeout=10, what="the edit")


async def test_the_standings_say_when_the_offer_has_expired(emulator: Emulator, tmp_path: Path) -> None:
    """Nobody clicks: at the end of the window the standings are edited to say so, without
    their button."""
    club = make_club(emulator, 2)
    bot = seat_bot(emulator, tmp_path, club.guild_id, scale=SCALE)
    async with running(bot, emulator):
        text_only(bot, club.guild_id)  # nothing here looks at a picture
        service_for(bot).rematches.window = timedelta(seconds=2)
        await open_game(emulator, club, "stickem", "rounds=1")
        standings = await play_to_the_end(emulator, club.channel)
        await emulator.driver.wait_until(lambda: not standings.buttons or None, timeout=10, what="the edit")
        assert standings.content.endswith("The rematch offer has expired.")
        assert service_for(bot).rematches.offers == {}
        assert service_for(bot).registry.get(club.channel.id) is None


async def test_a_german_server_offers_its_rematch_in_german(emulator: Emulator, tmp_path: Path) -> None:
    """In a German server the standings' Rematch button is German (the channel's language), and
    each click is answered in the clicker's own: German for hans, English for emma."""
    channel, (hans, emma), guild_id = bilingual_club(emulator, "de", [("hans", "de"), ("emma", "en-GB")])
    bot = seat_bot(emulator, tmp_path, guild_id, scale=SCALE)
    label = text("rematch.button", language="de")
    assert label != text("rematch.button")
    async with running(bot, emulator):
        text_only(bot, guild_id)  # nothing here looks at a picture
        await slash(emulator, hans, channel, "join", game="stickem")
        await slash(emulator, hans, channel, "addbot", level="hard")
        await slash(emulator, emma, channel, "join")
        await slash(emulator, hans, channel, "start", options="rounds=1", timer="30s")

        def german_offer() -> Message | None:
            messages = emulator.driver.channel_messages(channel)
            return next((m for m in messages if any(b.label == label for b in m.buttons)), None)

        standings = await emulator.driver.wait_until(german_offer, timeout=WAIT, what="the standings")
        assert not offers(emulator, channel)  # no English button anywhere
        await settle(emulator, bot, channel)
        title = registry.game("stickem").title
        opened = await click(emulator, hans, standings, label=label)
        assert opened == text("rematch.opened", language="de", title=title)
        joined = await click(emulator, emma, standings, label=label)
        assert joined == text("rematch.joined", language="en", title=title)
        refused = await click(emulator, hans, standings, label=label)
        assert refused == text("rematch.already_open", language="de")


async def test_a_german_servers_standings_say_in_german_that_the_offer_expired(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Nobody clicks in a German server: the standings' note at the end of the window is German."""
    channel, (hans,), guild_id = bilingual_club(emulator, "de", [("hans", "de")])
    bot = seat_bot(emulator, tmp_path, guild_id, scale=SCALE)
    note = text("rematch.expired_note", language="de")
    assert note != text("rematch.expired_note")
    async with running(bot, emulator):
        text_only(bot, guild_id)  # nothing here looks at a picture
        service_for(bot).rematches.window = timedelta(seconds=2)
        await slash(emulator, hans, channel, "join", game="stickem")
        await slash(emulator, hans, channel, "start", players=3, bot_level="normal", timer="30s", rounds=1)

        def expired() -> Message | None:
            return next(
                (m for m in emulator.driver.channel_messages(channel) if m.content.endswith(note)), None
            )

        standings = await emulator.driver.wait_until(expired, timeout=WAIT, what="the expiry note")
        assert not standings.buttons
