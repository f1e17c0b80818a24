"""TableRecord: a table's state as one value, taken, put back, stored and read back."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest

from host.storage.records import GameRecord, GameStatus, SeatRecord, TimerRecord
from host.table.record import TURN_TIMER, TableRecord
from host.tables import Seat, Table, TableRegistry, TableState, TakeoverAsk
from tabletop import registry

DEADLINE = datetime(2026, 11, 27, 3, 0, 0)


def playing_table() -> Table:
    """A started Stick'em table of two people and a computer seat, with some of everything a
    table change may alter."""
    table = TableRegistry(seed_source=lambda: 11, id_source=lambda: "g1").get_or_open(5, 1, "stickem")
    table.lobby.join(1, "ann")
    table.lobby.join(2, "bob")
    table.lobby.start(1, fill_to=3, timer="60s")
    table.clock.away = {1}
    table.clock.timeouts = {1: 2}
    table.takeover_requests = {9: TakeoverAsk("cy", (2,))}
    table.vacated = {2: (7, "dee")}
    table.clock.deadline = DEADLINE
    table.clock.reminded = True
    return table


def game_record(record: TableRecord, table: Table) -> GameRecord:
    """The stored game record of ``table``, with ``record``'s stored options."""
    return GameRecord(
        id=4,
        guild_id=1,
        channel_id=5,
        game="stickem",
        seed=table.running_match().seed,
        rules="{}",
        options=record.stored_options(),
        status=GameStatus.ACTIVE,
        seats=tuple(SeatRecord(None if s.is_bot else s.user_id, s.name) for s in table.seats),
        created_at=DEADLINE,
        updated_at=DEADLINE,
        ended_at=None,
        end_reason=None,
    )


def test_restore_puts_back_everything_a_change_may_alter() -> None:
    table = playing_table()
    before = TableRecord.of(table)
    match = table.running_match()
    seat = match.awaiting[0]
    match.apply(seat, match.legal_actions(seat)[0])
    table.clock.away.add(0)
    table.clock.timeouts[0] = 1
    table.seats[1] = Seat(3, "cyd")
    table.state = TableState.CLOSED
    assert TableRecord.of(table) != before
    before.restore(table)
    after = TableRecord.of(table)
    assert replace(after, match=None) == replace(before, match=None)
    assert before.match is not None and table.running_match().log == before.match.log == ()


def test_the_record_is_not_the_tables() -> None:
    """Taking a record copies: the table plays on, the record stays as it was."""
    table = playing_table()
    record = TableRecord.of(table)
    table.clock.away.clear()
    table.clock.timeouts.clear()
    assert record.clock.away == {1} and record.clock.timeouts == {1: 2}
    assert record.match is not table.match


def test_stored_options_read_back_give_the_same_record() -> None:
    table = playing_table()
    record = TableRecord.of(table)
    timers = (TimerRecord(TURN_TIMER, None, DEADLINE, reminded_at=DEADLINE),)
    match = table.running_match().copy()
    back = TableRecord.of_stored(game_record(record, table), timers, match, registry.game("stickem").levels)
    # read back: the stored game's id, the deadline belongs to the wait of the stored game, and
    # a game does not store its lobby's id (the table keeps its own)
    clock = replace(record.clock, deadline_key=match.stage)
    expected = replace(record, storage_id=4, clock=clock, lobby_id=None)
    assert replace(back, match=None, chosen={}) == replace(expected, match=None, chosen={})
    assert back.match is match


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ('{"bots": {}}', "no table game id"),
        ('{"game_id": "g1", "bots": {"2": "godlike"}}', "unknown level"),
        ('{"game_id": "g1", "bots": {}}', "seat without a Discord user"),
        ('{"game_id": "g1", "bots": {"2": "normal"}, "timeouts": [1]}', "not a JSON object"),
        ("[1, 2]", "not a JSON object"),
    ],
)
def test_stored_options_that_make_no_table_are_refused(options: str, problem: str) -> None:
    table = playing_table()
    game = replace(game_record(TableRecord.of(table), table), options=options)
    with pytest.raises(ValueError, match=problem):
        TableRecord.of_stored(game, (), table.running_match(), registry.game("stickem").levels)
