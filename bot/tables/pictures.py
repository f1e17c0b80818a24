"""The painter: draws the pictures the tables' messages carry, away from the event loop, each
once (kept by content), and only for servers that show pictures (``/settings images``).

A message spec names its picture as a :class:`~tabletop.pictures.Sketch` (which game's art,
which picture, of which view); the courier asks the painter for it just before sending, and
:func:`picture_file` makes the drawn picture a ``discord.File`` for that one request (a
``discord.File`` is read once: every send or edit gets a file of its own).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Final

import discord

from tabletop.pictures import Picture, Sketch

log = logging.getLogger(__name__)

CACHE_SIZE: Final = 512
"""Pictures kept, by sketch: a few per table in play (its table, each seat's hand, the chart);
at ~10-60 KB each, at most ~20 MB."""

DRAWING_THREADS: Final = 2
"""Threads that draw (Pillow leaves the interpreter lock while it compresses, so two keep the
machine's two cores busy at worst and leave the event loop its share)."""

MAX_DESCRIPTION: Final = 1024
"""Discord's limit on an attachment's description (alt text)."""

FILE_NAMES: Final = {"hand": "hand.png", "table": "table.png", "chart": "scores.png", "replay": "replay.png"}
"""The attachment's file name for each kind of picture."""


class ImageSettings:
    """Which servers show pictures: every server does, unless it turned them off
    (``/settings images off``). Direct messages follow the table's server."""

    def __init__(self) -> None:
        self.off: set[int] = set()
        """The servers that chose text-only tables."""

    def restore(self, stored: dict[int, bool]) -> None:
        """Take the servers' choices as stored (server id: pictures on)."""
        self.off = {guild_id for guild_id, on in stored.items() if not on}

    def set(self, guild_id: int, on: bool) -> None:
        """Remember a server's choice."""
        if on:
            self.off.discard(guild_id)
        else:
            self.off.add(guild_id)

    def enabled(self, guild_id: int | None) -> bool:
        """Whether the tables of ``guild_id`` show pictures."""
        return guild_id not in self.off


class Painter:
    """Draws sketches in a thread pool, each sketch once while it is among the last
    :data:`CACHE_SIZE` drawn (a sketch being drawn is waited for, not drawn again)."""

    def __init__(self, settings: ImageSettings, *, cache_size: int = CACHE_SIZE) -> None:
        self.settings = settings
        self.cache_size = cache_size
        self._drawn: OrderedDict[Sketch, asyncio.Future[Picture]] = OrderedDict()
        self._pool = ThreadPoolExecutor(DRAWING_THREADS, thread_name_prefix="pictures")
        self.drawings = 0
        """How many pictures were drawn (not found in the cache), for tests and benchmarks."""
        self.closed = False

    async def picture(self, sketch: Sketch | None, guild_id: int | None) -> Picture | None:
        """The picture of ``sketch`` for a message of ``guild_id``'s tables: None when there is
        none, the server shows no pictures, the bot is closing, or drawing failed (a bug:
        logged, the message goes out as text)."""
        if sketch is None or self.closed or not self.settings.enabled(guild_id):
            return None
        try:
            return await self._draw(sketch)
        except Exception:
            log.exception("Could not draw the %s picture of %s", sketch.kind, sketch.art.module)
            return None

    async def _draw(self, sketch: Sketch) -> Picture:
        future = self._drawn.get(sketch)
        if future is not None:
            self._drawn.move_to_end(sketch)
        else:
            self.drawings += 1
            future = asyncio.get_running_loop().run_in_executor(self._pool, sketch.draw)
            self._drawn[sketch] = future
            while len(self._drawn) > self.cache_size:
                self._drawn.popitem(last=False)
        try:
            return await asyncio.shield(future)
        except Exception:
            if self._drawn.get(sketch) is future:
                del self._drawn[sketch]  # a failed drawing is not kept
            raise

    def close(self) -> None:
        """Stop the drawing threads (at shutdown); later messages go out as text."""
        self.closed = True
        self._pool.shutdown(wait=False, cancel_futures=True)


def picture_file(picture: Picture, kind: str) -> discord.File:
    """``picture`` as a new ``discord.File`` (for one request only), its description the alt
    text."""
    description = picture.description
    if len(description) > MAX_DESCRIPTION:
        description = description[: MAX_DESCRIPTION - 1] + "…"
    return discord.File(io.BytesIO(picture.png), FILE_NAMES.get(kind, "picture.png"), description=description)
