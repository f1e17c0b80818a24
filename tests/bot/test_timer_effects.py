"""The turn timer's effects played on Discord by the effect player: a reminder is a channel
notice that mentions only its player, and a timed-out prompt is retired in the seat's DM."""

from __future__ import annotations

from typing import Any

from bot.tables.effects import EffectPlayer
from host.catalog import lazy
from host.tables import Notice, Outcome, PromptTimedOut, Table
from tabletop.presentation import Message
from tests.bot.test_courier_hand_dm import FakeDiscord, courier
from tests.bot.test_hand_answers import FakeInteraction
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


async def test_a_timed_out_hand_answer_says_so_in_words_of_its_own() -> None:
    """The seat's /hand answer, in the channel, says what the DM prompt says, without the DM's
    header ("Stick'em at #games") and without sending the reader to the channel they are in."""
    client = FakeDiscord()
    table = started()
    effects, _ = player(client)
    seat = table.running_match().awaiting[0]
    await effects.courier.dm(table, seat, Message("Stick'em at <#700>\nYour turn"))
    answer = FakeInteraction(table.seats[seat].user_id)
    effects.courier.hand_answers.shown(table.channel_id, seat, answer, 900)  # type: ignore[arg-type]
    action = table.running_match().legal_actions(seat)[0]
    table.play.auto_move(seat, action, timed_out=True)
    await effects.execute(table, Outcome("", (table.play.timed_out_prompt(seat, (action,)),)))
    ((_, in_dm),) = client.edits
    words = answer.edits[0]["content"]
    assert in_dm["content"].startswith("Stick'em at") and "Time ran out" in in_dm["content"]
    assert words.startswith("Time ran out, so the computer moved for you:")
    assert words.endswith("/hand shows your latest cards.") and "\n" not in words
    assert "Use /hand in the channel" in in_dm["content"]
    assert answer.edits[0]["view"] is None and effects.courier.hand_answers.seats(table.channel_id) == []


async def test_a_timed_out_seat_of_a_table_without_a_game_retires_its_hand_answer() -> None:
    client = FakeDiscord()
    table = new_table()
    table.lobby.join(1, "ann")
    effects, _ = player(client)
    answer = FakeInteraction(1)
    effects.courier.hand_answers.shown(table.channel_id, 0, answer, 900)  # type: ignore[arg-type]
    await effects.execute(table, Outcome("", (PromptTimedOut(0, ("x",), "x"),)))
    assert [edit["content"] for edit in answer.edits] == [
        "Time ran out, so the computer moved for you: x /hand shows your latest cards."
    ]
    assert effects.courier.hand_answers.seats(table.channel_id) == []


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
