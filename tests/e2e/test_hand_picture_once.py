"""A hand's picture is drawn at most once per change of the hand, on the emulated Discord (issue
23): a Stick'em person gets the misery prompt with their hand, the two computer seats pick their
misery cards (the person's view changes, their hand does not), and /hand shows the prompt's
picture without drawing it again; once the person has picked, their hand is a new picture.

Each drawing of a hand is recorded as what the hand shows (:func:`stickem.drawn_hand.drawn_hand`
of a whole view), so that a hand drawn twice, whatever the sketch held, fails the test."""

from __future__ import annotations

from pathlib import Path

import pytest

import stickem.art
from bot.tables.service import service_for
from stickem.drawn_hand import DrawnHand, drawn_hand
from stickem.views import View
from tabletop.catalog import DEFAULT_LANGUAGE
from tabletop.pictures import Picture
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import Channel, Message, User
from tests.e2e.load_driver import Latencies, answer_prompt
from tests.e2e.seat_helpers import running, seat_bot, settle, slash, table_of

WAIT = 30.0
COMPUTER_PAUSE = 0.3
"""Seconds a computer seat waits before its move: the person's prompt is drawn before they pick."""


async def _hand_asked(emulator: Emulator, user: User, channel: Channel) -> bytes:
    """/hand: the attached picture's bytes."""
    asked = await emulator.driver.slash(user, channel, "hand")
    message = (await asked.response()).message
    assert message is not None
    assert [a.filename for a in message.attachments] == ["hand.png"]
    return message.attachments[0].data


async def test_a_hand_is_drawn_once_while_other_seats_move_and_anew_once_it_changes(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[DrawnHand] = []
    draw = stickem.art.hand_picture

    def counted(view: View | DrawnHand, language: str = DEFAULT_LANGUAGE) -> Picture:
        drawn.append(view if isinstance(view, DrawnHand) else drawn_hand(view))
        return draw(view, language)

    monkeypatch.setattr(stickem.art, "hand_picture", counted)
    guild = emulator.add_guild("Hands club")
    channel = emulator.add_text_channel(guild, "cards")
    ann = emulator.add_user("ann")
    emulator.add_member(guild, ann)
    bot = seat_bot(emulator, tmp_path, guild.id, delay=COMPUTER_PAUSE)  # drawn in its drawing thread,
    # in the bot's process, where the count sees it (seat_bot's drawers=0)
    async with running(bot, emulator):
        service_for(bot).painter.wait = WAIT  # every prompt with its picture (test_pictures.py)
        await slash(emulator, ann, channel, "join", game="stickem")
        started = await slash(
            emulator, ann, channel, "start", players=3, bot_level="normal", timer="off", rounds=1
        )
        assert "started" in started, started
        table = table_of(bot, channel)
        match = table.running_match()

        def first_prompt() -> Message | None:
            return next((m for m in emulator.driver.dm_messages(ann) if m.components), None)

        prompt = await emulator.driver.wait_until(first_prompt, timeout=WAIT, what="the misery prompt")
        (attachment,) = prompt.attachments
        hand = match.view(0).hand
        await emulator.driver.wait_until(
            lambda: len(match.log) >= 2 or None, timeout=WAIT, what="the computer seats' misery picks"
        )
        await settle(emulator, bot, channel)
        assert match.view(0).hand == hand and 0 in match.awaiting  # the person's hand as it was
        assert await _hand_asked(emulator, ann, channel) == attachment.data
        assert len(drawn) == 1

        await answer_prompt(emulator, ann, prompt, Latencies())  # the person picks: a new hand
        await emulator.driver.wait_until(
            lambda: match.view(0).hand != hand or None, timeout=WAIT, what="the person's pick"
        )
        await settle(emulator, bot, channel)
        changed = await _hand_asked(emulator, ann, channel)
        assert changed != attachment.data
        assert await _hand_asked(emulator, ann, channel) == changed
    assert len(drawn) >= 2
    assert len(set(drawn)) == len(drawn), "a hand was drawn twice"
