"""Editing a message without reading Discord's answer back into a ``discord.Message``.

``PartialMessage.edit`` parses the edited message Discord sends back into a ``Message`` (its
author, embeds and every component as objects): ~36 us of CPU for a table message, some three
times per card played (the table message, the DM prompts), and the bot never looks at it (it
knows a message by its id). The bot's :meth:`~bot.boot.app.StickemBot.get_partial_messageable`
gives a :class:`QuietMessageable`, whose partial messages are :class:`QuietPartialMessage`:
their ``edit`` takes the same steps as discord.py's (``handle_message_parameters``,
``HTTPClient.edit_message``, the view's updates held back) and drops the answer. The bot's views
are never stored by discord.py (:class:`bot.tables.payload.StaticComponents` is finished and not
dispatchable), so the step of ``PartialMessage.edit`` that stores a view never applied to it.

Measured: ``benchmarks/message_edit.py``; listed in docs/architecture.md ("Private internals").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord.http import handle_message_parameters
from discord.utils import MISSING


class QuietPartialMessage(discord.PartialMessage):
    """A partial message whose :meth:`edit` does not parse Discord's answer."""

    async def edit(  # type: ignore[override]  # returns None: the answer is not read
        self,
        *,
        content: str | None = MISSING,
        embed: discord.Embed | None = MISSING,
        embeds: Sequence[discord.Embed] = MISSING,
        attachments: Sequence[discord.Attachment | discord.File] = MISSING,
        delete_after: float | None = None,
        allowed_mentions: discord.AllowedMentions | None = MISSING,
        view: Any = MISSING,
    ) -> None:
        """``PartialMessage.edit`` with the same arguments and failures (``discord.NotFound``,
        ``discord.HTTPException`` ...), returning None instead of the edited message."""
        state = self._state
        previous_allowed_mentions = state.allowed_mentions if content is not MISSING else None
        if view is not MISSING:
            state.prevent_view_updates_for(self.id)
        with handle_message_parameters(
            content=content,
            embed=embed,
            embeds=embeds,
            attachments=attachments,
            view=view,
            allowed_mentions=allowed_mentions,
            previous_allowed_mentions=previous_allowed_mentions,
        ) as params:
            await state.http.edit_message(self.channel.id, self.id, params=params)
        if view and not view.is_finished() and view.is_dispatchable():
            state.store_view(view, self.id)
        if delete_after is not None:
            await self.delete(delay=delete_after)


class QuietMessageable(discord.PartialMessageable):
    """A partial messageable whose partial messages are :class:`QuietPartialMessage`."""

    @classmethod
    def of(cls, channel: discord.PartialMessageable) -> QuietMessageable:
        """``channel`` (from ``Client.get_partial_messageable``) as a quiet messageable."""
        return cls(state=channel._state, id=channel.id, guild_id=channel.guild_id, type=channel.type)

    def get_partial_message(self, message_id: int, /) -> QuietPartialMessage:
        """The message ``message_id`` of this channel, edited without reading the answer."""
        return QuietPartialMessage(channel=self, id=message_id)
