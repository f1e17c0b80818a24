"""The Discord layer's own writes queue for the one SQLite writer like the players' moves
(:mod:`host.write_queue`): a language noted in passing waits behind the players' writes, a
manager's setting (an answer waits for it) goes before the background ones."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import bot.tables.answer as answer
from bot.tables.language_setting import set_server_language
from bot.tables.languages import Languages
from bot.tables.service import TableService
from host.journal import GameJournal
from host.storage import Storage
from host.write_queue import BACKGROUND, URGENT
from tabletop import registry


@pytest.fixture
async def journal(tmp_path: Path) -> AsyncIterator[GameJournal]:
    """A journal on a fresh SQLite file (one writer, its turns queued)."""
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        yield GameJournal(storage)
    finally:
        await storage.close()


def noted(user: int, locale: str) -> Any:
    """An interaction as far as the languages read it."""
    return SimpleNamespace(
        user=SimpleNamespace(id=user), locale=discord.Locale(locale), guild_id=None, guild_locale=None
    )


async def queued_write(journal: GameJournal, priority: int, name: str, order: list[str]) -> None:
    async with journal.writing(priority):
        order.append(name)


async def test_a_noted_language_is_stored_behind_the_players_writes(
    journal: GameJournal, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = journal.storage
    assert storage is not None
    order: list[str] = []
    store = storage.settings.store_languages

    async def store_languages(users: dict[int, str], servers: dict[int, Any]) -> None:
        order.append("language")
        await store(users, servers)

    monkeypatch.setattr(storage.settings, "store_languages", store_languages)
    languages = Languages(storage, journal.writing)
    async with journal.writing(URGENT):  # a player's move holds the writer
        languages.note(noted(7, "de"))
        click = asyncio.create_task(queued_write(journal, URGENT, "click", order))
        await asyncio.sleep(0.05)
        assert order == [], "the language was written while a move held the writer"
    await asyncio.wait_for(asyncio.gather(click, languages.settle()), 5)
    assert order == ["click", "language"]
    assert (await storage.settings.load_languages()).users == {7: "de"}


async def test_a_managers_setting_goes_before_the_background_writes(
    journal: GameJournal, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = journal.storage
    assert storage is not None
    service = TableService(client=None, journal=journal)  # type: ignore[arg-type]
    order: list[str] = []
    store = storage.settings.set_images

    async def set_images(guild_id: int, on: bool) -> None:
        order.append("setting")
        await store(guild_id, on)

    monkeypatch.setattr(storage.settings, "set_images", set_images)
    sent: list[str] = []

    async def send_message(content: str, **_: object) -> None:
        sent.append(content)

    manager: Any = SimpleNamespace(
        id=1,
        guild_id=100,
        locale=discord.Locale("en-US"),
        guild_locale=None,
        user=SimpleNamespace(id=7),
        permissions=SimpleNamespace(manage_guild=True, administrator=True),
        response=SimpleNamespace(is_done=lambda: bool(sent), send_message=send_message),
    )
    async with journal.writing(URGENT):  # the writer is busy; a prompt id waits for it
        prompt = asyncio.create_task(queued_write(journal, BACKGROUND, "prompt ids", order))
        await asyncio.sleep(0)
        setting = asyncio.create_task(service.settings.set_images(manager, False))
        await asyncio.sleep(0.05)
        assert order == []
    await asyncio.wait_for(asyncio.gather(prompt, setting), 5)
    assert order == ["setting", "prompt ids"]
    assert sent, "the manager got no answer"


async def test_a_managers_setting_behind_a_long_queue_is_deferred_in_time(
    journal: GameJournal, monkeypatch: pytest.MonkeyPatch
) -> None:
    # /settings and /defaultgame answer after their write: queued behind the players' writes
    # for longer than Discord's 3 seconds allow, they must be deferred first
    monkeypatch.setattr(answer, "DEFER_AFTER", 0.1)
    service = TableService(client=None, journal=journal)  # type: ignore[arg-type]
    events: list[str] = []

    async def defer(**_: object) -> None:
        events.append("deferred")

    async def send_message(content: str, **_: object) -> None:
        events.append("answered")

    async def follow_up(content: str, **_: object) -> None:
        events.append("followed up")

    def manager() -> Any:
        return SimpleNamespace(
            id=1,
            guild_id=100,
            locale=discord.Locale("en-US"),
            guild_locale=None,
            user=SimpleNamespace(id=7),
            permissions=SimpleNamespace(manage_guild=True, administrator=True),
            response=SimpleNamespace(
                is_done=lambda: bool(events), send_message=send_message, defer=defer, type=None
            ),
            followup=SimpleNamespace(send=follow_up),
        )

    commands: list[Callable[[], Awaitable[None]]] = [
        lambda: service.settings.set_images(manager(), False),
        lambda: service.commands.set_default_game(manager(), registry.default_game()),
        lambda: set_server_language(service.languages, manager(), "de"),
    ]
    for command in commands:
        events.clear()
        async with journal.writing(URGENT):  # the players' writes hold the writer
            running = asyncio.create_task(command())
            await asyncio.sleep(0.4)
            assert events == ["deferred"], "not deferred while its write waited"
        await asyncio.wait_for(running, 5)
        assert events == ["deferred", "followed up"]
