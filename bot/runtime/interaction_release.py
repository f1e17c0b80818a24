"""Free what discord.py builds for a component click as soon as the click is handled.

For every click on a button or select, discord.py parses an ``Interaction`` whose cached helpers
(its ``response``, ``followup``, ...) point back to it, and rebuilds the clicked message as a
``ui.View`` (``View.from_message``) whose items point back to the view. Both are reference
cycles: they, the clicked message and its parsed components outlive the click until the garbage
collector frees them, and at a hundred busy tables that took it tens of milliseconds at a time,
with the event loop blocked (``benchmarks/discord_load.py --gc-census`` shows what it frees).
Breaking the cycles once nothing uses them any more lets reference counting free them at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import discord

ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])


def release_click(item: discord.ui.Item[Any], interaction: discord.Interaction[Any]) -> None:
    """Break the reference cycles of a handled click: the rebuilt view's items and the
    interaction's cached helpers. Call it only when nothing will use either again."""
    view = item.view
    if view is not None:
        view.clear_items()
    for cls in type(interaction).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name.startswith("_cs_"):  # discord.py's cached_slot_property storage
                with contextlib.suppress(AttributeError):
                    delattr(interaction, name)


def releases_click(
    callback: Callable[[ItemT, discord.Interaction[Any]], Coroutine[Any, Any, None]],
) -> Callable[[ItemT, discord.Interaction[Any]], Coroutine[Any, Any, None]]:
    """Decorate a ``DynamicItem`` callback so that the click is released when it returns.

    discord.py uses neither the view nor the interaction after a dynamic item's callback, and the
    table service answers every click before its callback returns (see
    ``bot.tables.answer.Answerer.locked``)."""

    @functools.wraps(callback)
    async def wrapper(self: ItemT, interaction: discord.Interaction[Any]) -> None:
        try:
            # discord.py has just parsed the click and rebuilt the clicked message's view in
            # this step of the event loop: the handling starts in a step of its own, so that
            # the two do not hold the loop as one long step.
            await asyncio.sleep(0)
            await callback(self, interaction)
        finally:
            release_click(self, interaction)

    return wrapper
