"""Pictures on the emulated Discord, for each game: the hand comes with the DM prompt, the table
with the table message (its attachment replaced, never added to, as the message is edited), the
chart of the totals with the final standings and /score; each decodes as a PNG of the size the
game's art draws. With ``/settings images off`` no message carries any attachment.

Short games: one person and two computer seats. The person's first prompt is looked at, then
they let their turn timer run out (a short one) until they are marked away and the computer plays
their seat to the end."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

from bot.boot.app import StickemBot
from bot.tables.languages import language_of
from bot.tables.service import service_for
from bot.tables.table_messages import drawn_name
from host.tables import Table
from tabletop.pictures import PictureKind, art_of
from tests.discord_emulator import Emulator
from tests.discord_emulator.errors import EmulatorUsageError
from tests.discord_emulator.state import DEFAULT_MEMBER_PERMISSIONS, Attachment, Channel, Message, User
from tests.e2e.game_harness import MANAGE_GUILD
from tests.e2e.seat_helpers import running, seat_bot, settle, slash, table_of

WAIT = 30.0
TIMER_SCALE = 0.04
"""The 30 s turn timer runs out after 1.2 s."""


@dataclass(frozen=True)
class Short:
    """How to start a short game of one of the games."""

    game: str
    start: dict[str, object]
    over: str
    """A word of the final standings' message."""


GAMES = [
    Short("stickem", {"rounds": 1}, "Game over"),
    Short("stupid", {"options": "max_hand=2"}, "Game over"),
    Short("stickgame", {"options": "sticks_to_win=1 hand_size=11"}, "Game over"),
]


def _png(attachment: Attachment) -> tuple[int, int]:
    """The attachment decoded as a PNG: its size (fails if it is not a PNG)."""
    with Image.open(io.BytesIO(attachment.data)) as image:
        assert image.format == "PNG"
        image.load()
        return image.size


def _expected(table: Table, kind: PictureKind, view: object) -> tuple[int, int]:
    art = art_of(table.spec)
    assert art is not None
    picture = art.draw(kind, view, table.names)
    return picture.width, picture.height


def _pictured(messages: list[Message], name: str) -> list[Message]:
    return [m for m in messages if any(a.filename == name for a in m.attachments)]


@dataclass
class Played:
    """What a short game showed."""

    table: Table
    table_message_id: int | None
    """The table message's id, as the bot's message book kept it at the end."""
    first_prompt: tuple[str, tuple[int, int], str] | None
    """The first DM prompt's attachment as it arrived: file name, PNG size, description."""
    prompt_size: tuple[int, int]
    """The size the art draws for the person's hand at that moment."""
    table_first: Attachment | None
    score_during: Message | None
    channel: list[Message]
    dms: list[Message]
    score: Message | None


async def _play(
    emulator: Emulator, tmp_path: Path, short: Short, *, images: bool, then: str | None = None
) -> Played:
    """Play ``short`` at a server that shows pictures (``images``) or not; ``then``: the
    server's image setting (``"on"``, ``"off"``) set after the game, before its last /score."""
    guild = emulator.add_guild("Pictures club")
    channel: Channel = emulator.add_text_channel(guild, "cards")
    ann: User = emulator.add_user("ann")
    emulator.add_member(guild, ann, permissions=DEFAULT_MEMBER_PERMISSIONS | MANAGE_GUILD)
    bot: StickemBot = seat_bot(emulator, tmp_path, guild.id, scale=TIMER_SCALE, drawers=1)
    async with running(bot, emulator):
        # what the pictures show, not how long a message waits for one (that bound's own tests:
        # test_late_pictures.py): on a machine loaded by other tests the drawing worker, below
        # the bot's priority, can be starved for longer than the bound
        service_for(bot).painter.wait = WAIT
        if not images:
            assert "text only" in await slash(emulator, ann, channel, "settings images", state="off")
        await slash(emulator, ann, channel, "join", game=short.game)
        started = await slash(
            emulator, ann, channel, "start", players=3, bot_level="normal", timer="30s", **short.start
        )
        assert "started" in started, started
        table = table_of(bot, channel)

        def first_prompt() -> Message | None:
            return next((m for m in emulator.driver.dm_messages(ann) if m.components), None)

        prompt = await emulator.driver.wait_until(first_prompt, timeout=WAIT, what="the first DM prompt")
        arrived = None
        if prompt.attachments:
            (attachment,) = prompt.attachments
            arrived = (attachment.filename, _png(attachment), attachment.description or "")
        match = table.match
        assert match is not None
        prompt_size = _expected(table, "hand", match.view(0))
        shown = service_for(bot).book.of(table).table_id
        table_message = next(m for m in emulator.driver.channel_messages(channel) if m.id == shown)
        table_first = table_message.attachments[0] if table_message.attachments else None
        during = await emulator.driver.slash(ann, channel, "score")  # round 1: the table, no chart yet
        score_during = (await during.response()).message

        def over() -> bool | None:
            return any(short.over in m.text for m in emulator.driver.channel_messages(channel)) or None

        await emulator.driver.wait_until(over, timeout=WAIT, what="the final standings")
        await settle(emulator, bot, channel)
        if then is not None:
            await slash(emulator, ann, channel, "settings images", state=then)
        result = await emulator.driver.slash(ann, channel, "score")
        score = (await result.response()).message
        return Played(
            table,
            service_for(bot).book.of(table).table_id,
            arrived,
            prompt_size,
            table_first,
            score_during,
            emulator.driver.channel_messages(channel),
            emulator.driver.dm_messages(ann),
            score,
        )


@pytest.mark.parametrize("short", GAMES, ids=[short.game for short in GAMES])
async def test_the_hand_the_table_and_the_chart_come_as_pictures(
    emulator: Emulator, tmp_path: Path, short: Short
) -> None:
    played = await _play(emulator, tmp_path, short, images=True)
    table = played.table
    view = table.last_view()

    # the DM prompt came with the hand, described in words; once its time ran out, it shrank to
    # its line and its picture went with the buttons
    assert played.first_prompt is not None, "the DM prompt had no picture"
    name, size, description = played.first_prompt
    assert (name, size) == ("hand.png", played.prompt_size)
    assert description.startswith("Your hand")
    assert all(not m.attachments for m in played.dms if not m.components)

    # every table message carries one picture of the table, replaced at each edit
    tables = _pictured(played.channel, "table.png")
    assert tables and played.table_message_id in {m.id for m in tables}
    for message in tables:
        assert [a.filename for a in message.attachments] == ["table.png"]
        assert all(revision.attachment_names == ("table.png",) for revision in message.history)
    last = next(m for m in tables if m.id == played.table_message_id)
    assert last.history, "the table message was never edited"
    assert played.table_first is not None and played.table_first.id != last.attachments[0].id
    assert played.table_first.data != last.attachments[0].data
    assert _png(last.attachments[0]) == _expected(table, "table", view)
    assert last.attachments[0].description

    # the final standings carry the chart, and so does /score after the game
    (standings,) = _pictured(played.channel, "scores.png")
    assert short.over in standings.text
    (chart,) = standings.attachments
    assert _png(chart) == _expected(table, "chart", view)
    assert chart.description and "Final standings" in chart.description
    assert played.score is not None
    assert [a.filename for a in played.score.attachments] == ["scores.png"]
    assert played.score.attachments[0].data == chart.data
    assert played.score_during is not None
    assert [a.filename for a in played.score_during.attachments] == ["table.png"]


@pytest.mark.parametrize("short", GAMES, ids=[short.game for short in GAMES])
async def test_a_server_that_turned_pictures_off_sees_text_only(
    emulator: Emulator, tmp_path: Path, short: Short
) -> None:
    played = await _play(emulator, tmp_path, short, images=False)
    assert played.first_prompt is None and played.table_first is None
    shown = played.channel + played.dms
    assert any(short.over in m.text for m in played.channel)
    assert all(not m.attachments for m in shown)
    assert all(not revision.attachment_names for m in shown for revision in m.history)
    assert played.score is not None and not played.score.attachments
    assert played.score_during is not None and not played.score_during.attachments


async def test_score_after_the_game_draws_the_chart_once_pictures_are_turned_on(
    emulator: Emulator, tmp_path: Path
) -> None:
    """The final standings' chart follows the setting when /score shows it, not the one at the
    game's end: a game finished as text only shows its chart once pictures are turned on."""
    short = GAMES[0]
    played = await _play(emulator, tmp_path, short, images=False, then="on")
    assert all(not m.attachments for m in played.channel)  # the standings were posted as text
    assert played.score is not None and short.over in played.score.text
    assert [a.filename for a in played.score.attachments] == ["scores.png"]
    (chart,) = played.score.attachments
    assert _png(chart) == _expected(played.table, "chart", played.table.last_view())
    assert chart.description and "Final standings" in chart.description


async def test_score_after_the_game_draws_no_chart_once_pictures_are_turned_off(
    emulator: Emulator, tmp_path: Path
) -> None:
    """The reverse: a game finished with pictures on, then ``/settings images off``: /score
    shows the final standings as text only."""
    short = GAMES[0]
    played = await _play(emulator, tmp_path, short, images=True, then="off")
    assert _pictured(played.channel, "scores.png")  # the standings were posted with their chart
    assert played.score is not None and short.over in played.score.text
    assert not played.score.attachments


async def test_the_choice_is_a_managers_and_outlives_a_restart(emulator: Emulator, tmp_path: Path) -> None:
    guild = emulator.add_guild("Settings club")
    channel = emulator.add_text_channel(guild, "cards")
    mod, ann = emulator.add_user("mod"), emulator.add_user("ann")
    emulator.add_member(guild, mod, permissions=DEFAULT_MEMBER_PERMISSIONS | MANAGE_GUILD)
    emulator.add_member(guild, ann, permissions=DEFAULT_MEMBER_PERMISSIONS)
    async with running(seat_bot(emulator, tmp_path, guild.id, drawers=1), emulator) as bot:
        with pytest.raises(EmulatorUsageError, match="would not offer"):
            await emulator.driver.slash(ann, channel, "settings images", state="off")  # not a manager
        assert service_for(bot).images.enabled(guild.id)  # the default: on
        reply = await slash(emulator, mod, channel, "settings images", state="off")
        assert reply == "The game tables of this server are now text only, without pictures."
    async with running(seat_bot(emulator, tmp_path, guild.id, drawers=1), emulator) as restarted:
        assert not service_for(restarted).images.enabled(guild.id)
        reply = await slash(emulator, mod, channel, "settings images", state="on")
        assert reply.startswith("The game tables of this server now show their cards")
    async with running(seat_bot(emulator, tmp_path, guild.id, drawers=1), emulator) as again:
        assert service_for(again).images.enabled(guild.id)


@pytest.mark.parametrize(("server", "person"), [("en-US", "de"), ("de", "en-GB")])
async def test_a_pictures_words_are_in_the_language_of_its_message(
    emulator: Emulator, tmp_path: Path, server: str, person: str
) -> None:
    """The hand of a DM prompt speaks its reader's language, the chart under the final standings
    the server's: each exactly the game's art in that language, and not in the other."""
    guild = emulator.add_guild("Pictures club", locale=server)
    channel = emulator.add_text_channel(guild, "cards")
    ann = emulator.add_user("ann", locale=person)
    emulator.add_member(guild, ann, permissions=DEFAULT_MEMBER_PERMISSIONS)
    reader, channel_language = language_of(person), language_of(server)
    assert reader != channel_language
    bot: StickemBot = seat_bot(emulator, tmp_path, guild.id, scale=TIMER_SCALE, drawers=1)
    async with running(bot, emulator):
        service_for(bot).painter.wait = WAIT  # the pictures' words, not their bound (see _play)
        await slash(emulator, ann, channel, "join", game="stupid")
        await slash(
            emulator, ann, channel, "start", players=3, bot_level="normal", timer="30s", options="max_hand=2"
        )
        table = table_of(bot, channel)
        art = art_of(table.spec)
        assert art is not None

        def first_prompt() -> Message | None:
            # Her bid prompt: a DM with its picture and its buttons (when a computer seat bids
            # first, her new hand comes before it, pictured without buttons and "not your turn").
            dms = emulator.driver.dm_messages(ann)
            return next((m for m in dms if m.attachments and m.components), None)

        prompt = await emulator.driver.wait_until(first_prompt, timeout=WAIT, what="the first DM prompt")
        hand = table.running_match().view(0)  # her turn: her hand is as the prompt drew it
        (attachment,) = prompt.attachments
        assert attachment.description == art.draw("hand", hand, (), reader).description
        assert attachment.description != art.draw("hand", hand, (), channel_language).description

        def standings() -> list[Message] | None:
            return _pictured(emulator.driver.channel_messages(channel), "scores.png") or None

        (final,) = await emulator.driver.wait_until(standings, timeout=WAIT, what="the final standings")
        await settle(emulator, bot, channel)
        names = tuple(map(drawn_name, table.names))
        (chart,) = final.attachments
        assert chart.description == art.draw("chart", table.last_view(), names, channel_language).description
        assert chart.description != art.draw("chart", table.last_view(), names, reader).description
