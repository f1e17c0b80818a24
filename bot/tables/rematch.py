"""The Rematch button of the final standings, on Discord: offered, clicked, and expired.

What a click may do is decided by :mod:`host.rematch`; here the button is added to the standings,
a click is looked up (the offer in memory, else the stored game: a button posted before a restart
works after it), answered privately, and the standings message says when the offer has expired:
edited at the end of the window while the bot runs, and on the first click after it otherwise
(a restart forgets the waits, not the offers).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import discord

from bot.ids import RematchId
from bot.messages.errors import report_interaction_error
from bot.messages.replies import send_ephemeral
from bot.tables import host_messages as render
from bot.tables.payload import words_edit_kwargs
from host.catalog import DEFAULT_LANGUAGE, lazy, text
from host.journal import GameJournal
from host.rematch import REMATCH_WINDOW, RematchExpired, RematchInvalid, RematchOffer
from host.storage import StorageError, StorageUnavailable, UnknownGame, utc_now
from host.tables import Outcome, Table, TableRegistry
from host.text import joined
from tabletop import registry
from tabletop.presentation import Button, Message

log = logging.getLogger(__name__)

OpeningChange = Callable[
    [Callable[[], Table], "discord.Interaction[Any]", Callable[[Table], Outcome]], Awaitable[None]
]
"""Runs a change at a channel's table, opened if need be (the pipeline's ``run_opening``)."""

EXPIRY_EDIT_FAILURES = (discord.HTTPException, asyncio.TimeoutError)
"""What editing a standings message at the end of its offer may fail with (logged, not raised)."""


def rematch_button(offer: RematchOffer) -> Button:
    """The Rematch button of ``offer``'s standings (its label a catalog text, filled in in the
    reader's language when sent)."""
    ident = RematchId(offer.channel_id, offer.game_id)
    arrows = "\N{CLOCKWISE RIGHTWARDS AND LEFTWARDS OPEN CIRCLE ARROWS}"
    return Button(lazy("rematch.button"), ident.encode(), emoji=arrows, style="primary")


def with_rematch_button(spec: Message, offer: RematchOffer) -> Message:
    """The final standings ``spec`` with the Rematch button in a row of its own."""
    return replace(spec, rows=(*spec.rows, (rematch_button(offer),)))


class Rematches:
    """The rematch offers of one bot: each finished game's, for :data:`REMATCH_WINDOW`."""

    def __init__(
        self,
        registry: TableRegistry,
        journal: GameJournal,
        run_opening: OpeningChange,
        channel_language: Callable[[int | None], str] = lambda guild_id: DEFAULT_LANGUAGE,
    ) -> None:
        self.registry = registry
        self.journal = journal
        self.run_opening = run_opening
        """Makes a change at a channel's table, opened if there is none, and shows it (the
        pipeline's :meth:`~bot.tables.pipeline.Pipeline.run_opening`)."""
        self.channel_language = channel_language
        """The language of a server's channel messages, by server id (the standings' and
        their expiry note's)."""
        self.window: timedelta = REMATCH_WINDOW
        """How long an offer lasts (tests shorten it)."""
        self.clock: Callable[[], datetime] = utc_now
        self.offers: dict[int, RematchOffer] = {}
        """The offers made since the start, by stored game id (forgotten when they expire)."""
        self._expiries: dict[int, asyncio.Task[None]] = {}

    # --- offering ------------------------------------------------------------------------------

    def standings(self, table: Table, spec: Message) -> tuple[Message, RematchOffer | None]:
        """The final standings of ``table``'s game with its Rematch button, and the offer (none,
        and the standings as they are, for a game that was not stored)."""
        offer = RematchOffer.of_table(table, self.clock())
        if offer is None:
            return spec, None
        self.offers[offer.game_id] = offer
        return with_rematch_button(spec, offer), offer

    def offered(
        self, offer: RematchOffer, message: discord.Message, language: str = DEFAULT_LANGUAGE
    ) -> None:
        """The standings ``message`` (in ``language``, the channel's) carries ``offer``: edit it
        when the offer expires."""
        old = self._expiries.pop(offer.game_id, None)
        if old is not None:
            old.cancel()
        self._expiries[offer.game_id] = asyncio.create_task(self._expire_later(offer, message, language))

    async def _expire_later(self, offer: RematchOffer, message: discord.Message, language: str) -> None:
        try:
            wait = (offer.expires_at(self.window) - self.clock()).total_seconds()
            await asyncio.sleep(max(0.0, wait))
            self.offers.pop(offer.game_id, None)
            await self._mark_expired(message, language)
        finally:
            if self._expiries.get(offer.game_id) is asyncio.current_task():
                del self._expiries[offer.game_id]

    @staticmethod
    async def _mark_expired(message: discord.Message, language: str) -> None:
        """The standings ``message`` says (in ``language``, the channel's) that its offer
        expired, and has no button any more."""
        note = text("rematch.expired_note", language=language)
        if message.content.endswith(note) and not message.components:
            return
        expired = Message(joined([message.content, lazy("rematch.expired_note")], "\n\n"))
        try:
            await message.edit(**words_edit_kwargs(expired, language=language))
        except EXPIRY_EDIT_FAILURES as exc:
            log.warning("Could not mark the rematch offer of message %s expired: %r", message.id, exc)

    async def close(self) -> None:
        """Stop waiting for offers to expire (the bot is closing; the offers stay stored)."""
        tasks = list(self._expiries.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._expiries.clear()

    # --- clicking ------------------------------------------------------------------------------

    async def click(self, interaction: discord.Interaction[Any], ident: RematchId) -> None:
        """A Rematch button: open the rematch lobby, or join it; refused privately (changing
        nothing) when the click is not allowed."""
        try:
            await self._click(interaction, ident)
        except RematchExpired as error:
            await send_ephemeral(interaction, error.words)  # in the clicker's language
            if interaction.message is not None:
                await self._mark_expired(interaction.message, self.channel_language(interaction.guild_id))
        except Exception as error:  # reported to the user; bugs logged
            await report_interaction_error(interaction, error, where="the rematch button")

    async def _click(self, interaction: discord.Interaction[Any], ident: RematchId) -> None:
        if interaction.channel_id != ident.channel_id:  # a button copied to another channel
            raise RematchInvalid(lazy("rematch.invalid"))
        offer = await self._offer(ident)
        user = interaction.user
        offer.check(user.id, self.clock(), self.window)
        name = render.player_name(user.display_name)
        await self.run_opening(
            lambda: self.registry.get_or_open(
                ident.channel_id, interaction.guild_id, offer.game, for_players=True
            ),
            interaction,
            lambda table: offer.click(table, user.id, name),
        )

    async def _offer(self, ident: RematchId) -> RematchOffer:
        """The offer a button names: made since the start, else rebuilt from the stored game."""
        offer = self.offers.get(ident.game_id)
        if offer is None:
            storage = self.journal.storage
            if storage is None:
                raise RematchExpired(lazy("rematch.expired"))
            try:
                stored = await storage.games.load_game(ident.game_id)
            except UnknownGame as exc:  # pruned (or never stored): the offer is long over
                raise RematchExpired(lazy("rematch.expired")) from exc
            except StorageUnavailable as exc:
                log.warning("Could not read game %s for a rematch: %s", ident.game_id, exc.detail)
                raise RematchInvalid(lazy("storage.read_failed")) from exc
            except StorageError as exc:  # a corrupt stored game: nothing to rebuild
                raise RematchInvalid(lazy("rematch.invalid")) from exc
            offer = RematchOffer.of_record(stored.record, self.registry.timer_scale)
        if offer.channel_id != ident.channel_id or offer.game not in registry.names():
            raise RematchInvalid(lazy("rematch.invalid"))
        return offer
