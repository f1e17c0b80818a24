"""Pictures on the way to a player, waited for at most :attr:`Painter.wait
<bot.tables.pictures.Painter.wait>` seconds; a late one is edited into its message when it comes.

A DM prompt, a channel post (the final standings) or a DM edit waits for its picture only so
long: at a hundred busy tables the painter's worker (below the bot's priority) may be starved of
the core for seconds, and a prompt, or the computer seats' task that shows each move, must not
wait for it; nor a player's click that queues for the table meanwhile (the table's lock is
held while a change is shown): then the wait ends at once. After the bound the message goes out
as text (as when a drawing failed), and
:class:`LatePictures` edits the picture in (its attachments only: one REST call, made only when
a picture was late) once it is drawn, unless the message was edited since (a prompt answered,
shrunk or renewed shows what it shows now: its next picture comes with that change) or the bot
is closing. An edit of the message waits for a late picture's edit already on its way (it is
never overtaken by it), without holding the table: the game and its clicks go on meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import Any, Final

import aiohttp
import discord

from bot.tables.pictures import Painter, picture_file
from host.table_lock import TableLock
from tabletop.pictures import Picture, Sketch

log = logging.getLogger(__name__)


@dataclass
class Asked:
    """A picture asked for on a message's way: drawn in time (``picture``), or still being
    drawn (``late``: the drawing, to be handed to :meth:`LatePictures.owe` or cancelled)."""

    picture: Picture | None
    late: asyncio.Future[Picture | None] | None = None

    def drop(self) -> None:
        """Nobody will show the late picture: its drawing is dropped if it has not begun."""
        if self.late is not None:
            self.late.cancel()


POLL: Final = 0.02
"""Seconds between two looks, while a picture is waited for, at whether a player's click waits
for the table (then the wait ends: :func:`ask`)."""


async def within_bound(waited: set[asyncio.Future[Any]], seconds: float, lock: TableLock | None) -> bool:
    """Wait until one of ``waited`` is done, ``seconds`` at most, and no longer once someone
    queues for ``lock`` (the table's, held by the caller: a player's click then waits for the
    picture too); whether one is done."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while True:
        left = deadline - loop.time()
        if left <= 0 or (lock is not None and lock.waiting):
            return any(future.done() for future in waited)
        step = left if lock is None else min(left, POLL)
        done, _ = await asyncio.wait(waited, timeout=step, return_when=asyncio.FIRST_COMPLETED)
        if done:
            return True


async def ask(
    painter: Painter, sketch: Sketch | None, guild_id: int | None, lock: TableLock | None = None
) -> Asked:
    """``sketch``'s picture (:meth:`Painter.picture`) if it is drawn within ``painter.wait``
    seconds, and before anyone queues for ``lock`` (the table's, held by the caller); else the
    drawing still under way."""
    if sketch is None or not painter.shows(guild_id):
        return Asked(None)
    drawing = asyncio.ensure_future(painter.picture(sketch, guild_id))
    try:
        drawn = await within_bound({drawing}, painter.wait, lock)
    except asyncio.CancelledError:
        drawing.cancel()
        raise
    if drawn:
        return Asked(drawing.result())
    return Asked(None, drawing)


class LatePictures:
    """The late pictures owed to messages, by message id: each edited in when drawn."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._owed: dict[int, asyncio.Task[None]] = {}
        self._sending: set[int] = set()
        """The messages whose late picture's edit is on its way to Discord."""
        self.owed = 0
        """How many messages went out without their picture, late (for tests and benchmarks)."""
        self.edited_in = 0
        """How many late pictures were edited into their message, for tests and benchmarks."""

    def owe(
        self,
        channel_id: int,
        message_id: int,
        kind: str,
        drawing: asyncio.Future[Picture | None],
    ) -> None:
        """Edit ``drawing``'s picture into the message (sent or edited just now) when it is
        drawn, unless the message is edited before (:meth:`edited`)."""
        self.owed += 1
        older = self._owed.pop(message_id, None)
        if older is not None:
            older.cancel()
        task = asyncio.create_task(self._edit_in(channel_id, message_id, kind, drawing))
        self._owed[message_id] = task

    def owes(self, message_id: int) -> bool:
        """Whether a late picture is still owed to ``message_id``."""
        return message_id in self._owed

    async def edited(self, message_id: int) -> None:
        """The message is about to be edited (to what it shows next): its late picture is not
        shown, or, if its edit is on its way already, that edit is waited for (the new one then
        comes after it)."""
        task = self._owed.pop(message_id, None)
        if task is None:
            return
        if message_id not in self._sending:
            task.cancel()
            return
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.shield(task)

    async def _edit_in(
        self,
        channel_id: int,
        message_id: int,
        kind: str,
        drawing: asyncio.Future[Picture | None],
    ) -> None:
        try:
            picture = await drawing
            if picture is None:  # failed, or the bot is closing: the message stays text
                return
            self._sending.add(message_id)
            try:
                channel = self.client.get_partial_messageable(channel_id)
                await channel.get_partial_message(message_id).edit(attachments=[picture_file(picture, kind)])
            finally:
                self._sending.discard(message_id)
            self.edited_in += 1
        except asyncio.CancelledError:
            drawing.cancel()  # nobody else waits for it: not drawn if not begun
            raise
        except (discord.HTTPException, OSError, aiohttp.ClientError, TimeoutError) as exc:
            log.info("Could not add a late %s picture to message %s: %r", kind, message_id, exc)
        finally:
            if self._owed.get(message_id) is asyncio.current_task():
                del self._owed[message_id]

    async def close(self) -> None:
        """At shutdown: no late picture is edited in any more."""
        tasks = list(self._owed.values())
        self._owed.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
