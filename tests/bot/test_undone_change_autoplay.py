"""A change whose write fails is undone; the computer's task of the table may have looked at the
table in between (the change and its write are separate steps of the event loop, and a slow or
queued write lasts many) and ended, seeing the table closed or no seat of its own awaited. Once
the change is undone the computer must play on."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.tables.service import TableService
from host.autoplay import AutoplaySettings
from host.journal import GameJournal
from host.storage import SAVE_FAILED, Storage, StorageUnavailable
from host.storage.game_writes import GameWrites
from host.tables import Outcome, Table, TableError, TableRegistry, TableState
from tests.bot.stickem_moves import engine

CHANNEL = 58
MOVE_DELAY = 0.02


@asynccontextmanager
async def one_human_two_computers(tmp_path: Path) -> AsyncIterator[tuple[TableService, Table]]:
    """A stored game of p1 and two computer players, in its misery choice, whose effects are
    not shown (only the computer's task is kicked, as after any shown change)."""
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    registry = TableRegistry(seed_source=lambda: 3, id_source=lambda: "g1")
    service = TableService(
        client=None,  # type: ignore[arg-type]
        registry=registry,
        journal=GameJournal(storage),
        autoplay=AutoplaySettings(move_delay=MOVE_DELAY, workers=0),
    )

    async def execute(table: Table, outcome: Outcome, **_: object) -> None:
        service.kick(table)

    service.effects.execute = execute  # type: ignore[method-assign]
    try:
        table = registry.get_or_open(CHANNEL, 1)
        async with service.journal.recording(table):
            table.lobby.join(1, "p1")
        async with service.journal.recording(table):
            table.lobby.start(1, fill_to=3, timer="off")
        yield service, table
    finally:
        await service.autoplay.close()
        await storage.close()


async def test_the_computer_plays_on_after_a_stop_that_could_not_be_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def slow_refusal(*_: object) -> bool:
        await asyncio.sleep(MOVE_DELAY * 5)  # the computer's pause ends meanwhile
        raise StorageUnavailable(SAVE_FAILED)

    monkeypatch.setattr(GameWrites, "stop_game", slow_refusal)
    async with one_human_two_computers(tmp_path) as (service, table):
        service.kick(table)
        assert service.autoplay.busy(table)
        with pytest.raises(TableError):
            async with table.lock, service.journal.recording(table):
                table.stopping.stop(1, game_id="g1")
        assert table.state is TableState.PLAYING
        async with asyncio.timeout(5.0):  # both computer seats pick their misery card
            while engine(table).action_count < 2:
                await asyncio.sleep(0.01)
        assert engine(table).awaiting == (0,)  # p1 alone is waited for
