"""A table's lobby, leaving, takeovers and refusals around computer seats, read in German: every
reply, notice and refusal the host hands up comes out German (no English word, no English level)
when a German reader renders it (no Discord)."""

from __future__ import annotations

import re
from collections.abc import Callable

from host.catalog import Words, render
from host.errors import UserError
from host.tables import Notice, Outcome, Table

ENGLISH = re.compile(
    r"\b(hard|random|seat|seats|computer|joined|left|the|takes|take|over|promised|free|there|"
    r"level|choose|plays|you|your|is|no|of|from)\b",
    re.IGNORECASE,
)
"""English words no German text of these flows may hold (the names: ann, bob, cy, dee, Bot Ada...)."""


def shown(outcome: Outcome) -> list[Words]:
    """The reply and the channel notices of an outcome."""
    return [outcome.reply, *(effect.text for effect in outcome.effects if isinstance(effect, Notice))]


def refused(action: Callable[[], object]) -> Words:
    """The refusal ``action`` raises, as its reader gets it."""
    try:
        action()
    except UserError as error:
        return error.words
    raise AssertionError("not refused")


def test_computer_seat_flows_read_german() -> None:
    table = Table(777, 1, seed_source=lambda: 11, id_source=lambda: "abc123")
    texts: list[Words] = []
    texts += shown(table.lobby.join(1, "ann"))
    texts += shown(table.lobby.join(2, "bob"))
    texts += shown(table.lobby.add_bot(1, "hard"))
    texts += shown(table.lobby.add_bot(1, "random"))
    texts.append(refused(lambda: table.lobby.add_bot(1, "genius")))
    texts += shown(table.lobby.remove_bot(1))
    texts += shown(table.lobby.add_bot(1, "hard"))
    table.lobby.start(1, options={"rounds": 3}, timer="off")
    texts += shown(table.lobby.leave(2))  # a computer player takes bob's seat
    texts.append(refused(lambda: table.takeover_desk.request(9, "dee", "Zed")))
    texts.append(refused(lambda: table.takeover_desk.request(9, "dee", "1")))  # ann's seat: a person's
    texts += shown(table.takeover_desk.request(9, "dee", "Bot Cal (normal)"))
    texts += shown(table.takeover_desk.approve(1, 1, 9))
    texts.append(refused(lambda: table.takeover_desk.request(8, "eve", "2")))  # promised to dee
    texts.append(table.takeover_desk.seat_label(1))
    german = [render(words, "de") for words in texts]
    everything = "\n".join(german)
    assert "Bot Ada (schwer)" in everything and "Bot Bea (zufällig)" in everything
    for line in german:
        left = ENGLISH.findall(line)
        assert not left, f"English left: {left} in {line!r}"
