"""Every write storage does, on one connection inside one transaction.

`Storage.transaction()` hands out a `Transaction`; the convenience methods on `Storage` each run one
of these in a transaction of their own. The SQL is the same for SQLite and PostgreSQL.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Delete, Insert, Table, Update, bindparam, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from host.storage.errors import (
    ActionOutOfOrder,
    DuplicateAction,
    GameNotActive,
    UnknownGame,
)
from host.storage.inline_sqlite import InlineConnection
from host.storage.rating_rows import rate_finished_game
from host.storage.records import GameStatus, LobbyRecord, SeatRecord, SeatResult
from host.storage.schema import (
    MAX_GAME_NAME,
    MAX_STAT_NAME,
    NO_SEAT,
    game_actions,
    game_messages,
    game_results,
    game_seats,
    game_stats,
    game_timers,
    games,
    lobbies,
    server_images,
    server_settings,
)


def seats_to_json(seats: Sequence[SeatRecord]) -> str:
    """Serialise seats for a lobby row."""
    return json.dumps([{"user_id": s.user_id, "display_name": s.display_name} for s in seats])


@functools.cache
def _update_by_key(table: Table, keys: tuple[str, ...], values: tuple[str, ...]) -> Update:
    """``UPDATE table SET values WHERE keys`` with bound parameters ``key_<name>`` and
    ``new_<name>``, built once: building the statement again for every move (SQLAlchemy's
    expression objects and their cache key) cost more than SQLite running it."""
    return (
        update(table)
        .where(*(table.c[name] == bindparam(f"key_{name}") for name in keys))
        .values({name: bindparam(f"new_{name}") for name in values})
    )


@functools.cache
def _delete_by_key(table: Table, keys: tuple[str, ...]) -> Delete:
    """``DELETE FROM table WHERE keys`` with bound parameters ``key_<name>``, built once."""
    return delete(table).where(*(table.c[name] == bindparam(f"key_{name}") for name in keys))


@functools.cache
def _insert_into(table: Table) -> Insert:
    """``INSERT INTO table``, its columns given by the parameters of each execution."""
    return insert(table)


_GAME_EXISTS = select(games.c.id).where(games.c.id == bindparam("key_id"))
"""The id of the game ``key_id``, if it exists."""


def _keyed(keys: dict[str, Any], values: dict[str, Any] | None = None) -> dict[str, Any]:
    """The parameters of :func:`_update_by_key` / :func:`_delete_by_key`."""
    params = {f"key_{name}": value for name, value in keys.items()}
    params.update({f"new_{name}": value for name, value in (values or {}).items()})
    return params


def _seat_key(seat: int | None) -> int:
    return NO_SEAT if seat is None else seat


def _check_json(text: str, what: str) -> None:
    try:
        json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{what} must be JSON text: {exc}") from exc


async def _explain_refused_action(conn: AsyncConnection | InlineConnection, game_id: int, seq: int) -> None:
    """Raise why action ``seq`` of ``game_id`` could not be claimed: the game is unknown or not
    active, the number is taken, or it would leave a gap."""
    row: Any = (
        await conn.execute(select(games.c.status, games.c.action_count).where(games.c.id == game_id))
    ).first()
    if row is None:
        raise UnknownGame(game_id)
    status, count = str(row[0]), int(row[1])
    if status != GameStatus.ACTIVE.value:
        raise GameNotActive(game_id, status)
    if seq < count:
        raise DuplicateAction(game_id, seq)
    raise ActionOutOfOrder(game_id, seq, count)


class Transaction:
    """The writes of one database transaction; nothing is visible to others until it commits.

    If any call raises (or the `async with` block does), the whole transaction is rolled back.
    """

    def __init__(self, conn: AsyncConnection | InlineConnection, now: datetime) -> None:
        self._conn = conn
        self.now = now
        """The time stamped on every row this transaction writes."""

    @property
    def connection(self) -> AsyncConnection | InlineConnection:
        """The underlying connection, for storage's own multi-statement operations."""
        return self._conn

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        seed: int,
        rules: str,
        seats: Sequence[SeatRecord],
        options: str = "{}",
    ) -> int:
        """Store a new active game of `game` (its registry name; seat i of the game is
        `seats[i]`) and return its id."""
        if not game or len(game) > MAX_GAME_NAME:
            raise ValueError(f"a game's name has 1 to {MAX_GAME_NAME} characters, not {game[:40]!r}")
        _check_json(rules, "rules")
        _check_json(options, "options")
        if not seats:
            raise ValueError("a game needs at least one seat")
        result = await self._conn.execute(
            insert(games).values(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                seed=str(int(seed)),
                rules=rules,
                options=options,
                status=GameStatus.ACTIVE.value,
                action_count=0,
                created_at=self.now,
                updated_at=self.now,
            )
        )
        key = result.inserted_primary_key
        assert key is not None
        game_id = int(key[0])
        await self._conn.execute(
            insert(game_seats),
            [
                {"game_id": game_id, "seat": i, "user_id": s.user_id, "display_name": s.display_name}
                for i, s in enumerate(seats)
            ],
        )
        return game_id

    async def append_action(self, game_id: int, seq: int, seat: int, action: str) -> None:
        """Append action number `seq` (0-based), `seat`'s `action` (the game's text), to an active
        game's log.

        Raises `DuplicateAction` if that number is already stored, `ActionOutOfOrder` if it would
        leave a gap, `GameNotActive` / `UnknownGame` if the game takes no actions. The seat's
        stored prompt message ("hand") goes with it: a stored prompt always waits for its seat.
        """
        if not action:
            raise ValueError("an action's text is empty")
        # Claiming the sequence number and inserting the row happen together: two writers racing
        # for the same number cannot both succeed, and the log can never get a gap.
        claimed = await self._conn.execute(
            _update_by_key(games, ("id", "status", "action_count"), ("action_count", "updated_at")),
            _keyed(
                {"id": game_id, "status": GameStatus.ACTIVE.value, "action_count": seq},
                {"action_count": seq + 1, "updated_at": self.now},
            ),
        )
        if claimed.rowcount != 1:
            await _explain_refused_action(self._conn, game_id, seq)
        try:
            await self._conn.execute(
                _insert_into(game_actions),
                {"game_id": game_id, "seq": seq, "seat": seat, "action": action},
            )
        except IntegrityError as exc:
            raise DuplicateAction(game_id, seq) from exc
        await self.delete_message(game_id, "hand", seat)

    async def _end_game(self, game_id: int, status: GameStatus, reason: str | None) -> bool:
        ended = await self._conn.execute(
            _update_by_key(games, ("id", "status"), ("status", "ended_at", "updated_at", "end_reason")),
            _keyed(
                {"id": game_id, "status": GameStatus.ACTIVE.value},
                {"status": status.value, "ended_at": self.now, "updated_at": self.now, "end_reason": reason},
            ),
        )
        if ended.rowcount == 1:
            await self._conn.execute(_delete_by_key(game_timers, ("game_id",)), _keyed({"game_id": game_id}))
            return True
        row = (await self._conn.execute(select(games.c.status).where(games.c.id == game_id))).first()
        if row is None:
            raise UnknownGame(game_id)
        return False

    async def finish_game(self, game_id: int, results: Sequence[SeatResult]) -> None:
        """Mark an active game finished, store each seat's result for stats and update the
        ratings with it (see :mod:`host.storage.rating_rows`), drop its timers."""
        seats = [r.seat for r in results]
        if len(set(seats)) != len(seats):
            raise ValueError("each seat may have only one result")
        if any(len(name) > MAX_STAT_NAME for r in results for name in r.stats):
            raise ValueError(f"a stat's name is at most {MAX_STAT_NAME} characters")
        if not await self._end_game(game_id, GameStatus.FINISHED, None):
            status = (await self._conn.execute(select(games.c.status).where(games.c.id == game_id))).scalar()
            raise GameNotActive(game_id, str(status))
        if results:
            await self._conn.execute(
                _insert_into(game_results),
                [
                    {
                        "game_id": game_id,
                        "seat": r.seat,
                        "user_id": r.user_id,
                        "display_name": r.display_name,
                        "total": r.total,
                        "round_scores": json.dumps(list(r.round_scores)),
                        "rounds": len(r.round_scores),
                        "won": r.won,
                    }
                    for r in results
                ],
            )
            stats = [
                {"game_id": game_id, "seat": r.seat, "stat": name, "value": value}
                for r in results
                for name, value in r.stats.items()
            ]
            if stats:
                await self._conn.execute(_insert_into(game_stats), stats)
        # The ratings move with the game's end, in this transaction (see host.storage.rating_rows).
        await rate_finished_game(self._conn, game_id, results)

    async def stop_game(self, game_id: int, reason: str) -> bool:
        """Stop an active game without results (abandoned, or corrupt); False if it had already ended."""
        return await self._end_game(game_id, GameStatus.STOPPED, reason)

    async def _upsert(self, table: Table, key: dict[str, Any], values: dict[str, Any]) -> None:
        updated = await self._conn.execute(
            _update_by_key(table, tuple(key), tuple(values)), _keyed(key, values)
        )
        if updated.rowcount == 0:
            await self._conn.execute(_insert_into(table), {**key, **values})

    async def _require_game(self, game_id: int) -> None:
        if (await self._conn.execute(_GAME_EXISTS, {"key_id": game_id})).first() is None:
            raise UnknownGame(game_id)

    async def set_message(
        self, game_id: int, purpose: str, channel_id: int, message_id: int, seat: int | None = None
    ) -> None:
        """Remember (or replace) a game's message: `purpose` e.g. "table" or "hand" (with its seat)."""
        await self._require_game(game_id)
        await self._upsert(
            game_messages,
            {"game_id": game_id, "purpose": purpose, "seat": _seat_key(seat)},
            {"channel_id": channel_id, "message_id": message_id},
        )

    async def set_hand_message_if_current(
        self, game_id: int, seat: int, channel_id: int, message_id: int, action_count: int
    ) -> bool:
        """Remember a seat's hand DM only if the game is active and still at ``action_count``
        stored actions (the count when the DM was sent); False if it moved on (or ended).

        The check takes the game row's write lock (an update that changes nothing), so a
        concurrent move of the same game (which deletes the seat's hand DM in its transaction)
        is ordered with this write: a DM the game has already passed is never stored.
        """
        current = await self._conn.execute(
            _update_by_key(games, ("id", "status", "action_count"), ("action_count",)),
            _keyed(
                {"id": game_id, "status": GameStatus.ACTIVE.value, "action_count": action_count},
                {"action_count": action_count},
            ),
        )
        if current.rowcount != 1:
            return False
        await self._upsert(
            game_messages,
            {"game_id": game_id, "purpose": "hand", "seat": _seat_key(seat)},
            {"channel_id": channel_id, "message_id": message_id},
        )
        return True

    async def delete_message(self, game_id: int, purpose: str, seat: int | None = None) -> bool:
        """Forget a game's message; False if none was stored."""
        deleted = await self._conn.execute(
            _delete_by_key(game_messages, ("game_id", "purpose", "seat")),
            _keyed({"game_id": game_id, "purpose": purpose, "seat": _seat_key(seat)}),
        )
        return deleted.rowcount > 0

    async def set_options(self, game_id: int, options: str) -> None:
        """Replace a game's options (JSON text), e.g. when a seat is marked away."""
        _check_json(options, "options")
        await self._require_game(game_id)
        await self._conn.execute(
            update(games).where(games.c.id == game_id).values(options=options, updated_at=self.now)
        )

    async def set_seat(self, game_id: int, seat: int, record: SeatRecord) -> None:
        """Put another player at a seat of a game (a computer player for one who left, or back)."""
        await self._require_game(game_id)
        updated = await self._conn.execute(
            update(game_seats)
            .where(game_seats.c.game_id == game_id, game_seats.c.seat == seat)
            .values(user_id=record.user_id, display_name=record.display_name)
        )
        if updated.rowcount == 0:
            raise ValueError(f"game {game_id} has no seat {seat}")

    async def set_timer(self, game_id: int, kind: str, due_at: datetime, seat: int | None = None) -> None:
        """Set (or move) a game's timer of this kind (and seat) to fire at `due_at` (aware).

        A set or moved timer is a new deadline: its reminder is not sent yet (`reminded_at` NULL)."""
        if due_at.tzinfo is None:
            raise ValueError("due_at must be timezone-aware")
        await self._require_game(game_id)
        await self._upsert(
            game_timers,
            {"game_id": game_id, "kind": kind, "seat": _seat_key(seat)},
            {"due_at": due_at, "reminded_at": None},
        )

    async def mark_timer_reminded(self, game_id: int, kind: str, seat: int | None = None) -> bool:
        """Record that the players were reminded of this timer's deadline (now); False if the
        timer is not set."""
        updated = await self._conn.execute(
            update(game_timers)
            .where(
                game_timers.c.game_id == game_id,
                game_timers.c.kind == kind,
                game_timers.c.seat == _seat_key(seat),
            )
            .values(reminded_at=self.now)
        )
        return updated.rowcount > 0

    async def clear_timer(self, game_id: int, kind: str, seat: int | None = None) -> bool:
        """Remove one timer; False if it was not set."""
        deleted = await self._conn.execute(
            _delete_by_key(game_timers, ("game_id", "kind", "seat")),
            _keyed({"game_id": game_id, "kind": kind, "seat": _seat_key(seat)}),
        )
        return deleted.rowcount > 0

    async def clear_timers(self, game_id: int) -> int:
        """Remove every timer of a game; return how many there were."""
        deleted = await self._conn.execute(delete(game_timers).where(game_timers.c.game_id == game_id))
        return int(deleted.rowcount)

    async def save_lobby(self, lobby: LobbyRecord) -> None:
        """Store a channel's lobby, replacing the one stored before (a ``message_id`` of None
        keeps the stored one: the Discord layer stores it, see `host.storage.shown`)."""
        _check_json(lobby.options, "options")
        shown = {} if lobby.message_id is None else {"message_id": lobby.message_id}
        await self._upsert(
            lobbies,
            {"channel_id": lobby.channel_id},
            {
                "guild_id": lobby.guild_id,
                "game": lobby.game,
                "host_id": lobby.host_id,
                "seats": seats_to_json(lobby.seats),
                "options": lobby.options,
                **shown,
                "updated_at": self.now,
            },
        )

    async def set_default_game(self, guild_id: int, game: str) -> None:
        """Store the game a new table of the server plays when /join names none."""
        await self._upsert(
            server_settings, {"guild_id": guild_id}, {"default_game": game, "updated_at": self.now}
        )

    async def set_images(self, guild_id: int, on: bool) -> None:
        """Store whether the server's tables show pictures (/settings images)."""
        await self._upsert(server_images, {"guild_id": guild_id}, {"images": on, "updated_at": self.now})

    async def delete_lobby(self, channel_id: int) -> bool:
        """Forget a channel's lobby (it started or was closed); False if there was none."""
        deleted = await self._conn.execute(delete(lobbies).where(lobbies.c.channel_id == channel_id))
        return deleted.rowcount > 0

