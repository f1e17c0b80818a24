"""The courier's hand DMs: a hand sent in a new DM (no done DM of the seat to show it in) shrinks,
when the seat's next prompt comes, to the game's first line for the hand (as a prompt shrinks to
the game's line of what was done), never to its header alone (a DM that only said "Stick'em at
#games")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.tables.courier import Courier, shrunk_hand
from bot.tables.message_book import MessageBook
from bot.tables.pictures import ImageSettings, Painter
from tabletop.presentation import Message
from tests.storage.test_journal import new_table

HEADER = "Stick'em at <#700>"
HAND = Message(f"{HEADER}\n**Stick'em** - round 2 of 5 - rules: standard\nYour turn: you lead.\nCards: …")


@dataclass
class FakeDiscord:
    """The part of discord.Client the courier uses for DMs: sends and edits, recorded."""

    sent: list[dict[str, Any]] = field(default_factory=list)
    edits: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    async def create_dm(self, user: object) -> FakeDiscord:
        return self

    @property
    def id(self) -> int:  # the DM channel's
        return 555

    async def send(self, **kwargs: Any) -> Any:
        self.sent.append(kwargs)
        return type("Sent", (), {"id": len(self.sent)})()

    def get_partial_messageable(self, channel_id: int) -> FakeDiscord:
        return self

    def get_partial_message(self, message_id: int) -> Any:
        edits = self.edits

        class Partial:
            async def edit(self, **kwargs: Any) -> None:
                edits.append((message_id, kwargs))

        return Partial()


def courier(client: FakeDiscord) -> Courier:
    # drawn in a thread of the test's own (a worker process would outlive the test)
    return Courier(client, MessageBook(), Painter(ImageSettings(), workers=0))  # type: ignore[arg-type]


async def test_a_new_hand_dm_shrinks_to_the_games_line_for_the_hand() -> None:
    client = FakeDiscord()
    table = new_table()
    table.lobby.join(1, "p1")
    carrier = courier(client)
    await carrier.show_hand(table, 0, HAND)  # no done DM yet: a new DM
    assert [sent["content"] for sent in client.sent] == [HAND.content]
    await carrier.dm(table, 0, Message(f"{HEADER}\nYour turn"))  # the next prompt
    assert client.edits == [
        (1, client.edits[0][1] | {"content": "**Stick'em** - round 2 of 5 - rules: standard"})
    ]
    assert client.edits[0][1]["view"] is None  # nothing to click


async def test_a_hand_shown_in_a_shrunk_prompt_shrinks_back_to_the_prompts_line() -> None:
    client = FakeDiscord()
    table = new_table()
    table.lobby.join(1, "p1")
    carrier = courier(client)
    await carrier.dm(table, 0, Message(f"{HEADER}\nYour turn"))
    await carrier.retire_timed_out_prompt(table, 0, Message("You played 7."))
    await carrier.show_hand(table, 0, HAND)  # shown in the done DM, not a new one
    await carrier.dm(table, 0, Message(f"{HEADER}\nYour turn again"))
    assert len(client.sent) == 2
    assert [edit[1]["content"] for edit in client.edits] == ["You played 7.", HAND.content, "You played 7."]


def test_shrunk_hand_is_the_games_first_line_else_the_header() -> None:
    assert shrunk_hand(Message(f"{HEADER}\nRound 1\nYour cards")) == "Round 1"
    assert shrunk_hand(Message(HEADER)) == HEADER
