"""The turn timer's effects played on Discord by the effect player: a reminder is a channel
notice that mentions only its player, and a timed-out prompt is retired in the seat's DM."""

from __future__ import annotations

from typing import Any

from bot.tables.effects import EffectPlayer
from host.catalog import lazy
from host.tables import Notice, Outcome, PromptTimedOut, Table
from tabletop.presentation import Message
from tests.bot.test_courier_hand_dm import FakeDiscord, courier
from tests.storage.test_journal import new_table


def started() -> Table:
    """Two people and a computer seat at Stick'em, a timer running."""
    table = new_table()
    table.lobby.join(1, "ann")
    table.lobby.join(2, "bob")
    table.lobby.start(1, fill_to=3, timer="60s")
    return table


def player(client: FakeDiscord) -> tuple[EffectPlayer, list[Table]]:
    """An effect player over ``client``, and the tables it kicked."""
    kicked: list[Table] = []
    return EffectPlayer(courier(client), kicked.append), kicked


async def test_a_timed_out_prompt_says_what_the_computer_did_and_is_no_longer_live() -> None:
    client = FakeDiscord()
    table = started()
    effects, kicked = player(client)
    seat = table.running_match().awaiting[0]
    await effects.courier.dm(table, seat, Message("Stick'em at <#700>\nYour turn"))
    action = table.running_match().legal_actions(seat)[0]
    table.play.auto_move(seat, action, timed_out=True)
    await effects.execute(table, Outcome("", (table.play.timed_out_prompt(seat, (action,)),)))
    ((message_id, edit),) = client.edits
    assert message_id == 1  # the prompt's own DM
    assert edit["content"].startswith("Stick'em at")
    assert "Time ran out, so the computer moved for you:" in edit["content"]
    assert seat not in effects.courier.book.of(table).prompts  # a click on it finds no live prompt
    assert kicked == [table]


async def test_a_timed_out_seat_without_a_live_prompt_gets_no_edit() -> None:
    client = FakeDiscord()
    table = started()
    effects, _ = player(client)
    await effects.execute(table, Outcome("", (PromptTimedOut(0, ("x",), "x"),)))
    assert client.edits == [] and client.sent == []


async def test_a_reminder_mentions_only_its_player() -> None:
    client = FakeDiscord()
    table = started()
    effects, _ = player(client)
    reminder = lazy("timer.reminder", user=2, todo="pick a card", seconds=30)
    await effects.execute(table, Outcome("", (Notice(reminder, ping=2),)))
    (sent,) = client.sent
    assert sent["content"] == "<@2> reminder: please pick a card; after 30 s the computer moves for you."
    mentions: Any = sent["allowed_mentions"]
    assert [user.id for user in mentions.users] == [2]
