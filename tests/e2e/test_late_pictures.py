"""A starved painter on the emulated Discord (issue 23): a Stick'em person's DM prompt and the
table message wait for their pictures at most the painter's bound, then come as text while the
computer seats play on; once the pictures are drawn they are edited into the same messages. With
a painter that keeps up, the prompt comes with its hand as before.

The painter is starved by hand: Stick'em's hand and table pictures wait at a gate the test opens
(drawn in the bot's own drawing thread, where the test's stand-in is seen)."""

from __future__ import annotations

import asyncio
import io
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest
from PIL import Image

import stickem.art
from bot.tables.pictures import PICTURE_WAIT
from bot.tables.service import service_for
from tabletop.catalog import DEFAULT_LANGUAGE
from tabletop.pictures import Picture
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import Channel, Message, User
from tests.e2e.game_harness import card_buttons
from tests.e2e.seat_helpers import live_prompt, running, seat_bot, settle, slash, table_of

WAIT = 30.0
BOUND = 0.3
"""The painter's bound in the starved test (seconds)."""
ARRIVES = 10.0
"""Seconds the starved test waits for a message that should come after the bound (without the
bound it would never come while the gate is closed)."""


def _gated(monkeypatch: pytest.MonkeyPatch, gate: threading.Event) -> None:
    """Stick'em's hand and table pictures wait at ``gate`` (bounded), drawn in the bot's
    process."""
    hand, table = stickem.art.hand_picture, stickem.art.table_picture

    def gated_hand(view: object, language: str = DEFAULT_LANGUAGE) -> Picture:
        assert gate.wait(WAIT), "the test never opened the gate"
        return hand(view, language)  # type: ignore[arg-type]

    def gated_table(view: object, names: Sequence[str], language: str = DEFAULT_LANGUAGE) -> Picture:
        assert gate.wait(WAIT), "the test never opened the gate"
        return table(view, names, language)  # type: ignore[arg-type]

    monkeypatch.setattr(stickem.art, "hand_picture", gated_hand)
    monkeypatch.setattr(stickem.art, "table_picture", gated_table)
    monkeypatch.setattr("bot.tables.pictures.DRAWING_WORKERS", 0)


def _png_size(message: Message) -> tuple[str, tuple[int, int]]:
    (attachment,) = message.attachments
    with Image.open(io.BytesIO(attachment.data)) as image:
        assert image.format == "PNG"
        return attachment.filename, image.size


def _club(emulator: Emulator) -> tuple[int, Channel, User]:
    guild = emulator.add_guild("Late pictures club")
    channel = emulator.add_text_channel(guild, "cards")
    ann = emulator.add_user("ann")
    emulator.add_member(guild, ann)
    return guild.id, channel, ann


def _first_prompt(emulator: Emulator, ann: User) -> Message | None:
    return next((m for m in emulator.driver.dm_messages(ann) if m.components), None)


async def test_a_starved_painter_holds_up_neither_the_prompt_nor_the_computer_seats(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = threading.Event()
    _gated(monkeypatch, gate)
    guild_id, channel, ann = _club(emulator)
    bot = seat_bot(emulator, tmp_path, guild_id, delay=0.1)
    try:
        async with running(bot, emulator):
            service = service_for(bot)
            service.painter.wait = BOUND
            await slash(emulator, ann, channel, "join", game="stickem")
            # (not `slash`, which waits for the bot to be idle: its pictures are stuck)
            start = await emulator.driver.slash(
                ann, channel, "start", players=3, bot_level="normal", timer="off", rounds=1
            )
            await start.response()
            table = table_of(bot, channel)
            match = table.running_match()

            # the painter draws nothing: the prompt comes anyway, as text
            prompt = await emulator.driver.wait_until(
                lambda: _first_prompt(emulator, ann), timeout=ARRIVES, what="the prompt, as text"
            )
            assert not prompt.attachments
            table_id = service.book.of(table).table_id

            def table_message() -> Message:
                return next(m for m in emulator.driver.channel_messages(channel) if m.id == table_id)

            assert not table_message().attachments  # posted in words, its picture late
            # the computer seats pick their misery cards meanwhile: they wait for no picture
            await emulator.driver.wait_until(
                lambda: len(match.log) >= 2 or None, timeout=ARRIVES, what="the computer seats' picks"
            )
            assert not prompt.attachments and not gate.is_set()

            # the painter catches up: the pictures are edited into the same messages
            gate.set()
            await emulator.driver.wait_until(
                lambda: prompt.attachments or None, timeout=WAIT, what="the late hand picture"
            )
            name, size = _png_size(prompt)
            hand = stickem.art.hand_picture(match.view(0))
            assert (name, size) == ("hand.png", (hand.width, hand.height))
            assert prompt.components, "still the live prompt, its buttons kept"
            await emulator.driver.wait_until(
                lambda: table_message().attachments or None, timeout=WAIT, what="the late table picture"
            )
            assert _png_size(table_message())[0] == "table.png"
    finally:
        gate.set()


async def test_a_painter_that_keeps_up_sends_the_prompt_with_its_hand(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = threading.Event()
    gate.set()  # the usual case: drawn within the bound
    _gated(monkeypatch, gate)
    guild_id, channel, ann = _club(emulator)
    bot = seat_bot(emulator, tmp_path, guild_id, delay=0.1)
    async with running(bot, emulator):
        assert service_for(bot).painter.wait == PICTURE_WAIT
        await slash(emulator, ann, channel, "join", game="stickem")
        await slash(emulator, ann, channel, "start", players=3, bot_level="normal", timer="off", rounds=1)
        prompt = await emulator.driver.wait_until(
            lambda: _first_prompt(emulator, ann), timeout=WAIT, what="the first prompt"
        )
        assert [a.filename for a in prompt.attachments] == ["hand.png"]
        assert not prompt.history, "sent with its picture, not edited in later"
        assert service_for(bot).late_pictures.edited_in == 0


async def test_a_click_on_a_prompt_whose_hand_is_late_is_answered_with_no_late_edit_before_it(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A card prompt goes out in words (its hand late); the player clicks a card while the table
    is busy; the hand is drawn meanwhile. The click's answer shrinks the prompt to its line
    anyway: the late hand is not edited in before it (no REST call for a picture nobody would
    see), nor after it."""
    gate = threading.Event()
    gate.set()
    _gated(monkeypatch, gate)
    guild_id, channel, ann = _club(emulator)
    bot = seat_bot(emulator, tmp_path, guild_id, delay=0.05)
    try:
        async with running(bot, emulator):
            service = service_for(bot)
            service.painter.wait = BOUND
            await slash(emulator, ann, channel, "join", game="stickem")
            await slash(emulator, ann, channel, "start", players=3, bot_level="normal", timer="off", rounds=1)
            table = table_of(bot, channel)
            misery = await emulator.driver.wait_until(
                lambda: _first_prompt(emulator, ann), timeout=WAIT, what="the misery prompt"
            )
            card = misery.select().options[0].value
            step = await (await emulator.driver.select(ann, misery, None, [card])).response()
            assert step.message is not None
            gate.clear()  # from here on the painter is starved
            await (await emulator.driver.click(ann, step.message, f"Confirm {card}")).response()

            def card_prompt() -> Message | None:
                latest = live_prompt(emulator, ann)
                return latest if latest is not None and latest.id != misery.id else None

            prompt = await emulator.driver.wait_until(card_prompt, timeout=ARRIVES, what="the card prompt")
            assert not prompt.attachments and service.late_pictures.owes(prompt.id)
            assert await asyncio.wait_for(table.lock.acquire(), WAIT)  # the table is busy
            try:
                button = next(ident for ident, enabled in card_buttons(prompt) if enabled)
                calls = len(emulator.rest_calls)
                click = await emulator.driver.click(ann, prompt, str(button.card))
                await emulator.driver.wait_until(
                    lambda: table.lock.waiting or None, timeout=WAIT, what="the click queued for the table"
                )
                gate.set()  # the hand is drawn while the click waits
                await emulator.driver.wait_until(
                    lambda: service.late_pictures.held_for_clicks or prompt.attachments or None,
                    timeout=WAIT,
                    what="the late hand drawn",
                )
                await asyncio.sleep(0.2)
                assert not prompt.attachments, "no late picture edited in while the click is on its way"
            finally:
                table.lock.release()
            await click.response()  # (deferred: the table was busy)
            played = f"You played **{button.card}**"
            await emulator.driver.wait_until(
                lambda: played in prompt.content or None, timeout=WAIT, what="the click's answer"
            )
            await settle(emulator, bot, channel)
            assert not prompt.attachments
            edits = [
                call for call in emulator.rest_calls[calls:]
                if call.method == "PATCH" and call.path.endswith(f"/messages/{prompt.id}")
            ]
            assert edits == [], "the prompt edited only by the click's answer"
            assert service.late_pictures.edited_in == 0 and not service.late_pictures.owes(prompt.id)
    finally:
        gate.set()
