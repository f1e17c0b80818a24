"""Prompt ids stored in batches by the Discord layer's message book (``MessageBook.prompt_sent``)
on both databases: what is gathered is written by :meth:`MessageBook.drain` (the bot's shutdown),
and whatever order the batch and the moves run in, a stored prompt is always one its player still
has to answer."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.tables.message_book import PROMPT_BATCH, PROMPT_STEP, MessageBook, PromptRef
from host.journal import GameJournal
from host.storage import Storage, StorageError, Transaction
from host.storage.table_writes import MessageWrites
from host.tables import Table
from host.write_queue import URGENT
from tests.bot.stickem_moves import engine
from tests.storage.conftest import clock, storage, target
from tests.storage.test_journal import change, next_move, seated

__all__ = ["clock", "storage", "target"]  # the storage tests' fixtures: SQLite and PostgreSQL


def book_of(journal: GameJournal) -> MessageBook:
    """The message book of a bot with this journal (sharing its one writer, as the service does)."""
    return MessageBook(journal.storage, journal.writing)


async def send_dm(book: MessageBook, table: Table, seat: int, message_id: int) -> None:
    """What the courier does once a prompt went out: it becomes the seat's live prompt."""
    await book.prompt_sent(table, seat, PromptRef(9000 + seat, message_id))


async def stored_hands(storage: Storage, table: Table) -> dict[int | None, int]:
    assert table.storage_id is not None
    stored = await storage.games.load_game(table.storage_id)
    return {m.seat: m.message_id for m in stored.messages if m.purpose == "hand"}


async def batch_of_tables(journal: GameJournal, first_channel: int) -> list[Table]:
    """A batch's worth of started tables (:data:`PROMPT_BATCH`), in channels from ``first_channel``."""
    tables = []
    for channel in range(PROMPT_BATCH):
        table = Table(first_channel + channel, 1, seed_source=lambda: 11, id_source=lambda: "abc123")
        for user in (1, 2, 3):
            await change(journal, table, lambda t=table, u=user: t.lobby.join(u, f"p{u}"))  # type: ignore[misc]
        await change(journal, table, lambda t=table: t.lobby.start(1, options={"rounds": 1}))  # type: ignore[misc]
        tables.append(table)
    return tables


async def test_drain_writes_what_was_gathered(storage: Storage) -> None:
    journal = GameJournal(storage)
    book = book_of(journal)
    table = await seated(journal)
    await change(journal, table, lambda: table.lobby.start(1, options={"rounds": 1}))
    for seat in range(3):  # the misery choice: every seat is prompted at once
        await send_dm(book, table, seat, 100 + seat)
    assert book.writing_prompts
    await book.drain()
    assert not book.writing_prompts
    assert await stored_hands(storage, table) == {0: 100, 1: 101, 2: 102}


@pytest.mark.parametrize("moves", [1, 2, 5])
async def test_a_stored_hand_dm_always_waits_for_its_player(storage: Storage, moves: int) -> None:
    """DMs are gathered, then moves are made before the batch had its turn (or while it runs):
    no DM of a seat that has moved since may be left stored."""
    journal = GameJournal(storage)
    book = book_of(journal)
    table = await seated(journal)
    await change(journal, table, lambda: table.lobby.start(1, options={"rounds": 1}))
    for round_trip in range(4):
        for seat in engine(table).awaiting:
            await send_dm(book, table, seat, 1000 * round_trip + 100 + seat)
        for _ in range(moves):
            await next_move(journal, table)
        await book.drain()
        stored = await stored_hands(storage, table)
        awaiting = engine(table).awaiting
        assert set(stored) <= set(awaiting), (round_trip, stored, awaiting)


async def test_many_gathered_ids_are_stored_in_small_transactions(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On SQLite a transaction runs on the event loop's thread: hundreds of ids gathered while
    the writer was held up must not all go in one transaction (tens of milliseconds of loop)."""
    journal = GameJournal(storage)
    book = book_of(journal)
    tables = []
    for channel in range(3 * PROMPT_BATCH):
        table = Table(10_000 + channel, 1, seed_source=lambda: 11, id_source=lambda: "abc123")
        for user in (1, 2, 3):
            await change(journal, table, lambda t=table, u=user: t.lobby.join(u, f"p{u}"))  # type: ignore[misc]
        await change(journal, table, lambda t=table: t.lobby.start(1, options={"rounds": 1}))  # type: ignore[misc]
        tables.append(table)
    sizes: list[int] = []
    counted = MessageWrites.set_hand_message_if_current

    async def counting(messages: MessageWrites, *args: int) -> bool:
        if not sizes or sizes[-1] < 0:
            sizes.append(0)
        sizes[-1] += 1
        return await counted(messages, *args)

    opened = Storage.transaction

    @asynccontextmanager
    async def transaction(self: Storage, *, urgent: bool = False) -> AsyncIterator[Transaction]:
        sizes.append(-1)  # a new transaction: its first id starts a new count
        async with opened(self, urgent=urgent) as tx:
            yield tx

    monkeypatch.setattr(MessageWrites, "set_hand_message_if_current", counting)
    monkeypatch.setattr(Storage, "transaction", transaction)
    for table in tables:
        await send_dm(book, table, 0, 500)
    await book.drain()
    counts = [size for size in sizes if size > 0]
    assert sum(counts) == len(tables) and max(counts) <= PROMPT_BATCH
    for table in tables:
        assert await stored_hands(storage, table) == {0: 500}


async def test_a_batch_lets_other_callbacks_run_between_its_ids(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch runs on the event loop's thread (SQLite): it stores at most PROMPT_STEP ids in
    one step of the loop, so that other tables' callbacks run in between."""
    journal = GameJournal(storage)
    book = book_of(journal)
    tables = []
    for channel in range(PROMPT_BATCH):
        table = Table(20_000 + channel, 1, seed_source=lambda: 11, id_source=lambda: "abc123")
        for user in (1, 2, 3):
            await change(journal, table, lambda t=table, u=user: t.lobby.join(u, f"p{u}"))  # type: ignore[misc]
        await change(journal, table, lambda t=table: t.lobby.start(1, options={"rounds": 1}))  # type: ignore[misc]
        tables.append(table)
    steps = 0
    stepping = True

    async def count_steps() -> None:
        nonlocal steps
        while stepping:
            steps += 1
            await asyncio.sleep(0)

    ids_per_step: dict[int, int] = {}
    counted = MessageWrites.set_hand_message_if_current

    async def counting(messages: MessageWrites, *args: int) -> bool:
        ids_per_step[steps] = ids_per_step.get(steps, 0) + 1
        return await counted(messages, *args)

    monkeypatch.setattr(MessageWrites, "set_hand_message_if_current", counting)
    counter = asyncio.create_task(count_steps())
    try:
        for table in tables:
            await send_dm(book, table, 0, 600)
        await book.drain()
    finally:
        stepping = False
        await counter
    assert sum(ids_per_step.values()) == len(tables)
    assert max(ids_per_step.values()) <= PROMPT_STEP
    for table in tables:
        assert await stored_hands(storage, table) == {0: 600}


async def test_a_batch_gives_the_writer_up_to_a_players_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch holds the one SQLite writer over several steps of the loop: a player's write
    asking meanwhile goes at the batch's next step, and the batch's other ids after it."""
    sqlite = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        journal = GameJournal(sqlite)
        book = MessageBook(sqlite, journal.writing, journal.players_waiting)
        tables = await batch_of_tables(journal, 30_000)
        order: list[str] = []
        counted = MessageWrites.set_hand_message_if_current
        clicks: list[asyncio.Task[None]] = []

        async def click() -> None:
            async with journal.writing(URGENT):
                order.append("click")

        async def counting(messages: MessageWrites, *args: int) -> bool:
            order.append("id")
            if not clicks:  # a player's move asks for the writer as the batch begins
                clicks.append(asyncio.create_task(click()))
            return await counted(messages, *args)

        monkeypatch.setattr(MessageWrites, "set_hand_message_if_current", counting)
        for table in tables:
            await send_dm(book, table, 0, 700)
        await asyncio.wait_for(book.drain(), 10)
        await asyncio.wait_for(asyncio.gather(*clicks), 5)
        assert order == ["id"] * PROMPT_STEP + ["click"] + ["id"] * (PROMPT_BATCH - PROMPT_STEP)
        for table in tables:
            assert await stored_hands(sqlite, table) == {0: 700}
    finally:
        await sqlite.close()


async def test_a_failed_batch_warns_of_the_ids_it_held_not_those_queued_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A batch that gave the writer up to a player's write holds only its first ids: when its
    commit fails, the warning counts those, and the ids queued again are stored by the next
    batch."""
    sqlite = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        journal = GameJournal(sqlite)
        book = MessageBook(sqlite, journal.writing, journal.players_waiting)
        tables = await batch_of_tables(journal, 31_000)
        counted = MessageWrites.set_hand_message_if_current
        clicks: list[asyncio.Task[None]] = []

        async def click() -> None:
            async with journal.writing(URGENT):
                pass

        async def counting(messages: MessageWrites, *args: int) -> bool:
            if not clicks:  # a player's move asks for the writer as the batch begins
                clicks.append(asyncio.create_task(click()))
            return await counted(messages, *args)

        real_transaction = sqlite.transaction
        failures = [StorageError("disk I/O error")]

        @asynccontextmanager
        async def failing_once() -> AsyncIterator[Transaction]:
            async with real_transaction() as tx:
                yield tx
                if failures:
                    raise failures.pop()

        monkeypatch.setattr(MessageWrites, "set_hand_message_if_current", counting)
        monkeypatch.setattr(sqlite, "transaction", failing_once)
        for table in tables:
            await send_dm(book, table, 0, 800)
        with caplog.at_level("WARNING", logger="bot.tables.message_book"):
            await asyncio.wait_for(book.drain(), 10)
        await asyncio.wait_for(asyncio.gather(*clicks), 5)
        warnings = [r.getMessage() for r in caplog.records if "prompt ids" in r.getMessage()]
        assert len(warnings) == 1
        assert warnings[0].startswith(f"could not store {PROMPT_STEP} prompt ids")
        stored = [await stored_hands(sqlite, table) for table in tables]
        assert stored.count({0: 800}) == PROMPT_BATCH - PROMPT_STEP  # the ids queued again
    finally:
        await sqlite.close()
