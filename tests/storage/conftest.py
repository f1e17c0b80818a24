"""Fixtures: every storage test runs against SQLite and, when a server is available, PostgreSQL.

PostgreSQL runs when STICKEM_TEST_POSTGRES_URL is set (see .ci/postgres.sh). Without it the
PostgreSQL variant is skipped (the run ends with one line counting them), except under CI=true,
where a missing URL fails the test loudly so CI can never silently test SQLite alone
(tests/postgres_skips.py). Each test gets a fresh SQLite file or a fresh PostgreSQL
schema, dropped afterwards.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from host.storage import Storage
from host.storage.database import create_engine
from tests.postgres_skips import postgres_url_or_skip

BACKENDS = ["sqlite", "postgres"]


async def postgres_execute(url: str, sql: str) -> None:
    """Run one administrative statement on the test server."""
    engine, _ = create_engine(url, timeout=10)
    try:
        async with engine.begin() as conn:
            await conn.execute(text(sql))
    finally:
        await engine.dispose()


@dataclass(frozen=True)
class Target:
    """A fresh, empty database to open: URL plus (for PostgreSQL) the schema to use."""

    backend: str
    url: str
    schema: str | None


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        """Move time forward."""
        self.now += timedelta(**delta)


@pytest.fixture(params=BACKENDS)
async def target(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Target]:
    """An empty database on each backend."""
    if request.param == "sqlite":
        yield Target("sqlite", f"sqlite:///{tmp_path / 'stickem.sqlite3'}", None)
        return
    async with fresh_postgres_schema() as fresh:
        yield fresh


@asynccontextmanager
async def fresh_postgres_schema() -> AsyncIterator[Target]:
    """A new, empty schema on the test server (skips or fails without one), dropped afterwards."""
    url = postgres_url_or_skip()
    schema = f"test_{uuid.uuid4().hex[:16]}"
    await postgres_execute(url, f'CREATE SCHEMA "{schema}"')
    try:
        yield Target("postgresql", url, schema)
    finally:
        await postgres_execute(url, f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture
async def postgres_target() -> AsyncIterator[Target]:
    """An empty PostgreSQL schema, for the few tests that only make sense there."""
    async with fresh_postgres_schema() as fresh:
        yield fresh


@pytest.fixture
def clock() -> FakeClock:
    """The storage's clock."""
    return FakeClock()


@pytest.fixture
async def storage(target: Target, clock: FakeClock) -> AsyncIterator[Storage]:
    """A storage opened on a fresh database."""
    opened = await Storage.open(target.url, schema=target.schema, clock=clock, timeout=5)
    try:
        yield opened
    finally:
        await opened.close()


async def raw(storage: Storage, sql: str, **params: Any) -> list[Any]:
    """Run raw SQL in its own transaction (to tamper with or inspect rows) and return the rows."""
    async with storage.engine.begin() as conn:
        result = await conn.execute(text(sql), params)
        return list(result.all()) if result.returns_rows else []


async def undo_ratings(storage: Storage) -> None:
    """Turn a fresh database's schema back to what it was before ratings were kept: no
    ``ratings`` and ``game_ratings`` tables (the schema version is the caller's to set)."""
    await raw(storage, "DROP TABLE game_ratings")
    await raw(storage, "DROP TABLE ratings")


async def undo_handed_clicks(storage: Storage) -> None:
    """Take back what the schema's handed-click migration added (a database of the version
    before it; see `host.storage.migrations._v8_to_v9`)."""
    await raw(storage, "DROP TABLE handed_clicks")


TABLES_SINCE: dict[int, tuple[str, ...]] = {
    6: ("server_images",),
    7: ("user_languages", "server_languages"),
    8: ("game_ratings", "ratings"),
    9: ("handed_clicks",),
}
"""The tables each schema version from 6 on added (and nothing else)."""


async def undo_since(storage: Storage, version: int) -> None:
    """Turn a fresh database's schema back to what it was before ``version``: drop the tables of
    that version and every later one (the schema version is the caller's to set)."""
    for since in sorted(TABLES_SINCE, reverse=True):
        if since >= version:
            for table in TABLES_SINCE[since]:
                await raw(storage, f"DROP TABLE {table}")
