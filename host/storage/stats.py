"""Stats read from finished games' results: a player's record, a server's leaderboard, a table's history."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import Float, and_, case, cast, func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from host.storage.finished import stored_levels
from host.storage.records import (
    BestGame,
    GameStatus,
    HistoryEntry,
    LeaderboardEntry,
    LeaderboardPage,
    PlayerStats,
    Standing,
    StatTotal,
)
from host.storage.schema import game_results, game_stats, games

_FINISHED = games.c.status == GameStatus.FINISHED.value


def _guild_filter(guild_id: int | None) -> Any:
    return _FINISHED if guild_id is None else and_(_FINISHED, games.c.guild_id == guild_id)


def _average(total_points: Any, rounds: Any) -> float | None:
    if not rounds:
        return None
    return float(total_points) / float(rounds)


async def player_stats(conn: AsyncConnection, guild_id: int | None, user_id: int) -> PlayerStats:
    """A player's games, wins, average score per round, best game and the totals of every
    game's own stats."""
    joined = game_results.join(games, games.c.id == game_results.c.game_id)
    where = and_(_guild_filter(guild_id), game_results.c.user_id == user_id)
    totals = (
        await conn.execute(
            select(
                func.count(),
                func.coalesce(func.sum(case((game_results.c.won, 1), else_=0)), 0),
                func.coalesce(func.sum(game_results.c.total), 0),
                func.coalesce(func.sum(game_results.c.rounds), 0),
            )
            .select_from(joined)
            .where(where)
        )
    ).one()
    best_row = (
        await conn.execute(
            select(games.c.id, games.c.channel_id, game_results.c.total, game_results.c.won, games.c.ended_at)
            .select_from(joined)
            .where(where)
            .order_by(game_results.c.total.desc(), games.c.ended_at.desc(), games.c.id.desc())
            .limit(1)
        )
    ).first()
    best = None if best_row is None else BestGame(*best_row)
    return PlayerStats(
        user_id=user_id,
        games_played=int(totals[0]),
        games_won=int(totals[1]),
        rounds_played=int(totals[3]),
        average_round_score=_average(totals[2], totals[3]),
        best_game=best,
        game_stats=await _stat_totals(conn, where),
    )


async def _stat_totals(conn: AsyncConnection, where: Any) -> tuple[StatTotal, ...]:
    """The player's total of every per-game stat of their finished games (``where``: the
    player's results), by game and stat name."""
    joined = game_results.join(games, games.c.id == game_results.c.game_id).join(
        game_stats,
        and_(game_stats.c.game_id == game_results.c.game_id, game_stats.c.seat == game_results.c.seat),
    )
    rows = await conn.execute(
        select(games.c.game, game_stats.c.stat, func.sum(game_stats.c.value))
        .select_from(joined)
        .where(where)
        .group_by(games.c.game, game_stats.c.stat)
        .order_by(games.c.game, game_stats.c.stat)
    )
    return tuple(StatTotal(str(game), str(stat), int(total)) for game, stat, total in rows)


async def leaderboard(conn: AsyncConnection, guild_id: int, offset: int, limit: int) -> LeaderboardPage:
    """This server's human players ranked by wins, then average score per round (then user id)."""
    if offset < 0 or limit <= 0:
        raise ValueError("offset must be >= 0 and limit > 0")
    joined = game_results.join(games, games.c.id == game_results.c.game_id)
    where = and_(_guild_filter(guild_id), game_results.c.user_id.is_not(None))
    wins = func.sum(case((game_results.c.won, 1), else_=0))
    points = func.sum(game_results.c.total)
    rounds = func.sum(game_results.c.rounds)
    average = cast(points, Float) / func.nullif(rounds, 0)
    ranked = (
        select(game_results.c.user_id, func.count(), wins, points, rounds)
        .select_from(joined)
        .where(where)
        .group_by(game_results.c.user_id)
        .order_by(wins.desc(), func.coalesce(average, -1e18).desc(), game_results.c.user_id)
        .offset(offset)
        .limit(limit)
    )
    rows = (await conn.execute(ranked)).all()
    total_players = (
        await conn.execute(
            select(func.count(func.distinct(game_results.c.user_id))).select_from(joined).where(where)
        )
    ).scalar_one()
    names = await _latest_names(conn, guild_id, [int(r[0]) for r in rows])
    entries = tuple(
        LeaderboardEntry(
            rank=offset + i + 1,
            user_id=int(user),
            display_name=names.get(int(user), str(user)),
            games_played=int(played),
            games_won=int(won),
            average_round_score=_average(pts, rnds),
        )
        for i, (user, played, won, pts, rnds) in enumerate(rows)
    )
    return LeaderboardPage(entries, offset, limit, int(total_players))


async def _latest_names(conn: AsyncConnection, guild_id: int, user_ids: list[int]) -> dict[int, str]:
    """The display name each user had in their most recent finished game on this server."""
    if not user_ids:
        return {}
    rows = await conn.execute(
        select(game_results.c.user_id, game_results.c.display_name)
        .select_from(game_results.join(games, games.c.id == game_results.c.game_id))
        .where(_guild_filter(guild_id), game_results.c.user_id.in_(user_ids))
        .order_by(games.c.ended_at.desc(), games.c.id.desc())
    )
    names: dict[int, str] = {}
    for user, name in rows:
        names.setdefault(int(user), str(name))
    return names


async def history(conn: AsyncConnection, channel_id: int, limit: int, offset: int = 0) -> list[HistoryEntry]:
    """The last `limit` finished games at this table, newest first, with their final standings,
    from the `offset`-th newest on (0: the newest)."""
    if limit <= 0 or offset < 0:
        raise ValueError("limit must be > 0 and offset >= 0")
    game_rows = (
        await conn.execute(
            select(games.c.id, games.c.ended_at, games.c.game, games.c.options)
            .where(_FINISHED, games.c.channel_id == channel_id)
            .order_by(games.c.ended_at.desc(), games.c.id.desc())
            .limit(limit)
            .offset(offset)
        )
    ).all()
    ids = [int(r[0]) for r in game_rows]
    seats: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    if ids:
        for row in await conn.execute(
            select(
                game_results.c.game_id,
                game_results.c.seat,
                game_results.c.user_id,
                game_results.c.display_name,
                game_results.c.total,
                game_results.c.won,
                game_results.c.rounds,
            ).where(game_results.c.game_id.in_(ids))
        ):
            seats[int(row[0])].append(tuple(row[1:]))
    return [
        HistoryEntry(game_id, ended_at, *_standings(seats[game_id], stored_levels(str(options))), str(game))
        for game_id, ended_at, game, options in game_rows
    ]


def _standings(rows: list[tuple[Any, ...]], levels: dict[int, str]) -> tuple[int, tuple[Standing, ...]]:
    """The seats' places, best first, a computer seat with its stored level (``levels`` by
    seat), and the rounds played."""
    ordered = sorted(rows, key=lambda r: (-int(r[3]), int(r[0])))
    standings = tuple(
        Standing(
            place=1 + sum(1 for other in rows if other[3] > total),
            seat=int(seat),
            user_id=user,
            display_name=str(name),
            total=int(total),
            won=bool(won),
            level=levels.get(int(seat)) if user is None else None,
        )
        for seat, user, name, total, won, _rounds in ordered
    )
    rounds = max((int(r[5]) for r in rows), default=0)
    return rounds, standings
