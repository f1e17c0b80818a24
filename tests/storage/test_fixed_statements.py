"""The fixed statements (host/storage/fixed_statements.py): on a SQLite file the inline writer
runs them through the driver's cursor, storing the same rows as SQLAlchemy's execution of the
same statements, and failing with the same errors; elsewhere they go through SQLAlchemy."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import bindparam, event, update
from sqlalchemy.dialects import sqlite
from sqlalchemy.exc import IntegrityError, OperationalError, StatementError

from host.storage import DuplicateAction, SeatRecord, Storage, StorageConflict, StorageUnavailable, utc_now
from host.storage.fixed_statements import FixedStatement
from host.storage.inline_sqlite import run
from host.storage.schema import game_actions, games
from host.storage.writes import insert_into
from tests.storage.conftest import FakeClock, raw
from tests.storage.helpers import result

SEATS = [SeatRecord(1, "ann"), SeatRecord(2, "bob"), SeatRecord(None, "cpu")]

COMPARED = {
    "games": "guild_id, channel_id, game, seed, rules, options, status, action_count, created_at,"
    " updated_at, ended_at, end_reason",
    "game_actions": "seq, seat, action",
    "game_messages": "purpose, seat, channel_id, message_id",
    "game_timers": "kind, seat, due_at, reminded_at",
    "game_results": "seat, user_id, display_name, total, round_scores, rounds, won",
    "game_stats": "seat, stat, value",
}
"""The rows compared, by table: every column but the game's id."""


async def play_a_game(storage: Storage, clock: FakeClock) -> int:
    """A game written with every fixed statement the bot uses: actions claimed, appended and
    their prompts forgotten, timers set, moved, reminded and cleared, messages stored and
    replaced, the game finished with results and stats."""
    game_id = await storage.games.create_game(
        guild_id=5, channel_id=6, game="stickem", seed=7, rules="{}", seats=SEATS
    )
    async with storage.transaction() as tx:
        await tx.messages.set_message(game_id, "table", 6, 600)
        await tx.timers.set_timer(game_id, "turn", clock.now + timedelta(minutes=1))
        await tx.timers.set_timer(game_id, "idle", clock.now + timedelta(hours=1), seat=1)
    for seq in range(4):
        clock.advance(seconds=1.5)
        async with storage.transaction() as tx:
            assert await tx.messages.set_hand_message_if_current(game_id, seq % 3, 70, 700 + seq, seq)
            await tx.games.append_action(game_id, seq, seq % 3, f"p:red{seq}")
            await tx.timers.set_timer(game_id, "turn", clock.now + timedelta(seconds=30.25))
            assert await tx.timers.mark_timer_reminded(game_id, "turn")
    async with storage.transaction() as tx:
        assert not await tx.messages.set_hand_message_if_current(game_id, 1, 70, 799, 3)  # passed by
        assert await tx.messages.set_hand_message_if_current(game_id, 1, 70, 800, 4)
        await tx.messages.set_message(game_id, "table", 6, 601)
        assert await tx.timers.clear_timer(game_id, "idle", seat=1)
        assert not await tx.timers.clear_timer(game_id, "idle", seat=2)
    results = [
        result(seat, r.user_id, (seat, 2 * seat), won=seat == 0, swallowed=seat, name=r.display_name)
        for seat, r in enumerate(SEATS)
    ]
    await storage.games.finish_game(game_id, results)
    return game_id


async def stored_rows(storage: Storage, game_id: int) -> dict[str, list[Any]]:
    """The game's rows in every compared table, as stored (raw SQL: no type conversion)."""
    rows: dict[str, list[Any]] = {}
    for table, columns in COMPARED.items():
        key = "id" if table == "games" else "game_id"
        rows[table] = [
            tuple(row) for row in await raw(
                storage, f"SELECT {columns} FROM {table} WHERE {key} = :id ORDER BY {columns}", id=game_id
            )
        ]
    return rows


async def test_the_driver_stores_the_same_rows_as_sqlalchemy(
    storage: Storage, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    through_driver = await play_a_game(storage, clock)
    clock.now -= timedelta(seconds=6)  # the same times again
    monkeypatch.setattr(FixedStatement, "compiled_for", lambda *_: None)  # all through SQLAlchemy
    through_sqlalchemy = await play_a_game(storage, clock)
    driver_rows = await stored_rows(storage, through_driver)
    assert driver_rows == await stored_rows(storage, through_sqlalchemy)
    assert len(driver_rows["game_actions"]) == 4 and len(driver_rows["game_stats"]) == 3
    assert [row[:2] for row in driver_rows["game_messages"]] == [("hand", 1), ("table", -1)]


async def test_a_moves_statements_skip_sqlalchemys_execution_on_a_sqlite_file(tmp_path: Path) -> None:
    """A move's transaction (its BEGIN included) runs every statement through the driver."""
    storage = await Storage.open(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    try:
        engine = storage.inline_engine
        assert engine is not None
        game_id = await storage.games.create_game(
            guild_id=5, channel_id=6, game="stickem", seed=7, rules="{}", seats=SEATS
        )
        executed: list[str] = []

        def seen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
            executed.append(statement)

        event.listen(engine, "before_cursor_execute", seen)
        try:
            async with storage.transaction(urgent=True) as tx:
                await tx.games.append_action(game_id, 0, 0, "p:red7")
                await tx.timers.set_timer(game_id, "turn", utc_now() + timedelta(seconds=30))
                await tx.messages.set_hand_message_if_current(game_id, 1, 70, 700, 1)
        finally:
            event.remove(engine, "before_cursor_execute", seen)
        assert executed == []
        (game,) = (await storage.games.load_unfinished_games()).games
        assert [a.action for a in game.actions] == ["p:red7"]
        assert [t.kind for t in game.timers] == ["turn"]
        assert [(m.purpose, m.seat, m.message_id) for m in game.messages] == [("hand", 1, 700)]
    finally:
        await storage.close()


async def test_a_duplicate_row_still_raises_sqlalchemys_integrity_error(storage: Storage) -> None:
    game_id = await storage.games.create_game(
        guild_id=5, channel_id=6, game="stickem", seed=7, rules="{}", seats=SEATS
    )
    await storage.games.append_action(game_id, 0, 0, "p:red7")
    with pytest.raises(StorageConflict) as caught:
        async with storage.transaction() as tx:
            await run(tx.connection, insert_into(game_actions),
                      {"game_id": game_id, "seq": 0, "seat": 1, "action": "p:red8"})
    assert isinstance(caught.value.__cause__, IntegrityError)
    # The action's own claim: a stored row the game's count does not know of is a duplicate.
    await raw(storage, "INSERT INTO game_actions (game_id, seq, seat, action) VALUES (:g, 1, 1, 'x')",
              g=game_id)
    with pytest.raises(DuplicateAction) as refused:
        await storage.games.append_action(game_id, 1, 1, "p:red8")
    assert isinstance(refused.value.__cause__, IntegrityError)
    counted = await raw(storage, "SELECT action_count FROM games WHERE id = :g", g=game_id)
    assert counted == [(1,)]  # the claim was rolled back with the failed insert


async def test_a_driver_failure_is_an_unavailable_storage(tmp_path: Path) -> None:
    storage = await Storage.open(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    try:
        game_id = await storage.games.create_game(
            guild_id=5, channel_id=6, game="stickem", seed=7, rules="{}", seats=SEATS
        )
        await raw(storage, "DROP TABLE game_timers")
        with pytest.raises(StorageUnavailable) as caught:
            async with storage.transaction() as tx:
                await tx.timers.set_timer(game_id, "turn", utc_now() + timedelta(seconds=30))
        assert isinstance(caught.value.__cause__, OperationalError)
        assert "game_timers" in str(caught.value.__cause__)
        await storage.games.append_action(game_id, 0, 0, "p:red7")  # the connection goes on
    finally:
        await storage.close()


def test_a_statement_its_parameters_alone_do_not_fill_is_left_to_sqlalchemy() -> None:
    dialect = sqlite.dialect()
    literal = FixedStatement(update(games).where(games.c.status == "active").values(options=bindparam("o")))
    expanding = FixedStatement(games.select().where(games.c.id.in_(bindparam("ids", expanding=True))))
    keyed = FixedStatement(update(games).where(games.c.id == bindparam("i")).values(options=bindparam("o")))
    assert literal.compiled_for(dialect, ("o",), False) is None
    assert expanding.compiled_for(dialect, ("ids",), False) is None
    compiled = keyed.compiled_for(dialect, ("i", "o"), False)
    assert compiled is not None
    assert compiled.sql == "UPDATE games SET options=? WHERE games.id = ?"
    assert compiled.values({"i": 3, "o": "{}"}) == ("{}", 3)
    assert keyed.compiled_for(dialect, ("i", "o"), False) is compiled  # compiled once


async def test_a_literal_statement_still_runs_on_the_inline_writer(tmp_path: Path) -> None:
    storage = await Storage.open(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    try:
        game_id = await storage.games.create_game(
            guild_id=5, channel_id=6, game="stickem", seed=7, rules="{}", seats=SEATS
        )
        literal = FixedStatement(
            update(games)
            .where(games.c.status == "active", games.c.id == bindparam("i"))
            .values(options="[1]")
        )
        async with storage.transaction() as tx:
            assert (await run(tx.connection, literal, {"i": game_id})).rowcount == 1
        assert await raw(storage, "SELECT options FROM games WHERE id = :i", i=game_id) == [("[1]",)]
    finally:
        await storage.close()


async def test_a_value_its_type_refuses_fails_as_through_sqlalchemy(tmp_path: Path) -> None:
    """A bind processor's refusal (a naive time where a UTC one belongs) is SQLAlchemy's
    ``StatementError`` on the driver's path too, so storage reports it as it did before."""
    storage = await Storage.open(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    try:
        game_id = await storage.games.create_game(
            guild_id=5, channel_id=6, game="stickem", seed=7, rules="{}", seats=SEATS
        )
        touched = FixedStatement(
            update(games).where(games.c.id == bindparam("i")).values(updated_at=bindparam("u"))
        )
        naive = utc_now().replace(tzinfo=None)
        with pytest.raises(StorageUnavailable) as caught:
            async with storage.transaction() as tx:
                await run(tx.connection, touched, {"i": game_id, "u": naive})
        assert isinstance(caught.value.__cause__, StatementError)
        await storage.games.append_action(game_id, 0, 0, "p:red7")  # the connection goes on
    finally:
        await storage.close()
