"""What the cogs' persistent buttons share: a button rebuilt from its custom id after a restart
(:class:`IdButton`), one whose click is released once handled (:class:`ReleasingButton`, the
tables' and lobbies'), and a cog that routes its buttons while it is loaded (:class:`RoutingCog`)."""

from __future__ import annotations

import re
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

import discord
from discord.ext import commands

from bot.runtime.arrivals import arrived
from bot.runtime.interaction_release import releases_click
from bot.tables.stray_clicks import parse_or_none, refuse

IdT = TypeVar("IdT")


class ParsedId(Protocol):
    """A custom id's class: it parses its ids."""

    @classmethod
    def parse(cls, custom_id: str) -> Self:
        """The id in ``custom_id``; ``ValueError`` for a malformed one."""
        ...


class IdButton(discord.ui.DynamicItem[discord.ui.Button[Any]], Generic[IdT], template=r"(?!)"):
    """A button whose custom id, parsed by ``id_type``, says what a click does (``ident``; None
    for a malformed id, which the subclass refuses when clicked). The base is never routed itself
    (its template matches nothing); each subclass names its own."""

    id_type: ClassVar[type[ParsedId]]
    """The class of the subclass's ids (its ``parse`` raises ``ValueError`` for a malformed one)."""
    label: ClassVar[str]
    """The button's label while rebuilt from a click (never shown)."""

    def __init__(self, ident: IdT | None, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label=self.label))
        self.ident = ident  # None: a malformed id, refused when clicked

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        """Rebuild the button from a click's custom id."""
        ident: Any = parse_or_none(cls.id_type.parse, match.string)  # an IdT: id_type makes them
        return cls(ident, match.string)


class ReleasingButton(IdButton[IdT], template=r"(?!)"):
    """An :class:`IdButton` of the busy messages (a table's, a lobby's): a click with a malformed
    id is refused privately, any other handed to :meth:`clicked`, and the click is released
    once handled (:func:`bot.runtime.interaction_release.releases_click`). Also the component
    of a select: discord.py routes a click by its custom id alone, and the values chosen are
    read from the interaction."""

    @releases_click
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Refuse a malformed id, else do what the button stands for; nothing for a click that
        expired before it was read, while the bot is behind (:func:`bot.runtime.arrivals.arrived`)."""
        if not arrived(interaction):
            return
        if self.ident is None:
            await refuse(interaction)
            return
        await self.clicked(interaction, self.ident)

    async def clicked(self, interaction: discord.Interaction[Any], ident: IdT) -> None:
        """Do what a click with the id ``ident`` stands for (each subclass its own)."""
        raise NotImplementedError


class RoutingCog(commands.Cog):
    """A cog whose ``dynamic_items`` are routed to it while it is loaded, also the clicks on
    messages sent before a restart."""

    dynamic_items: ClassVar[tuple[type[discord.ui.DynamicItem[Any]], ...]] = ()

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Route the cog's buttons here."""
        self.bot.add_dynamic_items(*self.dynamic_items)

    async def cog_unload(self) -> None:
        """Stop routing the cog's buttons."""
        self.bot.remove_dynamic_items(*self.dynamic_items)
