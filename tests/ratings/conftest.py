"""The ratings tests' storage: a fresh database on each backend (SQLite, and PostgreSQL when
the tests have a server: see tests/postgres_skips.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from host.storage import Storage
from tests.ratings.test_stored import Clock
from tests.storage.conftest import Target, target  # noqa: F401 (the fixture: an empty database on each backend)


@pytest.fixture
async def storage(target: Target) -> AsyncIterator[Storage]:  # noqa: F811 (the imported fixture)
    """A fresh storage whose clock moves a minute at every reading, so games end in order."""
    opened = await Storage.open(target.url, schema=target.schema, clock=Clock())
    try:
        yield opened
    finally:
        await opened.close()
