"""The maintenance command line: prune old games, print what is stored, report errors for the host.

(Pruning itself is tested on both databases in test_prune; this drives the command line on SQLite.)
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import inspect

from host.storage import CURRENT_VERSION, OWED, Storage, StorageError, StorageUnavailable
from host.storage.database import create_engine
from host.storage.maintenance import main, run
from tests.storage.conftest import Target
from tests.storage.helpers import new_game, result


async def test_info_and_prune_commands(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'stickem.sqlite3'}"
    long_ago = datetime(2020, 1, 1, tzinfo=UTC)
    storage = await Storage.open(url, clock=lambda: long_ago)
    old = await new_game(storage)
    async with storage.transaction() as tx:  # ended as the bot went down: its end still owed
        await tx.messages.set_message(old, OWED, 200, 0)
        await tx.games.finish_game(old, [result(0, 1, (1,))])
    assert [g.record.id for g in (await storage.games.load_unfinished_games()).games] == [old]
    await storage.close()
    storage = await Storage.open(url)
    await new_game(storage)
    await storage.close()

    assert await run(["--database-url", url, "info"]) == (
        f"sqlite database, schema version {CURRENT_VERSION}: 1 unfinished game, 0 unreadable"
    )
    assert await run(["--database-url", url, "prune", "--days", "30"]) == (
        "pruned 1 game that ended more than 30 days ago"
    )
    assert await run(["--database-url", url, "prune", "--days", "30"]) == (
        "pruned 0 games that ended more than 30 days ago"
    )


def test_database_url_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'env.sqlite3'}"
    asyncio.run(_create(url))
    monkeypatch.setenv("DATABASE_URL", url)
    assert main(["info"]) == 0
    assert f"schema version {CURRENT_VERSION}: 0 unfinished games" in capsys.readouterr().out


async def _create(url: str) -> None:
    await (await Storage.open(url)).close()


def test_database_url_comes_from_a_dotenv_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Like the bot, the command reads .env in the working directory (the environment wins)."""
    url = f"sqlite:///{tmp_path / 'dotenv.sqlite3'}"
    asyncio.run(_create(url))
    (tmp_path / ".env").write_text(f"DATABASE_URL={url}\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert main(["info"]) == 0
    assert f"schema version {CURRENT_VERSION}: 0 unfinished games" in capsys.readouterr().out
    monkeypatch.delenv("DATABASE_URL", raising=False)  # what load_dotenv set


def test_a_missing_sqlite_file_is_not_created(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "typo.sqlite3"
    assert main(["--database-url", f"sqlite:///{missing}", "info"]) == 1
    assert f"no Stick'em database at sqlite:///{missing}" in capsys.readouterr().err
    assert not missing.exists()


async def test_an_empty_database_gets_no_schema(target: Target) -> None:
    """An existing but empty database (a new PostgreSQL database, an empty SQLite file) is
    refused, and left empty."""
    url = target.url
    if target.backend == "sqlite":
        Path(url.removeprefix("sqlite:///")).touch()
    storage_args = {"schema": target.schema} if target.schema else {}
    with pytest.raises(StorageError, match="no Stick'em database at"):
        await Storage.open(url, create=False, **storage_args)
    engine, _ = create_engine(url, schema=target.schema)
    try:
        async with engine.connect() as conn:
            tables = await conn.run_sync(lambda c: inspect(c).get_table_names())
    finally:
        await engine.dispose()
    assert tables == []


async def test_an_unreachable_database_is_an_error(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder" / "x.sqlite3"
    with pytest.raises(StorageUnavailable) as caught:
        await run(["--database-url", f"sqlite:///{missing}", "info"])
    assert caught.value.detail == (
        f"the folder {missing.parent.resolve()} for the SQLite database does not exist"
    )


def test_errors_are_reported_for_the_host(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--database-url", "mysql://admin:secret@db/stickem", "info"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: DATABASE_URL ")
    assert "'mysql'" in err and "secret" not in err


def test_a_negative_age_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--database-url", f"sqlite:///{tmp_path / 'x.sqlite3'}", "prune", "--days", "-1"]) == 1
    assert "--days must not be negative" in capsys.readouterr().err


def test_help_names_every_place_the_database_comes_from_and_hides_the_password(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://stickem:s%40cret@db.example:5432/stickem")
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "DATABASE_URL, else stickem.sqlite3 in STICKEM_DATA_DIR, else in the current folder" in text
    assert "now: postgresql://stickem:***@db.example:5432/stickem" in text
    assert "s%40cret" not in text
