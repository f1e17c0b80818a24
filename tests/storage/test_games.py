"""Games: creation, the action log, finishing and stopping, messages and timers, loading on start."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone

import pytest

from host.storage import (
    ActionOutOfOrder,
    ActionRecord,
    DuplicateAction,
    GameNotActive,
    GameStatus,
    MessageRecord,
    SeatRecord,
    Storage,
    TimerRecord,
    UnknownGame,
)
from tests.storage.conftest import FakeClock, raw
from tests.storage.helpers import RULES, new_game, play, result


async def test_a_new_game_loads_back_with_everything_it_was_given(storage: Storage, clock: FakeClock) -> None:
    game_id = await storage.games.create_game(
        guild_id=123456789012345678,
        channel_id=987654321098765432,
        game="stickem",
        seed=2**63 + 12345,  # seeds may exceed a 64-bit column: stored as text
        rules=RULES,
        seats=[SeatRecord(111, "Ann"), SeatRecord(None, "Computer"), SeatRecord(333, "Cem")],
        options='{"turn_timer": 90}',
    )
    loaded = await storage.games.load_unfinished_games()
    assert loaded.problems == ()
    (game,) = loaded.games
    record = game.record
    assert record.id == game_id
    assert (record.guild_id, record.channel_id) == (123456789012345678, 987654321098765432)
    assert record.seed == 2**63 + 12345
    assert record.game == "stickem"
    assert json.loads(record.rules) == json.loads(RULES)
    assert json.loads(record.options) == {"turn_timer": 90}
    assert record.status is GameStatus.ACTIVE
    assert record.seats == (SeatRecord(111, "Ann"), SeatRecord(None, "Computer"), SeatRecord(333, "Cem"))
    assert record.created_at == clock.now and record.created_at.tzinfo is not None
    assert record.ended_at is None
    assert (game.actions, game.messages, game.timers) == ((), (), ())


async def test_game_ids_are_distinct(storage: Storage) -> None:
    first, second = await new_game(storage), await new_game(storage)
    assert first != second


async def test_bad_input_is_refused_before_touching_the_database(storage: Storage) -> None:
    with pytest.raises(ValueError, match="rules must be JSON"):
        await storage.games.create_game(
            guild_id=1, channel_id=2, game="stickem", seed=3, rules="{oops", seats=[SeatRecord(1, "a")])
    with pytest.raises(ValueError, match="at least one seat"):
        await storage.games.create_game(
            guild_id=1, channel_id=2, game="stickem", seed=3, rules=RULES, seats=[])
    game_id = await new_game(storage)
    with pytest.raises(ValueError, match="action's text is empty"):
        await storage.games.append_action(game_id, 0, 0, "")
    with pytest.raises(ValueError, match="a game's name has 1 to 32 characters"):
        await storage.games.create_game(
            guild_id=1, channel_id=2, game="x" * 33, seed=3, rules=RULES, seats=[SeatRecord(1, "a")])
    assert (await storage.games.load_unfinished_games()).games[0].actions == ()


async def test_actions_come_back_in_order(storage: Storage, clock: FakeClock) -> None:
    game_id = await new_game(storage)
    await play(storage, game_id, 8)
    clock.advance(minutes=1)
    await storage.games.append_action(game_id, 8, 2, "p:violet12")
    (game,) = (await storage.games.load_unfinished_games()).games
    assert [a.seq for a in game.actions] == list(range(9))
    assert game.actions[0] == ActionRecord(0, 0, "m:red7")
    assert game.actions[8] == ActionRecord(8, 2, "p:violet12")
    assert game.record.updated_at == clock.now


async def test_an_action_cannot_be_stored_twice(storage: Storage) -> None:
    game_id = await new_game(storage)
    await play(storage, game_id, 3)
    with pytest.raises(DuplicateAction) as caught:
        await storage.games.append_action(game_id, 1, 1, "m:blue9")
    assert (caught.value.game_id, caught.value.seq) == (game_id, 1)
    (game,) = (await storage.games.load_unfinished_games()).games
    assert len(game.actions) == 3 and game.actions[1].action == "m:blue9"


async def test_an_action_cannot_leave_a_gap(storage: Storage) -> None:
    game_id = await new_game(storage)
    await play(storage, game_id, 2)
    with pytest.raises(ActionOutOfOrder) as caught:
        await storage.games.append_action(game_id, 5, 0, "p:red7")
    assert caught.value.expected == 2
    await storage.games.append_action(game_id, 2, 2, "m:green0")


async def test_unknown_game_takes_no_actions_messages_or_timers(storage: Storage) -> None:
    with pytest.raises(UnknownGame):
        await storage.games.append_action(999, 0, 0, "m:red7")
    with pytest.raises(UnknownGame):
        await storage.games.set_message(999, "table", 1, 2)
    with pytest.raises(UnknownGame):
        await storage.games.set_timer(999, "turn", datetime.now(UTC))
    with pytest.raises(UnknownGame):
        await storage.games.finish_game(999, [])
    with pytest.raises(UnknownGame):
        await storage.games.stop_game(999, "abandoned")


async def test_finishing_stores_results_and_ends_the_game(storage: Storage, clock: FakeClock) -> None:
    game_id = await new_game(storage, 1, 2, None)
    keep = await new_game(storage, 4, 5, 6)
    await play(storage, game_id, 5)
    await storage.games.set_timer(game_id, "turn", clock.now + timedelta(minutes=1), seat=1)
    clock.advance(hours=1)
    await storage.games.finish_game(
        game_id,
        [result(0, 1, (5, 7), won=True, swallowed=2), result(1, 2, (3, -1)), result(2, None, (1, 1))],
    )
    loaded = await storage.games.load_unfinished_games()
    assert [g.record.id for g in loaded.games] == [keep]
    finished = await storage.games.load_game(game_id)
    assert finished.record.status is GameStatus.FINISHED
    assert finished.record.ended_at == clock.now
    assert len(finished.actions) == 5  # the log is kept
    assert finished.timers == ()  # a finished game has no pending deadlines
    rows = await raw(
        storage,
        "SELECT r.seat, r.user_id, r.total, r.round_scores, r.rounds, r.won, s.value FROM game_results r"
        " JOIN game_stats s ON s.game_id = r.game_id AND s.seat = r.seat AND s.stat = 'misery_swallowed'"
        " WHERE r.game_id = :g ORDER BY r.seat",
        g=game_id,
    )
    assert [(r[0], r[1], r[2], json.loads(r[3]), r[4], bool(r[5]), r[6]) for r in rows] == [
        (0, 1, 12, [5, 7], 2, True, 2),
        (1, 2, 2, [3, -1], 2, False, 0),
        (2, None, 2, [1, 1], 2, False, 0),
    ]
    with pytest.raises(GameNotActive) as caught:
        await storage.games.append_action(game_id, 5, 2, "p:red7")
    assert caught.value.status == "finished"
    with pytest.raises(GameNotActive):
        await storage.games.finish_game(game_id, [])


async def test_results_need_distinct_seats(storage: Storage) -> None:
    game_id = await new_game(storage)
    with pytest.raises(ValueError, match="one result"):
        await storage.games.finish_game(game_id, [result(0, 1, (1,)), result(0, 2, (2,))])
    assert (await storage.games.load_game(game_id)).record.status is GameStatus.ACTIVE


async def test_stopping_a_game(storage: Storage) -> None:
    game_id = await new_game(storage)
    await storage.games.set_timer(game_id, "turn", datetime(2030, 1, 1, tzinfo=UTC))
    assert await storage.games.stop_game(game_id, "abandoned by the host") is True
    assert await storage.games.stop_game(game_id, "again") is False
    stopped = await storage.games.load_game(game_id)
    assert stopped.record.status is GameStatus.STOPPED
    assert stopped.record.end_reason == "abandoned by the host"
    assert stopped.timers == ()
    assert (await storage.games.load_unfinished_games()).games == ()
    with pytest.raises(GameNotActive):
        await storage.games.append_action(game_id, 0, 0, "m:red7")


async def test_load_game_of_unknown_id(storage: Storage) -> None:
    with pytest.raises(UnknownGame):
        await storage.games.load_game(12345)


async def test_message_ids_are_upserted(storage: Storage) -> None:
    game_id = await new_game(storage)
    await storage.games.set_message(game_id, "table", 200, 5001)
    await storage.games.set_message(game_id, "hand", 7001, 6001, seat=0)
    await storage.games.set_message(game_id, "hand", 7002, 6002, seat=1)
    await storage.games.set_message(game_id, "table", 200, 5002)  # the table message was re-posted
    await storage.games.set_message(game_id, "hand", 7001, 6003, seat=0)
    (game,) = (await storage.games.load_unfinished_games()).games
    assert game.messages == (
        MessageRecord("hand", 0, 7001, 6003),
        MessageRecord("hand", 1, 7002, 6002),
        MessageRecord("table", None, 200, 5002),
    )
    async with storage.transaction() as tx:
        assert await tx.messages.delete_message(game_id, "hand", seat=1) is True
        assert await tx.messages.delete_message(game_id, "hand", seat=1) is False
    (game,) = (await storage.games.load_unfinished_games()).games
    assert [(m.purpose, m.seat) for m in game.messages] == [("hand", 0), ("table", None)]


async def test_timers_are_set_moved_and_cleared(storage: Storage, clock: FakeClock) -> None:
    game_id = await new_game(storage)
    soon, later = clock.now + timedelta(seconds=30), clock.now + timedelta(seconds=90)
    await storage.games.set_timer(game_id, "turn", later, seat=2)
    await storage.games.set_timer(game_id, "idle", later)
    await storage.games.set_timer(game_id, "turn", soon, seat=2)  # moved
    (game,) = (await storage.games.load_unfinished_games()).games
    assert game.timers == (TimerRecord("turn", 2, soon), TimerRecord("idle", None, later))
    assert await storage.games.clear_timer(game_id, "turn", seat=2) is True
    assert await storage.games.clear_timer(game_id, "turn", seat=2) is False
    (game,) = (await storage.games.load_unfinished_games()).games
    assert game.timers == (TimerRecord("idle", None, later),)
    async with storage.transaction() as tx:
        assert await tx.timers.clear_timers(game_id) == 1
    assert (await storage.games.load_unfinished_games()).games[0].timers == ()


async def test_a_timer_remembers_its_reminder_until_it_is_moved(storage: Storage, clock: FakeClock) -> None:
    game_id = await new_game(storage)
    due = clock.now + timedelta(seconds=60)
    assert await storage.games.mark_timer_reminded(game_id, "turn") is False  # no such timer
    await storage.games.set_timer(game_id, "turn", due)
    clock.advance(seconds=30)
    async with storage.transaction() as tx:  # with the rest of the table's change
        assert await tx.timers.mark_timer_reminded(game_id, "turn") is True
    (game,) = (await storage.games.load_unfinished_games()).games
    assert game.timers == (TimerRecord("turn", None, due, clock.now),)
    # a moved timer is a new deadline, whose reminder is still to come
    later = due + timedelta(seconds=60)
    await storage.games.set_timer(game_id, "turn", later)
    (game,) = (await storage.games.load_unfinished_games()).games
    assert game.timers == (TimerRecord("turn", None, later, None),)


async def test_timers_need_aware_times(storage: Storage) -> None:
    game_id = await new_game(storage)
    with pytest.raises(ValueError, match="timezone-aware"):
        await storage.games.set_timer(game_id, "turn", datetime(2030, 1, 1))


async def test_a_timer_keeps_its_instant_across_zones(storage: Storage) -> None:
    game_id = await new_game(storage)
    noon_utc = datetime(2030, 6, 1, 12, 0, tzinfo=UTC)
    await storage.games.set_timer(game_id, "turn", noon_utc.astimezone(timezone(timedelta(hours=2))))
    (game,) = (await storage.games.load_unfinished_games()).games
    assert game.timers[0].due_at == noon_utc
    assert game.timers[0].due_at.utcoffset() == timedelta(0)
