"""DATABASE_URL handling: both databases map to their async drivers; anything else is refused clearly."""

from __future__ import annotations

import pytest

from host.storage import StorageConfigError
from host.storage.database import normalise_url


@pytest.mark.parametrize(
    ("given", "driver", "backend"),
    [
        ("sqlite:///stickem.sqlite3", "sqlite+aiosqlite", "sqlite"),
        ("sqlite+pysqlite:////var/lib/stickem/db.sqlite3", "sqlite+aiosqlite", "sqlite"),
        ("postgresql://u:p@localhost/stickem", "postgresql+asyncpg", "postgresql"),
        ("postgres://u:p@localhost:5433/stickem", "postgresql+asyncpg", "postgresql"),
        ("postgresql+psycopg2://u@db/stickem", "postgresql+asyncpg", "postgresql"),
    ],
)
def test_urls_are_switched_to_the_async_drivers(given: str, driver: str, backend: str) -> None:
    url, found = normalise_url(given)
    assert url.drivername == driver
    assert found == backend


def test_sqlite_path_is_kept() -> None:
    url, _ = normalise_url("  sqlite:///data/stickem.sqlite3 ")
    assert url.database == "data/stickem.sqlite3"


def test_libpq_sslmode_becomes_asyncpg_ssl() -> None:
    url, _ = normalise_url("postgresql://u@db/stickem?sslmode=require")
    assert dict(url.query) == {"ssl": "require"}


def test_unsupported_database_is_refused_without_leaking_the_password() -> None:
    with pytest.raises(StorageConfigError) as caught:
        normalise_url("mysql://admin:hunter2@db/stickem")
    message = str(caught.value)
    assert "'mysql'" in message
    assert "hunter2" not in message
    assert "postgresql://" in message  # says what would work


def test_garbage_is_refused() -> None:
    with pytest.raises(StorageConfigError, match="not a database URL"):
        normalise_url("stickem.sqlite3")
