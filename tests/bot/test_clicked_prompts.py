"""The effects about the clicker's prompt, played by the effect player as the host says: the
prompt answered (retired with the click's answer), the decision going on in place (the live DM
kept, renewed, or DMed anew), and the prompt of a player who left (retired in their language)."""

from __future__ import annotations

from typing import Any, cast

from bot.tables.effects import Clicked, EffectPlayer
from bot.tables.languages import Languages
from bot.tables.message_book import MessageBook, PromptRef
from bot.tables.pictures import ImageSettings, Painter
from host.catalog import render
from host.storage.languages import StoredLanguages
from host.tables import Outcome, PromptAnswered, PromptGoesOn, Table
from tabletop.presentation import Message

LIVE = 500
"""The message id of seat 0's live DM prompt."""


class FakeCourier:
    """The courier's part the clicked-prompt effects use, writing down what it is asked."""

    def __init__(self, *, renews: bool = True) -> None:
        self.book = MessageBook()
        self.languages = Languages()
        self.painter = Painter(ImageSettings())  # asked only whether the server shows pictures
        self.renews = renews
        self.calls: list[tuple[Any, ...]] = []

    async def retire_clicked_prompt(
        self, table: Table, seat: int, spec: Message, *, from_live: bool, shown: bool, clicked: int | None
    ) -> None:
        self.calls.append(("retire_clicked", seat, spec.content, from_live, shown))

    async def hand_answers_went_on(self, table: Table, seat: int, clicked: int | None) -> None:
        """The /hand answers (bot/tables/hand_answers.py) are not what these tests look at."""

    async def renew_prompt(self, table: Table, seat: int, spec: Message) -> bool:
        self.calls.append(("renew", seat))
        return self.renews

    async def retire_seat_prompt(self, table: Table, seat: int, spec: Message) -> None:
        self.calls.append(("retire", seat, render(spec.content)))

    async def dm(self, table: Table, seat: int, spec: Message) -> str:
        self.calls.append(("dm", seat))
        return "sent"


def started() -> Table:
    table = Table(559, 1, game="stickem", seed_source=lambda: 3, id_source=lambda: "prompts1")
    for user in (1, 2, 3):
        table.lobby.join(user, f"p{user}")
    table.lobby.start(1)
    return table


async def play(courier: FakeCourier, table: Table, outcome: Outcome, clicked: Clicked | None) -> None:
    player = EffectPlayer(cast(Any, courier), lambda table: None)
    courier.book.of(table).prompts[0] = PromptRef(900, LIVE)
    await player.execute(table, outcome, clicked=clicked)


async def test_a_decision_going_on_in_its_live_prompt_keeps_it_and_sends_nothing() -> None:
    courier, table = FakeCourier(), started()
    await play(courier, table, Outcome("", (PromptGoesOn(0),)), Clicked(LIVE, Message("x"), True))
    assert courier.calls == []
    assert courier.book.has_prompt(table, 0)


async def test_a_decision_going_on_after_a_click_elsewhere_renews_the_live_dm() -> None:
    courier, table = FakeCourier(), started()
    await play(courier, table, Outcome("", (PromptGoesOn(0),)), Clicked(77, Message("x"), True))
    assert courier.calls == [("renew", 0)]


async def test_a_live_dm_that_cannot_be_renewed_is_sent_anew() -> None:
    courier, table = FakeCourier(renews=False), started()
    await play(courier, table, Outcome("", (PromptGoesOn(0),)), Clicked(77, Message("x"), True))
    assert courier.calls == [("renew", 0), ("dm", 0)]


async def test_a_decision_made_retires_the_prompt_with_the_answer() -> None:
    courier, table = FakeCourier(), started()
    await play(courier, table, Outcome("", (PromptAnswered(0),)), Clicked(LIVE, Message("did"), False))
    assert courier.calls == [("retire_clicked", 0, "did", True, False)]


async def test_a_leaver_prompt_is_retired_in_their_language() -> None:
    courier, table = FakeCourier(), started()
    courier.languages.restore(StoredLanguages(users={1: "de"}))
    outcome = table.lobby.leave(1)
    await play(courier, table, Outcome("", outcome.effects[:1]), None)
    german = "Du hast dieses Spiel verlassen; diese Karten können nicht mehr gespielt werden."
    assert courier.calls == [("retire", 0, german)]
