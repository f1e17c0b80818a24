"""The courier: every message the tables send or edit on Discord, its ids kept in the message book.

It posts in a table's channel (the lobby and table messages, edited in place while they exist,
notices), DMs the seats (live prompts, hands, their one-line ends), notes players whose DMs are
closed, and retires prompts that no longer ask anything. Which message is whose it reads from,
and writes into, the message book (:mod:`bot.tables.message_book`). What is shown is decided above it; the
courier only carries it, with the picture a message names drawn by the painter (none for a
server that turned pictures off). It waits for a picture at most :attr:`Painter.wait
<bot.tables.pictures.Painter.wait>` seconds: a message whose picture is late goes out as text, and
the picture is edited in when drawn (:mod:`bot.tables.late_pictures`; a table message's by
:mod:`bot.tables.table_edits`).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import discord

from bot.tables import host_messages as render
from bot.tables.dm_failures import DmResult, dm_failed
from bot.tables.failures import SHOW_FAILURES
from bot.tables.hand_answers import HandAnswers, went_on_line
from bot.tables.languages import Languages
from bot.tables.late_pictures import Asked, LatePictures, ask, ask_after
from bot.tables.message_book import DoneDm, MessageBook, PromptRef
from bot.tables.payload import edit_kwargs, localized, pictured_edit_kwargs, send_kwargs
from bot.tables.pictures import Painter
from bot.tables.table_edits import TableEdits
from host.catalog import Words
from host.catalog import render as render_text
from host.table_lock import TableLock
from host.tables import Table, TableState
from tabletop.presentation import Message

log = logging.getLogger(__name__)


def shrunk_hand(spec: Message) -> str:
    """What a hand DM sent on its own (``spec``: the DM's header, then the game's hand) shows
    once the seat's next prompt comes: the game's first line for the hand (what it was: the
    round, the trump...), as a prompt shrinks to the game's line of what was done
    (``done_spec``): one line per DM in a phone's list. Not the header alone ("Stick'em at
    #games"), which says nothing of what the DM was; the header where there is nothing else.
    """
    lines = render_text(spec.content).split("\n", 2)
    return lines[1] if len(lines) > 1 and lines[1] else lines[0]


class Courier:
    """Sends and edits a table's messages on Discord, and keeps their ids in the message book."""

    def __init__(
        self,
        client: discord.Client,
        book: MessageBook,
        painter: Painter,
        languages: Languages | None = None,
        late: LatePictures | None = None,
    ) -> None:
        self.client = client
        self.book = book
        self.painter = painter
        self.languages = languages if languages is not None else Languages()
        """Who reads which language: the channel messages here are in the server's."""
        self.table_edits = TableEdits(client, painter, self._post_table, self.book)
        """The table messages' edits that wait for their picture, behind the game."""
        self.late = late if late is not None else LatePictures(client, painter)
        """The late pictures owed to DMs and channel posts, edited in when drawn."""
        self.hand_answers = HandAnswers()
        """The /hand answers offering a live prompt: retired with the seat's DM prompt."""

    async def _send_after_edits(self, table: Table, spec: Message) -> tuple[dict[str, Any], Asked]:
        """What ``send`` takes to post ``spec`` at ``table`` after the table message's edits
        given before it (:meth:`TableEdits.flush`), its picture asked for meanwhile (drawn in
        time, and before a click queues for the table's lock if the caller holds it), and the
        picture as asked (a late one's drawing: owed, or dropped)."""
        held = self._held(table)
        flushed = self.table_edits.flush(table.channel_id, held)
        asked = await ask_after(flushed, self.painter, spec.picture, table.guild_id, held)
        return send_kwargs(spec, asked.picture), asked

    @staticmethod
    def _held(table: Table) -> TableLock | None:
        """The table's lock if this task holds it (a click queued for it ends a picture's wait)."""
        return table.lock if table.lock.held_here() else None

    def _owe(self, table: Table, channel_id: int, message_id: int, spec: Message, asked: Asked) -> None:
        """A late picture of ``spec`` is edited into the message sent or edited just now."""
        if asked.late is not None and spec.picture is not None:
            self.late.owe(channel_id, message_id, spec.picture.kind, asked.late, table.guild_id)

    # --- the channel ---------------------------------------------------------------------------

    async def show_lobby(self, table: Table, spec: Message) -> None:
        """Show the lobby message: edited in place, posted anew while the lobby is open."""
        channel = self.client.get_partial_messageable(table.channel_id)
        page = self.book.of(table)
        if page.lobby_id is not None:
            try:
                await channel.get_partial_message(page.lobby_id).edit(**edit_kwargs(spec))
                return
            except discord.NotFound:
                page.lobby_id = None
        if table.state is TableState.LOBBY:
            message = await channel.send(**send_kwargs(spec))
            await self.book.lobby_shown(table, message.id)

    async def show_table(self, table: Table, spec: Message, *, new: bool) -> None:
        """Show the table message: edited in place unless ``new`` (or gone), else posted. An edit
        whose picture is not drawn yet goes behind the game (:class:`~bot.tables.table_edits.
        TableEdits`: the table does not wait for the drawing, a state superseded meanwhile is not
        shown)."""
        shown = self.book.of(table).table_id
        if not new and shown is not None:
            if self.table_edits.pending(shown) or (
                spec.picture is not None
                and self.painter.shows(table.guild_id)
                and self.painter.drawn(spec.picture, table.guild_id) is None
            ):
                self.table_edits.show(table, shown, spec)
                return
            channel = self.client.get_partial_messageable(table.channel_id)
            drawn = self.painter.drawn(spec.picture, table.guild_id)  # (or none to show)
            try:
                await channel.get_partial_message(shown).edit(**pictured_edit_kwargs(spec, drawn))
                return
            except discord.NotFound:
                pass
        await self._post_table(table, spec)

    async def _post_table(self, table: Table, spec: Message) -> None:
        """Post the table message anew and remember it (as text if its picture is late: the
        picture follows as the table message's edits do)."""
        channel = self.client.get_partial_messageable(table.channel_id)
        asked = await ask(self.painter, spec.picture, table.guild_id, self._held(table))
        kwargs = send_kwargs(spec, asked.picture)
        with asked.dropped_if_failed():
            message = await channel.send(**kwargs)
            await self.book.table_shown(table, message.id)
        if asked.late is not None:
            self.table_edits.picture_late(table, message.id, spec, asked.late)

    async def say(self, table: Table, spec: Message, *, ping: int | None = None) -> discord.Message:
        """Post ``spec`` in the table's channel; only the user ``ping`` (if any) is notified. It
        comes after the table message's edits given before it (the end of a round, then its
        report)."""
        channel = self.client.get_partial_messageable(table.channel_id)
        mentions = discord.AllowedMentions.none()
        if ping is not None:
            mentions.users = [discord.Object(ping)]
        kwargs, asked = await self._send_after_edits(table, spec)
        with asked.dropped_if_failed():
            message = await channel.send(**kwargs, allowed_mentions=mentions)
        self._owe(table, table.channel_id, message.id, spec, asked)
        return message

    # --- direct messages -----------------------------------------------------------------------

    async def edit_dm(self, table: Table, ref: PromptRef, spec: Message) -> None:
        """Show ``spec`` in the DM ``ref`` of one of the table's seats (its components, embeds
        and picture replaced). A late picture's edit of it already on its way is waited for
        first (one REST call, with the table's lock held if the caller holds it)."""
        await self.late.edited(ref.message_id)
        asked = await ask(self.painter, spec.picture, table.guild_id, self._held(table))
        channel = self.client.get_partial_messageable(ref.channel_id)
        with asked.dropped_if_failed():
            edit = pictured_edit_kwargs(spec, asked.picture)
            await channel.get_partial_message(ref.message_id).edit(**edit)
        self._owe(table, ref.channel_id, ref.message_id, spec, asked)

    async def dm(self, table: Table, seat: int, spec: Message, *, live: bool = True) -> DmResult:
        """DM ``spec`` to a seat and remember it as the seat's live prompt (unless not ``live``:
        a hand, remembered as the seat's latest done DM, shown until its next prompt and then
        shrunk to :func:`shrunk_hand`).

        "sent" when it was; "refused" when Discord said just now that the seat's DMs are closed
        (403 / 50007): that is announced in the channel (with a mention) and the seat plays
        through /hand from then on; "failed" when the DMs are known to be closed or the DM failed
        for another reason (logged): the caller mentions the player for this prompt only.
        """
        user_id = table.seats[seat].user_id
        page = self.book.of(table)
        if user_id in page.dm_closed:
            return "failed"
        # the prompt comes after the table message's edits given before it (its hand drawn
        # meanwhile): the table shows the move the prompt answers
        kwargs, asked = await self._send_after_edits(table, spec)
        try:
            with asked.dropped_if_failed():
                channel = await self.client.create_dm(discord.Object(user_id))
                message = await channel.send(**kwargs)
        except discord.HTTPException as exc:
            return await dm_failed(self.client, self.book, self.languages, self.say, table, user_id, exc)
        self._owe(table, channel.id, message.id, spec, asked)
        ref = PromptRef(channel.id, message.id)
        if live:
            await self.book.prompt_sent(table, seat, ref)
            await self._shrink_done(table, seat)
        else:
            page.done[seat] = DoneDm(ref, shrunk_hand(spec), expanded=True)
        return "sent"

    async def show_hand(self, table: Table, seat: int, spec: Message) -> None:
        """Show the seat its new hand (``spec``, nothing to click), in its latest DM of the table
        that asks nothing any more (its last prompt, shrunk), and in a new DM only when there is
        none."""
        page = self.book.of(table)
        done = page.done.get(seat)
        if done is not None and table.seats[seat].user_id not in page.dm_closed:
            try:
                await self.edit_dm(table, done.ref, spec)
            except discord.NotFound:  # deleted by the player: a new DM then
                del page.done[seat]
            else:
                page.done[seat] = replace(done, expanded=True)
                return
        await self.dm(table, seat, spec, live=False)

    async def _shrink_done(self, table: Table, seat: int) -> None:
        """The seat's next prompt has come: its latest done DM is no longer the one to inform it
        in, and shows its one line again if a new hand was shown there."""
        done = self.book.of(table).done.pop(seat, None)
        if done is None or not done.expanded:
            return
        try:
            await self.edit_dm(table, done.ref, Message(done.line))
        except SHOW_FAILURES as exc:
            log.info("Could not shrink a DM at table %s: %r", table.channel_id, exc)

    # --- prompts that ask nothing any more ------------------------------------------------------

    async def retire_hand_answers(
        self, table: Table, seat: int, spec: Message, *, keep: int | None = None
    ) -> None:
        """Show ``spec`` (no buttons) in the seat's /hand answers that offer its prompt, except
        the clicked message ``keep``, and forget them (:mod:`bot.tables.hand_answers`)."""
        language = self.languages.of_seat(table, seat)
        await self.hand_answers.retire(table.channel_id, seat, spec, language, keep=keep)

    async def hand_answers_went_on(self, table: Table, seat: int, clicked: int | None) -> None:
        """The seat's decision goes on in the message ``clicked`` (a DM prompt or a /hand
        answer): its other /hand answers, which offer a stage gone by, say that it went on in
        another message, with nothing to click."""
        language = self.languages.of_seat(table, seat)
        went_on = went_on_line(language)
        await self.hand_answers.went_on(table.channel_id, seat, went_on, language, clicked=clicked)

    async def _retire_dm_prompt(self, table: Table, seat: int, spec: Message) -> PromptRef | None:
        """Forget the seat's live DM prompt and show ``spec`` (no buttons) in it; its reference,
        None when it had none. A failed edit is logged: the prompt is settled anyway."""
        ref = self.book.of(table).prompts.pop(seat, None)
        if ref is not None:
            try:
                await self.edit_dm(table, ref, spec)
            except SHOW_FAILURES as exc:
                log.info("Could not retire a prompt at table %s: %r", table.channel_id, exc)
        return ref

    async def retire_seat_prompt(self, table: Table, seat: int, spec: Message) -> None:
        """Show ``spec`` (no buttons) in the seat's live DM prompt, if it has one, then in its
        /hand answers, and forget them (the DM prompt first: it is the one always there)."""
        await self._retire_dm_prompt(table, seat, spec)
        await self.retire_hand_answers(table, seat, spec)

    async def retire_prompts(self, table: Table, reason: Words | None = None) -> None:
        """Say in every live DM prompt of a table that ended early why it did (``reason``, by
        default that the game was stopped; no buttons), in each reader's language; and in
        every /hand answer of the table that still offers a prompt."""
        seats = [*self.book.of(table).prompts, *self.hand_answers.seats(table.channel_id)]
        for seat in dict.fromkeys(seats):
            spec = localized(render.prompt_stopped(reason), self.languages.of_seat(table, seat))
            await self.retire_seat_prompt(table, seat, spec)

    async def retire_clicked_prompt(
        self,
        table: Table,
        seat: int,
        spec: Message,
        *,
        from_live: bool,
        shown: bool,
        clicked: int | None = None,
    ) -> None:
        """Forget the seat's live DM prompt; unless the click came from it (``from_live``) and
        its answer was shown there (``shown``), show ``spec`` there (the click's answer, so its
        buttons are disabled or gone). Its /hand answers show ``spec`` too, but the clicked
        message ``clicked``, which the click's answer shows."""
        page = self.book.of(table)
        ref = page.prompts.get(seat)
        if ref is not None:
            if from_live and shown:
                del page.prompts[seat]
            else:
                await self._retire_dm_prompt(table, seat, spec)
            page.done[seat] = DoneDm(ref, render_text(spec.content))
        await self.retire_hand_answers(table, seat, spec, keep=clicked)

    async def renew_prompt(self, table: Table, seat: int, spec: Message) -> bool:
        """Show ``spec``, the seat's prompt for the game as it is now, in its live DM prompt,
        which stays its live prompt (a click elsewhere, in /hand's private answer, took a step
        of its decision). False when it has none, or the edit failed: then it is forgotten, and
        the caller DMs the prompt anew."""
        page = self.book.of(table)
        ref = page.prompts.get(seat)
        if ref is None:
            return False
        try:
            await self.edit_dm(table, ref, spec)
        except SHOW_FAILURES as exc:
            log.info("Could not renew a prompt at table %s: %r", table.channel_id, exc)
            page.prompts.pop(seat, None)
            return False
        self.book.prompt_still_live(table, seat)
        return True

    async def retire_timed_out_prompt(
        self, table: Table, seat: int, spec: Message, *, in_hand_answers: Message | None = None
    ) -> None:
        """Show ``spec`` (what the computer did for the seat) in its live DM prompt, which then
        stays its latest done DM, and ``in_hand_answers`` (by default ``spec``) in its /hand
        answer."""
        ref = await self._retire_dm_prompt(table, seat, spec)
        if ref is not None:
            self.book.of(table).done[seat] = DoneDm(ref, render_text(spec.content))
        await self.retire_hand_answers(table, seat, in_hand_answers or spec)
