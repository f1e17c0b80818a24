"""The courier retires a seat's live DM prompt first, then its /hand answers: a /hand answer
whose edit fails (a dropped connection included) leaves the DM prompt retired all the same."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord
import pytest

from bot.tables.courier import Courier
from host.tables import Table
from tabletop.presentation import Message
from tests.bot.test_courier_hand_dm import FakeDiscord, courier
from tests.storage.test_journal import new_table


class DroppedAnswer:
    """A /hand answer of ``user_id`` whose edit is written down in ``order``, then fails as a
    dropped connection does."""

    def __init__(self, user_id: int, order: list[str]) -> None:
        self.user = discord.Object(user_id)
        self.order = order

    async def edit_original_response(self, **kwargs: Any) -> None:
        self.order.append("hand answer")
        raise aiohttp.ServerDisconnectedError()


class OrderedDiscord(FakeDiscord):
    """The fake client that writes down, in ``order``, when a DM is edited."""

    def __init__(self, order: list[str]) -> None:
        super().__init__()
        self.order = order

    def get_partial_message(self, message_id: int) -> Any:
        partial = super().get_partial_message(message_id)
        order = self.order

        class Ordered:
            async def edit(self, **kwargs: Any) -> None:
                order.append("dm prompt")
                await partial.edit(**kwargs)

        return Ordered()


Retire = Callable[[Courier, Table, Message], Awaitable[None]]
RETIRES: dict[str, Retire] = {
    "stopped": lambda carrier, table, spec: carrier.retire_seat_prompt(table, 0, spec),
    "clicked": lambda carrier, table, spec: carrier.retire_clicked_prompt(
        table, 0, spec, from_live=False, shown=False
    ),
    "timed out": lambda carrier, table, spec: carrier.retire_timed_out_prompt(table, 0, spec),
}


@pytest.mark.parametrize("how", list(RETIRES))
async def test_the_dm_prompt_is_retired_before_a_hand_answer_whose_edit_drops(how: str) -> None:
    order: list[str] = []
    client = OrderedDiscord(order)
    table = new_table()
    table.lobby.join(1, "p1")
    carrier = courier(client)
    await carrier.dm(table, 0, Message("Stick'em at <#700>\nYour turn"))
    carrier.hand_answers.shown(table.channel_id, 0, DroppedAnswer(1, order), 900)  # type: ignore[arg-type]
    await RETIRES[how](carrier, table, Message("You played 7."))
    assert order == ["dm prompt", "hand answer"]
    assert [edit[1]["content"] for edit in client.edits] == ["You played 7."]
    assert [*carrier.book.of(table).prompts, *carrier.hand_answers.seats(table.channel_id)] == []
