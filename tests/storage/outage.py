"""Ways to take a database away for a while and give it back, for the outage tests.

SQLite: another connection holds the write lock (the file is effectively read-only; reads go on).
PostgreSQL: the bot talks to the server through a loopback TCP proxy that can be cut and restored.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from typing import Protocol

from sqlalchemy.engine import make_url


class Outage(Protocol):
    """A database that can be made unreachable (or unwritable) and brought back."""

    url: str
    blocks_reads: bool

    async def begin(self) -> None:
        """Take the database away."""

    async def end(self) -> None:
        """Give it back."""

    async def close(self) -> None:
        """Release everything the outage holds."""


class SqliteWriteLock:
    """Holds SQLite's write lock from another connection, so every write times out."""

    blocks_reads = False

    def __init__(self, url: str) -> None:
        self.url = url
        self._path = make_url(url).database or ""
        self._conn: sqlite3.Connection | None = None

    async def begin(self) -> None:
        """Take the write lock."""
        self._conn = sqlite3.connect(self._path, isolation_level=None, timeout=0.5)
        self._conn.execute("BEGIN EXCLUSIVE")

    async def end(self) -> None:
        """Release the write lock."""
        if self._conn is not None:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            self._conn.close()
            self._conn = None

    async def close(self) -> None:
        """Release the lock if still held."""
        await self.end()


class TcpProxy:
    """A loopback proxy to a PostgreSQL server; `begin()` cuts every connection and stops listening."""

    blocks_reads = True

    def __init__(self, server_url: str) -> None:
        parsed = make_url(server_url)
        self._upstream = (parsed.host or "127.0.0.1", parsed.port or 5432)
        self._server_url = parsed
        self._server: asyncio.Server | None = None
        self._port = 0
        self._pipes: set[asyncio.Task[None]] = set()
        self._writers: set[asyncio.StreamWriter] = set()
        self.url = ""

    async def start(self) -> None:
        """Listen (again, on the same port once one was chosen)."""
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", self._port)
        self._port = self._server.sockets[0].getsockname()[1]
        proxied = self._server_url.set(host="127.0.0.1", port=self._port)
        self.url = proxied.render_as_string(hide_password=False)

    async def begin(self) -> None:
        """Stop listening and abort every open connection."""
        if self._server is not None:
            self._server.close()
            self._server = None
        for writer in list(self._writers):
            writer.transport.abort()
        for task in list(self._pipes):
            task.cancel()
        await asyncio.gather(*self._pipes, return_exceptions=True)
        self._writers.clear()

    async def end(self) -> None:
        """Listen again."""
        await self.start()

    async def close(self) -> None:
        """Stop for good."""
        await self.begin()

    async def _accept(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        try:
            server_reader, server_writer = await asyncio.wait_for(asyncio.open_connection(*self._upstream), 5)
        except (OSError, TimeoutError):
            client_writer.transport.abort()
            return
        self._writers.update((client_writer, server_writer))
        for source, sink in ((client_reader, server_writer), (server_reader, client_writer)):
            task = asyncio.create_task(self._pipe(source, sink, (client_writer, server_writer)))
            self._pipes.add(task)
            task.add_done_callback(self._pipes.discard)

    async def _pipe(
        self,
        source: asyncio.StreamReader,
        sink: asyncio.StreamWriter,
        both: tuple[asyncio.StreamWriter, asyncio.StreamWriter],
    ) -> None:
        try:
            while data := await source.read(65536):
                sink.write(data)
                await sink.drain()
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            for writer in both:
                with contextlib.suppress(Exception):
                    writer.transport.abort()
                self._writers.discard(writer)
