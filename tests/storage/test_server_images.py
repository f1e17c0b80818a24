"""A server's choice of pictures (/settings images), stored in `server_images` (schema version
6): no row is pictures on; a version-5 database gains the table and keeps everything else."""

from __future__ import annotations

from host.storage import CURRENT_VERSION, Storage
from tests.storage.conftest import FakeClock, Target, raw, undo_since


async def test_a_servers_choice_is_stored_and_changed(storage: Storage) -> None:
    assert await storage.settings.load_image_settings() == {}
    await storage.settings.set_images(100, False)
    await storage.settings.set_images(200, True)
    assert await storage.settings.load_image_settings() == {100: False, 200: True}
    await storage.settings.set_images(100, True)
    assert await storage.settings.load_image_settings() == {100: True, 200: True}


async def test_a_version_5_database_gains_the_pictures_setting(
    storage: Storage, target: Target, clock: FakeClock
) -> None:
    await storage.settings.set_default_game(100, "stupid")
    await undo_since(storage, 6)
    await raw(storage, "UPDATE schema_version SET version = 5")
    await storage.close()
    upgraded = await Storage.open(target.url, schema=target.schema, clock=clock)
    try:
        assert upgraded.schema_version == CURRENT_VERSION
        assert await upgraded.settings.load_image_settings() == {}  # every server: pictures on
        assert await upgraded.settings.load_default_games() == {100: "stupid"}  # kept
        await upgraded.settings.set_images(100, False)
        assert await upgraded.settings.load_image_settings() == {100: False}
    finally:
        await upgraded.close()
