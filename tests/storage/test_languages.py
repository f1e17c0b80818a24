"""Who reads which language, stored: people's locales, servers' chosen and seen languages, and
the migration that adds them to a version-6 database."""

from __future__ import annotations

from host.storage import CURRENT_VERSION, ServerLanguage, Storage
from host.storage.migrations import MIGRATIONS
from tests.storage.conftest import Target, raw, undo_since


async def test_locales_are_stored_replaced_and_loaded(storage: Storage) -> None:
    stored = await storage.settings.load_languages()
    assert stored.users == {} and stored.servers == {}
    await storage.settings.set_user_locale(7, "de")
    await storage.settings.set_user_locale(2**62, "en-US")  # Discord ids are 64-bit
    await storage.settings.set_user_locale(7, "fr")
    await storage.settings.set_server_language(100, ServerLanguage(seen="de"))
    await storage.settings.set_server_language(100, ServerLanguage(chosen="en", seen="de"))
    await storage.settings.set_server_language(200, ServerLanguage(chosen="de"))
    stored = await storage.settings.load_languages()
    assert stored.users == {7: "fr", 2**62: "en-US"}
    assert stored.servers == {100: ServerLanguage("en", "de"), 200: ServerLanguage("de", None)}


async def test_a_version_6_database_gets_the_language_tables(storage: Storage, target: Target) -> None:
    await undo_since(storage, 7)
    await raw(storage, "UPDATE schema_version SET version = 6")
    assert 6 in MIGRATIONS
    await storage.close()
    reopened = await Storage.open(target.url, schema=target.schema)
    try:
        assert reopened.schema_version == CURRENT_VERSION
        assert (await reopened.settings.load_languages()).users == {}  # nobody's language known yet
        await reopened.settings.set_user_locale(7, "de")
        await reopened.settings.set_server_language(1, ServerLanguage(chosen="de"))
        stored = await reopened.settings.load_languages()
        assert stored.users == {7: "de"} and stored.servers == {1: ServerLanguage("de", None)}
    finally:
        await reopened.close()
