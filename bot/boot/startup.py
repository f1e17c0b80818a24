"""What can stop the bot at start-up, checked early and explained in one paragraph each.

Every failure here raises `StartupError`, whose text says what is wrong and what to do;
`bot.__main__` prints it and exits with code 2 (the traceback only with LOG_LEVEL=DEBUG).
Reaching Discord (and a PostgreSQL server) is retried with a growing delay first, since a network
or a server that is still coming up (a machine just booted, containers started together) is the
common cause.
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import socket
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import aiohttp
import discord
import yarl
from discord.http import Route
from sqlalchemy import text

from bot.boot.config import Settings
from host.storage import Storage, StorageConfigError, StorageUnavailable
from host.storage.database import normalise_url, redacted
from tabletop.words import plural

log = logging.getLogger(__name__)
STORAGE_LOGGER = "host.storage"
"""The logger of the storage layer (host.storage and its modules log there)."""

T = TypeVar("T")

_DRIVERS = {"sqlite": ("aiosqlite", "SQLite"), "postgresql": ("asyncpg", "PostgreSQL")}
_DAMAGED = ("file is not a database", "database disk image is malformed", "malformed database schema")
_READ_ONLY = ("readonly database", "read-only transaction", "read only", "permission denied")


class StartupError(Exception):
    """The bot cannot start; the message is one paragraph for the person hosting it."""


@dataclass(frozen=True, slots=True)
class ConnectPolicy:
    """How the first contact with Discord (and with a PostgreSQL server) is bounded and retried.

    Each attempt may take ``timeout`` seconds; a failed one is retried ``retries`` times, after
    ``first_delay`` seconds, then twice as long each time (2, 4, 8 s by default).
    """

    timeout: float = 30.0
    retries: int = 3
    first_delay: float = 2.0

    @classmethod
    def from_settings(cls, settings: Settings) -> ConnectPolicy:
        """The policy configured by CONNECT_TIMEOUT, CONNECT_RETRIES and CONNECT_RETRY_DELAY."""
        return cls(settings.connect_timeout, settings.connect_retries, settings.connect_retry_delay)


def check_data_folder(folder: Path) -> None:
    """Raise `StartupError` unless the bot can create a file in its data folder."""
    where = folder.expanduser().absolute()
    try:
        if not where.exists():
            problem = "it does not exist"
        elif not where.is_dir():
            problem = "it is a file, not a folder"
        else:
            with tempfile.TemporaryFile(dir=where):
                problem = ""
    except OSError as exc:
        problem = exc.strerror or type(exc).__name__
    if problem:
        raise StartupError(
            f"The data folder {where} cannot be used: {problem}. The bot keeps its files there "
            "(the game database stickem.sqlite3 unless DATABASE_URL names another, and "
            "command-sync.json). Set STICKEM_DATA_DIR to a folder that exists and that the user "
            "running the bot may write, or create this one and give that user write permission."
        )


def check_database_url(url: str) -> None:
    """Raise `StartupError` for a database URL the bot could open but should not, or cannot use:
    an in-memory SQLite database (every game would vanish at the next restart) or a database
    whose Python driver is not installed, or one that is not a database URL at all (said before
    Discord is reached)."""
    try:
        parsed, backend = normalise_url(url)
    except StorageConfigError as exc:
        raise StartupError(str(exc)) from exc
    if backend == "sqlite" and parsed.database in (None, "", ":memory:"):
        raise StartupError(
            f"DATABASE_URL {url!r} is an in-memory SQLite database: every game would be lost "
            "when the bot stops. Give a file instead, e.g. sqlite:///games.sqlite3, or leave "
            "DATABASE_URL unset to keep games in stickem.sqlite3 in the data folder."
        )
    module, name = _DRIVERS[backend]
    if importlib.util.find_spec(module) is None:
        raise StartupError(
            f"DATABASE_URL ({redacted(url)}) names a {name} database, but its Python driver "
            f"{module} is not installed in this environment. Install the bot with its dependencies "
            f"(pip install -e . in the project folder, or pip install {module}), then start it again."
        )


def damaged(exc: StorageUnavailable) -> bool:
    """Whether a failure to open the database says its file is damaged (not a folder problem)."""
    detail = exc.detail.lower()
    return any(sign in detail for sign in _DAMAGED)


def database_damaged(where: str, exc: StorageUnavailable) -> str:
    """The paragraph for a database file that is not (or no longer) a readable database."""
    return (
        f"The game database ({where}) is damaged: {exc.detail}. It is not a database SQLite can "
        "read (a truncated copy, another program's file, or a disk problem). Restore it from a "
        "backup, or move it away to start with an empty database (the games in it are lost), or "
        "point DATABASE_URL at the right file."
    )


async def check_writable(storage: Storage, where: str) -> None:
    """Raise `StartupError` if the open database refuses writes (a read-only file or server).

    SQLite opens a file it may not write read-only without a word; every move would then fail
    with "could not be saved". The check updates one row to itself and rolls back.
    """
    try:
        async with storage.engine.connect() as conn:
            await conn.begin()
            try:
                await conn.execute(text("UPDATE schema_version SET version = version"))
            finally:
                await conn.rollback()
    except Exception as exc:
        detail = " ".join(str(getattr(exc, "orig", None) or exc).split()) or type(exc).__name__
        if not any(sign in detail.lower() for sign in _READ_ONLY):
            raise
        raise StartupError(
            f"The game database ({where}) can be read but not written: {detail}. Every move would "
            "fail to be saved. For SQLite, let the user running the bot write the file, its folder "
            "and the -wal and -shm files next to it; for PostgreSQL, give the user the right to "
            "write the tables and check that the server is not a read-only replica."
        ) from exc


def _discord_address() -> yarl.URL:
    return yarl.URL(Route.BASE)


def unreachable_reason(exc: BaseException, timeout: float) -> str:
    """What went wrong on the way to Discord, in a few words for the log and the paragraph."""
    url = _discord_address()
    if isinstance(exc, TimeoutError):
        return f"{url.host} did not answer within {timeout:g} seconds"
    if isinstance(exc, aiohttp.ClientConnectorError):
        cause = exc.os_error
        if isinstance(cause, socket.gaierror):
            return f"the name {url.host} cannot be resolved ({cause.strerror or cause})"
        if isinstance(cause, ConnectionRefusedError):
            return f"the connection to {url.host} port {url.port} was refused"
        return f"the connection to {url.host} failed ({cause.strerror or cause})"
    if isinstance(exc, discord.HTTPException):
        return f"Discord answered {exc.status} {exc.text or ''}".strip()
    return f"{type(exc).__name__}: {exc}"


def _unreachable(exc: BaseException, policy: ConnectPolicy) -> StartupError:
    reason = unreachable_reason(exc, policy.timeout)
    if isinstance(exc, aiohttp.ClientConnectorError) and isinstance(exc.os_error, socket.gaierror):
        advice = "This machine's internet connection or DNS is not working."
    elif isinstance(exc, TimeoutError):
        advice = (
            "The network is down or very slow, or a firewall drops the connection "
            "(CONNECT_TIMEOUT sets how long to wait)."
        )
    else:
        advice = "The network is down, or a firewall or proxy blocks the connection."
    return StartupError(
        f"The bot cannot reach Discord: {reason} (tried {plural(policy.retries + 1, 'time')}). {advice} "
        "Check that this machine can open https://discord.com, then start the bot again."
    )


def _transient(exc: BaseException) -> bool:
    if isinstance(exc, discord.HTTPException):
        return exc.status >= 500
    return isinstance(exc, (TimeoutError, aiohttp.ClientError, OSError))


async def retried(
    attempt: Callable[[], Awaitable[T]],
    policy: ConnectPolicy,
    transient: Callable[[Exception], str | None],
    what: str,
    reset: Callable[[], Awaitable[None]] | None = None,
) -> T:
    """Run ``attempt``, and again after a doubling delay while it fails in a way ``transient``
    names (it returns the reason, or None for a failure not worth retrying); each retry is
    logged as "``what`` cannot be reached: reason". ``reset`` runs before each retry. The last
    failure, or one not transient, is raised."""
    delay = policy.first_delay
    for number in range(policy.retries + 1):
        try:
            return await attempt()
        except Exception as exc:
            reason = transient(exc)
            if reason is None or number == policy.retries:
                raise
            log.warning(
                "%s cannot be reached: %s. Trying again in %g s (attempt %d of %d).",
                what,
                reason,
                delay,
                number + 2,
                policy.retries + 1,
            )
            if reset is not None:
                await reset()
            await asyncio.sleep(delay)
            delay *= 2
    raise AssertionError("unreachable: the last attempt returns or raises")


async def reach_discord(
    attempt: Callable[[], Awaitable[T]],
    policy: ConnectPolicy,
    reset: Callable[[], Awaitable[None]],
) -> T:
    """Run ``attempt`` (the first request to Discord) within ``policy.timeout``, retrying network
    failures (see `retried`). ``reset`` runs between attempts.

    Raises `StartupError` when every attempt failed; other errors (a refused token) at once.
    """

    async def bounded() -> T:
        async with asyncio.timeout(policy.timeout):
            return await attempt()

    def transient(exc: Exception) -> str | None:
        return unreachable_reason(exc, policy.timeout) if _transient(exc) else None

    try:
        return await retried(bounded, policy, transient, "Discord", reset)
    except Exception as exc:
        if _transient(exc):
            raise _unreachable(exc, policy) from exc
        raise


SHARD_WAIT = 30.0
"""Seconds a process waits at start for shards another process still serves (one that is
shutting down) before it gives up."""


def shards_served_elsewhere(shards: tuple[int, ...], wait: float) -> StartupError:
    """The paragraph for shards another process kept serving for the whole wait."""
    listed = ", ".join(map(str, shards))
    return StartupError(
        f"Shard {listed} is served by another bot process on the same database, which did not stop "
        f"within {wait:g} seconds. Each shard must be served by one process only, or both would "
        "run the same tables: stop the other process (or give this one other SHARD_IDS), then "
        "start this one again."
    )


class _ExplainedByTheBot(logging.Filter):
    """Drops the storage layer's warnings while the bot opens its database at start-up: each
    failure there ends in an exception the bot explains itself (a retry line, or the paragraph
    it exits with), so the warning only said the same thing once more."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno < logging.WARNING


async def open_database(url: str, policy: ConnectPolicy, timeout: float) -> Storage:
    """`Storage.open` at start-up: a PostgreSQL server that cannot be reached (still starting,
    the network not up yet) is tried again as `retried` does; SQLite files are not (their
    failures do not pass by themselves). The storage layer's own warnings are left out meanwhile
    (see `_ExplainedByTheBot`)."""

    def transient(exc: Exception) -> str | None:
        if isinstance(exc, StorageUnavailable) and normalise_url(url)[1] == "postgresql":
            return exc.detail or str(exc)
        return None

    storage_log = logging.getLogger(STORAGE_LOGGER)
    explained = _ExplainedByTheBot()
    storage_log.addFilter(explained)
    try:
        return await retried(lambda: Storage.open(url, timeout=timeout), policy, transient, "The database")
    finally:
        storage_log.removeFilter(explained)
