"""The private answers of /hand that still offer a seat's prompt, retired when it is settled.

/hand answers with the seat's prompt in an ephemeral message, which only its interaction can edit
(Discord: for 15 minutes, through the interaction's token). A later click elsewhere (in the DM
prompt, in another /hand answer), a timeout, the player leaving or the game ending settles the
prompt; the DM prompt then loses its buttons, and so does every /hand answer of it still
remembered here: it shows what the DM prompt shows (what was done, why it ended), or, when the
decision goes on in another message, that it went on there. An answer older than the token
allows is forgotten: a click on it is still answered, privately, that the table moved on (the
host refuses a click on a stale prompt) and changes nothing.

Kept in memory only: after a restart the tokens are the old process's, and a click on an old
answer is answered as any stale click.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.tables.failures import SHOW_FAILURES
from bot.tables.payload import pictured_edit_kwargs
from tabletop.presentation import Message

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 14 * 60.0
"""Seconds a /hand answer is remembered: Discord accepts edits through an interaction's token for
15 minutes; a minute is kept in hand for the edit's way there."""

@dataclass(frozen=True)
class HandAnswer:
    """One /hand answer that offers a seat's prompt: its interaction (whose token edits it),
    the answer's message id (None if Discord did not say), and when it was sent."""

    interaction: discord.Interaction[Any]
    message_id: int | None
    shown_at: float


class HandAnswers:
    """The /hand answers that offer a live prompt, by table channel and seat."""

    def __init__(self, lifetime: float = TOKEN_LIFETIME, clock: Callable[[], float] = time.monotonic) -> None:
        self.lifetime = lifetime
        self.clock = clock
        self._answers: dict[tuple[int, int], list[HandAnswer]] = {}

    def shown(
        self, channel_id: int, seat: int, interaction: discord.Interaction[Any], message_id: int | None
    ) -> None:
        """Remember a /hand answer that offers ``seat``'s prompt at the table of ``channel_id``
        (answers of another user of that seat, or too old to edit anywhere, are forgotten: a
        table that closed without retiring them keeps nothing here for long)."""
        now = self.clock()
        for key in [key for key, kept in self._answers.items() if now - kept[-1].shown_at >= self.lifetime]:
            del self._answers[key]
        kept = [
            answer
            for answer in self._answers.get((channel_id, seat), [])
            if answer.interaction.user.id == interaction.user.id and now - answer.shown_at < self.lifetime
        ]
        self._answers[(channel_id, seat)] = [*kept, HandAnswer(interaction, message_id, now)]

    def seats(self, channel_id: int) -> list[int]:
        """The seats of the table of ``channel_id`` with remembered answers."""
        return [seat for channel, seat in self._answers if channel == channel_id]

    async def retire(
        self, channel_id: int, seat: int, spec: Message, language: str, *, keep: int | None = None
    ) -> None:
        """Show ``spec`` (nothing to click; texts in ``language``) in every remembered answer of
        the seat, except the message ``keep`` (the one clicked, which its click's answer shows),
        and forget them all."""
        answers = self._answers.pop((channel_id, seat), [])
        now = self.clock()
        for answer in answers:
            if answer.message_id is not None and answer.message_id == keep:
                continue
            if now - answer.shown_at >= self.lifetime:
                continue
            try:
                await answer.interaction.edit_original_response(
                    **pictured_edit_kwargs(spec, None, language=language)
                )
            except SHOW_FAILURES as exc:  # nothing is lost: a click on it is refused anyway
                log.info("Could not retire a /hand answer at table %s: %r", channel_id, exc)

    async def went_on(
        self, channel_id: int, seat: int, spec: Message, language: str, *, clicked: int | None
    ) -> None:
        """The seat's decision goes on in the message ``clicked`` (None: elsewhere): every other
        remembered answer shows ``spec`` (that it went on there) and is forgotten; the clicked
        one, a /hand answer, stays remembered: it is the live prompt now."""
        answers = self._answers.get((channel_id, seat), [])
        live = [answer for answer in answers if clicked is not None and answer.message_id == clicked]
        await self.retire(channel_id, seat, spec, language, keep=clicked)
        if live:
            self._answers[(channel_id, seat)] = live
