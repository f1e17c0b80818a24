"""Table messages edited with a new picture, behind the game: only each message's newest state.

A table message shows the table's picture, and a new one is drawn after every card. At a hundred
busy tables a drawing waits its turn in the painter's threads, and the table (its lock held) would
wait with it. Instead an edit whose picture is not drawn yet is handed to :class:`TableEdits`: the
table goes on at once, and one task per table message draws the picture of the newest state it
was given and edits the message with it. A state superseded before its picture was begun is never
drawn nor shown (the painter drops a drawing nobody waits for), and a state superseded while its
picture was drawn is not shown either: the message goes straight to the newest. Edits of one
message stay in order, and no state is shown after a newer one.

While nobody waits for it, a state waits for its picture as long as the drawing takes: the
game goes on meanwhile, and on a starved painter the states in between are skipped (one REST
call per picture drawn, not per move). Once a prompt or a post waits behind the table message
(:meth:`TableEdits.flush`: the channel must show the move a prompt answers), the state waits at
most :attr:`Painter.wait <bot.tables.pictures.Painter.wait>` seconds more: then it is shown in
words (the older picture removed: a picture never shows a state its words have left behind), the
prompt goes out, and the picture is edited in when drawn unless a newer state came first (that
one is shown instead). So no prompt waits for a starved painter longer than the bound, and a
picture late for a prompt costs one REST call more (the words, then the picture); in time, none.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord

from bot.tables.late_pictures import within_bound
from bot.tables.message_book import MessageBook
from bot.tables.payload import edit_kwargs, pictured_edit_kwargs
from bot.tables.pictures import Painter
from host.table_lock import TableLock
from host.tables import Table
from tabletop.pictures import Picture, Sketch
from tabletop.presentation import Message

log = logging.getLogger(__name__)

CLOSE_WAIT = 5.0
"""Seconds a shutdown waits for the table messages' edits on their way."""

Repost = Callable[[Table, Message], Awaitable[None]]
"""Posts a table message anew (when the one being edited was deleted)."""


class _Pending:
    """The newest state waiting for one table message, and a flag raised when it changes."""

    def __init__(self, table: Table, spec: Message) -> None:
        self.table = table
        self.spec: Message | None = spec
        self.newer = asyncio.Event()
        self.shown = asyncio.Event()
        """Set while the newest state given is shown (as text or with its picture)."""
        self.deadline: float | None = None
        """The loop's time by which the newest state is shown, in words if its picture is not
        drawn by then (set when someone waits for it: :meth:`TableEdits.flush`)."""
        self.waited = asyncio.Event()
        """Raised when someone starts waiting (the deadline set or moved closer)."""
        self.text_shown = False
        """The newest state is shown as text already (posted so: only its picture is owed)."""
        self.late: asyncio.Future[Picture | None] | None = None
        """The newest state's drawing, already under way (a post's late picture)."""
        self.task: asyncio.Task[None] | None = None
        self.drawing: Sketch | None = None
        """The picture being waited for (hurried when someone waits for the edit)."""


class TableEdits:
    """Edits table messages in the background, each to the newest state it was given."""

    def __init__(self, client: discord.Client, painter: Painter, repost: Repost, book: MessageBook) -> None:
        self.client = client
        self.painter = painter
        self.book = book
        """Which message is each table's now (a deleted one is posted anew only if still it)."""
        self.repost = repost
        """Shows a state anew when its message is gone (the courier's post of a table message)."""
        self._pending: dict[int, _Pending] = {}
        self.shown_as_text = 0
        """States shown as text because their picture was late, for tests and benchmarks."""
        self.pictures_after_text = 0
        """Late pictures edited in after their state's text, for tests and benchmarks."""

    def pending(self, message_id: int) -> bool:
        """Whether an edit of ``message_id`` is still on its way."""
        return message_id in self._pending

    def busy(self, channel_id: int) -> bool:
        """Whether an edit of a table message in ``channel_id`` is still on its way."""
        return any(p.table.channel_id == channel_id for p in self._pending.values())

    def show(self, table: Table, message_id: int, spec: Message) -> None:
        """Edit the table message ``message_id`` to ``spec`` once its picture is drawn, as text
        after the bound (a state given before, not shown yet, is dropped)."""
        self._give(table, message_id, spec)

    def picture_late(
        self, table: Table, message_id: int, spec: Message, drawing: asyncio.Future[Picture | None]
    ) -> None:
        """The table message ``message_id`` was just posted as ``spec`` in words, its picture
        late (``drawing``): edited in when drawn, unless a newer state comes first."""
        pending = self._give(table, message_id, spec)
        pending.text_shown = True
        pending.late = drawing
        pending.shown.set()

    def _give(self, table: Table, message_id: int, spec: Message) -> _Pending:
        pending = self._pending.get(message_id)
        if pending is None:
            pending = self._pending[message_id] = _Pending(table, spec)
            pending.task = asyncio.create_task(self._run(message_id, pending))
        else:
            if pending.shown.is_set():
                pending.deadline = None  # everything given before is shown: nobody waits
            pending.spec = spec
            pending.text_shown = False
            if pending.late is not None:
                pending.late.cancel()
                pending.late = None
            pending.newer.set()
        pending.shown.clear()
        return pending

    async def flush(self, channel_id: int, held: TableLock | None = None) -> None:
        """Wait until the newest states given so far to ``channel_id``'s table messages are
        shown, their pictures drawn first now, and in words if not drawn within
        :attr:`Painter.wait` seconds: a message posted in the channel, or a prompt DMed, after
        them keeps its place after them. ``held``: the table's lock, held by the caller: once a
        player's click queues for it, the states are shown in words at once."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.painter.wait
        while waited := [
            p for p in self._pending.values() if p.table.channel_id == channel_id and not p.shown.is_set()
        ]:
            for pending in waited:
                if pending.drawing is not None:  # someone waits for it now
                    self.painter.hurry(pending.drawing)
                if pending.deadline is None or deadline < pending.deadline:
                    pending.deadline = deadline
                    pending.waited.set()
            shown: set[asyncio.Future[Any]] = {asyncio.ensure_future(p.shown.wait()) for p in waited}
            try:
                if await within_bound(shown, max(0.0, deadline - loop.time()), held):
                    continue
                if deadline > loop.time():  # a click waits for the table: in words now
                    deadline = loop.time()
                    continue
                # past the deadline: each is shown in words now (or its picture came just now)
                await asyncio.wait(shown, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for future in shown:
                    future.cancel()

    async def settle(self) -> None:
        """Wait until every edit given so far is shown (or failed), late pictures included."""
        while self._pending:
            tasks = [p.task for p in self._pending.values() if p.task is not None]
            await asyncio.gather(*tasks, return_exceptions=True)

    async def close(self, timeout: float = CLOSE_WAIT) -> None:
        """At shutdown, before Discord is disconnected: let the edits on their way finish, for
        ``timeout`` seconds at most (then they are cancelled: the table is shown again when it
        is resumed). Their pictures are drawn first, a late one put aside while the process is
        behind included (the overload probe is stopped first: it might never be told otherwise)."""
        for pending in self._pending.values():
            if pending.drawing is not None:  # the shutdown waits for it now
                self.painter.hurry(pending.drawing)
        try:
            await asyncio.wait_for(self.settle(), timeout)
        except TimeoutError:
            for pending in list(self._pending.values()):
                if pending.task is not None:
                    pending.task.cancel()
            log.warning("Table messages left unshown at shutdown: %d", len(self._pending))

    async def _drawn_in_time(self, pending: _Pending, both: set[asyncio.Future[Any]]) -> bool:
        """Wait until the drawing or a newer state is done (``both``), at most until the
        pending state's deadline once someone waits for it; False when that came first."""
        loop = asyncio.get_running_loop()
        while True:
            waited = asyncio.ensure_future(pending.waited.wait())
            left = None if pending.deadline is None else max(0.0, pending.deadline - loop.time())
            try:
                await asyncio.wait({*both, waited}, timeout=left, return_when=asyncio.FIRST_COMPLETED)
            finally:
                waited.cancel()
            if any(future.done() for future in both):
                return True
            if pending.waited.is_set():  # someone began waiting: the deadline is new
                pending.waited.clear()
                continue
            return False

    async def _run(self, message_id: int, pending: _Pending) -> None:
        try:
            while pending.spec is not None:
                spec, pending.spec = pending.spec, None
                text_shown, pending.text_shown = pending.text_shown, False
                drawing, pending.late = pending.late, None
                pending.newer.clear()
                pending.drawing = spec.picture
                if drawing is None:
                    asked = self.painter.picture(spec.picture, pending.table.guild_id, bounded=True)
                    drawing = asyncio.ensure_future(asked)
                newer = asyncio.ensure_future(pending.newer.wait())
                both: set[asyncio.Future[Any]] = {drawing, newer}
                try:
                    if not text_shown and not await self._drawn_in_time(pending, both):
                        # the picture is late: the state goes out in words now
                        await self._edit(message_id, pending.table, spec, None)
                        self.painter.late(spec.picture)  # nobody waits for it now
                        self.shown_as_text += 1
                        text_shown = True
                        if not pending.newer.is_set():
                            pending.shown.set()
                    await asyncio.wait(both, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    newer.cancel()
                if pending.newer.is_set():  # superseded: its picture is not drawn if not begun
                    drawing.cancel()
                    continue
                pending.drawing = None
                picture = drawing.result()
                if not self.painter.shows(pending.table.guild_id):
                    picture = None  # the server turned pictures off while it was drawn
                if not (text_shown and picture is None):  # (a failed picture adds nothing)
                    await self._edit(message_id, pending.table, spec, picture)
                    self.pictures_after_text += text_shown
                if pending.spec is None:
                    pending.shown.set()
        finally:
            pending.shown.set()
            del self._pending[message_id]

    async def _edit(self, message_id: int, table: Table, spec: Message, picture: Picture | None) -> None:
        """Edit the message (its picture replaced, removed when None; kept if the bot is
        closing), or post it anew if it was deleted and is still the table's message; a failure
        is logged."""
        if picture is None and self.painter.closed:
            kwargs = edit_kwargs(spec)  # shutting down: no picture now, but keep the shown one
        else:
            kwargs = pictured_edit_kwargs(spec, picture)
        channel = self.client.get_partial_messageable(table.channel_id)
        try:
            try:
                await channel.get_partial_message(message_id).edit(**kwargs)
            except discord.NotFound:
                if self.book.of(table).table_id == message_id:
                    await self.repost(table, spec)
        except (discord.HTTPException, OSError, aiohttp.ClientError, TimeoutError) as exc:
            log.warning("Could not show the table message at table %s: %r", table.channel_id, exc)
        except Exception:  # a bug: the table goes on, the next state comes with the next edit
            log.exception("Could not show the table message at table %s", table.channel_id)
