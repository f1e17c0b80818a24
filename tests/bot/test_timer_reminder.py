"""The half-time reminder of a turn timer: once per deadline, stored with the timer, restored."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from host.resume import table_of_game
from host.tables import Table, TableRegistry
from tests.bot.stickem_moves import auto_move, choose_misery, engine
from tests.bot.stored_tables import stored_table

CHANNEL = 555
NOW = datetime(2026, 1, 1, tzinfo=UTC)


def test_a_new_deadline_is_not_reminded_yet() -> None:
    table = Table(CHANNEL, 1, seed_source=lambda: 3, id_source=lambda: "g1")
    for user in (1, 2, 3):
        table.lobby.join(user, f"p{user}")
    table.lobby.start(1, timer="30s")
    assert table.refresh_deadline(NOW)
    table.clock.reminded = True
    assert not table.refresh_deadline(NOW + timedelta(seconds=5))  # the same wait
    assert table.clock.reminded
    table.clock.away.add(2)  # p3 was away and comes back: the wait goes on with its deadline
    table.play.back(3)
    assert not table.refresh_deadline(NOW + timedelta(seconds=10))
    assert table.clock.deadline == NOW + timedelta(seconds=30) and table.clock.reminded
    game = engine(table)
    for seat in range(3):  # the misery choice ends: the first trick is a new wait
        game.choose_misery(seat, game.hand(seat)[0])
    assert table.refresh_deadline(NOW + timedelta(seconds=12))
    assert table.clock.deadline == NOW + timedelta(seconds=42) and not table.clock.reminded


async def test_the_reminder_is_stored_with_the_timer_and_restored(tmp_path: Path) -> None:
    async with stored_table(tmp_path, CHANNEL, humans=2, fill_to=3, timer="60s", seed=3) as (
        storage, journal, table
    ):
        assert table.clock.deadline is not None and not table.clock.reminded
        async with journal.recording(table, background=True):
            table.clock.reminded = True
        (stored,) = (await storage.games.load_unfinished_games()).games
        assert stored.timers[0].due_at == table.clock.deadline and stored.timers[0].reminded_at is not None
        restored = table_of_game(stored, TableRegistry())
        assert restored.clock.reminded and restored.clock.deadline == table.clock.deadline
        # everyone picks: the first trick's wait has its own deadline, not reminded yet
        game = engine(table)
        async with journal.recording(table):
            choose_misery(table, 1, game.hand(0)[0], game_id="g1", round=1)
            choose_misery(table, 2, game.hand(1)[0], game_id="g1", round=1)
            auto_move(table, 2, game.hand(2)[0])
        assert table.clock.deadline is not None and not table.clock.reminded
        (stored,) = (await storage.games.load_unfinished_games()).games
        assert stored.timers[0].due_at == table.clock.deadline and stored.timers[0].reminded_at is None
        assert not table_of_game(stored, TableRegistry()).clock.reminded
