"""The bot's longer pieces of work for one click run in several steps of the event loop, so that
other tables' steps go in between and no single step holds the loop long (the load benchmark's
goal is no step over 5 ms): discord.py's parsing of the click apart from the bot's handling, and
a table change apart from its write to storage."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import event

from bot.runtime.interaction_release import releases_click
from host.journal import GameJournal
from host.storage import SAVE_FAILED, Storage, StorageUnavailable
from host.storage.game_writes import GameWrites
from host.tables import TableError, TableRegistry, TableState
from tests.bot.stickem_moves import auto_move, choose_misery, engine
from tests.bot.stored_tables import stored_table


async def test_a_click_is_handled_in_a_later_step_than_discord_py_parsed_it() -> None:
    order: list[str] = []

    @releases_click
    async def callback(item: Any, interaction: Any) -> None:
        order.append("handled")

    asyncio.get_running_loop().call_soon(order.append, "another table's step")
    await callback(SimpleNamespace(view=None), SimpleNamespace())
    assert order == ["another table's step", "handled"]


async def test_a_table_change_and_its_write_run_in_separate_steps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with stored_table(tmp_path, 55, humans=3, fill_to=3, timer="off", seed=2) as (
        _, journal, table
    ):
        order: list[str] = []
        transaction = Storage.transaction

        @asynccontextmanager
        async def watched(storage: Storage, *, urgent: bool = False) -> AsyncIterator[Any]:
            order.append("write")
            async with transaction(storage, urgent=urgent) as tx:
                yield tx

        monkeypatch.setattr(Storage, "transaction", watched)
        game = engine(table)
        seat = game.awaiting[0]
        async with journal.recording(table):
            auto_move(table, seat, game.legal_cards(seat)[0], timed_out=False)
            asyncio.get_running_loop().call_soon(order.append, "another table's step")
        assert order == ["another table's step", "write"]
        assert game.action_count == 1


async def test_a_channels_table_closing_in_a_write_still_in_flight_is_not_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a /stop's write is under way (the table already closed, its lock held), a /join in
    the channel must not open a new table over it: should the write fail, the table is put back
    as it was, and a new table in the registry would leave that game unreachable."""
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        journal = GameJournal(storage)
        registry = TableRegistry(seed_source=lambda: 3, id_source=lambda: "g1")
        table = registry.get_or_open(56, 1)
        for user in (1, 2, 3):
            async with journal.recording(table):
                table.lobby.join(user, f"p{user}")
        async with journal.recording(table):
            table.lobby.start(1)

        async def refused(*_: object) -> bool:
            raise StorageUnavailable(SAVE_FAILED)

        monkeypatch.setattr(GameWrites, "stop_game", refused)

        async def stop() -> None:
            async with table.lock, journal.recording(table):
                table.stopping.stop(1, game_id="g1")

        stopping = asyncio.create_task(stop())
        await asyncio.sleep(0)  # the stop has closed the table; its write comes in a later step
        assert table.state is TableState.CLOSED
        joining = registry.get_or_open(56, 1)  # what /join does first
        with pytest.raises(TableError):
            await asyncio.wait_for(stopping, timeout=5.0)
        assert table.state is TableState.PLAYING
        assert registry.get(56) is table
        assert joining is table  # /join waits for its lock and then sees the game running
    finally:
        await storage.close()


async def test_a_move_cancelled_after_its_commit_is_found_at_the_next_move(tmp_path: Path) -> None:
    """A write cancelled while its commit runs in its thread still commits; the journal puts the
    table back (it saw the write cancelled), so the table is behind its stored game until the
    next move's write finds the stored log ahead and reloads the game."""
    async with stored_table(tmp_path, 59, humans=3, fill_to=3, timer="off", seed=2) as (
        storage, journal, table
    ):
        assert storage.inline_engine is not None
        entered, release = threading.Event(), threading.Event()

        def held(_: object) -> None:
            entered.set()
            release.wait(5.0)

        event.listen(storage.inline_engine, "commit", held)
        game = engine(table)
        first, card = game.awaiting[0], game.hand(game.awaiting[0])[0]

        async def move() -> None:
            async with table.lock, journal.recording(table):
                choose_misery(table, first + 1, card, game_id="g1", round=1)

        moving = asyncio.create_task(move())
        async with asyncio.timeout(5.0):
            while not entered.is_set():
                await asyncio.sleep(0.005)
        moving.cancel()
        release.set()
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(moving, timeout=5.0)
        event.remove(storage.inline_engine, "commit", held)
        assert engine(table).action_count == 0  # put back ...
        (stored,) = (await storage.games.load_unfinished_games()).games
        assert len(stored.actions) == 1  # ... although stored
        second = engine(table).awaiting[1]
        with pytest.raises(TableError, match="out of step"):
            async with table.lock, journal.recording(table):
                choose_misery(table, second + 1, engine(table).hand(second)[0], game_id="g1", round=1)
        assert engine(table).action_count == 1  # reloaded: the stored move
        assert engine(table).view(first).misery_pick == card
