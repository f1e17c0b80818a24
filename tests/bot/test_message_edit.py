"""The bot's quiet message edit (bot.runtime.message_edit): the same request as discord.py's
``PartialMessage.edit``, Discord's answer not parsed into a ``Message``."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from discord.http import HTTPClient
from discord.state import ConnectionState

from bot.runtime.message_edit import QuietMessageable, QuietPartialMessage
from bot.tables.payload import edit_kwargs, pictured_edit_kwargs, words_edit_kwargs
from tabletop.presentation import Button, Embed, EmbedField, Message

ANSWER: dict[str, Any] = {
    "id": "7", "channel_id": "5", "type": 0, "content": "edited", "attachments": [], "embeds": [],
    "author": {"id": "9", "username": "bot", "discriminator": "0", "avatar": None, "bot": True},
    "mentions": [], "mention_roles": [], "pinned": False, "mention_everyone": False, "tts": False,
    "timestamp": "2026-11-27T06:00:00.000000+00:00", "edited_timestamp": None, "flags": 0,
    "components": [],
}

SPEC = Message(
    "Round 2: Ada plays",
    (Embed("Table", "the cards", 3, (EmbedField("Ada", "12", True),)),),
    ((Button("Red 7", "stk:1:r7", "\N{LARGE RED SQUARE}"), Button("Pass", "stk:1:pass")),),
)


class Recorder:
    """The HTTP client's edit: what was asked, answered as Discord answers."""

    def __init__(self) -> None:
        self.requests: list[tuple[int, int, Any, list[Any]]] = []

    async def edit_message(self, channel_id: int, message_id: int, *, params: Any) -> dict[str, Any]:
        self.requests.append((channel_id, message_id, params.payload, params.files))
        return ANSWER


def channel_pair() -> tuple[Recorder, discord.PartialMessageable, QuietMessageable]:
    recorder = Recorder()
    http = HTTPClient(asyncio.get_running_loop())
    http.edit_message = recorder.edit_message  # type: ignore[method-assign, assignment]
    state: ConnectionState[Any] = ConnectionState(
        dispatch=lambda *args: None, handlers={}, hooks={}, http=http,
        allowed_mentions=discord.AllowedMentions.none(),
    )
    plain = discord.PartialMessageable(state=state, id=5, type=discord.ChannelType.text)
    return recorder, plain, QuietMessageable.of(plain)


@pytest.mark.parametrize(
    "kwargs",
    [
        edit_kwargs(SPEC),
        words_edit_kwargs(SPEC),
        pictured_edit_kwargs(SPEC, None),
        edit_kwargs(Message("no components")),
        {"content": "just words", "allowed_mentions": discord.AllowedMentions(users=True)},
    ],
    ids=["edit", "words", "pictured", "no-components", "mentions"],
)
async def test_a_quiet_edit_asks_discord_what_discord_py_asks(kwargs: dict[str, Any]) -> None:
    recorder, plain, quiet = channel_pair()
    edited = await plain.get_partial_message(7).edit(**kwargs)
    assert isinstance(edited, discord.Message)
    answer = await quiet.get_partial_message(7).edit(**kwargs)
    assert answer is None  # nothing parsed
    (asked_plain, asked_quiet) = recorder.requests
    assert asked_quiet == asked_plain


async def test_a_quiet_edit_parses_no_message(monkeypatch: pytest.MonkeyPatch) -> None:
    recorder, _, quiet = channel_pair()
    parsed: list[object] = []
    original = discord.Message.__init__

    def counting(self: discord.Message, **kwargs: Any) -> None:
        parsed.append(self)
        original(self, **kwargs)

    monkeypatch.setattr(discord.Message, "__init__", counting)
    message = quiet.get_partial_message(7)
    assert isinstance(message, QuietPartialMessage)
    await message.edit(**edit_kwargs(SPEC))
    assert len(recorder.requests) == 1 and parsed == []


async def test_the_quiet_messageable_is_the_channel_it_was_made_of() -> None:
    _, plain, quiet = channel_pair()
    assert (quiet.id, quiet.guild_id, quiet.type) == (plain.id, plain.guild_id, plain.type)
    assert quiet._state is plain._state
