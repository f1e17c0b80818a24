"""The /hand answers kept to be retired (bot/tables/hand_answers.py), with stand-in interactions:
which are edited, with what, and which are forgotten."""

from __future__ import annotations

from typing import Any, cast

import aiohttp
import discord

from bot.tables.hand_answers import HandAnswers
from tabletop.presentation import Message


class FakeInteraction:
    """An interaction of ``user_id`` whose original response edits are written down; ``fails``:
    Discord refuses them (the token expired)."""

    def __init__(self, user_id: int, *, fails: bool = False, error: BaseException | None = None) -> None:
        self.user = discord.Object(user_id)
        self.fails = fails
        self.error = error
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


async def test_retired_answers_show_the_line_without_buttons_or_picture_but_the_clicked_one() -> None:
    clock = Clock()
    kept = answers(clock)
    first, second = FakeInteraction(7), FakeInteraction(7)
    kept.shown(1, 0, cast(Any, first), 101)
    kept.shown(1, 0, cast(Any, second), 102)
    await kept.retire(1, 0, Message("You played **red 7**."), "en", keep=102)
    assert second.edits == []  # the clicked one: its click's answer shows it
    (edit,) = first.edits
    assert edit["content"] == "You played **red 7**." and edit["view"] is None
    assert edit["attachments"] == [] and edit["embeds"] == []
    assert kept.seats(1) == []
    await kept.retire(1, 0, Message("again"), "en")  # forgotten: nothing more
    assert len(first.edits) == 1


async def test_too_old_answers_and_another_players_are_not_edited() -> None:
    clock = Clock()
    kept = answers(clock)
    old, other, new = FakeInteraction(7), FakeInteraction(7), FakeInteraction(8)
    kept.shown(1, 0, cast(Any, old), 101)
    clock.now += 30
    kept.shown(1, 0, cast(Any, other), 102)
    clock.now += 31  # the first is past the lifetime now
    kept.shown(1, 0, cast(Any, new), 103)  # the seat changed hands: 7's answers are forgotten
    await kept.retire(1, 0, Message("done"), "en")
    assert (old.edits, other.edits, len(new.edits)) == ([], [], 1)
    kept.shown(2, 1, cast(Any, FakeInteraction(9)), 104)  # a table that closed unretired
    clock.now += 61
    kept.shown(3, 0, cast(Any, FakeInteraction(9)), 105)
    assert (kept.seats(2), kept.seats(3)) == ([], [0])  # forgotten at the next /hand anywhere


async def test_a_failed_edit_is_logged_and_the_others_still_retired() -> None:
    kept = answers(Clock())
    gone, live = FakeInteraction(7, fails=True), FakeInteraction(7)
    kept.shown(1, 0, cast(Any, gone), 101)
    kept.shown(1, 0, cast(Any, live), 102)
    await kept.retire(1, 0, Message("done"), "en")
    assert len(live.edits) == 1 and kept.seats(1) == []


async def test_a_dropped_connection_is_logged_and_the_others_still_retired() -> None:
    kept = answers(Clock())
    blip, live = FakeInteraction(7, error=aiohttp.ServerDisconnectedError()), FakeInteraction(7)
    kept.shown(1, 0, cast(Any, blip), 101)
    kept.shown(1, 0, cast(Any, live), 102)
    await kept.retire(1, 0, Message("done"), "en")  # aiohttp's error does not escape
    assert len(live.edits) == 1 and kept.seats(1) == []


async def test_a_decision_that_goes_on_in_a_hand_answer_keeps_that_one_live() -> None:
    kept = answers(Clock())
    older, clicked = FakeInteraction(7), FakeInteraction(7)
    kept.shown(1, 2, cast(Any, older), 101)
    kept.shown(1, 2, cast(Any, clicked), 102)
    await kept.went_on(1, 2, Message("went on elsewhere"), "en", clicked=102)
    assert [edit["content"] for edit in older.edits] == ["went on elsewhere"] and clicked.edits == []
    assert kept.seats(1) == [2]  # the clicked answer is the live prompt now
    await kept.went_on(1, 2, Message("went on elsewhere"), "en", clicked=None)  # then in the DM
    assert [edit["content"] for edit in clicked.edits] == ["went on elsewhere"] and kept.seats(1) == []
