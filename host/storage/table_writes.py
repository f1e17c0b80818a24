"""What a stored game shows and waits for, in a transaction: its messages (the table message, each
seat's prompt DM) and its timers."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete

from host.storage.inline_sqlite import run
from host.storage.records import GameStatus
from host.storage.schema import game_messages, game_timers, games
from host.storage.writes import Writes, delete_by_key, forget_message, keyed, seat_key, update_by_key


class MessageWrites(Writes):
    """The writes of a game's messages: remembered, replaced, forgotten."""

    __slots__ = ()

    async def set_message(
        self, game_id: int, purpose: str, channel_id: int, message_id: int, seat: int | None = None
    ) -> None:
        """Remember (or replace) a game's message: `purpose` e.g. "table" or "hand" (with its seat)."""
        await self._require_game(game_id)
        await self._upsert(
            game_messages,
            {"game_id": game_id, "purpose": purpose, "seat": seat_key(seat)},
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
        current = await run(
            self._conn,
            update_by_key(games, ("id", "status", "action_count"), ("action_count",)),
            keyed(
                {"id": game_id, "status": GameStatus.ACTIVE.value, "action_count": action_count},
                {"action_count": action_count},
            ),
        )
        if current.rowcount != 1:
            return False
        await self._upsert(
            game_messages,
            {"game_id": game_id, "purpose": "hand", "seat": seat_key(seat)},
            {"channel_id": channel_id, "message_id": message_id},
        )
        return True

    async def delete_message(self, game_id: int, purpose: str, seat: int | None = None) -> bool:
        """Forget a game's message; False if none was stored."""
        return await forget_message(self._conn, game_id, purpose, seat)


class TimerWrites(Writes):
    """The writes of a game's timers: set or moved, reminded, cleared."""

    __slots__ = ()

    async def set_timer(self, game_id: int, kind: str, due_at: datetime, seat: int | None = None) -> None:
        """Set (or move) a game's timer of this kind (and seat) to fire at `due_at` (aware).

        A set or moved timer is a new deadline: its reminder is not sent yet (`reminded_at` NULL)."""
        if due_at.tzinfo is None:
            raise ValueError("due_at must be timezone-aware")
        await self._require_game(game_id)
        await self._upsert(
            game_timers,
            {"game_id": game_id, "kind": kind, "seat": seat_key(seat)},
            {"due_at": due_at, "reminded_at": None},
        )

    async def mark_timer_reminded(self, game_id: int, kind: str, seat: int | None = None) -> bool:
        """Record that the players were reminded of this timer's deadline (now); False if the
        timer is not set."""
        updated = await run(
            self._conn,
            update_by_key(game_timers, ("game_id", "kind", "seat"), ("reminded_at",)),
            keyed({"game_id": game_id, "kind": kind, "seat": seat_key(seat)}, {"reminded_at": self.now}),
        )
        return updated.rowcount > 0

    async def clear_timer(self, game_id: int, kind: str, seat: int | None = None) -> bool:
        """Remove one timer; False if it was not set."""
        deleted = await run(
            self._conn,
            delete_by_key(game_timers, ("game_id", "kind", "seat")),
            keyed({"game_id": game_id, "kind": kind, "seat": seat_key(seat)}),
        )
        return deleted.rowcount > 0

    async def clear_timers(self, game_id: int) -> int:
        """Remove every timer of a game; return how many there were."""
        deleted = await self._conn.execute(delete(game_timers).where(game_timers.c.game_id == game_id))
        return int(deleted.rowcount)
