"""A database the bot cannot open at start-up is explained once: the paragraph the bot exits
with (or a retry line), without the storage layer's own warning saying the same thing first."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.boot.startup import ConnectPolicy, open_database
from host.storage import StorageUnavailable

STORAGE_LOGGER = "host.storage"  # where host/storage logs
POLICY = ConnectPolicy(timeout=5.0, retries=0, first_delay=0.01)


async def test_a_missing_folder_is_not_warned_about_before_it_is_explained(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with pytest.raises(StorageUnavailable) as failed:
        await open_database(f"sqlite:///{tmp_path}/missing/games.sqlite3", POLICY, timeout=5.0)
    assert "does not exist" in failed.value.detail  # what the bot's paragraph says
    assert [record.getMessage() for record in caplog.records if record.name == STORAGE_LOGGER] == []


async def test_the_storage_layer_warns_again_once_the_bot_is_up(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    storage = await open_database(f"sqlite:///{tmp_path}/games.sqlite3", POLICY, timeout=5.0)
    await storage.close()
    logging.getLogger(STORAGE_LOGGER).warning("a write failed")
    assert "a write failed" in [record.getMessage() for record in caplog.records]
