"""A started table whose every change goes through a journal into a fresh SQLite database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from host.journal import GameJournal
from host.storage import Storage
from host.tables import Table, TableRegistry


@asynccontextmanager
async def stored_table(
    tmp_path: Path, channel: int, *, humans: int, fill_to: int, timer: str, seed: int
) -> AsyncIterator[tuple[Storage, GameJournal, Table]]:
    """Users 1..``humans`` (named p1, p2, ...) join, user 1 starts with computer players up to
    ``fill_to`` seats; the storage is closed afterwards."""
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        journal = GameJournal(storage)
        table = TableRegistry(seed_source=lambda: seed, id_source=lambda: "g1").get_or_open(channel, 1)
        for user in range(1, humans + 1):
            async with journal.recording(table):
                table.lobby.join(user, f"p{user}")
        async with journal.recording(table):
            table.lobby.start(1, fill_to=fill_to, timer=timer)
        yield storage, journal, table
    finally:
        await storage.close()
