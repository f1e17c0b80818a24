"""The painter: draws the pictures the tables' messages carry, away from the event loop, each
once (kept by content), and only for servers that show pictures (``/settings images``).

A message spec names its picture as a :class:`~tabletop.pictures.Sketch` (which game's art,
which picture, of which view); the courier asks the painter for it just before sending, and
:func:`picture_file` makes the drawn picture a ``discord.File`` for that one request (a
``discord.File`` is read once: every send or edit gets a file of its own).
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from collections import OrderedDict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Final

import discord

from bot.tables.drawing_pool import BACKGROUND, URGENT, DrawingPool, Job, PoolClosed
from bot.tables.drawing_workers import DrawingWorkers, WorkerDied
from tabletop import registry
from tabletop.pictures import Picture, Sketch, art_of

log = logging.getLogger(__name__)

CACHE_SIZE: Final = 512
"""Pictures kept at most, by sketch."""

CACHE_BYTES: Final = 16 * 1024 * 1024
"""Bytes of pictures (PNG and alt text) kept at most. Only each slot's newest picture is kept
(a table's, each seat's hand: ~10-60 KB each, a few per table), so this holds the pictures of a
few hundred tables in play; beyond it the least recently used go first."""

DRAWING_THREADS: Final = 1
"""Threads that hand the drawings out, one at a time, urgent ones first
(:mod:`bot.tables.drawing_pool`): when drawing cannot keep up, the urgent pictures go first and
the tables' superseded pictures are dropped before they are begun."""

DRAWING_WORKERS: Final = 1
"""Worker processes that draw (:mod:`bot.tables.drawing_workers`), at a lower scheduling priority
than the bot: the drawing's Python code then holds neither the event loop's interpreter lock nor,
on a busy machine, its core (measured at 100 tables: docs/benchmarks.md, "Pictures"). One: the
drawing thread hands out one drawing at a time. 0: draw in the drawing thread itself, in the bot's
process (the tests' drawing modules that record where and when they draw)."""

PICTURE_WAIT: Final = 1.0
"""Seconds a message on its way to a player (a DM prompt, a table message, the final standings)
waits for its picture at most; then it goes out as text and the picture follows when drawn
(:mod:`bot.tables.late_pictures`, :mod:`bot.tables.table_edits`). A picture takes ~2-10 ms of a
worker's CPU; a second means the worker is starved (a loaded machine) or far behind."""

KEPT_PER_SLOT: Final = 4
"""Pictures of one generation a slot keeps at most: a hand's captions while its cards stay (in
Stupid: not your turn, your bid, the cards that may be played)."""

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


@dataclass
class _Slot:
    """What a slot keeps: its newest picture's ``generation`` and the sketches of it, the
    newest last."""

    generation: Hashable
    sketches: list[Sketch]


class Painter:
    """Draws sketches in its drawing threads, each sketch once while it is kept (a sketch being
    drawn is waited for, not drawn again).

    It keeps the pictures last asked for, at most :data:`CACHE_SIZE` and :data:`CACHE_BYTES`, and
    of each slot (:attr:`~tabletop.pictures.Sketch.slot`: a table's picture, a seat's hand) only
    the newest, with the last few of its generation (:attr:`~tabletop.pictures.Sketch.generation`:
    a hand's captions while its cards stay, :data:`KEPT_PER_SLOT`): a table's older state or a
    hand since played from is never asked for again, so keeping it would cost memory for no
    drawing saved. Equal pictures of two slots (empty hands at two tables' ends) are kept once,
    while either slot keeps them; a picture the bounds drop leaves no slot's note of it behind.

    The pictures are drawn in a worker process (``workers``, by default :data:`DRAWING_WORKERS`;
    0: in the drawing thread). A worker that dies costs the picture it was drawing (that message goes as
    text) and nothing more: the next picture is drawn by a new worker.

    Pictures someone waits for (a prompt's hand, a command's picture) are drawn before the
    tables' pictures (:mod:`bot.tables.drawing_pool`), and a picture whose every caller stopped
    waiting before it was begun (a table picture superseded by the table's next state) is never
    drawn. While the process is behind (:meth:`behind`), a late picture (its message went out
    without it) is not begun until the process has caught up.
    """

    def __init__(
        self,
        settings: ImageSettings,
        *,
        cache_size: int = CACHE_SIZE,
        cache_bytes: int = CACHE_BYTES,
        workers: int | None = None,
    ) -> None:
        self.settings = settings
        self.cache_size = cache_size
        self.cache_bytes = cache_bytes
        self._drawn: OrderedDict[Sketch, Job] = OrderedDict()
        self._sizes: dict[Sketch, int] = {}
        """The bytes of each kept picture that is drawn."""
        self.stored_bytes = 0
        """Bytes of the pictures kept (PNG and alt text), for tests and benchmarks."""
        self._slots: dict[Hashable, _Slot] = {}
        """What each slot keeps (only pictures that are kept)."""
        self._holders: dict[Sketch, set[Hashable]] = {}
        """The slots that keep each picture (equal pictures of two slots are one)."""
        self._pool = DrawingPool(DRAWING_THREADS)
        if workers is None:
            workers = DRAWING_WORKERS
        self.workers = DrawingWorkers(workers) if workers > 0 else None
        """The worker processes that draw; None: the drawing thread draws."""
        self.drawings = 0
        """How many pictures were drawn or are being drawn (not found in the cache, not
        dropped), for tests and benchmarks."""
        self.closed = False
        self.wait = PICTURE_WAIT
        """Seconds a message on its way waits for its picture (:data:`PICTURE_WAIT`)."""

    def prepare(self, modules: Iterable[str]) -> None:
        """Start the drawing workers now (at start-up), the drawing ``modules`` imported, so that
        the first pictures are not late (see :meth:`DrawingWorkers.prepare`)."""
        if self.workers is not None and not self.closed:
            self.workers.prepare(modules)

    def shows(self, guild_id: int | None) -> bool:
        """Whether messages of ``guild_id``'s tables carry pictures now (not while closing)."""
        return not self.closed and self.settings.enabled(guild_id)

    def drawn(self, sketch: Sketch | None, guild_id: int | None) -> Picture | None:
        """The picture of ``sketch`` if it is drawn already (never waits, never draws): for an
        answer that cannot wait for a drawing. None as :meth:`picture`, or not drawn yet."""
        if sketch is None or not self.shows(guild_id):
            return None
        job = self._drawn.get(sketch)
        if job is None or not job.future.done() or job.future.cancelled() or job.future.exception():
            return None
        self._drawn.move_to_end(sketch)
        return job.future.result()

    def hurry(self, sketch: Sketch) -> None:
        """Someone waits for ``sketch``'s picture now: if it is queued, it is drawn next."""
        job = self._drawn.get(sketch)
        if job is not None:
            self._pool.hurry(job)

    def late(self, sketch: Sketch | None) -> None:
        """``sketch``'s message went out without its picture (edited in when drawn): nobody
        waits for it now, and it is not begun while the process is behind (:meth:`behind`),
        until someone asks for it again. Unless someone else waits for it however long (a
        command's answer): then it keeps its place."""
        job = None if sketch is None else self._drawn.get(sketch)
        if job is not None and not job.insistent:
            self._pool.late(job)

    def behind(self, behind: bool) -> None:
        """The process is behind (:mod:`host.overload`), or has caught up: while it is, no late
        picture begins (:meth:`late`); once caught up, they follow, in their order, after the
        pictures someone waits for (:meth:`bot.tables.drawing_pool.DrawingPool.hold`)."""
        self._pool.hold(behind)

    @property
    def held(self) -> int:
        """Late pictures put aside while the process is behind (for tests and benchmarks)."""
        return self._pool.held

    @property
    def put_aside(self) -> int:
        """Late pictures put aside while behind since the start (for benchmarks)."""
        return self._pool.put_aside

    async def picture(
        self,
        sketch: Sketch | None,
        guild_id: int | None,
        *,
        urgent: bool | None = None,
        bounded: bool = False,
    ) -> Picture | None:
        """The picture of ``sketch`` for a message of ``guild_id``'s tables: None when there is
        none, the server shows no pictures, the bot is closing, or drawing failed (a bug:
        logged, the message goes out as text). ``urgent``: someone waits for it (by default
        every picture but a table's). ``bounded``: the caller waits only so long, then sends its
        message without the picture and says so (:meth:`late`); an urgent caller that is not
        bounded (a command's answer) keeps the picture from being held as late."""
        if sketch is None or not self.shows(guild_id):
            return None
        if urgent is None:
            urgent = sketch.kind != "table"
        try:
            return await self._draw(sketch, URGENT if urgent else BACKGROUND, urgent and not bounded)
        except PoolClosed:
            return None
        except WorkerDied:
            log.warning("No %s picture of %s: its worker process died", sketch.kind, sketch.art.module)
            return None
        except Exception:
            log.exception("Could not draw the %s picture of %s", sketch.kind, sketch.art.module)
            return None

    async def _draw(self, sketch: Sketch, priority: int, insistent: bool) -> Picture:
        job = self._drawn.get(sketch)
        if job is not None:
            self._drawn.move_to_end(sketch)
            if priority == URGENT:
                self._pool.hurry(job)
        else:
            draw = sketch.draw if self.workers is None else functools.partial(self.workers.draw, sketch)
            job = self._pool.submit(draw, priority)
            self.drawings += 1
            self._drawn[sketch] = job
            job.future.add_done_callback(lambda future: self._stored(sketch, job))
            self._trim()
        self._supersede(sketch)
        job.waiters += 1
        job.insistent += insistent
        try:
            return await asyncio.shield(job.future)
        except asyncio.CancelledError:
            # the last caller gave up before the drawing began: it is not drawn at all
            if job.waiters == 1 and self._pool.drop(job):
                self.drawings -= 1
                job.future.cancel()
                self._forget(sketch, job)
            raise
        except Exception:
            self._forget(sketch, job)  # a failed drawing is not kept
            raise
        finally:
            job.waiters -= 1
            job.insistent -= insistent

    def _supersede(self, sketch: Sketch) -> None:
        """``sketch`` is its slot's newest: the slot keeps it, with the last few pictures of its
        generation, and lets go of the rest."""
        slot = sketch.slot
        if slot is None:
            return
        kept = self._slots.get(slot)
        if kept is None or sketch.generation is None or kept.generation != sketch.generation:
            older = [] if kept is None else [other for other in kept.sketches if other != sketch]
            self._slots[slot] = _Slot(sketch.generation, [sketch])
        else:
            if sketch in kept.sketches:
                kept.sketches.remove(sketch)
            kept.sketches.append(sketch)
            older = kept.sketches[:-KEPT_PER_SLOT]
            del kept.sketches[:-KEPT_PER_SLOT]
        self._holders.setdefault(sketch, set()).add(slot)
        for other in older:
            self._let_go(other, slot)

    def _let_go(self, sketch: Sketch, slot: Hashable) -> None:
        """``slot`` no longer shows ``sketch``: forgotten, unless another slot shows it too."""
        holders = self._holders.get(sketch)
        if holders is None:
            return
        holders.discard(slot)
        if not holders:
            self._remove(sketch)

    def _stored(self, sketch: Sketch, job: Job) -> None:
        """``job`` ended: a picture still kept counts its bytes."""
        future = job.future
        if self._drawn.get(sketch) is not job or future.cancelled() or future.exception() is not None:
            return
        picture = future.result()
        size = len(picture.png) + len(picture.description.encode())
        self._sizes[sketch] = size
        self.stored_bytes += size
        self._trim()

    def _trim(self) -> None:
        """Forget the least recently used pictures beyond the bounds."""
        while len(self._drawn) > self.cache_size or (
            self.stored_bytes > self.cache_bytes and len(self._drawn) > 1
        ):
            self._remove(next(iter(self._drawn)))

    def _remove(self, sketch: Sketch) -> None:
        """Forget ``sketch``'s picture, and every slot's note of it."""
        self._drawn.pop(sketch, None)
        self.stored_bytes -= self._sizes.pop(sketch, 0)
        for slot in self._holders.pop(sketch, ()):
            kept = self._slots[slot]
            kept.sketches.remove(sketch)
            if not kept.sketches:
                del self._slots[slot]

    def _forget(self, sketch: Sketch, job: Job) -> None:
        if self._drawn.get(sketch) is job:
            self._remove(sketch)

    def slots(self) -> int:
        """How many slots have a picture kept, for tests and benchmarks."""
        return len(self._slots)

    def close(self) -> None:
        """Stop the drawing thread and the workers (at shutdown); later messages go out as text.
        The workers end after the drawing under way (:meth:`wait_closed`)."""
        self.closed = True
        self._pool.close()
        if self.workers is not None:
            self.workers.close()

    async def wait_closed(self) -> None:
        """Wait (off the loop) until the worker processes ended: none outlives the bot."""
        if self.workers is not None:
            await asyncio.to_thread(self.workers.join)


def drawing_modules() -> list[str]:
    """The drawing modules of the games this bot offers (:meth:`Painter.prepare` at start-up;
    a game that cannot be loaded is left out here: it fails where it is played)."""
    modules: dict[str, None] = {}
    for name in registry.names():
        try:
            art = art_of(registry.game(name))
        except Exception:  # reported where the game is offered or played, not here
            continue
        if art is not None:
            modules[art.module] = None
    return list(modules)


def picture_file(picture: Picture, kind: str) -> discord.File:
    """``picture`` as a new ``discord.File`` (for one request only), its description the alt
    text."""
    description = picture.description
    if len(description) > MAX_DESCRIPTION:
        description = description[: MAX_DESCRIPTION - 1] + "…"
    return discord.File(io.BytesIO(picture.png), FILE_NAMES.get(kind, "picture.png"), description=description)
