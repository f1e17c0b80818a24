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
is closing, or the server turned pictures off meanwhile. An edit of the message waits for a
late picture's edit already on its way (one REST call: the edit is never overtaken by it). A
click's answer waits so before it takes the interaction's guard (the click may be deferred
meanwhile); a DM edit by the courier (a prompt renewed or retired) waits so with the table's
lock held, as it holds it for the edit itself: no longer than that one REST call, never for a
drawing.

A click on a message that is owed its late picture is on its way to an answer that edits that
message anyway (:meth:`LatePictures.answering`, from the click's arrival to its answer): a picture
drawn meanwhile waits for it, and the answer (a prompt shrunk to its line, or going on with its
picture if drawn) makes the late edit needless: it is not sent. A step of a decision (a card
selected before it is confirmed) keeps the message's attachments when its picture is not drawn
yet: the late picture still fits it and is edited in after the step's answer. So a late picture costs no REST
call when the player clicks before the click's answer is sent (at a hundred busy tables a click
may wait for its table and the database writer for a second), and the click's answer never waits
for a late edit begun after the click came. A click refused (nothing answered there) lets the
picture be edited in as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Iterator
from dataclasses import dataclass
from typing import Any

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

    @contextlib.contextmanager
    def dropped_if_failed(self) -> Iterator[Asked]:
        """Around the send or edit of the message that shows it: if that fails (or is
        cancelled), the late picture is dropped (:meth:`drop`)."""
        try:
            yield self
        except BaseException:
            self.drop()
            raise


async def within_bound(waited: set[asyncio.Future[Any]], seconds: float, lock: TableLock | None) -> bool:
    """Wait until one of ``waited`` is done, ``seconds`` at most, and no longer once someone
    queues for ``lock`` (the table's, held by the caller: a player's click then waits for the
    picture too); whether one is done."""
    if lock is None:
        done, _ = await asyncio.wait(waited, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
        return bool(done)
    with lock.watch_queue() as queued:
        if not queued.done():
            await asyncio.wait({*waited, queued}, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
    return any(future.done() for future in waited)


async def ask(
    painter: Painter, sketch: Sketch | None, guild_id: int | None, lock: TableLock | None = None
) -> Asked:
    """``sketch``'s picture (:meth:`Painter.picture`) if it is drawn within ``painter.wait``
    seconds, and before anyone queues for ``lock`` (the table's, held by the caller); else the
    drawing still under way."""
    if sketch is None or not painter.shows(guild_id):
        return Asked(None)
    drawing = asyncio.ensure_future(painter.picture(sketch, guild_id, bounded=True))
    try:
        drawn = await within_bound({drawing}, painter.wait, lock)
    except asyncio.CancelledError:
        drawing.cancel()
        raise
    if drawn:
        return Asked(drawing.result())
    painter.late(sketch)  # the message goes without it: held while the process is behind
    return Asked(None, drawing)


async def ask_after(
    first: Awaitable[None],
    painter: Painter,
    sketch: Sketch | None,
    guild_id: int | None,
    lock: TableLock | None = None,
) -> Asked:
    """:func:`ask`, for a message that comes after ``first`` (the table message's edits shown):
    the picture is asked for while ``first`` is awaited, both within the one bound. If ``first``
    fails (or this is cancelled), the late drawing is dropped: nobody will show it."""
    asking = asyncio.ensure_future(ask(painter, sketch, guild_id, lock))
    try:
        await first
        return await asking
    except BaseException:
        if not asking.cancel() and not asking.cancelled() and asking.exception() is None:
            asking.result().drop()  # asked in time, but nobody will send it
        raise


class LatePictures:
    """The late pictures owed to messages, by message id: each edited in when drawn."""

    def __init__(self, client: discord.Client, painter: Painter) -> None:
        self.client = client
        self.painter = painter
        """Tells whether a server still shows pictures when a late one is drawn."""
        self._owed: dict[int, asyncio.Task[None]] = {}
        self._sending: dict[int, asyncio.Task[None]] = {}
        """The late pictures' edits on their way to Discord, by message id, until they end."""
        self.closed = False
        """The bot is closing: no late picture is edited in any more."""
        self.owed = 0
        """How many messages went out without their picture, late (for tests and benchmarks)."""
        self.edited_in = 0
        """How many late pictures were edited into their message, for tests and benchmarks."""
        self._answering: dict[int, int] = {}
        """Clicks on their way to an answer, by the clicked message's id (:meth:`answering`)."""
        self._answered: dict[int, asyncio.Event] = {}
        """Set when no click on the message is on its way any more."""
        self.held_for_clicks = 0
        """Late pictures drawn while a click on their message was on its way, for tests and
        benchmarks (each an edit not sent when the click's answer edited the message)."""

    def owe(
        self,
        channel_id: int,
        message_id: int,
        kind: str,
        drawing: asyncio.Future[Picture | None],
        guild_id: int | None = None,
    ) -> None:
        """Edit ``drawing``'s picture into the message (sent or edited just now, at a table of
        ``guild_id``) when it is drawn, unless the message is edited before (:meth:`edited`),
        the server turned pictures off meanwhile or the bot is closing (then the drawing is
        dropped at once)."""
        if self.closed:
            drawing.cancel()
            return
        self.owed += 1
        older = self._owed.pop(message_id, None)
        if older is not None and self._sending.get(message_id) is not older:
            older.cancel()
        task = asyncio.create_task(self._edit_in(channel_id, message_id, kind, drawing, guild_id))
        self._owed[message_id] = task

    def owes(self, message_id: int) -> bool:
        """Whether a late picture is still owed to ``message_id``."""
        return message_id in self._owed

    async def edited(self, message_id: int) -> None:
        """The message is about to be edited (to what it shows next): its late picture is not
        shown, and a late picture's edit already on its way is waited for (the new edit then
        comes after it; every caller waits for it, not only the first)."""
        task = self._owed.pop(message_id, None)
        sending = self._sending.get(message_id)
        if task is not None and task is not sending:
            task.cancel()
        if sending is not None:
            await asyncio.wait({sending})  # (a cancelled caller is cancelled: wait() does not shield)

    @contextlib.contextmanager
    def answering(self, message_id: int) -> Iterator[None]:
        """A click on ``message_id`` is on its way to its answer, which edits the message: a late
        picture drawn meanwhile is not edited in before it, and not at all once the answer
        edited the message (:meth:`edited`); if the click ends without editing it (refused),
        the picture is edited in then."""
        self._answering[message_id] = self._answering.get(message_id, 0) + 1
        self._answered.setdefault(message_id, asyncio.Event()).clear()
        try:
            yield
        finally:
            left = self._answering[message_id] - 1
            if left:
                self._answering[message_id] = left
            else:
                del self._answering[message_id]
                self._answered.pop(message_id).set()

    async def _after_clicks(self, message_id: int) -> None:
        """Wait until no click on ``message_id`` is on its way (:meth:`answering`), a click come
        just as the one waited for ended included (its answer edits the message too)."""
        answered = self._answered.get(message_id)
        if answered is not None:
            self.held_for_clicks += 1
        while answered is not None:
            await answered.wait()
            answered = self._answered.get(message_id)

    async def _edit_in(
        self,
        channel_id: int,
        message_id: int,
        kind: str,
        drawing: asyncio.Future[Picture | None],
        guild_id: int | None,
    ) -> None:
        try:
            picture = await drawing
            await self._after_clicks(message_id)  # (cancelled if the click's answer edits it)
            # failed, the bot is closing, or the server turned pictures off: the message stays text
            if picture is None or self.closed or not self.painter.shows(guild_id):
                return
            task = asyncio.current_task()
            if task is not None:
                self._sending[message_id] = task
            try:
                channel = self.client.get_partial_messageable(channel_id)
                await channel.get_partial_message(message_id).edit(attachments=[picture_file(picture, kind)])
            finally:
                if self._sending.get(message_id) is task:
                    del self._sending[message_id]
            self.edited_in += 1
        except asyncio.CancelledError:
            drawing.cancel()  # nobody else waits for it: not drawn if not begun
            raise
        except (discord.HTTPException, OSError, aiohttp.ClientError, TimeoutError) as exc:
            log.info("Could not add a late %s picture to message %s: %r", kind, message_id, exc)
        except Exception:  # a bug: the message stays text, the next change shows what it shows
            log.exception("Could not add a late %s picture to message %s", kind, message_id)
        finally:
            if self._owed.get(message_id) is asyncio.current_task():
                del self._owed[message_id]

    async def close(self) -> None:
        """At shutdown: no late picture is edited in any more (one owed later is dropped)."""
        self.closed = True
        tasks = {*self._owed.values(), *self._sending.values()}
        self._owed.clear()
        for task in tasks:
            task.cancel()
        if tasks:  # (cancelled itself, close() is cancelled: gather does not swallow that)
            await asyncio.gather(*tasks, return_exceptions=True)
