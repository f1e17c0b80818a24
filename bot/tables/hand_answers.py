"""The private answers of /hand that still offer a seat's prompt, retired when it is settled.

/hand answers with the seat's prompt in an ephemeral message, which only its interaction can edit
(Discord: for 15 minutes, through the interaction's token). A later click elsewhere (in the DM
prompt, in another /hand answer), a timeout, the player leaving or the game ending settles the
prompt; the DM prompt then loses its buttons, and so does the /hand answer of it still
remembered here: it shows what the DM prompt shows (what was done, why it ended; a timeout
in words of its own, without the DM's header), or, when the decision goes on in another
message, that it continues there. An answer older than the token
allows is forgotten: a click on it is still answered, privately, that the table moved on (the
host refuses a click on a stale prompt) and changes nothing.

One answer per seat is remembered, the newest: a /hand answer shown retires the seat's earlier
one right away (it says the turn continues in another message, this newer one), in the
background of the /hand command, not under the table's lock. A player typing /hand again and
again so keeps no pile of answers that a settled prompt would retire one by one, the table
waiting meanwhile.

Kept in memory only: after a restart the tokens are the old process's, and a click on an old
answer is answered as any stale click.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.tables.failures import SHOW_FAILURES
from bot.tables.languages import reader_language
from bot.tables.payload import localized, pictured_edit_kwargs
from host.catalog import lazy
from tabletop.presentation import Message

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 14 * 60.0
"""Seconds a /hand answer is remembered: Discord accepts edits through an interaction's token for
15 minutes; a minute is kept in hand for the edit's way there."""


def went_on_line(language: str) -> Message:
    """What a /hand answer whose prompt went on in another message shows (nothing to click)."""
    return localized(Message(lazy("hand_answer.went_on")), language)


@dataclass(frozen=True)
class HandAnswer:
    """One /hand answer that offers a seat's prompt: its interaction (whose token edits it),
    the answer's message id (None if Discord did not say), and when it was sent."""

    interaction: discord.Interaction[Any]
    message_id: int | None
    shown_at: float


class HandAnswers:
    """The newest /hand answer that offers a live prompt, by table channel and seat."""

    def __init__(self, lifetime: float = TOKEN_LIFETIME, clock: Callable[[], float] = time.monotonic) -> None:
        self.lifetime = lifetime
        self.clock = clock
        self._answers: dict[tuple[int, int], HandAnswer] = {}
        self._retiring: set[asyncio.Task[None]] = set()
        """The retirements of earlier answers under way (kept: a task nobody holds may vanish)."""

    def shown(
        self, channel_id: int, seat: int, interaction: discord.Interaction[Any], message_id: int | None
    ) -> None:
        """Remember a /hand answer that offers ``seat``'s prompt at the table of ``channel_id``,
        the seat's only one: its user's earlier answer there is retired right away, in a task
        of its own (it says the turn continues in another message, in the user's language), and
        forgotten. An answer of another user of that seat, or one too old to edit anywhere, is
        forgotten unedited: a table that closed without retiring its answers keeps nothing here
        for long."""
        now = self.clock()
        for key in [key for key, kept in self._answers.items() if now - kept.shown_at >= self.lifetime]:
            del self._answers[key]
        earlier = self._answers.get((channel_id, seat))
        self._answers[(channel_id, seat)] = HandAnswer(interaction, message_id, now)
        if earlier is not None and earlier.interaction.user.id == interaction.user.id:
            language = reader_language(interaction)
            task = asyncio.create_task(self._edit(channel_id, earlier, went_on_line(language), language))
            self._retiring.add(task)
            task.add_done_callback(self._retiring.discard)

    def seats(self, channel_id: int) -> list[int]:
        """The seats of the table of ``channel_id`` with a remembered answer."""
        return [seat for channel, seat in self._answers if channel == channel_id]

    async def settle(self) -> None:
        """Wait until the earlier answers being retired are (tests, and a clean shutdown)."""
        while self._retiring:
            await asyncio.gather(*self._retiring, return_exceptions=True)

    async def retire(
        self, channel_id: int, seat: int, spec: Message, language: str, *, keep: int | None = None
    ) -> None:
        """Show ``spec`` (nothing to click; texts in ``language``) in the seat's remembered
        answer, unless it is the message ``keep`` (the one clicked, which its click's answer
        shows), and forget it."""
        answer = self._answers.pop((channel_id, seat), None)
        if answer is None or (answer.message_id is not None and answer.message_id == keep):
            return
        await self._edit(channel_id, answer, spec, language)

    async def retire_at_once(
        self, channel_id: int, interaction: discord.Interaction[Any], spec: Message, language: str
    ) -> None:
        """Show ``spec`` (nothing to click; texts in ``language``) in the /hand answer of
        ``interaction`` at the table of ``channel_id`` (one that is not remembered: its prompt
        was settled while it was on its way). A failure is logged: a click on it is refused
        anyway."""
        try:
            await interaction.edit_original_response(**pictured_edit_kwargs(spec, None, language=language))
        except SHOW_FAILURES as exc:
            log.info("Could not retire a /hand answer at table %s: %r", channel_id, exc)

    async def went_on(
        self, channel_id: int, seat: int, spec: Message, language: str, *, clicked: int | None
    ) -> None:
        """The seat's decision goes on in the message ``clicked`` (None: elsewhere): if that is
        its remembered answer, it stays remembered (it is the live prompt now); else that answer
        shows ``spec`` (that it went on in another message) and is forgotten."""
        answer = self._answers.get((channel_id, seat))
        if answer is not None and clicked is not None and answer.message_id == clicked:
            return
        await self.retire(channel_id, seat, spec, language)

    async def _edit(self, channel_id: int, answer: HandAnswer, spec: Message, language: str) -> None:
        """Show ``spec`` (nothing to click) in ``answer``, unless it is too old to edit; a
        failure is logged (nothing is lost: a click on it is refused anyway)."""
        if self.clock() - answer.shown_at >= self.lifetime:
            return
        await self.retire_at_once(channel_id, answer.interaction, spec, language)
