"""/history and /replay on the emulator: a game played through the bot is listed, replayed step
by step with the buttons to its final scores (those of the final standings), downloaded as JSON
that the engine reads back; the buttons work after a restart; every bad request gets a private
answer that says why. Each step carries its picture (the table with every hand), replaced as the
buttons step; a server with ``/settings images off`` gets none."""

from __future__ import annotations

import asyncio
import io
import json
import random
import re
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.boot.app import StickemBot
from bot.boot.config import Settings
from bot.replays.finding import find_replay
from bot.tables.service import service_for
from host.catalog import text
from host.replays import stored_replay
from host.storage import SeatRecord, SeatResult, Storage
from stickem import Game
from tabletop import registry
from tabletop.pictures import art_of
from tests.discord_emulator import Channel, Emulator, Guild, InteractionResult, User, run_client
from tests.discord_emulator.state import DEFAULT_MEMBER_PERMISSIONS, Attachment, Message
from tests.e2e.game_harness import MANAGE_GUILD, GameHarness
from tests.e2e.process_game import WAIT, answer
from tests.e2e.test_hand_click import HeldPicture
from tests.replay.played import play_out

INVALID = "That button is no longer valid. Use /replay or /history to open a finished game again."


def bot_for(emulator: Emulator, guild_id: int, folder: Path) -> StickemBot:
    """The real bot with its database in ``folder``."""
    return StickemBot(
        Settings(
            token=emulator.token, dev_guild_id=guild_id, data_dir=folder,
            bot_workers=0, drawing_workers=0,  # threads (see tests/e2e/seat_helpers.seat_bot)
        )
    )


def step_of(message: Message) -> tuple[int, int]:
    """(step, of steps) from a replay message's footer."""
    footer = message.embeds[0].footer
    assert footer is not None
    found = re.fullmatch(r"Step (\d+) of (\d+)", footer)
    assert found is not None, footer
    return int(found[1]), int(found[2])


def picture_of(message: Message) -> Attachment:
    """A replay message's one attachment: its step's picture, a PNG with its alt text."""
    (attachment,) = message.attachments
    assert attachment.filename == "replay.png"
    assert attachment.description
    with Image.open(io.BytesIO(attachment.data)) as image:
        assert image.format == "PNG"
        image.load()
    return attachment


def png_size(attachment: Attachment) -> tuple[int, int]:
    """The size of an attachment decoded as a PNG."""
    with Image.open(io.BytesIO(attachment.data)) as image:
        return image.size


def totals_of(message: Message) -> dict[str, int]:
    """Each seat's total, from the replay's seat fields ("ann: 12")."""
    return {
        name: int(total) for field in message.embeds[0].fields for name, total in [field.name.rsplit(": ", 1)]
    }


async def test_history_and_replay_of_a_game_played_through_the_bot(
    emulator: Emulator, tmp_path: Path
) -> None:
    guild = emulator.add_guild("Stick'em club")
    channel = emulator.add_text_channel(guild, "stickem")
    users = [emulator.add_user(name) for name in ("ann", "bob", "cyd")]
    for user in users:
        emulator.add_member(guild, user)
    ann = users[0]
    bot = bot_for(emulator, guild.id, tmp_path)
    async with run_client(emulator, bot):
        h = GameHarness(emulator, bot, channel, users, random.Random(5))
        await h.seat_everyone()
        await h.start(rounds=2)
        await h.play_game()
        standings = h.final_totals()
        assert standings and set(standings) == {"ann", "bob", "cyd"}

        # /history lists it: id, game, date, standings, and a Replay button
        history = await answer(await emulator.driver.slash(users[1], channel, "history"))
        assert history.ephemeral
        (field,) = history.embeds[0].fields
        heading = re.match(r"#(\d+) Stick'em - \d{4}-\d\d-\d\d \d\d:\d\d UTC - 2 rounds$", field.name)
        assert heading is not None, field.name
        game_id = int(heading[1])
        for name, total in standings.items():
            assert f"{name}: {total}" in field.value
        assert history.button("Previous").disabled and history.button("Next").disabled
        opened = await answer(await emulator.driver.click(users[1], history, f"Replay #{game_id}"))
        assert opened.ephemeral and step_of(opened)[0] == 1
        assert opened.embeds[0].title == f"Replay of Stick'em #{game_id}"
        picture_of(opened)  # the Replay button's new message carries the first step's picture too

        # /replay: the last game of the channel, stepped through to its end with Next
        shown = await answer(await emulator.driver.slash(ann, channel, "replay"))
        assert shown.ephemeral and shown.embeds[0].title == f"Replay of Stick'em #{game_id}"
        step, steps = step_of(shown)
        assert step == 1 and steps > 5
        assert shown.button("First").disabled and shown.button("Back").disabled
        assert (shown.embeds[0].description or "").startswith("**Round 1: ")
        assert "deals" in (shown.embeds[0].description or "")
        # its picture: the first step's table and every hand, as the game's art draws it
        storage = bot.storage
        assert isinstance(storage, Storage)
        replay = stored_replay(await storage.games.load_game(game_id))
        art = art_of(registry.game("stickem"))
        assert art is not None
        expected = art.draw("replay", replay.steps[0].views, ("ann", "bob", "cyd"))
        opening = picture_of(shown)
        assert png_size(opening) == (expected.width, expected.height)
        assert opening.data == expected.png and opening.description == expected.description
        assert opening.description.startswith("Round 1") and "cyd: Your hand" in opening.description
        round_two = await answer(await emulator.driver.click(ann, shown, "Next round"))
        assert (round_two.embeds[0].description or "").startswith("**Round 2: ")
        replaced = picture_of(round_two)  # the one attachment, replaced (not added to)
        assert replaced.id != opening.id and replaced.data != opening.data
        assert round_two.button("Next round").disabled  # the last round
        shown = await answer(await emulator.driver.click(ann, round_two, "First"))
        assert step_of(shown) == (1, steps)
        assert picture_of(shown).data == opening.data  # back to the first step's picture
        labels, pictures = [], set()
        while not shown.button("Next").disabled:
            shown = await answer(await emulator.driver.click(ann, shown, "Next"))
            labels.append((shown.embeds[0].description or "").splitlines()[0])
            pictures.add(picture_of(shown).data)
        assert step_of(shown) == (steps, steps)
        assert any("trick 1:" in label for label in labels) and any("misery" in label for label in labels)
        assert len(pictures) == steps - 1  # each step its own picture
        assert "The game is over" in (shown.embeds[0].description or "")
        assert totals_of(shown) == standings  # the last step's scores are the final standings
        back = await answer(await emulator.driver.click(ann, shown, "Back"))
        assert step_of(back) == (steps - 1, steps)
        first = await answer(await emulator.driver.click(ann, back, "First"))
        assert step_of(first) == (1, steps)
        last = await answer(await emulator.driver.click(ann, first, "Last"))
        assert step_of(last) == (steps, steps)

        # the download is the engine's JSON document
        download = await answer(await emulator.driver.click(ann, last, "Download (JSON)"))
        assert download.ephemeral
        (attachment,) = download.attachments
        assert attachment.filename == f"stickem-{game_id}.json"
        again = Game.from_json(attachment.data)
        assert dict(zip(("ann", "bob", "cyd"), again.totals, strict=True)) == standings

        # by its id as /history shows it
        by_id = await answer(await emulator.driver.slash(ann, channel, "replay", game=f"#{game_id}"))
        assert step_of(by_id) == (1, steps)

        # bad requests: each a private answer that says why
        malformed = await answer(await emulator.driver.slash(ann, channel, "replay", game="latest"))
        assert malformed.ephemeral and "is not a game id" in malformed.content
        missing = await answer(await emulator.driver.slash(ann, channel, "replay", game="987654"))
        assert missing.ephemeral and "There is no finished game #987654 on this server" in missing.content
        theirs = await storage.games.create_game(
            guild_id=guild.id + 1,
            channel_id=12345,
            game="stickem",
            seed=1,
            rules="{}",
            seats=[SeatRecord(users[0].id, "ann"), SeatRecord(users[1].id, "bob")],
        )
        results = [
            SeatResult(0, users[0].id, "ann", 1, (1,), True),
            SeatResult(1, users[1].id, "bob", 0, (0,), False),
        ]
        await storage.games.finish_game(theirs, results)
        elsewhere = await answer(await emulator.driver.slash(ann, channel, "replay", game=str(theirs)))
        assert f"There is no finished game #{theirs} on this server" in elsewhere.content
        beyond = f"stk:rp:next:{game_id}:{steps + 5}"
        forged = await answer(await emulator.driver.forge_click(ann, first, beyond))
        assert forged.ephemeral and INVALID in forged.content
        other_server = await answer(await emulator.driver.forge_click(ann, first, f"stk:rp:next:{theirs}:0"))
        assert f"There is no finished game #{theirs} on this server" in other_server.content
        nonsense = await answer(await emulator.driver.forge_click(ann, first, "stk:rp:jump:1:1"))
        assert INVALID in nonsense.content

    # after a restart the buttons still page; after the game is pruned they say so
    restarted = bot_for(emulator, guild.id, tmp_path)
    async with run_client(emulator, restarted):
        assert step_of(last) == (steps, steps)  # the one replay message, as the clicks left it
        restarted_first = await answer(await emulator.driver.click(ann, last, "First"))
        assert step_of(restarted_first) == (1, steps)
        second = await answer(await emulator.driver.click(ann, restarted_first, "Next"))
        assert step_of(second) == (2, steps)
        storage = restarted.storage
        assert isinstance(storage, Storage)
        assert await storage.games.prune_finished(timedelta(0)) == 2
        pruned = await answer(await emulator.driver.click(ann, second, "Next"))
        assert pruned.ephemeral and f"Game #{game_id} is no longer stored" in pruned.content
        assert step_of(second) == (2, steps)  # the replay's message is unchanged
        empty = await answer(await emulator.driver.slash(ann, channel, "replay"))
        assert "nothing to replay" in empty.content


async def test_history_pages_turn_also_after_a_restart(emulator: Emulator, tmp_path: Path) -> None:
    guild = emulator.add_guild("Stick'em club")
    channel = emulator.add_text_channel(guild, "stickem")
    ann, bob, cyd = emulator.add_user("ann"), emulator.add_user("bob"), emulator.add_user("cyd")
    for user in (ann, bob, cyd):
        emulator.add_member(guild, user)
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        ids = []
        for _ in range(7):  # finished games without a move: their replay is the first deal
            ids.append(
                await storage.games.create_game(
                    guild_id=guild.id,
                    channel_id=channel.id,
                    game="stickem",
                    seed=1,
                    rules="{}",
                    seats=[SeatRecord(user.id, user.name) for user in (ann, bob, cyd)],
                )
            )
            results = [
                SeatResult(seat, user.id, user.name, 3 - seat, (3 - seat,), seat == 0)
                for seat, user in enumerate((ann, bob, cyd))
            ]
            await storage.games.finish_game(ids[-1], results)
    finally:
        await storage.close()
    newest_first = ids[::-1]

    def listed(message: Message) -> list[int]:
        return [int(field.name.split(" ", 1)[0].removeprefix("#")) for field in message.embeds[0].fields]

    async with run_client(emulator, bot_for(emulator, guild.id, tmp_path)):
        first_page = await answer(await emulator.driver.slash(bob, channel, "history"))
        assert listed(first_page) == newest_first[:5]
        assert first_page.button("Previous").disabled and not first_page.button("Next").disabled
        second_page = await answer(await emulator.driver.click(bob, first_page, "Next"))
        assert listed(second_page) == newest_first[5:]
        assert second_page.button("Next").disabled

    async with run_client(emulator, bot_for(emulator, guild.id, tmp_path)):
        back = await answer(await emulator.driver.click(bob, second_page, "Previous"))
        assert listed(back) == newest_first[:5]
        shown = await answer(await emulator.driver.click(bob, back, f"Replay #{ids[3]}"))
        assert shown.ephemeral and shown.embeds, shown.content
        assert shown.embeds[0].title == f"Replay of Stick'em #{ids[3]}"
        assert step_of(shown) == (1, 1)
        assert all(shown.button(label).disabled for label in ("First", "Back", "Next", "Last", "Next round"))
        forged = await answer(await emulator.driver.forge_click(bob, back, "stk:hist:" + "9" * 30))
        assert forged.ephemeral and forged.content == INVALID
        assert listed(back) == newest_first[:5]  # the page is unchanged


async def test_a_german_reader_gets_history_and_replay_in_german(emulator: Emulator, tmp_path: Path) -> None:
    """hans's Discord runs in German: /history, its page and Replay buttons, the replay's steps
    and buttons, and the refusals are German (emma, in the same channel, reads English)."""
    guild = emulator.add_guild("Spieleabend", locale="de")
    channel = emulator.add_text_channel(guild, "sticheln")
    hans, emma = emulator.add_user("hans", locale="de"), emulator.add_user("emma", locale="en-GB")
    for user in (hans, emma):
        emulator.add_member(guild, user)
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        ids = []
        for _ in range(6):  # one more than a page: a Next button to click
            ids.append(
                await storage.games.create_game(
                    guild_id=guild.id,
                    channel_id=channel.id,
                    game="stickgame",
                    seed=1,
                    rules="{}",
                    seats=[SeatRecord(user.id, user.name) for user in (hans, emma)],
                )
            )
            results = [
                SeatResult(seat, user.id, user.name, 2 - seat, (2 - seat,), seat == 0)
                for seat, user in enumerate((hans, emma))
            ]
            await storage.games.finish_game(ids[-1], results)
    finally:
        await storage.close()
    title = registry.game("stickgame").title

    def de(key: str, **fields: object) -> str:
        german = text(key, language="de", **fields)
        assert german != text(key, **fields), key  # so that English would fail
        return german

    async with run_client(emulator, bot_for(emulator, guild.id, tmp_path)):
        page = await answer(await emulator.driver.slash(hans, channel, "history"))
        assert page.embeds[0].title == de("history.title")
        assert page.button(de("history.previous")).disabled
        second = await answer(await emulator.driver.click(hans, page, de("history.next")))
        assert second.embeds[0].title == de("history.title") and len(second.embeds[0].fields) == 1
        shown = await answer(await emulator.driver.click(hans, second, de("history.replay", id=ids[0])))
        assert shown.embeds[0].title == text("replay.title", language="de", game=title, id=ids[0])
        assert shown.embeds[0].title != text("replay.title", game=title, id=ids[0])
        assert shown.embeds[0].footer == text("replay.footer", language="de", step=1, steps=1)
        for key in ("first", "back", "last", "next_round", "download"):
            assert shown.button(de(f"replay.button.{key}")) is not None
        forged = await answer(await emulator.driver.forge_click(hans, page, "stk:hist:" + "9" * 30))
        assert forged.content == de("replay.invalid_button")
        refused = await answer(await emulator.driver.slash(hans, channel, "replay", game="zwölf"))
        assert refused.content == text("replay.malformed_id", language="de", given="zwölf")
        english = await answer(await emulator.driver.slash(emma, channel, "replay", game=str(ids[0])))
        assert english.embeds[0].title == text("replay.title", game=title, id=ids[0])


@dataclass(frozen=True)
class StoredGame:
    """A finished Stick'em game stored for a server of the emulator: its channel, its players
    (ann may manage the server) and its id."""

    guild: Guild
    channel: Channel
    ann: User
    bob: User
    cyd: User
    game_id: int


async def stored_game(emulator: Emulator, tmp_path: Path) -> StoredGame:
    """A one-round Stick'em game played out and stored in the database in ``tmp_path``."""
    guild = emulator.add_guild("Text club")
    channel = emulator.add_text_channel(guild, "stickem")
    ann, bob, cyd = emulator.add_user("ann"), emulator.add_user("bob"), emulator.add_user("cyd")
    emulator.add_member(guild, ann, permissions=DEFAULT_MEMBER_PERMISSIONS | MANAGE_GUILD)
    for user in (bob, cyd):
        emulator.add_member(guild, user)
    spec = registry.game("stickem")
    options = spec.resolve_options({"rounds": 1})
    match, _ = play_out(spec, 3, options, 17, "random")
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        game_id = await storage.games.create_game(
            guild_id=guild.id,
            channel_id=channel.id,
            game="stickem",
            seed=match.seed,
            rules=json.dumps(dict(match.options)),
            seats=[SeatRecord(user.id, user.name) for user in (ann, bob, cyd)],
        )
        for seq, (seat, action) in enumerate(match.log):
            await storage.games.append_action(game_id, seq, seat, action)
        results = match.results()
        await storage.games.finish_game(
            game_id,
            [
                SeatResult(seat, user.id, user.name, results.totals[seat], (), seat in results.winners)
                for seat, user in enumerate((ann, bob, cyd))
            ],
        )
    finally:
        await storage.close()
    return StoredGame(guild, channel, ann, bob, cyd, game_id)


async def test_a_replay_shows_no_picture_once_images_are_off(emulator: Emulator, tmp_path: Path) -> None:
    """With ``/settings images off`` a replay is text only: a new one has no attachment, and a
    step of one shown before loses its picture."""
    stored = await stored_game(emulator, tmp_path)
    channel, ann, bob, game_id = stored.channel, stored.ann, stored.bob, stored.game_id
    async with run_client(emulator, bot_for(emulator, stored.guild.id, tmp_path)):
        pictured = await answer(await emulator.driver.slash(bob, channel, "replay"))
        first = picture_of(pictured)
        second = await answer(await emulator.driver.click(bob, pictured, "Next"))
        assert step_of(second) == (2, step_of(second)[1]) and picture_of(second).data != first.data
        off = await answer(await emulator.driver.slash(ann, channel, "settings images", state="off"))
        assert "text only" in off.content
        plain = await answer(await emulator.driver.slash(bob, channel, "replay"))
        assert step_of(plain)[0] == 1 and plain.embeds and not plain.attachments
        stepped = await answer(await emulator.driver.click(bob, plain, "Next"))
        assert step_of(stepped)[0] == 2 and not stepped.attachments
        earlier = await answer(await emulator.driver.click(bob, second, "Next"))  # shown with one
        assert step_of(earlier)[0] == 3 and not earlier.attachments
        history = await answer(await emulator.driver.slash(bob, channel, "history"))
        opened = await answer(await emulator.driver.click(bob, history, f"Replay #{game_id}"))
        assert step_of(opened)[0] == 1 and not opened.attachments


async def test_a_replay_whose_pictures_are_slow_is_answered_in_time(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each step's picture takes longer than Discord's 3 seconds: /replay, a step's Next and
    /history's Replay are each deferred in time (the step edited in place for Next, a new private
    message otherwise), then show their step with its picture."""
    stored = await stored_game(emulator, tmp_path)
    channel, bob = stored.channel, stored.bob
    async with run_client(emulator, bot_for(emulator, stored.guild.id, tmp_path)) as bot:
        painter = service_for(bot).painter

        async def slowly(asked: InteractionResult, deferral: str, step: int) -> Message:
            """The answer to ``asked``, deferred as ``deferral`` in time, showing ``step``."""
            response = await asked.response(timeout=WAIT)  # Discord refuses an answer after 3 s
            assert response.deferred and response.type_name == deferral
            return await asked.wait_original(lambda m: bool(m.embeds) and step_of(m)[0] == step, WAIT)

        held = "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE"
        monkeypatch.setattr(painter, "picture", HeldPicture(painter, delay=3.5))
        first = await slowly(await emulator.driver.slash(bob, channel, "replay"), held, 1)
        assert first.ephemeral
        first_picture = picture_of(first).data
        monkeypatch.setattr(painter, "picture", HeldPicture(painter, delay=3.5))
        second = await slowly(await emulator.driver.click(bob, first, "Next"), "DEFERRED_UPDATE_MESSAGE", 2)
        assert second.id == first.id and picture_of(second).data != first_picture
        history = await answer(await emulator.driver.slash(bob, channel, "history"))
        monkeypatch.setattr(painter, "picture", HeldPicture(painter, delay=3.5))
        opened = await slowly(await emulator.driver.click(bob, history, f"Replay #{stored.game_id}"), held, 1)
        assert opened.ephemeral and picture_of(opened)


async def test_a_replay_read_slowly_and_drawn_slowly_is_still_answered_in_time(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long game's replay takes a while to read and replay (a second or more on a busy bot), and
    then its picture is slow too: the bound counts from the click, not from the drawing, so /replay
    and Next are still deferred within Discord's 3 seconds."""
    stored = await stored_game(emulator, tmp_path)
    channel, bob = stored.channel, stored.bob
    async def slow_find(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(2.0)
        return await find_replay(*args, **kwargs)

    # The bot loads its cogs afresh when it starts: they take the slow reading from here.
    monkeypatch.setattr("bot.replays.finding.find_replay", slow_find)
    async with run_client(emulator, bot_for(emulator, stored.guild.id, tmp_path)) as bot:
        painter = service_for(bot).painter
        monkeypatch.setattr(painter, "picture", HeldPicture(painter, delay=2.5))
        asked = await emulator.driver.slash(bob, channel, "replay")
        response = await asked.response(timeout=WAIT)  # Discord refuses an answer after 3 s
        assert response.deferred and response.type_name == "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE"
        first = await asked.wait_original(lambda m: bool(m.embeds) and step_of(m)[0] == 1, WAIT)
        monkeypatch.setattr(painter, "picture", HeldPicture(painter, delay=2.5))
        clicked = await emulator.driver.click(bob, first, "Next")
        response = await clicked.response(timeout=WAIT)
        assert response.deferred and response.type_name == "DEFERRED_UPDATE_MESSAGE"
        second = await clicked.wait_original(lambda m: bool(m.embeds) and step_of(m)[0] == 2, WAIT)
        assert second.id == first.id and picture_of(second)
