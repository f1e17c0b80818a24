"""Turn render specs into discord.py objects (needs a running event loop: call it from the cogs).

The views built here are *stopped* before they are sent, so discord.py does not keep them in its
view store: every click is routed by custom id to the ``DynamicItem`` classes the cogs register,
which keeps buttons working after a restart and keeps memory flat over long games.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.render import ButtonSpec, MessageSpec

_STYLES: dict[str, discord.ButtonStyle] = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def build_view(spec: MessageSpec) -> discord.ui.View | None:
    """A stopped view holding the spec's components, or None when it has none."""
    if not spec.rows:
        return None
    view = discord.ui.View(timeout=None)
    for row_index, row in enumerate(spec.rows):
        for item in row:
            if isinstance(item, ButtonSpec):
                view.add_item(
                    discord.ui.Button(
                        style=_STYLES.get(item.style, discord.ButtonStyle.secondary),
                        label=item.label,
                        custom_id=item.custom_id,
                        emoji=item.emoji,
                        disabled=item.disabled,
                        row=row_index,
                    )
                )
            else:
                view.add_item(
                    discord.ui.Select(
                        custom_id=item.custom_id,
                        placeholder=item.placeholder,
                        options=[
                            discord.SelectOption(
                                label=o.label, value=o.value, emoji=o.emoji, default=o.default
                            )
                            for o in item.options
                        ],
                        disabled=item.disabled,
                        row=row_index,
                    )
                )
    view.stop()
    return view


def send_kwargs(spec: MessageSpec) -> dict[str, Any]:
    """Keyword arguments for ``send`` / ``send_message``: content, embeds and view if any."""
    kwargs: dict[str, Any] = {"content": spec.content}
    if spec.embeds:
        kwargs["embeds"] = list(spec.embeds)
    view = build_view(spec)
    if view is not None:
        kwargs["view"] = view
    return kwargs


def edit_kwargs(spec: MessageSpec) -> dict[str, Any]:
    """Keyword arguments for ``edit``: replaces content, embeds and components entirely."""
    return {"content": spec.content, "embeds": list(spec.embeds), "view": build_view(spec)}
