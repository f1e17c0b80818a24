"""What every part of a storage transaction shares (:class:`Writes`: its connection, its time,
a row written or replaced, a game that must exist) and the statements they build once.

The parts, one job each: a game's life (:mod:`host.storage.game_writes`), its messages and
timers (:mod:`host.storage.table_writes`), lobbies and server settings
(:mod:`host.storage.channel_writes`); :class:`host.storage.transaction.Transaction` holds one of
each (``tx.games``, ``tx.messages``, ``tx.timers``, ``tx.lobbies``, ``tx.settings``), all on its
connection and time.
"""

from __future__ import annotations

import functools
import json
from datetime import datetime
from typing import Any

from sqlalchemy import Table, bindparam, delete, insert, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from host.storage.errors import UnknownGame
from host.storage.fixed_statements import FixedStatement
from host.storage.inline_sqlite import InlineConnection, run
from host.storage.schema import NO_SEAT, game_messages, games


@functools.cache
def update_by_key(table: Table, keys: tuple[str, ...], values: tuple[str, ...]) -> FixedStatement:
    """``UPDATE table SET values WHERE keys`` with bound parameters ``key_<name>`` and
    ``new_<name>``, built once: building the statement again for every move (SQLAlchemy's
    expression objects and their cache key) cost more than SQLite running it. (Run with
    :func:`run`, as every statement here: see :mod:`host.storage.fixed_statements`.)"""
    return FixedStatement(
        update(table)
        .where(*(table.c[name] == bindparam(f"key_{name}") for name in keys))
        .values({name: bindparam(f"new_{name}") for name in values})
    )


@functools.cache
def delete_by_key(table: Table, keys: tuple[str, ...]) -> FixedStatement:
    """``DELETE FROM table WHERE keys`` with bound parameters ``key_<name>``, built once."""
    return FixedStatement(delete(table).where(*(table.c[name] == bindparam(f"key_{name}") for name in keys)))


@functools.cache
def insert_into(table: Table) -> FixedStatement:
    """``INSERT INTO table``, its columns given by the parameters of each execution."""
    return FixedStatement(insert(table))


GAME_EXISTS = FixedStatement(select(games.c.id).where(games.c.id == bindparam("key_id")))
"""The id of the game ``key_id``, if it exists."""


def keyed(keys: dict[str, Any], values: dict[str, Any] | None = None) -> dict[str, Any]:
    """The parameters of :func:`update_by_key` / :func:`delete_by_key`."""
    params = {f"key_{name}": value for name, value in keys.items()}
    params.update({f"new_{name}": value for name, value in (values or {}).items()})
    return params


def seat_key(seat: int | None) -> int:
    """The seat column's value for ``seat`` (:data:`NO_SEAT` for a row of no seat)."""
    return NO_SEAT if seat is None else seat


def check_json(text: str, what: str) -> None:
    """Refuse ``text`` (``what`` it is, for the message) unless it is JSON."""
    try:
        json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{what} must be JSON text: {exc}") from exc


async def forget_message(
    conn: AsyncConnection | InlineConnection, game_id: int, purpose: str, seat: int | None
) -> bool:
    """Delete a game's stored message (``purpose``, ``seat``); False if none was stored."""
    deleted = await run(
        conn,
        delete_by_key(game_messages, ("game_id", "purpose", "seat")),
        keyed({"game_id": game_id, "purpose": purpose, "seat": seat_key(seat)}),
    )
    return deleted.rowcount > 0


class Writes:
    """One transaction's connection and time, and the writes every part of it makes."""

    __slots__ = ("_conn", "now")

    def __init__(self, conn: AsyncConnection | InlineConnection, now: datetime) -> None:
        self._conn = conn
        self.now = now
        """The time stamped on every row this transaction writes."""

    async def _upsert(self, table: Table, key: dict[str, Any], values: dict[str, Any]) -> None:
        """Write ``values`` into the row of ``key``: updated if there is one, else inserted."""
        updated = await run(self._conn, update_by_key(table, tuple(key), tuple(values)), keyed(key, values))
        if updated.rowcount == 0:
            await run(self._conn, insert_into(table), {**key, **values})

    async def _require_game(self, game_id: int) -> None:
        """Raise :class:`UnknownGame` unless the game is stored."""
        if (await run(self._conn, GAME_EXISTS, {"key_id": game_id})).first() is None:
            raise UnknownGame(game_id)
