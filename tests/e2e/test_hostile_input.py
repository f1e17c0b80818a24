"""Hostile input through the emulator: over-long and huge option values, forged custom ids.

Every refusal must reach the user (a reply Discord accepts, within its limits), change nothing,
and log no ERROR (a traceback is a bug report nobody filed)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.boot.app import StickemBot
from host.tables import Table
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import Message, User
from tests.e2e.game_harness import card_buttons
from tests.e2e.seat_helpers import Club, make_club, running, seat_bot, settle, slash, table_of

INVALID = "That button is no longer valid"
OUT_OF_DATE = "This prompt is out of date. /hand shows your latest cards."
FORGED_ANSWERS = (
    INVALID,
    OUT_OF_DATE,
    "That is not one of your cards.",
    "That button is not part of this game of Stick'em.",
)
"""The private answers to a forged id: the host's for one it cannot read; Stick'em's for a
well-formed id of a stage its game has not reached (a trick while the misery cards are picked)
or for a card the seat does not hold."""


@contextlib.asynccontextmanager
async def two_and_a_computer(
    emulator: Emulator, tmp_path: Path, *, rounds: int
) -> AsyncIterator[tuple[Club, StickemBot, Table]]:
    """ann and bob start a game with a computer player (no turn timer); cyd is a third user."""
    club = make_club(emulator, 3)
    ann, bob, _ = club.users
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        for user in (ann, bob):
            await slash(emulator, user, club.channel, "join")
        started = await slash(emulator, ann, club.channel, "start", players=3, rounds=rounds, timer="off")
        assert "started" in started
        yield club, bot, table_of(bot, club.channel)


def human_actions(table: Table) -> list[object]:
    """The actions of ann's and bob's seats so far (the computer at seat 3 picks its misery card
    whenever it likes: counting every action raced with it)."""
    assert table.match is not None
    return [action for action in table.match.game.actions_since(0) if not table.is_auto(action.seat)]


def errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The ERROR (and worse) lines logged so far."""
    return [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    ("seat", "refusal"),
    [("Z" * 2500, "There is no seat called"), ("9" * 5000, "There is no seat 999"),
     ("seat " + "0" * 4400 + "2", "Seat 2 is bob's")],
    ids=["2500 letters", "5000 digits", "seat 2 with 4400 zeros"],
)
async def test_an_overlong_or_huge_seat_option_is_answered_within_discord_limits(
    emulator: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture, seat: str,
    refusal: str,
) -> None:
    async with two_and_a_computer(emulator, tmp_path, rounds=2) as (club, _, table):
        cyd = club.users[2]
        reply = await slash(emulator, cyd, club.channel, "join", seat=seat)
        assert reply.startswith(refusal), reply[:200]
        assert len(reply) <= 2000
        assert "Computer seats you can take over: seat 3" in reply
        assert cyd.id not in table.takeover_requests
    assert errors(caplog) == []


async def _prompt(emulator: Emulator, user: User) -> Message:
    """The user's first DM with components (the misery prompt of round 1)."""
    return await emulator.driver.wait_for_message(user, lambda m: bool(m.components))


FORGED_BUTTONS = [
    "stk:play:{channel}:{game}:1:1:purple3",
    "stk:play:{channel}:{game}:1:1:red99",
    "stk:play:{channel}:{game}:1:1:red" + "9" * 60,
    "stk:play:{channel}:{game}:" + "1" * 60 + ":1:red3",
    "stk:mok:{channel}:{game}:1:purple3",
    "stk:mok:{channel}:{game}:1:none",
    "stk:take:{channel}:" + "9" * 70 + ":1",
    "stk:stop:{channel}:zz",
    "stk:lobby:dance:{channel}",
    "stk:play:{channel}",
    "stk:",
    "nonsense",
    "stk:board:x",
]


async def test_forged_custom_ids_get_a_private_no_longer_valid_answer(
    emulator: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with two_and_a_computer(emulator, tmp_path, rounds=1) as (club, bot, table):
        ann = club.users[0]
        prompt = await _prompt(emulator, ann)  # the misery select of round 1
        ids = [text.format(channel=club.channel.id, game=table.game_id) for text in FORGED_BUTTONS]
        for custom_id in ids:
            for carried in (True, False):
                result = await emulator.driver.forge_click(ann, prompt, custom_id, carried=carried)
                response = await result.response()
                assert response.ephemeral, custom_id
                assert response.content.startswith(FORGED_ANSWERS), (custom_id, response.content)
        # a select with a forged id, or with a forged value
        select = prompt.select().custom_id
        assert select is not None
        for custom_id, value in ((select + ":x", "red 3"), (select, "purple 3"), (select, "red 99")):
            result = await emulator.driver.forge_click(ann, prompt, custom_id, values=[value])
            response = await result.response()
            assert response.ephemeral
            assert response.content.startswith(FORGED_ANSWERS), (custom_id, value, response.content)
        await settle(emulator, bot, club.channel)
        assert human_actions(table) == []
        assert not any(card_buttons(m) for m in emulator.driver.channel_messages(club.channel))
    assert errors(caplog) == []


async def test_a_click_whose_kind_differs_from_the_component_carrying_its_id_is_answered(
    emulator: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A forged click that says "button" for the id of a select the message carries (or the
    reverse): discord.py matches the id and the component's type, finds nothing and drops it;
    the bot must still answer it."""
    async with two_and_a_computer(emulator, tmp_path, rounds=1) as (club, bot, table):
        ann = club.users[0]
        prompt = await _prompt(emulator, ann)  # the misery select of round 1
        select = prompt.select().custom_id
        assert select is not None
        data = {"custom_id": select, "component_type": 2}  # a button click on the select's id
        result = emulator.driver._component(ann, prompt, data, "button on a select's id")
        response = await result.response()
        assert response.ephemeral
        assert response.content.startswith(INVALID), response.content
        await settle(emulator, bot, club.channel)
        assert human_actions(table) == []
    assert errors(caplog) == []
