"""Translate driver failures into `StorageUnavailable` / `StorageConflict`, logging the cause once."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager

from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError

from bot.storage.errors import StorageConflict, StorageError, StorageUnavailable

log = logging.getLogger("bot.storage")

CONNECTION_FAILURES: tuple[type[BaseException], ...] = (SQLAlchemyError, OSError, TimeoutError)
"""What a database that is down, unreachable, locked or read-only raises through SQLAlchemy or the driver."""


def unavailable(exc: BaseException, message: str) -> StorageUnavailable:
    """Build the `StorageUnavailable` for a driver failure, logging its cause."""
    detail = f"{type(exc).__name__}: {exc}".splitlines()[0]
    log.warning("database operation failed: %s", detail)
    return StorageUnavailable(message, detail=detail)


@asynccontextmanager
async def translated(message: str) -> AsyncIterator[None]:
    """Run a block of database calls, turning connection/driver failures into `StorageUnavailable`.

    A constraint violation that the caller did not handle becomes a `StorageConflict`; storage's
    own errors pass through unchanged.
    """
    with translated_sync(message):
        yield


@contextmanager
def translated_sync(message: str) -> Iterator[None]:
    """:func:`translated` for a block without ``await``."""
    try:
        yield
    except StorageError:
        raise
    except IntegrityError as exc:
        reason = str(exc.orig).splitlines()[0] if str(exc.orig) else type(exc.orig).__name__
        raise StorageConflict(f"the write conflicts with stored data: {reason}") from exc
    except DBAPIError as exc:
        raise unavailable(exc, message) from exc
    except CONNECTION_FAILURES as exc:
        raise unavailable(exc, message) from exc
