"""A lobby's TableRecord: its stored options as before, read back whole, and what a resume does
with a stored lobby (the host's rebuild names the record each table came from)."""

from __future__ import annotations

import json

import pytest

from host.journal import GameJournal
from host.resume import rebuild_tables, table_of_lobby
from host.storage import LoadResult, LobbyRecord, SeatRecord
from host.table.record import TableRecord
from host.tables import Table, TableRegistry, TableState
from tabletop import registry

LEVELS = registry.game("stickem").levels


def lobby() -> Table:
    """A Stick'em lobby of two people and a computer seat, some options asked for, a rematch's."""
    table = TableRegistry().get_or_open(7, 3, "stickem")
    table.lobby.join(1, "ann")
    table.lobby.join(2, "bob")
    table.lobby.add_bot(1, "normal")
    table.chosen = {"preset": "amigo"}
    table.rematch_of = 41
    table.lobby_timer = "30s"
    return table


def stored(
    options: dict[str, object], seats: tuple[SeatRecord, ...] = (SeatRecord(1, "ann"),)
) -> LobbyRecord:
    return LobbyRecord(
        channel_id=7, guild_id=3, game="stickem", host_id=1, seats=seats, options=json.dumps(options)
    )


def test_the_stored_options_of_a_lobby_are_written_as_before() -> None:
    table = lobby()
    bot = next(index for index, seat in enumerate(table.seats) if seat.is_bot)
    assert json.loads(TableRecord.of(table).lobby_options()) == {
        "options": {"preset": "amigo"},
        "lobby_id": table.lobby_id,
        "bots": {str(bot): "normal"},
        "rematch_of": 41,
        "timer": "30s",
    }
    plain = TableRegistry().get_or_open(8, 3, "stickem")
    plain.lobby.join(1, "ann")
    assert set(json.loads(TableRecord.of(plain).lobby_options())) == {"options", "lobby_id", "bots"}


def test_a_stored_lobby_reads_back_as_the_same_table() -> None:
    table = lobby()
    record = GameJournal(None).lobby_record(table)
    again = table_of_lobby(record, TableRegistry())
    assert again is not table and again.state is TableState.LOBBY
    assert TableRecord.of(again) == TableRecord.of(table)


def test_a_lobby_of_an_older_release_keeps_its_options_and_gets_its_own_id() -> None:
    """Before the game protocol, Stick'em's options were stored at the top level; a lobby stored
    without an id (or with one of the wrong kind) gets a fresh one."""
    record = TableRecord.of_stored_lobby(stored({"preset": "amigo", "rounds": 4, "lobby_id": 5}), LEVELS)
    assert record.chosen == {"preset": "amigo", "rounds": 4}
    assert record.lobby_id is None
    table = TableRegistry().get_or_open(7, 3, "stickem")
    own = table.lobby_id
    record.restore(table)
    assert table.lobby_id == own and table.seats[0].name == "ann"


@pytest.mark.parametrize(
    ("options", "rematch_of", "timer"),
    [
        ({"rematch_of": True, "timer": "forever"}, None, None),  # not a game id, not a timer choice
        ({"rematch_of": "41", "timer": 30}, None, None),
        ({"rematch_of": 41, "timer": "2min"}, 41, "2min"),
    ],
)
def test_what_a_lobby_keeps_only_to_be_nice_is_dropped_when_it_is_wrong(
    options: dict[str, object], rematch_of: int | None, timer: str | None
) -> None:
    record = TableRecord.of_stored_lobby(stored(options), LEVELS)
    assert (record.rematch_of, record.lobby_timer) == (rematch_of, timer)


def test_a_lobby_whose_computer_seat_has_an_unknown_level_is_refused() -> None:
    seats = (SeatRecord(1, "ann"), SeatRecord(None, "Ada"))
    with pytest.raises(ValueError, match="unknown level"):
        TableRecord.of_stored_lobby(stored({"bots": {"1": "grandmaster"}}, seats), LEVELS)


def test_the_rebuild_names_the_stored_record_of_each_table() -> None:
    good = stored({"options": {}, "lobby_id": "L-1"})
    broken = LobbyRecord(channel_id=9, guild_id=3, game="stickem", host_id=1, seats=good.seats, options="[]")
    tables = TableRegistry()
    report = rebuild_tables(LoadResult(games=[], problems=[]), [good, broken], tables)
    (table,) = report.lobbies
    assert report.sources == [(table, good)]
    assert table.lobby_id == "L-1" and tables.get(9) is None  # the broken lobby is not opened
