"""What a start-up changes in storage and makes ready to show, decided by the host
(:func:`host.resume.settle_stored`): broken games are marked stopped, and a game that ended just
before the bot went down is closed with its end (and its stored rating changes) ready to show."""

from __future__ import annotations

from host.journal import GameJournal
from host.resume import rebuild_tables, settle_stored
from host.storage import GameStatus, Storage
from host.tables import Reports, RoundClosed, TableRegistry, TableState
from tests.storage.conftest import clock, raw, storage, target
from tests.storage.helpers import new_game
from tests.storage.test_journal import played_to_the_end

__all__ = ["clock", "storage", "target"]  # the storage tests' fixtures: SQLite and PostgreSQL


async def test_a_game_that_ended_unshown_is_closed_and_its_end_made_ready(storage: Storage) -> None:
    journal = GameJournal(storage)
    table, _ = await played_to_the_end(journal)  # (shown by nobody: its end stays owed)
    assert table.storage_id is not None
    stored = tuple(sorted((await storage.ratings.game_rating_changes(table.storage_id)).items()))
    assert len(stored) == 3
    report = rebuild_tables(await storage.games.load_unfinished_games(), [], TableRegistry())
    (finished,) = report.finished
    assert finished.state is TableState.CLOSED, "the host closes an ended game, not the display"
    assert report.endings == []
    await settle_stored(report, journal)
    (ending,) = report.endings
    assert ending.table is finished
    assert [type(effect) for effect in ending.shown.effects] == [RoundClosed, Reports]
    reports = ending.shown.effects[-1]
    assert isinstance(reports, Reports) and reports.final
    assert reports.ratings == stored, "the standings show the rating changes as stored"


async def test_a_broken_game_is_marked_stopped_by_the_host(storage: Storage) -> None:
    broken = await new_game(storage)
    await raw(storage, "UPDATE games SET rules = 'x' WHERE id = :g", g=broken)
    report = rebuild_tables(await storage.games.load_unfinished_games(), [], TableRegistry())
    assert [problem.game_id for problem in report.broken] == [broken]
    await settle_stored(report, GameJournal(storage))
    loaded = await storage.games.load_unfinished_games()
    assert (loaded.games, loaded.problems) == ((), ()), "a broken game is not tried again"
    ((status,),) = await raw(storage, "SELECT status FROM games WHERE id = :g", g=broken)
    assert GameStatus(status) is GameStatus.STOPPED
