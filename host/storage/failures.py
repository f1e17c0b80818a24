"""Translate driver failures into `StorageUnavailable` / `StorageConflict`, logging the cause once."""

from __future__ import annotations

import logging
from types import TracebackType

from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError

from host.storage.errors import StorageConflict, StorageError, StorageUnavailable

log = logging.getLogger("host.storage")

CONNECTION_FAILURES: tuple[type[BaseException], ...] = (SQLAlchemyError, OSError, TimeoutError)
"""What a database that is down, unreachable, locked or read-only raises through SQLAlchemy or the driver."""


def unavailable(exc: BaseException, message: str) -> StorageUnavailable:
    """Build the `StorageUnavailable` for a driver failure, logging its cause."""
    detail = f"{type(exc).__name__}: {exc}".splitlines()[0]
    log.warning("database operation failed: %s", detail)
    return StorageUnavailable(message, detail=detail)


class Translated:
    """Run a block of database calls (``with`` or ``async with``), turning connection/driver
    failures into `StorageUnavailable`: a constraint violation that the caller did not handle
    becomes a `StorageConflict`; storage's own errors pass through unchanged.

    A class, not a generator made a context manager: a move's write goes through six of these,
    and each generator-based one cost an async generator made, registered with the loop and
    run to its end (:func:`translated`; ``benchmarks/write_cpu.py``)."""

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        """``message``: what a `StorageUnavailable` raised here says."""
        self.message = message

    def __enter__(self) -> None:
        """Nothing to do before the block."""

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        """Translate the block's failure, if any (see the class)."""
        if exc is None or isinstance(exc, StorageError):
            return
        if isinstance(exc, IntegrityError):
            reason = str(exc.orig).splitlines()[0] if str(exc.orig) else type(exc.orig).__name__
            raise StorageConflict(f"the write conflicts with stored data: {reason}") from exc
        if isinstance(exc, CONNECTION_FAILURES):  # (a DBAPIError is a SQLAlchemyError)
            raise unavailable(exc, self.message) from exc

    async def __aenter__(self) -> None:
        """Nothing to do before the block."""

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        """Translate the block's failure, if any (see the class)."""
        self.__exit__(kind, exc, tb)


def translated(message: str) -> Translated:
    """Run a block of database calls (``async with``, or ``with`` for a block without
    ``await``), turning connection/driver failures into `StorageUnavailable` (:class:`Translated`)."""
    return Translated(message)


SQLITE_REOPEN = frozenset({8, 10, 14})
"""SQLite's READONLY, IOERR and CANTOPEN (primary codes): faults of the file or the disk, of
which a connection keeps the first kind for its whole life (opened read-only, it stays so)."""
POSTGRES_REOPEN = frozenset({"25006"})
"""PostgreSQL's read_only_sql_transaction: connected to a server that is (now) a standby."""


def needs_new_connection(exc: BaseException) -> bool:
    """Whether ``exc`` (or what caused it) says that the connection it came from should not be
    used again: a read-only or I/O failure, which a new connection may not have once the fault
    is gone (the permissions fixed, the disk back)."""
    seen: set[int] = set()
    error: BaseException | None = exc
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        code = getattr(error, "sqlite_errorcode", None)
        if isinstance(code, int) and code & 0xFF in SQLITE_REOPEN:
            return True
        if getattr(error, "sqlstate", None) in POSTGRES_REOPEN:
            return True
        orig = getattr(error, "orig", None) if isinstance(error, DBAPIError) else None
        error = orig if isinstance(orig, BaseException) else (error.__cause__ or error.__context__)
    return False
