"""Who reads which language (:mod:`bot.tables.languages`) and ``/settings language``
(:mod:`bot.tables.language_setting`), without Discord: interactions are plain objects with the
attributes the bot reads."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.tables.language_setting import language_choices, language_name, set_server_language
from bot.tables.languages import AUTO, Languages, language_of, reader_language
from host.catalog import lazy, render, text
from host.errors import UserError
from host.storage import ServerLanguage, Storage
from host.text import and_list, as_sentence, joined


def interaction(
    user: int,
    locale: str | None,
    guild: int | None = None,
    guild_locale: str | None = None,
    *,
    admin: bool = False,
) -> Any:
    """An interaction as far as the languages read it (and the reply it gets)."""
    sent: list[str] = []

    async def send_message(content: str, **_: object) -> None:
        sent.append(content)

    return SimpleNamespace(
        id=1,
        user=SimpleNamespace(id=user),
        locale=discord.Locale(locale) if locale else None,
        guild_id=guild,
        guild_locale=discord.Locale(guild_locale) if guild_locale else None,
        permissions=SimpleNamespace(manage_guild=admin),
        response=SimpleNamespace(is_done=lambda: bool(sent), send_message=send_message),
        sent=sent,
    )


def test_a_discord_locale_becomes_a_catalog_language_english_without_one() -> None:
    assert language_of("de") == "de"
    assert language_of("en-US") == language_of("en-GB") == "en"
    assert language_of("fr") == language_of("ja") == "en"  # no catalog: English
    assert language_of(None) == "en"


async def test_people_and_servers_are_remembered_from_their_interactions() -> None:
    languages = Languages()
    assert languages.of_user(7) == "en" and languages.of_server(100) == "en"  # never seen
    assert languages.of_interaction(interaction(7, "de", 100, "en-US")) == "de"
    assert languages.of_user(7) == "de"
    assert languages.of_server(100) == "en"
    languages.note(interaction(8, "en-GB", 100, "de"))  # the server now speaks German
    assert languages.of_server(100) == "de" and languages.of_user(8) == "en"
    languages.note(interaction(7, "fr", None, None))  # a DM: no server; French has no catalog
    assert languages.of_user(7) == "en" and languages.of_server(100) == "de"


async def test_a_chosen_language_wins_over_the_servers_own_until_auto() -> None:
    languages = Languages()
    languages.note(interaction(7, "en-US", 100, "de"))
    await languages.choose(100, "en")
    assert languages.of_server(100) == "en" and languages.chosen(100) == "en"
    languages.note(interaction(7, "en-US", 100, "de"))
    assert languages.of_server(100) == "en"
    await languages.choose(100, None)
    assert languages.of_server(100) == "de" and languages.chosen(100) is None


async def test_languages_are_stored_and_restored(tmp_path: Path) -> None:
    storage = await Storage.open(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    try:
        languages = Languages(storage)
        languages.note(interaction(7, "de", 100, "en-US"))
        await languages.choose(200, "de")
        await languages.settle()
        again = Languages(storage)
        again.restore(await storage.settings.load_languages())
        assert again.of_user(7) == "de"
        assert again.of_server(100) == "en" and again.of_server(200) == "de"
        stored = await storage.settings.load_languages()
        assert stored.users == {7: "de"}
        assert stored.servers == {100: ServerLanguage(None, "en-US"), 200: ServerLanguage("de", None)}
    finally:
        await storage.close()


class CountedSettings:
    """``storage.settings`` as far as the languages use it, keeping each write it is asked for
    (a transaction each); with ``hold`` set, the first write waits until it is."""

    def __init__(self) -> None:
        self.writes: list[tuple[dict[int, str], dict[int, ServerLanguage]]] = []
        self.hold: asyncio.Event | None = None

    async def store_languages(self, users: Mapping[int, str], servers: Mapping[int, ServerLanguage]) -> None:
        self.writes.append((dict(users), dict(servers)))
        if self.hold is not None and len(self.writes) == 1:
            await self.hold.wait()

    async def set_user_locale(self, user_id: int, locale: str) -> None:
        await self.store_languages({user_id: locale}, {})

    async def set_server_language(self, guild_id: int, language: ServerLanguage) -> None:
        await self.store_languages({}, {guild_id: language})


async def test_people_who_first_act_together_are_stored_in_one_write() -> None:
    # a hundred tables opening at once: a transaction (and a database connection) each would
    # crowd the writes of the games being started
    settings = CountedSettings()
    languages = Languages(SimpleNamespace(settings=settings))  # type: ignore[arg-type]
    for user in range(25):
        languages.note(interaction(user, "de", 100, "en-US"))
    await asyncio.wait_for(languages.settle(), 5.0)
    assert settings.writes == [({user: "de" for user in range(25)}, {100: ServerLanguage(None, "en-US")})]


async def test_languages_noted_during_a_write_are_stored_next_with_their_newest_value() -> None:
    settings = CountedSettings()
    settings.hold = asyncio.Event()
    languages = Languages(SimpleNamespace(settings=settings))  # type: ignore[arg-type]
    languages.note(interaction(1, "de", None, None))
    await asyncio.sleep(0)  # the first write begins, and waits
    assert settings.writes == [({1: "de"}, {})]
    languages.note(interaction(2, "de", None, None))
    languages.note(interaction(1, "en-GB", None, None))
    languages.note(interaction(1, "en-US", None, None))
    settings.hold.set()
    await asyncio.wait_for(languages.settle(), 5.0)
    assert settings.writes == [({1: "de"}, {}), ({2: "de", 1: "en-US"}, {})]


async def test_a_chosen_language_is_stored_after_a_background_write_under_way() -> None:
    # the write of the server's locale as seen must not land after /settings language's choice
    settings = CountedSettings()
    settings.hold = asyncio.Event()
    languages = Languages(SimpleNamespace(settings=settings))  # type: ignore[arg-type]
    languages.note(interaction(7, "en-US", 100, "de"))
    await asyncio.sleep(0)  # the background write begins, and waits
    choosing = asyncio.create_task(languages.choose(100, "en"))
    await asyncio.sleep(0.05)
    assert len(settings.writes) == 1  # the choice waits for it
    settings.hold.set()
    await asyncio.wait_for(choosing, 5.0)
    assert settings.writes[1] == ({}, {100: ServerLanguage("en", "de")})
    assert languages.of_server(100) == "en"


async def test_a_chosen_language_does_not_wait_for_the_people_who_keep_coming() -> None:
    # under load new people act all the time: the background writer then never runs dry, and
    # /settings language (answered without a defer) must not wait for all their writes
    settings = CountedSettings()
    languages = Languages(SimpleNamespace(settings=settings))  # type: ignore[arg-type]
    newcomers = iter(range(1000, 1400))
    store = settings.store_languages

    async def store_languages(users: Mapping[int, str], servers: Mapping[int, ServerLanguage]) -> None:
        await store(users, servers)
        await asyncio.sleep(0.005)
        languages.note(interaction(next(newcomers), "de"))  # someone new acted meanwhile

    settings.store_languages = store_languages  # type: ignore[method-assign]
    languages.note(interaction(7, "en-US", 100, "de"))
    await asyncio.sleep(0)  # the background writer runs, and keeps running
    await asyncio.wait_for(languages.choose(100, "en"), 1.0)
    assert ({}, {100: ServerLanguage("en", "de")}) in settings.writes
    assert languages.of_server(100) == "en"
    await asyncio.wait_for(languages.settle(), 10.0)  # the newcomers run out: the writer stops


def test_host_texts_are_filled_in_in_the_readers_language() -> None:
    both = joined([lazy("lobby.left"), lazy("lobby.you_are_host")])
    german = (text("lobby.left", language="de"), text("lobby.you_are_host", language="de"))
    assert both.render("de") == " ".join(german)
    assert str(both) == f"{text('lobby.left')} {text('lobby.you_are_host')}"
    assert as_sentence("there is no preset 'x'").render("de") == "There is no preset 'x'."
    names = and_list(["ann", "bob", "cy"])
    assert render(names, "en") == "ann, bob and cy" and render(names, "de") == "ann, bob und cy"
    assert and_list(["ann"]) == "ann"


async def test_settings_language_is_for_managers_in_a_server_and_confirmed_in_their_language() -> None:
    languages = Languages()
    with pytest.raises(UserError) as refused:
        await set_server_language(languages, interaction(7, "de", 100, "en-US"), "de")
    assert refused.value.words == lazy("settings.language_managers_only")
    with pytest.raises(UserError):
        await set_server_language(languages, interaction(7, "de", None, None, admin=True), "de")
    with pytest.raises(UserError):
        await set_server_language(languages, interaction(7, "de", 100, "en-US", admin=True), "xx")
    manager = interaction(7, "de", 100, "en-US", admin=True)
    await set_server_language(languages, manager, "de")
    assert languages.of_server(100) == "de"
    assert manager.sent == [text("settings.language_set", language="de", name="Deutsch")]
    manager = interaction(8, "en-GB", 100, "en-US", admin=True)
    await set_server_language(languages, manager, AUTO)
    assert languages.of_server(100) == "en"
    assert manager.sent == [text("settings.language_auto", language="en", name="English")]


def test_the_choices_are_the_catalog_languages_by_their_own_names() -> None:
    assert language_choices() == [("English", "en"), ("Deutsch", "de"), ("auto", "auto")]
    assert language_name("de", "en") == "German" and language_name("en", "de") == "Englisch"


def test_a_reply_is_in_the_language_of_who_acted() -> None:
    assert reader_language(interaction(7, "de")) == "de"
    assert reader_language(interaction(7, "pt-BR")) == "en"


async def test_a_locale_noted_while_a_choice_is_stored_keeps_the_choice() -> None:
    # a click in the server while /settings language's choice is being written: the server's
    # locale as seen is stored with the new choice after it, never with the older choice
    settings = CountedSettings()
    settings.hold = asyncio.Event()
    languages = Languages(SimpleNamespace(settings=settings))  # type: ignore[arg-type]
    choosing = asyncio.create_task(languages.choose(100, "en"))
    await asyncio.sleep(0)  # the choice's write begins, and waits
    assert settings.writes == [({}, {100: ServerLanguage("en", None)})]
    languages.note(interaction(7, "en-US", 100, "de"))
    await asyncio.sleep(0.05)
    settings.hold.set()
    await asyncio.wait_for(choosing, 5.0)
    await asyncio.wait_for(languages.settle(), 5.0)
    assert settings.writes[-1][1] == {100: ServerLanguage("en", "de")}
    assert all(servers[100].chosen == "en" for _, servers in settings.writes if 100 in servers)
    assert languages.chosen(100) == "en"
    await languages.choose(100, None)  # the locale seen meanwhile is remembered
    assert languages.of_server(100) == "de"
