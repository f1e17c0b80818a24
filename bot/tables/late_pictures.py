"""Pictures on the way to a player, waited for at most :attr:`Painter.wait
<bot.tables.pictures.Painter.wait>` seconds; a late one is edited into its message when it comes.

A DM prompt, a channel post (the final standings) or a DM edit waits for its picture only so
long: at a hundred busy tables the painter's worker (below the bot's priority) may be starved of
the core for seconds, and a prompt, or the computer seats' task that shows each move, must not
wait for it. After the bound the message goes out as text (as when a drawing failed), and
:class:`LatePictures` edits the picture in (its attachments only: one REST call, made only when
a picture was late) once it is drawn, unless the message was edited since (a prompt answered,
shrunk or renewed shows what it shows now: its next picture comes with that change) or the bot
is closing. A DM's late edit is made under its table's lock, as every other edit of a prompt is,
so that it never lands after a newer edit of the same message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass

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


async def ask(painter: Painter, sketch: Sketch | None, guild_id: int | None) -> Asked:
    """``sketch``'s picture (:meth:`Painter.picture`) if it is drawn within ``painter.wait``
    seconds, else the drawing still under way."""
    if sketch is None or not painter.shows(guild_id):
        return Asked(None)
    drawing = asyncio.ensure_future(painter.picture(sketch, guild_id))
    try:
        done, _ = await asyncio.wait({drawing}, timeout=painter.wait)
    except asyncio.CancelledError:
        drawing.cancel()
        raise
    if done:
        return Asked(drawing.result())
    return Asked(None, drawing)


class LatePictures:
    """The late pictures owed to messages, by message id: each edited in when drawn."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._owed: dict[int, asyncio.Task[None]] = {}
        self.edited_in = 0
        """How many late pictures were edited into their message, for tests and benchmarks."""

    def owe(
        self,
        channel_id: int,
        message_id: int,
        kind: str,
        drawing: asyncio.Future[Picture | None],
        lock: TableLock | None,
    ) -> None:
        """Edit ``drawing``'s picture into the message when it is drawn, unless the message is
        edited before (:meth:`edited`). ``lock``: taken for the edit (a DM's table lock), so that
        no other edit of the message is under way meanwhile."""
        self.edited(message_id)
        task = asyncio.create_task(self._edit_in(channel_id, message_id, kind, drawing, lock))
        self._owed[message_id] = task

    def owes(self, message_id: int) -> bool:
        """Whether a late picture is still owed to ``message_id``."""
        return message_id in self._owed

    def edited(self, message_id: int) -> None:
        """The message is edited now (to what it shows next): its late picture is not shown."""
        task = self._owed.pop(message_id, None)
        if task is not None:
            task.cancel()

    async def _edit_in(
        self,
        channel_id: int,
        message_id: int,
        kind: str,
        drawing: asyncio.Future[Picture | None],
        lock: TableLock | None,
    ) -> None:
        try:
            picture = await drawing
            if picture is None:  # failed, or the bot is closing: the message stays text
                return
            async with lock if lock is not None else contextlib.nullcontext():
                if self._owed.get(message_id) is not asyncio.current_task():
                    return  # edited meanwhile (while the lock was waited for)
                channel = self.client.get_partial_messageable(channel_id)
                await channel.get_partial_message(message_id).edit(attachments=[picture_file(picture, kind)])
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
