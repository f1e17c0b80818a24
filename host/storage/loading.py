"""Read stored games and lobbies back, checking each game so one bad row never blocks the others."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Result, Row, and_, or_, select
from sqlalchemy.ext.asyncio import AsyncConnection

from host.storage.records import (
    OWED,
    ActionRecord,
    GameRecord,
    GameStatus,
    LoadProblem,
    LoadResult,
    LobbyRecord,
    MessageRecord,
    SeatRecord,
    StoredGame,
    TimerRecord,
)
from host.storage.schema import (
    NO_SEAT,
    game_actions,
    game_messages,
    game_seats,
    game_timers,
    games,
    lobbies,
    server_images,
    server_settings,
)
from host.storage.sharding import ServerShards


class CorruptRow(ValueError):
    """A stored row cannot be turned back into a record; the message says what is wrong."""


def _seat_or_none(value: int) -> int | None:
    return None if value == NO_SEAT else value


def _json_object(text: str, what: str) -> None:
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise CorruptRow(f"{what}: not valid JSON ({exc})") from exc
    if not isinstance(value, dict):
        raise CorruptRow(f"{what}: not a JSON object")


async def load_games(
    conn: AsyncConnection, game_ids: Sequence[int] | None = None, servers: ServerShards | None = None
) -> LoadResult:
    """Load every active game and every finished one whose end is still to be shown (it has an
    "owed" message row), of the ``servers`` given (None: of every server), or exactly `game_ids`
    whatever their status; check each one."""
    game_query = select(games).order_by(games.c.id)
    if game_ids is None:
        owed = select(game_messages.c.game_id).where(game_messages.c.purpose == OWED)
        current = or_(
            games.c.status == GameStatus.ACTIVE.value,
            and_(games.c.status == GameStatus.FINISHED.value, games.c.id.in_(owed)),
        )
        if servers is not None:
            current = and_(servers.condition(games.c.guild_id), current)
        wanted: Any = select(games.c.id).where(current)
        game_query = game_query.where(current)
    else:
        wanted = list(game_ids)
        game_query = game_query.where(games.c.id.in_(wanted))
    game_rows = (await conn.execute(game_query)).all()
    seats = _group(
        await conn.execute(
            select(game_seats.c.game_id, game_seats.c.seat, game_seats.c.user_id, game_seats.c.display_name)
            .where(game_seats.c.game_id.in_(wanted))
            .order_by(game_seats.c.game_id, game_seats.c.seat)
        )
    )
    actions: dict[int, list[ActionRecord]] = defaultdict(list)
    action_rows = await conn.execute(
        select(game_actions.c.game_id, game_actions.c.seq, game_actions.c.seat, game_actions.c.action)
        .where(game_actions.c.game_id.in_(wanted))
        .order_by(game_actions.c.game_id, game_actions.c.seq)
    )
    for game_id, seq, seat, action in action_rows.all():  # the bulk of a resume: keep it tight
        actions[game_id].append(ActionRecord(seq, seat, action))
    messages = _group(
        await conn.execute(
            select(game_messages.c.game_id, game_messages.c.purpose, game_messages.c.seat,
                   game_messages.c.channel_id, game_messages.c.message_id)
            .where(game_messages.c.game_id.in_(wanted))
            .order_by(game_messages.c.game_id, game_messages.c.purpose, game_messages.c.seat)
        )
    )
    timers = _group(
        await conn.execute(
            select(game_timers.c.game_id, game_timers.c.kind, game_timers.c.seat, game_timers.c.due_at,
                   game_timers.c.reminded_at)
            .where(game_timers.c.game_id.in_(wanted))
            .order_by(game_timers.c.game_id, game_timers.c.due_at)
        )
    )
    loaded: list[StoredGame] = []
    problems: list[LoadProblem] = []
    for row in game_rows:
        game_id = int(row.id)
        try:
            loaded.append(
                _build_game(row, seats.get(game_id, ()), actions.get(game_id, []),
                            messages.get(game_id, ()), timers.get(game_id, ()))
            )
        except (CorruptRow, ValueError, TypeError) as exc:
            problems.append(LoadProblem(game_id, row.guild_id, row.channel_id, str(exc)))
    return LoadResult(tuple(loaded), tuple(problems))


def _group(rows: Result[Any]) -> dict[int, list[tuple[Any, ...]]]:
    """Group rows by their first column (the game id), keeping the rest in query order."""
    grouped: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for row in rows.all():
        grouped[row[0]].append(tuple(row[1:]))
    return grouped


def _build_game(
    row: Row[Any],
    seat_rows: Sequence[tuple[Any, ...]],
    actions: Sequence[ActionRecord],
    message_rows: Sequence[tuple[Any, ...]],
    timer_rows: Sequence[tuple[Any, ...]],
) -> StoredGame:
    try:
        seed = int(row.seed)
    except (TypeError, ValueError) as exc:
        raise CorruptRow(f"the seed {row.seed!r} is not an integer") from exc
    _json_object(row.rules, "the rules")
    _json_object(row.options, "the options")
    try:
        status = GameStatus(row.status)
    except ValueError as exc:
        raise CorruptRow(f"unknown status {row.status!r}") from exc
    if [s[0] for s in seat_rows] != list(range(len(seat_rows))) or not seat_rows:
        raise CorruptRow(f"the seats are not numbered 0..n-1: {[s[0] for s in seat_rows]}")
    seat_count = len(seat_rows)
    seqs = [a.seq for a in actions]
    if seqs != list(range(len(seqs))):
        expected = next(i for i, seq in enumerate(seqs) if seq != i)
        raise CorruptRow(f"action number {expected} is missing from the log (next stored: {seqs[expected]})")
    for action in actions:
        if not action.action:
            raise CorruptRow(f"action {action.seq} is empty")
        if not 0 <= action.seat < seat_count:
            raise CorruptRow(
                f"action {action.seq} names seat {action.seat}, but the game has {seat_count} seats"
            )
    if len(actions) != row.action_count:
        raise CorruptRow(f"the log holds {len(actions)} actions but the game counts {row.action_count}")
    record = GameRecord(
        id=int(row.id),
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        game=row.game,
        seed=seed,
        rules=row.rules,
        options=row.options,
        status=status,
        seats=tuple(SeatRecord(user_id, name) for _seat, user_id, name in seat_rows),
        created_at=row.created_at,
        updated_at=row.updated_at,
        ended_at=row.ended_at,
        end_reason=row.end_reason,
    )
    return StoredGame(
        record=record,
        actions=tuple(actions),
        messages=tuple(
            MessageRecord(purpose, _seat_or_none(seat), channel_id, message_id)
            for purpose, seat, channel_id, message_id in message_rows
        ),
        timers=tuple(
            TimerRecord(kind, _seat_or_none(seat), due_at, reminded_at)
            for kind, seat, due_at, reminded_at in timer_rows
        ),
    )


async def load_lobbies(
    conn: AsyncConnection, servers: ServerShards | None = None
) -> tuple[list[LobbyRecord], list[str]]:
    """Load every stored lobby (of the ``servers`` given; None: of every server); a lobby whose
    row cannot be read is reported, not returned."""
    result: list[LobbyRecord] = []
    problems: list[str] = []
    query = select(lobbies).order_by(lobbies.c.channel_id)
    if servers is not None:
        query = query.where(servers.condition(lobbies.c.guild_id))
    for row in await conn.execute(query):
        try:
            seats_data = json.loads(row.seats)
            seats = tuple(SeatRecord(s["user_id"], str(s["display_name"])) for s in seats_data)
            _json_object(row.options, "the options")
        except (ValueError, TypeError, KeyError) as exc:
            problems.append(f"lobby in channel {row.channel_id}: {exc}")
            continue
        result.append(
            LobbyRecord(
                channel_id=row.channel_id,
                guild_id=row.guild_id,
                game=row.game,
                host_id=row.host_id,
                seats=seats,
                options=row.options,
                message_id=row.message_id,
            )
        )
    return result, problems


async def load_default_games(conn: AsyncConnection, servers: ServerShards | None = None) -> dict[int, str]:
    """Every server's default game (``server_settings``), by server id (of the ``servers``
    given; None: of every server)."""
    query = select(server_settings.c.guild_id, server_settings.c.default_game)
    if servers is not None:
        query = query.where(servers.condition(server_settings.c.guild_id))
    rows = await conn.execute(query)
    return {int(row.guild_id): str(row.default_game) for row in rows}


async def load_image_settings(conn: AsyncConnection, servers: ServerShards | None = None) -> dict[int, bool]:
    """Every server's choice of pictures (``server_images``), by server id (True: on; of the
    ``servers`` given, None: of every server)."""
    query = select(server_images.c.guild_id, server_images.c.images)
    if servers is not None:
        query = query.where(servers.condition(server_images.c.guild_id))
    rows = await conn.execute(query)
    return {int(row.guild_id): bool(row.images) for row in rows}
