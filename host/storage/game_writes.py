"""A stored game's life in a transaction: created, its actions appended, its options and seats
changed, finished with its results (and ratings) or stopped."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from host.storage.errors import ActionOutOfOrder, DuplicateAction, GameNotActive, UnknownGame
from host.storage.inline_sqlite import InlineConnection, run
from host.storage.rating_rows import rate_finished_game
from host.storage.records import GameStatus, SeatRatingChange, SeatRecord, SeatResult
from host.storage.schema import (
    MAX_GAME_NAME,
    MAX_STAT_NAME,
    game_actions,
    game_results,
    game_seats,
    game_stats,
    game_timers,
    games,
)
from host.storage.writes import (
    Writes,
    check_json,
    delete_by_key,
    forget_message,
    insert_into,
    keyed,
    update_by_key,
)


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


class GameWrites(Writes):
    """The writes of a game's own rows: the game, its seats, its actions, its results."""

    __slots__ = ()

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
        check_json(rules, "rules")
        check_json(options, "options")
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
        claimed = await run(
            self._conn,
            update_by_key(games, ("id", "status", "action_count"), ("action_count", "updated_at")),
            keyed(
                {"id": game_id, "status": GameStatus.ACTIVE.value, "action_count": seq},
                {"action_count": seq + 1, "updated_at": self.now},
            ),
        )
        if claimed.rowcount != 1:
            await _explain_refused_action(self._conn, game_id, seq)
        try:
            await run(
                self._conn,
                insert_into(game_actions),
                {"game_id": game_id, "seq": seq, "seat": seat, "action": action},
            )
        except IntegrityError as exc:
            raise DuplicateAction(game_id, seq) from exc
        await forget_message(self._conn, game_id, "hand", seat)

    async def _end_game(self, game_id: int, status: GameStatus, reason: str | None) -> bool:
        ended = await run(
            self._conn,
            update_by_key(games, ("id", "status"), ("status", "ended_at", "updated_at", "end_reason")),
            keyed(
                {"id": game_id, "status": GameStatus.ACTIVE.value},
                {"status": status.value, "ended_at": self.now, "updated_at": self.now, "end_reason": reason},
            ),
        )
        if ended.rowcount == 1:
            await run(self._conn, delete_by_key(game_timers, ("game_id",)), keyed({"game_id": game_id}))
            return True
        row = (await self._conn.execute(select(games.c.status).where(games.c.id == game_id))).first()
        if row is None:
            raise UnknownGame(game_id)
        return False

    async def finish_game(self, game_id: int, results: Sequence[SeatResult]) -> dict[int, SeatRatingChange]:
        """Mark an active game finished, store each seat's result for stats, rate it (each seat's
        change returned: :mod:`host.storage.rating_rows`; empty if it did not count), drop its timers."""
        seats = [r.seat for r in results]
        if len(set(seats)) != len(seats):
            raise ValueError("each seat may have only one result")
        if any(len(name) > MAX_STAT_NAME for r in results for name in r.stats):
            raise ValueError(f"a stat's name is at most {MAX_STAT_NAME} characters")
        if not await self._end_game(game_id, GameStatus.FINISHED, None):
            status = (await self._conn.execute(select(games.c.status).where(games.c.id == game_id))).scalar()
            raise GameNotActive(game_id, str(status))
        if results:
            await run(
                self._conn,
                insert_into(game_results),
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
                await run(self._conn, insert_into(game_stats), stats)
        # The ratings move with the game's end, in this transaction (see host.storage.rating_rows).
        return await rate_finished_game(self._conn, game_id, results)

    async def stop_game(self, game_id: int, reason: str) -> bool:
        """Stop an active game without results (abandoned, or corrupt); False if it had already ended."""
        return await self._end_game(game_id, GameStatus.STOPPED, reason)

    async def set_options(self, game_id: int, options: str) -> None:
        """Replace a game's options (JSON text), e.g. when a seat is marked away."""
        check_json(options, "options")
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
