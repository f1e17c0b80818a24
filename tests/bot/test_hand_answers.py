"""The /hand answers kept to be retired (bot/tables/hand_answers.py), with stand-in interactions:
which are edited, with what, and which are forgotten."""

from __future__ import annotations

import logging
from typing import Any, cast

import aiohttp
import discord
import pytest

from bot.tables.hand_answers import HandAnswers, went_on_line
from tabletop.presentation import Message


class FakeInteraction:
    """An interaction of ``user_id`` (whose Discord is in ``locale``) whose original response
    edits are written down; ``fails``: Discord refuses them (the token expired); ``error``: they
    fail so (a dropped connection)."""

    def __init__(
        self,
        user_id: int,
        *,
        fails: bool = False,
        error: BaseException | None = None,
        locale: discord.Locale = discord.Locale.american_english,
    ) -> None:
        self.user = discord.Object(user_id)
        self.fails = fails
        self.error = error
        self.locale = locale
        self.edits: list[dict[str, Any]] = []

    async def edit_original_response(self, **kwargs: Any) -> None:
        if self.fails:
            raise discord.NotFound(cast(Any, type("R", (), {"status": 404, "reason": "gone"})()), "gone")
        if self.error is not None:
            raise self.error
        self.edits.append(kwargs)


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def answers(clock: Clock) -> HandAnswers:
    return HandAnswers(lifetime=60.0, clock=clock)


def contents(fake: FakeInteraction) -> list[str]:
    return [edit["content"] for edit in fake.edits]


WENT_ON = went_on_line("en").content


async def test_a_retired_answer_shows_the_line_without_buttons_or_picture() -> None:
    kept = answers(Clock())
    answer = FakeInteraction(7)
    kept.shown(1, 0, cast(Any, answer), 101)
    await kept.retire(1, 0, Message("You played **red 7**."), "en")
    (edit,) = answer.edits
    assert edit["content"] == "You played **red 7**." and edit["view"] is None
    assert edit["attachments"] == [] and edit["embeds"] == []
    assert kept.seats(1) == []
    await kept.retire(1, 0, Message("again"), "en")  # forgotten: nothing more
    assert len(answer.edits) == 1


async def test_the_clicked_answer_is_forgotten_unedited() -> None:
    kept = answers(Clock())
    clicked = FakeInteraction(7)
    kept.shown(1, 0, cast(Any, clicked), 101)
    await kept.retire(1, 0, Message("You played **red 7**."), "en", keep=101)
    assert clicked.edits == [] and kept.seats(1) == []  # its click's answer shows it


async def test_a_new_answer_retires_the_earlier_one_at_once_in_the_users_language() -> None:
    kept = answers(Clock())
    first, second = FakeInteraction(7), FakeInteraction(7, locale=discord.Locale.german)
    kept.shown(1, 0, cast(Any, first), 101)
    kept.shown(1, 0, cast(Any, second), 102)  # in /hand's task: no table lock waits for it
    await kept.settle()
    assert contents(first) == [went_on_line("de").content] and first.edits[0]["view"] is None
    assert second.edits == [] and kept.seats(1) == [0]
    await kept.retire(1, 0, Message("You played **red 7**."), "en", keep=102)
    assert len(first.edits) == 1 and second.edits == []


async def test_a_spammed_hand_keeps_one_answer_for_the_prompt_to_retire() -> None:
    """Found before: every /hand answer of a seat was kept and retired one by one when the
    prompt was settled, under the table's lock (40 answers at 50 ms an edit: 2 s of it)."""
    kept = answers(Clock())
    spam = [FakeInteraction(7) for _ in range(40)]
    for number, answer in enumerate(spam):
        kept.shown(1, 0, cast(Any, answer), 100 + number)
    await kept.settle()
    assert [contents(answer) for answer in spam] == [[WENT_ON]] * 39 + [[]]
    await kept.retire(1, 0, Message("done"), "en")  # the settled prompt: one edit
    assert [len(answer.edits) for answer in spam] == [1] * 40 and contents(spam[-1]) == ["done"]


async def test_too_old_answers_and_another_players_are_not_edited() -> None:
    clock = Clock()
    kept = answers(clock)
    old, other, new = FakeInteraction(7), FakeInteraction(7), FakeInteraction(8)
    kept.shown(1, 0, cast(Any, old), 101)
    clock.now += 61  # past the lifetime
    kept.shown(1, 0, cast(Any, other), 102)
    kept.shown(1, 0, cast(Any, new), 103)  # the seat changed hands: 7's answer is forgotten
    await kept.retire(1, 0, Message("done"), "en")
    await kept.settle()
    assert (old.edits, other.edits, len(new.edits)) == ([], [], 1)
    kept.shown(2, 1, cast(Any, FakeInteraction(9)), 104)  # a table that closed unretired
    clock.now += 61
    kept.shown(3, 0, cast(Any, FakeInteraction(9)), 105)
    assert (kept.seats(2), kept.seats(3)) == ([], [0])  # forgotten at the next /hand anywhere


@pytest.mark.parametrize(
    "failing",
    [FakeInteraction(7, fails=True), FakeInteraction(7, error=aiohttp.ServerDisconnectedError())],
    ids=["refused", "dropped connection"],
)
async def test_a_failed_edit_is_logged_and_nothing_else_lost(
    failing: FakeInteraction, caplog: pytest.LogCaptureFixture
) -> None:
    kept = answers(Clock())
    live = FakeInteraction(7)
    caplog.set_level(logging.INFO, "bot.tables.hand_answers")
    kept.shown(1, 0, cast(Any, failing), 101)
    kept.shown(1, 0, cast(Any, live), 102)  # retires the failing one: logged
    await kept.settle()
    kept.shown(1, 1, cast(Any, failing), 103)
    await kept.retire(1, 1, Message("done"), "en")  # aiohttp's error does not escape either
    assert len(caplog.messages) == 2 and all("Could not retire" in said for said in caplog.messages)
    await kept.retire(1, 0, Message("done"), "en")
    assert contents(live) == ["done"] and kept.seats(1) == []


async def test_a_decision_that_goes_on_in_a_hand_answer_keeps_that_one_live() -> None:
    kept = answers(Clock())
    clicked = FakeInteraction(7)
    kept.shown(1, 2, cast(Any, clicked), 102)
    await kept.went_on(1, 2, Message("went on elsewhere"), "en", clicked=102)
    assert clicked.edits == [] and kept.seats(1) == [2]  # the clicked answer is the live prompt now
    await kept.went_on(1, 2, Message("went on elsewhere"), "en", clicked=None)  # then in the DM
    assert contents(clicked) == ["went on elsewhere"] and kept.seats(1) == []
