"""The 3-second rule: every interaction run through a table is answered within Discord's limit.

A table runs one change at a time (its lock). An interaction that waits for the lock, or whose
change is slow, is deferred first: at once when the lock is busy or the database writer's queue
is longer than the time it has left, else by a watchdog :data:`DEFER_AFTER` seconds after it was
read or once it is :data:`ANSWER_BY` seconds old, whichever comes first. Every answer takes the
interaction's guard so that it never races the watchdog's defer. An answer that carries a
picture waits for its drawing at most as long (:func:`picture_in_time`): a slow drawing defers
it first, whatever the answer is.

**The interaction's own clock.** Discord's 3 seconds run from the interaction's creation, not
from the moment this process read it: a busy bot reads its gateway late (at a thousand tables a
click waited up to ~2 s there), and a watchdog started on reading would defer it too late. The
interaction's snowflake id says when Discord created it (:func:`interaction_age`), on Discord's
clock, which this host's may differ from. The age is believed only between 0 and
:data:`TRUSTED_AGE` (Discord's own limit): a clock behind Discord's makes clicks look younger
(below 0: counted as 0), so the watchdog defers them later, but never later than
:data:`DEFER_AFTER` after they were read (the bound before the age was used); a clock ahead makes
them look older, so they are deferred earlier than needed, by up to the skew (a defer costs one
more request to Discord, never an unanswered click); an age beyond :data:`TRUSTED_AGE` (a clock
far ahead, or an interaction Discord takes no first answer to any more) is not believed: the
watchdog counts from the reading then. A host whose clock is kept by NTP is within milliseconds
of Discord's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import datetime
from typing import Any, Literal, TypeVar

import discord

from bot.messages.replies import send_ephemeral
from bot.tables.late_pictures import LatePictures
from bot.tables.payload import edit_kwargs, pictured_edit_kwargs
from bot.tables.pictures import Painter
from host.catalog import Words
from host.tables import Table
from tabletop.pictures import Picture, Sketch
from tabletop.presentation import Message

log = logging.getLogger(__name__)

T = TypeVar("T")

DEFER_AFTER = 1.5
"""Seconds an interaction may wait unanswered (for the lock or a slow step) after it was read
before it is deferred, well inside Discord's 3 second limit."""

ANSWER_BY = 2.0
"""The age (seconds since Discord created it) by which an interaction is answered, deferred if
nothing else: Discord's 3 seconds less one for the loop's lag and the answer's way to Discord.
Not :data:`DEFER_AFTER`: a click read 1.6 s old is still answered in time without a defer when
its answer is quick, and deferring every such click cost one more request each (at 100 tables
on a busy machine, once the bot read its gateway over 1.5 s late, those requests made it later
still)."""

TRUSTED_AGE = 3.0
"""The oldest an interaction's snowflake may say it is and be believed (see the module's
docstring): Discord takes no first answer later, so an older age says more about the clocks."""

Deferral = Literal["private", "public", "update"]
"""How an interaction is deferred: ``private``, a private "thinking" answer (a slash command's
private answer, a click answered with a new private message); ``public``, a "thinking" answer the
channel sees; ``update``, a click whose answer edits the clicked message."""


def raw_age(interaction: discord.Interaction[Any], now: datetime | None = None) -> float:
    """Seconds since Discord created ``interaction`` (its snowflake id's time) by this host's
    clock at ``now`` (default: the current time), as it is (unbounded)."""
    created = discord.utils.snowflake_time(interaction.id)
    return ((now or discord.utils.utcnow()) - created).total_seconds()


def interaction_age(interaction: discord.Interaction[Any], now: datetime | None = None) -> float:
    """:func:`raw_age`, believed only from 0 to :data:`TRUSTED_AGE`: an age below is counted as
    0, one beyond as unknown, 0 too (see the module's docstring)."""
    age = raw_age(interaction, now)
    return age if 0.0 < age <= TRUSTED_AGE else 0.0


def time_left(interaction: discord.Interaction[Any], read_for: float = 0.0) -> float:
    """Seconds until ``interaction`` is to be deferred if still unanswered: :data:`DEFER_AFTER`
    less ``read_for`` (seconds since this process began its answer), or :data:`ANSWER_BY` less
    its age (:func:`interaction_age`) when that is less; 0 when the time is up."""
    return max(0.0, min(DEFER_AFTER - read_for, ANSWER_BY - interaction_age(interaction)))


async def defer(interaction: discord.Interaction[Any], deferral: Deferral) -> None:
    """Defer ``interaction`` as ``deferral`` says, unless it is answered already; a failure is
    logged (the answer that follows then finds out for itself)."""
    if interaction.response.is_done():
        return
    try:
        if deferral == "update":
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=deferral == "private", thinking=True)
    except discord.HTTPException as exc:
        log.warning("Could not defer interaction %s: %s", interaction.id, exc)


async def edit_clicked_message(interaction: discord.Interaction[Any], edit: dict[str, Any]) -> None:
    """Edit the message a click came from as ``edit`` says: through the interaction's original
    response once it was deferred (an update), else as its response."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**edit)
    else:
        await interaction.response.edit_message(**edit)


class Answerer:
    """Holds a table's lock for an interaction and answers it in time."""

    def __init__(
        self,
        painter: Painter,
        late: LatePictures | None = None,
        write_wait: Callable[[], float] = lambda: 0.0,
    ) -> None:
        self.painter = painter
        """Has the pictures drawn so far (an answer takes one only if it is drawn already)."""
        self.late = late
        """The late pictures owed to DM prompts: a clicked prompt's is not edited in any more."""
        self.write_wait = write_wait
        """Seconds a player's write asking now would wait for the database writer (see
        :meth:`host.journal.GameJournal.urgent_write_wait`; 0: never waits)."""
        # One lock per interaction being run: its answer and the deferring watchdog take turns.
        self.guards: dict[int, asyncio.Lock] = {}

    @contextlib.asynccontextmanager
    async def locked(
        self, table: Table, interaction: discord.Interaction[Any], *, component: bool = False
    ) -> AsyncIterator[None]:
        """Hold the table's lock for an interaction that must be answered within 3 seconds.

        The interaction is deferred at once if the lock is held (unless its holder only waits
        for pictures until someone queues: :attr:`host.table_lock.TableLock.yields`) or others
        queue for it, if it is :data:`ANSWER_BY` seconds old already (it waited that long to be
        read), or if the database writer's queue would keep its change waiting longer than the
        time it has left; else by a watchdog if it is still unanswered :data:`DEFER_AFTER`
        seconds later or once it is :data:`ANSWER_BY` seconds old (:func:`time_left`: a long
        wait or a slow step inside). Answers go through :meth:`guard` so that they never race the watchdog.
        """
        guard = asyncio.Lock()
        self.guards[interaction.id] = guard

        deferral: Deferral = "update" if component else "private"

        async def guarded_defer() -> None:
            async with guard:
                await defer(interaction, deferral)

        left = time_left(interaction)

        async def watchdog() -> None:
            await asyncio.sleep(left)
            await asyncio.shield(guarded_defer())  # once started, a defer is never cut off halfway

        # A holder that only waits for pictures until someone queues (the lock yields) lets go
        # at once: the click is answered in time without a defer, one REST call less; the
        # watchdog defers it if not.
        if (table.lock.busy and not table.lock.yields) or left <= 0.0 or self.write_wait() >= left:
            await guarded_defer()
        task = asyncio.create_task(watchdog())
        try:
            async with table.lock:
                yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            async with guard:  # let a defer already under way finish
                pass
            self.guards.pop(interaction.id, None)

    def answering(self, interaction: discord.Interaction[Any]) -> contextlib.AbstractContextManager[None]:
        """Around a click from its arrival until its change is shown (its answer, then the
        change's effects): a late picture owed to the clicked message waits for the answer,
        which edits the message anyway, and is not sent once it did
        (:meth:`bot.tables.late_pictures.LatePictures.answering`); one owed to it by the
        effects (the prompt shown there again) waits for them."""
        if self.late is None or interaction.message is None:
            return contextlib.nullcontext()
        return self.late.answering(interaction.message.id)

    def guard(self, interaction: discord.Interaction[Any]) -> asyncio.Lock:
        """The lock an answer to ``interaction`` takes (a fresh one outside :meth:`locked`)."""
        return self.guards.get(interaction.id) or asyncio.Lock()

    async def reply(self, interaction: discord.Interaction[Any], content: Words) -> None:
        """Answer a slash command privately, in the user's language (see
        :func:`bot.messages.replies.send_ephemeral`)."""
        async with self.guard(interaction):
            await send_ephemeral(interaction, content)

    async def edit_clicked(
        self,
        interaction: discord.Interaction[Any],
        spec: Message,
        *,
        guild_id: int | None = None,
        unchanged: bool = False,
    ) -> None:
        """Answer a click by editing the message that was clicked, at once: its picture (for a
        table of ``guild_id``) replaced by ``spec``'s if that is drawn already, else left as it
        is when the click changed nothing it shows (``unchanged``: a step of a decision), else
        removed; never waiting for a drawing, which may be queued behind a hundred tables'.
        The picture comes with the next message that carries it anyway (no extra edit); a late
        picture owed to the message is edited in when drawn if the edit keeps its attachments
        (it still fits: the click changed nothing it shows), else it is not."""
        kwargs = self._clicked_edit(spec, guild_id, unchanged=unchanged)
        if self.late is not None and interaction.message is not None and "attachments" in kwargs:
            # it shows the click's answer now; a late picture's edit on its way is waited for
            # outside the guard, so that the watchdog may defer the click meanwhile
            await self.late.edited(interaction.message.id)
        async with self.guard(interaction):
            await edit_clicked_message(interaction, kwargs)

    def _clicked_edit(self, spec: Message, guild_id: int | None, *, unchanged: bool) -> dict[str, Any]:
        """The edit of a clicked message to ``spec``, with a picture only if drawn already."""
        if spec.picture is None or not self.painter.shows(guild_id):
            return pictured_edit_kwargs(spec, None)
        picture = self.painter.drawn(spec.picture, guild_id)
        if picture is None and unchanged:
            return edit_kwargs(spec)  # the clicked message keeps its picture
        return pictured_edit_kwargs(spec, picture)


async def in_time(
    interaction: discord.Interaction[Any],
    work: Awaitable[T],
    deferral: Deferral = "private",
    started: float | None = None,
) -> T:
    """What ``work`` comes to, for an answer to ``interaction`` that needs it: the interaction
    deferred as ``deferral`` says if it is not done :data:`DEFER_AFTER` seconds after
    ``started`` (the event loop's time when the interaction's callback began; by default now)
    or once the interaction is :data:`ANSWER_BY` seconds old (:func:`time_left`),
    so that the answer waits for it without missing Discord's 3 seconds (the player would see
    "This interaction failed"). The caller answers afterwards, as a deferred interaction is
    answered when ``interaction.response.is_done()``. Several steps of one answer (a stored game
    read, then its picture) share their ``started``: together they get the one bound.

    Cancelled, it cancels ``work`` (a queued drawing nobody waits for is dropped)."""
    task = asyncio.ensure_future(work)
    elapsed = 0.0 if started is None else asyncio.get_running_loop().time() - started
    left = time_left(interaction, elapsed)
    try:
        try:
            return await asyncio.wait_for(asyncio.shield(task), left)
        except TimeoutError:
            await defer(interaction, deferral)
            return await task
    except asyncio.CancelledError:
        task.cancel()
        raise


async def picture_in_time(
    painter: Painter,
    interaction: discord.Interaction[Any],
    sketch: Sketch | None,
    guild_id: int | None,
    deferral: Deferral = "private",
    started: float | None = None,
) -> Picture | None:
    """The picture of ``sketch`` for an answer to ``interaction`` that carries it (as
    :meth:`Painter.picture` draws it, urgently: someone waits; None for none, a server that shows
    no pictures, a failed drawing), the interaction deferred as ``deferral`` says if the drawing
    is slow (:func:`in_time`, from ``started``).

    Every answer that waits for a picture waits here (/hand, /score, /replay and its buttons)."""
    if sketch is None or not painter.shows(guild_id):
        return None
    return await in_time(interaction, painter.picture(sketch, guild_id, urgent=True), deferral, started)
