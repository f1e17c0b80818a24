"""A click on the lobby message is answered by the lobby message itself, edited in place as the
host's outcome says; the effect player is handed the outcome's effects as they are (the Discord
layer filters none) and never edits the lobby message a second time."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any, cast

import discord

from bot.ids import LobbyId
from bot.tables.service import TableService
from host.catalog import render
from host.tables import Outcome, Table, TableState
from tabletop.presentation import Message

CHANNEL = 41


class Seen:
    """What the service did on Discord: the clicked message's edits, the lobby messages shown by
    an effect, and every outcome handed to the effect player."""

    def __init__(self, service: TableService) -> None:
        self.edits: list[str] = []
        self.lobby_effects: list[str] = []
        self.outcomes: list[Outcome] = []
        play = service.effects.execute

        @contextlib.asynccontextmanager
        async def locked(table: Table, interaction: object, **_: object) -> AsyncIterator[None]:
            async with table.lock:
                yield

        async def edit_clicked(interaction: object, spec: Message, **_: object) -> None:
            self.edits.append(render(spec.content))

        async def show_lobby(table: Table, spec: Message) -> None:
            self.lobby_effects.append(render(spec.content))

        async def execute(table: Table, outcome: Outcome, **kwargs: Any) -> None:
            self.outcomes.append(outcome)
            await play(table, outcome, **kwargs)

        service.answerer.locked = locked  # type: ignore[method-assign,assignment]
        service.answerer.edit_clicked = edit_clicked  # type: ignore[method-assign,assignment]
        service.courier.show_lobby = show_lobby  # type: ignore[method-assign,assignment]
        service.courier.languages.note = lambda interaction: None  # type: ignore[method-assign]
        service.effects.execute = execute  # type: ignore[method-assign]


def click(user: int) -> discord.Interaction[Any]:
    """A click by ``user`` on a button of the lobby message (message 900)."""
    return cast(
        "discord.Interaction[Any]",
        SimpleNamespace(
            id=user * 10,
            user=SimpleNamespace(id=user, display_name=f"p{user}"),
            permissions=SimpleNamespace(manage_guild=False),
            message=SimpleNamespace(id=900),
            guild_id=1,
            locale=None,
        ),
    )


async def test_the_last_leave_click_shows_the_lobby_closed_once_with_its_reason() -> None:
    service = TableService(client=None)  # type: ignore[arg-type]
    seen = Seen(service)
    table = service.registry.get_or_open(CHANNEL, 1)
    table.lobby.join(1, "p1")
    await service.clicks.lobby_click(click(1), LobbyId("leave", CHANNEL))
    assert table.state is TableState.CLOSED
    (edit,) = seen.edits
    assert "Everybody left." in edit  # as /leave shows it: the reason the lobby closed
    assert seen.lobby_effects == []  # the answer is the lobby message: not shown again
    assert [outcome.effects for outcome in seen.outcomes] == [()]


async def test_a_join_click_edits_the_lobby_once_and_its_effects_are_played_as_given() -> None:
    service = TableService(client=None)  # type: ignore[arg-type]
    seen = Seen(service)
    table = service.registry.get_or_open(CHANNEL, 1)
    table.lobby.join(1, "p1")
    await service.clicks.lobby_click(click(2), LobbyId("join", CHANNEL))
    assert table.names == ("p1", "p2")
    (edit,) = seen.edits
    assert "p2" in edit
    assert seen.lobby_effects == []
    assert [outcome.effects for outcome in seen.outcomes] == [()]
