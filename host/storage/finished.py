"""Reading finished games' results in the order they ended (what ratings are folded from).

Read-only: the results rows (`game_results`) of every finished game, with the computer levels
the game's options stored (``"bots"``: seat -> level; every release since computer seats had
levels stores them). Stopped and active games have no results and are never read.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection

from host.storage.inline_sqlite import InlineConnection
from host.storage.records import FinishedGame, FinishedSeat, GameStatus
from host.storage.schema import game_results, games


def stored_levels(options: str) -> dict[int, str]:
    """The computer seats' levels a game's options hold (empty if none, or unreadable)."""
    try:
        data: Any = json.loads(options)
    except ValueError:
        return {}
    bots = data.get("bots") if isinstance(data, dict) else None
    if not isinstance(bots, dict):
        return {}
    levels: dict[int, str] = {}
    for seat, level in bots.items():
        if isinstance(level, str) and str(seat).isdigit():
            levels[int(seat)] = level
    return levels


async def finished_games(
    conn: AsyncConnection | InlineConnection, guild_id: int | None = None, game: str | None = None
) -> list[FinishedGame]:
    """Every finished game (of one server and/or one game, if given), oldest end first."""
    where = [games.c.status == GameStatus.FINISHED.value]
    if guild_id is not None:
        where.append(games.c.guild_id == guild_id)
    if game is not None:
        where.append(games.c.game == game)
    rows: Sequence[Any] = (
        await conn.execute(
            select(games.c.id, games.c.guild_id, games.c.game, games.c.ended_at, games.c.options)
            .where(*where)
            .order_by(games.c.ended_at, games.c.id)
        )
    ).all()
    results = (
        select(
            game_results.c.game_id,
            game_results.c.seat,
            game_results.c.user_id,
            game_results.c.display_name,
            game_results.c.total,
            game_results.c.won,
        )
        .select_from(game_results.join(games, games.c.id == game_results.c.game_id))
        .where(*where)
        .order_by(game_results.c.game_id, game_results.c.seat)
    )
    seats: dict[int, list[Any]] = defaultdict(list)
    for row in await conn.execute(results):
        seats[int(row[0])].append(row)
    finished = []
    for game_id, guild, name, ended_at, options in rows:
        levels = stored_levels(str(options))
        finished.append(
            FinishedGame(
                game_id=int(game_id),
                guild_id=None if guild is None else int(guild),
                game=str(name),
                ended_at=ended_at,
                seats=tuple(
                    FinishedSeat(
                        seat=int(seat),
                        user_id=None if user is None else int(user),
                        level=levels.get(int(seat)) if user is None else None,
                        display_name=str(display),
                        total=int(total),
                        won=bool(won),
                    )
                    for _, seat, user, display, total, won in seats[int(game_id)]
                ),
            )
        )
    return finished
