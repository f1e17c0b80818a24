"""A picture late for its message (bot/tables/late_pictures.py, bot/tables/table_edits.py): a DM
prompt, a post in the channel (the final standings) and a table message wait for a starved
painter at most ``painter.wait`` seconds, then go out as text; the picture is edited into the
same message when it is drawn, unless the message showed something else meanwhile. A picture
drawn in time comes with its message, and nothing more is edited."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from bot.tables.answer import Answerer
from bot.tables.courier import Courier
from bot.tables.message_book import MessageBook
from bot.tables.pictures import Painter
from host.tables import Table
from tabletop.pictures import ArtModule, Sketch
from tabletop.presentation import Message
from tests.bot import gated_art
from tests.bot.test_courier_hand_dm import FakeDiscord as DmDiscord
from tests.bot.test_painter_order import FakeResponse
from tests.storage.test_journal import new_table

ART = ArtModule("tests.bot.gated_art")
BOUND = 0.2
"""The painter's wait in these tests (seconds)."""
WAIT = 5.0
LONG = 60.0
"""A painter's wait no test sits through: only something else (a click) may end it."""


@dataclass
class FakeDiscord(DmDiscord):
    """The courier's Discord of tests/bot/test_courier_hand_dm.py (sends and edits recorded, every
    channel and DM this one object), with the loop's time of each send."""

    sent_at: list[float] = field(default_factory=list)

    async def send(self, **kwargs: Any) -> Any:
        self.sent_at.append(asyncio.get_running_loop().time())
        return await super().send(**kwargs)


def _png(kwargs: dict[str, Any]) -> bytes | None:
    """The picture a send or edit carries (None: none; attachments=[]: none either)."""
    if "file" in kwargs:
        data: bytes = kwargs["file"].fp.read()
        return data
    attachments = kwargs.get("attachments")
    if attachments:
        picture: bytes = attachments[0].fp.read()
        return picture
    return None


def _seated(painter: Painter) -> tuple[FakeDiscord, Courier, Table]:
    painter.wait = BOUND
    client = FakeDiscord()
    table = new_table()
    table.lobby.join(1, "p1")
    return client, Courier(client, MessageBook(), painter), table  # type: ignore[arg-type]


async def _until(check: Any, what: str) -> None:
    async with asyncio.timeout(WAIT):
        while not check():
            await asyncio.sleep(0.01)


def prompt(view: str) -> Message:
    return Message(f"Your turn ({view})", picture=Sketch(ART, "hand", view))


async def test_a_prompt_whose_hand_is_late_goes_as_text_within_the_bound_and_gets_it_when_drawn(
    painter: Painter,
) -> None:
    client, courier, table = _seated(painter)
    started = asyncio.get_running_loop().time()
    assert await asyncio.wait_for(courier.dm(table, 0, prompt("blocked hand")), WAIT) == "sent"
    (sent,) = client.sent
    (at,) = client.sent_at
    # after the bound, and not when the picture is drawn (its gate still shut): a margin wide
    # enough for a loaded machine, well short of the wait for the drawing (WAIT)
    assert BOUND <= at - started < BOUND + 3.0, "sent after the bound, not before, not much later"
    assert sent["content"] == "Your turn (blocked hand)" and _png(sent) is None
    assert client.edits == [] and courier.late.owes(1)
    gated_art.GATE.set()
    await _until(lambda: client.edits, "the late picture")
    ((message_id, edit),) = client.edits
    assert message_id == 1 and set(edit) == {"attachments"}  # the picture only: words, buttons stay
    assert _png(edit) == b"hand:blocked hand"
    assert courier.late.edited_in == 1 and not courier.late.owes(1)


async def test_a_prompt_edited_before_its_late_hand_comes_is_not_given_it(painter: Painter) -> None:
    client, courier, table = _seated(painter)
    busy = asyncio.create_task(painter.picture(Sketch(ART, "chart", "blocked other table"), 1))
    await asyncio.sleep(0.05)  # the drawing thread is held at the gate
    await asyncio.wait_for(courier.dm(table, 0, prompt("queued hand")), WAIT)
    ref = courier.book.of(table).prompts[0]
    await courier.retire_seat_prompt(table, 0, Message("The game was stopped."))  # shown meanwhile
    await asyncio.sleep(0.05)  # (the cancellations reach the queued drawing)
    gated_art.GATE.set()
    await asyncio.wait_for(busy, WAIT)
    await asyncio.sleep(0.2)
    (retired,) = client.edits
    assert retired[0] == ref.message_id and retired[1]["content"] == "The game was stopped."
    assert courier.late.edited_in == 0 and not courier.late.owes(ref.message_id)
    assert gated_art.DRAWN == ["blocked other table"], "nobody waits for the hand: dropped, not drawn"


async def test_a_picture_drawn_in_time_comes_with_its_message_and_nothing_is_edited(
    painter: Painter,
) -> None:
    client, courier, table = _seated(painter)
    gated_art.GATE.set()
    await asyncio.wait_for(courier.dm(table, 0, prompt("quick")), WAIT)
    standings = Message("Game over", picture=Sketch(ART, "chart", "end"))
    await asyncio.wait_for(courier.say(table, standings), WAIT)
    assert [_png(kwargs) for kwargs in client.sent] == [b"hand:quick", b"chart:end"]
    await asyncio.sleep(0.05)
    assert client.edits == [] and courier.late.edited_in == 0


async def test_the_final_standings_go_as_text_within_the_bound_and_get_their_chart(painter: Painter) -> None:
    client, courier, table = _seated(painter)
    standings = Message("Game over", picture=Sketch(ART, "chart", "blocked chart"))
    await asyncio.wait_for(courier.say(table, standings), WAIT)
    (sent,) = client.sent
    assert sent["content"] == "Game over" and _png(sent) is None
    gated_art.GATE.set()
    await _until(lambda: client.edits, "the late chart")
    ((_, edit),) = client.edits
    assert set(edit) == {"attachments"} and _png(edit) == b"chart:blocked chart"


def table_state(view: str) -> Message:
    return Message(f"the table at {view}", picture=Sketch(ART, "table", view))


async def test_a_table_message_whose_picture_is_late_shows_the_move_in_words_then_its_picture(
    painter: Painter,
) -> None:
    client, courier, table = _seated(painter)
    courier.book.of(table).table_id = 7
    await courier.show_table(table, table_state("blocked one"), new=False)
    await asyncio.sleep(2 * BOUND)
    assert client.edits == [], "while nobody waits, the table message waits for its picture"
    # a prompt after it waits for the table message, but no longer than the bound
    await asyncio.wait_for(courier.table_edits.flush(table.channel_id), BOUND + 1.0)
    ((message_id, text),) = client.edits
    assert message_id == 7 and text["content"] == "the table at blocked one"
    assert text["attachments"] == [], "the older picture goes: it shows a move gone by"
    gated_art.GATE.set()
    await asyncio.wait_for(courier.table_edits.settle(), WAIT)
    assert [(m, e["content"], _png(e)) for m, e in client.edits[1:]] == [
        (7, "the table at blocked one", b"table:blocked one")
    ]
    assert courier.table_edits.shown_as_text == 1


async def test_a_late_table_picture_superseded_by_the_next_move_is_not_shown(painter: Painter) -> None:
    client, courier, table = _seated(painter)
    courier.book.of(table).table_id = 7
    await courier.show_table(table, table_state("blocked one"), new=False)
    await asyncio.wait_for(courier.table_edits.flush(table.channel_id), BOUND + 1.0)
    await courier.show_table(table, table_state("two"), new=False)  # the next move
    gated_art.GATE.set()
    await asyncio.wait_for(courier.table_edits.settle(), WAIT)
    assert [(e["content"], _png(e)) for _, e in client.edits] == [
        ("the table at blocked one", None),
        ("the table at two", b"table:two"),
    ]


async def test_a_table_message_posted_while_its_picture_is_late_gets_it_when_drawn(
    painter: Painter,
) -> None:
    client, courier, table = _seated(painter)
    await asyncio.wait_for(courier.show_table(table, table_state("blocked new"), new=True), WAIT)
    (posted,) = client.sent
    assert posted["content"] == "the table at blocked new" and _png(posted) is None
    gated_art.GATE.set()
    await asyncio.wait_for(courier.table_edits.settle(), WAIT)
    ((message_id, edit),) = client.edits
    assert message_id == courier.book.of(table).table_id and _png(edit) == b"table:blocked new"


async def test_a_click_queued_for_the_table_ends_the_prompts_wait_for_its_pictures(painter: Painter) -> None:
    """The table's lock is held while a change is shown: a player's click that queues for it
    would wait for the pictures too, so the prompt goes in words at once (its hand edited in
    later), and the table message behind it too."""
    client, courier, table = _seated(painter)
    painter.wait = LONG  # only the click ends the wait (else wait_for(showing, WAIT) times out)
    courier.book.of(table).table_id = 7
    await courier.show_table(table, table_state("blocked table"), new=False)

    async def shown_under_the_lock() -> str:
        async with table.lock:  # as the effects of a change are shown
            return await courier.dm(table, 0, prompt("blocked hand"))

    showing = asyncio.create_task(shown_under_the_lock())
    await asyncio.sleep(0.2)
    assert client.sent == [] and client.edits == [], "waiting for its pictures"
    started = asyncio.get_running_loop().time()
    click = asyncio.create_task(table.lock.acquire())  # a click queues for the table
    assert await asyncio.wait_for(showing, WAIT) == "sent"
    assert asyncio.get_running_loop().time() - started < WAIT < LONG
    await asyncio.wait_for(click, WAIT)
    table.lock.release()
    (sent,) = client.sent
    assert _png(sent) is None
    ((_, table_text),) = client.edits
    assert table_text["content"] == "the table at blocked table" and table_text["attachments"] == []
    gated_art.GATE.set()
    await asyncio.wait_for(courier.table_edits.settle(), WAIT)
    await _until(lambda: courier.late.edited_in == 1, "the late hand")
    pictures = sorted(_png(edit) or b"" for _, edit in client.edits[1:])
    assert pictures == [b"hand:blocked hand", b"table:blocked table"]


async def _late_prompt(painter: Painter) -> tuple[FakeDiscord, Courier, int]:
    """A prompt DMed in words, its hand late (the gate shut): the client, courier, message id."""
    client, courier, table = _seated(painter)
    await asyncio.wait_for(courier.dm(table, 0, prompt("blocked hand")), WAIT)
    message_id = courier.book.of(table).prompts[0].message_id
    assert courier.late.owes(message_id)
    return client, courier, message_id


async def test_a_late_hand_drawn_while_a_click_on_its_prompt_is_on_its_way_is_not_edited_in(
    painter: Painter,
) -> None:
    """The click's answer edits the prompt anyway (shrunk to its line): a late picture drawn
    while the click waits for its table is not sent before it, nor after it (one REST call
    saved, and the answer does not wait for that edit)."""
    client, courier, message_id = await _late_prompt(painter)
    with courier.late.answering(message_id):  # the click came; it waits for its table
        gated_art.GATE.set()
        await _until(lambda: courier.late.held_for_clicks == 1, "the late hand drawn")
        await asyncio.sleep(0.1)
        assert client.edits == [], "not edited in while the click is on its way"
        await asyncio.wait_for(courier.late.edited(message_id), WAIT)  # the click's answer edits it
    await asyncio.sleep(0.1)
    assert client.edits == [] and courier.late.edited_in == 0
    assert not courier.late.owes(message_id)


async def test_a_late_hand_held_for_a_refused_click_is_edited_in_after_it(painter: Painter) -> None:
    """A click refused (its answer a private note, the prompt left as it is) lets the late
    picture be edited into the prompt, which is still the one to click."""
    client, courier, message_id = await _late_prompt(painter)
    with courier.late.answering(message_id):
        gated_art.GATE.set()
        await _until(lambda: courier.late.held_for_clicks == 1, "the late hand drawn")
        await asyncio.sleep(0.05)
        assert client.edits == []
    await _until(lambda: client.edits, "the late hand after the refused click")
    ((edited, edit),) = client.edits
    assert edited == message_id and set(edit) == {"attachments"} and _png(edit) == b"hand:blocked hand"
    assert courier.late.edited_in == 1


async def test_a_late_hand_held_for_a_refused_click_waits_for_a_second_click_come_meanwhile(
    painter: Painter,
) -> None:
    """The first click is refused just as a second one on the same prompt comes (before the held
    picture's task runs again): the picture waits for the second click's answer too, which edits
    the prompt anyway, and is not sent (the answer never waits for a late edit begun after it
    came)."""
    client, courier, message_id = await _late_prompt(painter)
    first = courier.late.answering(message_id)
    first.__enter__()
    gated_art.GATE.set()
    await _until(lambda: courier.late.held_for_clicks == 1, "the late hand drawn")
    first.__exit__(None, None, None)  # refused
    with courier.late.answering(message_id):  # the second click, come in the same turn of the loop
        await asyncio.sleep(0.1)
        assert client.edits == [], "not edited in while the second click is on its way"
        await asyncio.wait_for(courier.late.edited(message_id), WAIT)  # its answer edits the prompt
    await asyncio.sleep(0.1)
    assert client.edits == [] and courier.late.edited_in == 0


@dataclass
class _ClickedMessage:
    id: int


class _StepClick:
    """A click on the prompt ``message_id`` (a step of a decision), answered in place."""

    def __init__(self, message_id: int) -> None:
        self.id = message_id + 1
        self.message = _ClickedMessage(message_id)
        self.response = FakeResponse()  # records the edit of the clicked message (its answer)


async def test_a_step_of_a_decision_on_a_prompt_whose_hand_is_late_leaves_it_owed(painter: Painter) -> None:
    """A step (a card selected before it is confirmed) changes nothing the prompt's picture
    shows, and its edit keeps the prompt's attachments: the hand, late, is still edited in when
    drawn (else the prompt went without it for the whole decision)."""
    client, courier, message_id = await _late_prompt(painter)
    answerer = Answerer(painter, late=courier.late)
    click = _StepClick(message_id)
    interaction: Any = click
    with answerer.answering(interaction):
        step_shown = answerer.edit_clicked(interaction, prompt("blocked hand"), unchanged=True)
        await asyncio.wait_for(step_shown, WAIT)
    ((step,),) = [click.response.edits]
    assert "attachments" not in step, "the step keeps the prompt's attachments"
    assert courier.late.owes(message_id), "the late hand still fits the prompt"
    gated_art.GATE.set()
    await _until(lambda: courier.late.edited_in == 1, "the late hand")
    ((edited, edit),) = client.edits
    assert edited == message_id and set(edit) == {"attachments"} and _png(edit) == b"hand:blocked hand"
