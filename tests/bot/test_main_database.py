"""`stickem-bot` explains a database it cannot use in one paragraph and exits with code 2.

The bot's run is replaced by one that fails the way `Storage.open` does at start-up, so these
tests need no Discord and no process; tests/e2e/test_database_at_start.py runs the real thing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import bot.__main__ as entry
from bot.boot.app import StickemBot
from bot.boot.config import Settings, database_url_for
from host.storage import (
    DuplicateAction,
    SchemaTooNew,
    StorageConfigError,
    StorageError,
    StorageUnavailable,
)
from host.storage.database import normalise_url
from host.storage.maintenance import default_database_url
from host.storage.stored_games import StoredGames

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GAbCdE.abcdefghijklmnopqrstuvwxyz0123456789AB"


def run_failing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: Exception, url: str
) -> str:
    """Run `main` with a start-up that raises ``error``; assert exit code 2; what it printed."""

    async def failing_run(settings: Settings) -> None:
        raise error

    monkeypatch.setattr(entry, "_run", failing_run)
    monkeypatch.setattr(entry, "setup_logging", lambda level: None)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_URL", url)
    assert entry.main([]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    assert captured.err.startswith("stickem-bot: ") and captured.err.count("\n") == 1  # one paragraph
    return captured.err


def test_unreachable_server(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    error = StorageUnavailable(detail="ConnectionRefusedError: [Errno 111] Connect call failed")
    text = run_failing(monkeypatch, capsys, error, "postgresql://stickem:secret@db.example:5432/stickem")
    assert "postgresql://stickem:***@db.example:5432/stickem" in text and "secret" not in text
    assert "Connect call failed" in text and "DATABASE_URL" in text


def test_newer_schema(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    text = run_failing(monkeypatch, capsys, SchemaTooNew(9, 1), "sqlite:///x.sqlite3")
    assert "schema version 9" in text and "upgrade the bot" in text


def test_bad_url(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    url = "mysql://user:secret@127.0.0.1/stickem"
    with pytest.raises(StorageConfigError) as caught:
        normalise_url(url)  # what Storage.open raises for this URL
    text = run_failing(monkeypatch, capsys, caught.value, url)
    assert "does not support" in text and "secret" not in text


@pytest.mark.parametrize(
    "error",
    [
        StorageError("the schema_version table is empty"),
        StorageError("No migration from 0"),
        DuplicateAction(3, 7),
    ],
)
def test_an_unusable_database(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: StorageError
) -> None:
    text = run_failing(monkeypatch, capsys, error, "postgresql://stickem:secret@db.example/stickem")
    assert "cannot be used" in text and str(error) in text and "secret" not in text


def test_maintenance_finds_the_bots_default_database(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("STICKEM_DATA_DIR", str(tmp_path))
    settings = Settings(token=TOKEN, data_dir=tmp_path)
    assert default_database_url() == database_url_for(settings) == f"sqlite:///{tmp_path / 'stickem.sqlite3'}"
    monkeypatch.delenv("STICKEM_DATA_DIR")
    assert default_database_url() == database_url_for(Settings(token=TOKEN)) == "sqlite:///stickem.sqlite3"
    monkeypatch.setenv("DATABASE_URL", "postgresql://db/stickem")
    assert default_database_url() == "postgresql://db/stickem"


async def test_the_start_up_load_has_its_own_longer_limit(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The start-up load of every stored move is not bound by the few seconds a move's write
    may take (on PostgreSQL that limit would fail the start of a big database)."""
    seen: list[float | None] = []
    real = StoredGames.load_unfinished_games

    async def recording(self: StoredGames, *, timeout: float | None = None, **selection: Any) -> object:
        seen.append(timeout)
        return await real(self, timeout=timeout, **selection)

    monkeypatch.setattr(StoredGames, "load_unfinished_games", recording)
    bot = StickemBot(Settings(token=TOKEN, data_dir=tmp_path))
    try:
        await bot._open_database()
        await bot._restore_tables()
    finally:
        if bot.storage is not None:
            await bot.storage.close()
    assert seen == [bot.load_timeout] and bot.load_timeout > 10 * bot.storage_timeout


@pytest.mark.parametrize(
    "url",
    ["postgresql://stickem:secret@db.example:54x2/stickem", "postgresql//stickem:secret@db.example/stickem"],
    ids=["port not a number", "no scheme"],
)
def test_a_malformed_url_is_explained_at_once_without_its_password(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], url: str
) -> None:
    """A typo in DATABASE_URL is explained before Discord is reached (the run is never called),
    and the paragraph does not print the password it holds. A port that is not a number made
    SQLAlchemy raise ValueError: a traceback and exit code 1."""
    text = run_failing(monkeypatch, capsys, AssertionError("the bot was started"), url)
    assert "is not a database URL" in text and "secret" not in text
    assert "db.example" in text
