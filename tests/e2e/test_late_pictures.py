"""A starved painter on the emulated Discord (issue 23): a Stick'em person's DM prompt and the
table message wait for their pictures at most the painter's bound, then come as text while the
computer seats play on; once the pictures are drawn they are edited into the same messages. With
a painter that keeps up, the prompt comes with its hand as before.

The painter is starved by hand: Stick'em's hand and table pictures wait at a gate the test opens
(drawn in the bot's own drawing thread, where the test's stand-in is seen)."""

from __future__ import annotations

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
from tests.e2e.seat_helpers import running, seat_bot, slash, table_of

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
