"""The bot's own short messages go through the one message vocabulary and its converter
(:mod:`bot.tables.payload`): private replies, the notice after a restart, the Rematch offer
marked expired and the "Give seat" buttons are filled in in their reader's language and clipped
to Discord's limits there, as every other message is."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest

from bot.messages import limits
from bot.messages.replies import send_ephemeral
from bot.tables.languages import Languages
from bot.tables.payload import localized
from bot.tables.rematch import Rematches, with_rematch_button
from bot.tables.resume import _say
from bot.tables.table_messages import NAME_IN_LABEL, give_seat_label
from host.catalog import CATALOG, Text, lazy, text
from host.rematch import RematchOffer
from tabletop.presentation import Button, Message, render

LONG = "x" * (limits.CONTENT + 50)


@dataclass
class Recorder:
    """Records the keyword arguments of every call of ``send`` / ``send_message`` / ``edit``."""

    calls: list[dict[str, Any]] = field(default_factory=list)

    async def __call__(self, *args: Any, **kwargs: Any) -> Any:
        assert not args  # everything by keyword, as the converter gives it
        self.calls.append(kwargs)
        # a sent message's id, and an interaction callback's message id (discord.py's
        # InteractionCallbackResponse) alike
        return SimpleNamespace(id=len(self.calls), message_id=len(self.calls))


class Response:
    def __init__(self) -> None:
        self.send_message = Recorder()

    def is_done(self) -> bool:
        return False


def interaction(locale: str) -> Any:
    return SimpleNamespace(id=1, locale=locale, response=Response())


async def test_a_private_reply_in_words_is_filled_in_in_the_readers_language() -> None:
    asked = interaction("de")
    await send_ephemeral(asked, lazy("rematch.expired_note"))
    [sent] = asked.response.send_message.calls
    assert sent["content"] == text("rematch.expired_note", language="de")
    assert sent["ephemeral"] is True
    assert "view" not in sent and "embeds" not in sent


async def test_a_private_reply_is_clipped_to_discords_limit() -> None:
    asked = interaction("en-US")
    await send_ephemeral(asked, LONG)
    [sent] = asked.response.send_message.calls
    assert len(sent["content"]) == limits.CONTENT
    assert sent["content"].endswith(limits.ELLIPSIS)


async def test_a_private_reply_can_be_a_whole_message_with_buttons_and_a_file() -> None:
    asked = interaction("de")
    button = Button(lazy("takeover.approve_button"), "stickem:x", style="success")
    await send_ephemeral(asked, Message("hi", rows=((button,),)), file="the file")
    [sent] = asked.response.send_message.calls
    assert sent["content"] == "hi"
    assert sent["file"] == "the file"
    [row] = sent["view"].to_components()
    assert row["components"][0]["label"] == text("takeover.approve_button", language="de")


async def test_the_notice_after_a_restart_is_in_the_servers_language_and_clipped() -> None:
    channel = SimpleNamespace(send=Recorder())
    client = SimpleNamespace(get_partial_messageable=lambda channel_id: channel)
    service: Any = SimpleNamespace(client=client, languages=Languages())
    await _say(service, 700, lazy("resume.broken"), None)
    await _say(service, 700, LONG, None)
    first, second = channel.send.calls
    assert first["content"] == text("resume.broken")
    assert first["allowed_mentions"].users is True
    assert len(second["content"]) == limits.CONTENT


class Standings:
    """A posted standings message, as discord.py has it: its content and components, edits."""

    def __init__(self, content: str) -> None:
        self.content = content
        self.components = ["the Rematch button"]
        self.id = 9
        self.edit = Recorder()


@pytest.mark.parametrize("language", ["en", "de"])
async def test_an_expired_rematch_offer_gets_its_note_and_loses_its_button(language: str) -> None:
    standings = Standings("**Final standings**\n1. ann 30")
    await Rematches._mark_expired(standings, language)  # type: ignore[arg-type]
    [edit] = standings.edit.calls
    note = text("rematch.expired_note", language=language)
    assert edit == {"content": f"**Final standings**\n1. ann 30\n\n{note}", "view": None}  # embeds stay


async def test_a_long_expired_rematch_offer_is_clipped() -> None:
    standings = Standings(LONG)
    await Rematches._mark_expired(standings, "en")  # type: ignore[arg-type]
    [edit] = standings.edit.calls
    assert len(edit["content"]) == limits.CONTENT


@pytest.mark.parametrize("language", CATALOG.languages())
def test_a_give_seat_label_keeps_its_seat_and_bracket_when_the_name_is_long(language: str) -> None:
    short = render(give_seat_label(2, "Bot Ann"), language)
    assert short == text("takeover.give_button", language=language, seat=3, name="Bot Ann")
    label = render(give_seat_label(9, "N" * 200), language)
    assert len(label) <= limits.BUTTON_LABEL
    assert f"{limits.ELLIPSIS})" in label
    assert label.startswith(text("takeover.give_button", language=language, seat=10, name="")[:6])
    words = text("takeover.give_button", language=language, seat=99, name="")
    assert len(words) + NAME_IN_LABEL <= limits.BUTTON_LABEL  # the name alone gives way


def test_the_rematch_button_is_a_catalog_text_read_in_each_readers_language() -> None:
    """The Rematch button added to the final standings carries its key: the same standings read
    in English and in German (the converter fills the label in)."""
    offer = RematchOffer(7, 42, "stickem", (), {}, None, datetime(2026, 11, 21, tzinfo=UTC))
    standings = with_rematch_button(Message("Game over"), offer)
    (button,) = standings.rows[-1]
    assert isinstance(button, Button) and isinstance(button.label, Text)
    labels = [localized(standings, language).rows[-1][0] for language in ("en", "de")]
    assert [item.label for item in labels if isinstance(item, Button)] == [
        "Rematch",
        text("rematch.button", language="de"),
    ]
    assert text("rematch.button", language="de") != "Rematch"
