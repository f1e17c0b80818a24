"""The tables' and lobbies' persistent buttons share one way to answer a click
(:class:`bot.runtime.dynamic_items.ReleasingButton`): a malformed id is refused privately and
nothing else is done, a good one is handed to the button's ``clicked``, and the click is
released once handled, whatever happened."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any, ClassVar

import discord
import pytest

from bot.ids import LOBBY_TEMPLATE, LobbyId
from bot.runtime import dynamic_items
from bot.runtime.dynamic_items import ReleasingButton
from cogs import lobby, table


class Recording(ReleasingButton[LobbyId], template=LOBBY_TEMPLATE):
    """A lobby button whose clicks are recorded."""

    id_type = LobbyId
    label = "test"
    seen: ClassVar[list[LobbyId]] = []

    async def clicked(self, interaction: Any, ident: LobbyId) -> None:
        self.seen.append(ident)


@pytest.fixture
def released(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    done: list[Any] = []
    monkeypatch.setattr(
        "bot.runtime.interaction_release.release_click", lambda item, interaction: done.append(interaction)
    )
    return done


@pytest.fixture
def refused(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    done: list[Any] = []

    async def refuse(interaction: Any) -> None:
        done.append(interaction)

    monkeypatch.setattr(dynamic_items, "refuse", refuse)
    return done


async def rebuilt(custom_id: str) -> Recording:
    match = re.fullmatch(".*", custom_id)
    assert match is not None
    return await Recording.from_custom_id(SimpleNamespace(), None, match)  # type: ignore[arg-type]


def a_click() -> SimpleNamespace:
    """A click's interaction as the button sees it: from a client (one with no overload signal
    installed, so no click counts as expired)."""
    return SimpleNamespace(client=discord.Client(intents=discord.Intents.none()))


async def test_a_good_id_is_handed_to_clicked_and_released(released: list[Any], refused: list[Any]) -> None:
    ident = LobbyId("join", 700)
    button = await rebuilt(ident.encode())
    click = a_click()
    Recording.seen.clear()
    await button.callback(click)  # type: ignore[arg-type]
    assert Recording.seen == [ident]
    assert released == [click] and refused == []


async def test_a_malformed_id_is_refused_and_released(released: list[Any], refused: list[Any]) -> None:
    button = await rebuilt(LobbyId("join", 10**40).encode())  # a number too long
    click = a_click()
    Recording.seen.clear()
    await button.callback(click)  # type: ignore[arg-type]
    assert Recording.seen == []
    assert refused == [click] and released == [click]


def test_every_table_and_lobby_item_answers_the_one_way() -> None:
    items = (*table.DYNAMIC_ITEMS, lobby.LobbyButton, lobby.RematchButton)
    assert all(issubclass(item, ReleasingButton) for item in items)
