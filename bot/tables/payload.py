"""Turn render specs into what discord.py sends (call it from the cogs and the table service).

Components go out as :class:`StaticComponents`, not as ``discord.ui.View`` objects: every click is
routed by custom id to the ``DynamicItem`` classes the cogs register (which keeps buttons working
after a restart), so nothing is ever kept in discord.py's view store, and nothing needs a view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import discord

from bot.messages import limits
from bot.tables.host_messages import ButtonSpec, MessageSpec, OptionSpec, SelectSpec
from bot.tables.pictures import picture_file
from tabletop.catalog import DEFAULT_LANGUAGE
from tabletop.pictures import Picture, Sketch
from tabletop.presentation import Button, Choice, Embed, Message, render

_STYLES: dict[str, int] = {"primary": 1, "secondary": 2, "success": 3, "danger": 4}
"""Discord's button style numbers."""

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3


class StaticComponents:
    """A message's rows of components, accepted by discord.py wherever it takes ``view=``.

    discord.py takes any object marked ``__discord_ui_view__`` that serialises itself
    (``to_components``) and says it is finished, so it is never stored for dispatch. Built
    straight from the render spec, it makes no ``ui.View``, ``ui.Button`` or ``SelectOption``:
    a view and its items refer to each other, so every message sent with one left a reference
    cycle that only the garbage collector frees, and at a hundred busy tables freeing them held
    the event loop for tens of milliseconds (``benchmarks/discord_load.py --gc-census``).
    """

    __discord_ui_view__: ClassVar[bool] = True
    timeout: float | None = None

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self._rows = rows

    def to_components(self) -> list[dict[str, Any]]:
        """The components as Discord's API wants them: action rows of buttons or a select."""
        return self._rows

    def has_components_v2(self) -> bool:
        """Classic components only (no layout components)."""
        return False

    def is_finished(self) -> bool:
        """Always: there is nothing to wait for (clicks go to the dynamic items)."""
        return True

    def is_dispatchable(self) -> bool:
        """Never: discord.py must not store it in its view store."""
        return False


def _emoji(name: str | None) -> dict[str, Any] | None:
    return None if name is None else {"id": None, "name": name}


def _button(spec: ButtonSpec) -> dict[str, Any]:
    data: dict[str, Any] = {
        "type": BUTTON,
        "style": _STYLES.get(spec.style, _STYLES["secondary"]),
        "disabled": spec.disabled,
        "label": limits.clip(spec.label, limits.BUTTON_LABEL),
        "custom_id": spec.custom_id,
    }
    if spec.emoji is not None:
        data["emoji"] = _emoji(spec.emoji)
    return data


def _select(spec: SelectSpec) -> dict[str, Any]:
    options = []
    for option in spec.options:
        label = limits.clip(option.label, limits.OPTION_LABEL)
        data: dict[str, Any] = {"label": label, "value": option.value, "default": option.default}
        if option.description:
            data["description"] = limits.clip(option.description, limits.OPTION_LABEL)
        if option.emoji is not None:
            data["emoji"] = _emoji(option.emoji)
        options.append(data)
    return {
        "type": STRING_SELECT,
        "custom_id": spec.custom_id,
        "min_values": spec.min_values,
        "max_values": spec.max_values,
        "disabled": spec.disabled,
        "placeholder": limits.clip(spec.placeholder, limits.SELECT_PLACEHOLDER),
        "options": options,
    }


def _component(spec: ButtonSpec | SelectSpec) -> dict[str, Any]:
    return _button(spec) if isinstance(spec, ButtonSpec) else _select(spec)


def build_components(spec: MessageSpec) -> StaticComponents | None:
    """The spec's rows of components, or None when it has none."""
    if not spec.rows:
        return None
    return StaticComponents(
        [
            {"type": ACTION_ROW, "components": [_component(item) for item in row]}
            for row in spec.rows
        ]
    )


def _kind(spec: MessageSpec) -> str:
    return spec.sketch.kind if spec.sketch is not None else "picture"


def send_kwargs(spec: MessageSpec, picture: Picture | None = None) -> dict[str, Any]:
    """Keyword arguments for ``send`` / ``send_message``: content, embeds, view and the
    ``picture`` (the spec's sketch drawn) as a file, if any (clipped to Discord's limits:
    :mod:`bot.messages.limits`)."""
    kwargs: dict[str, Any] = {"content": limits.clip(spec.content, limits.CONTENT)}
    if spec.embeds:
        kwargs["embeds"] = limits.fit_embeds(spec.embeds)
    view = build_components(spec)
    if view is not None:
        kwargs["view"] = view
    if picture is not None:
        kwargs["file"] = picture_file(picture, _kind(spec))
    return kwargs


def edit_kwargs(spec: MessageSpec) -> dict[str, Any]:
    """Keyword arguments for ``edit``: replaces content, embeds and components entirely
    (clipped to Discord's limits: :mod:`bot.messages.limits`); attachments stay."""
    return {
        "content": limits.clip(spec.content, limits.CONTENT),
        "embeds": limits.fit_embeds(spec.embeds),
        "view": build_components(spec),
    }


def pictured_edit_kwargs(spec: MessageSpec, picture: Picture | None) -> dict[str, Any]:
    """Keyword arguments for ``edit`` of a table's message: as :func:`edit_kwargs`, and its
    attachments replaced too: the message's picture becomes ``picture`` (a new upload), or goes
    when there is none (a prompt shrunk to its line, a server that turned pictures off)."""
    attachments = [] if picture is None else [picture_file(picture, _kind(spec))]
    return edit_kwargs(spec) | {"attachments": attachments}


def _embed(spec: Embed, language: str) -> discord.Embed:
    title, description = render(spec.title, language), render(spec.description, language)
    embed = discord.Embed(title=title, description=description or None, colour=spec.colour)
    for field in spec.fields:
        name, value = render(field.name, language), render(field.value, language)
        embed.add_field(name=name, value=value, inline=field.inline)
    if spec.footer:
        embed.set_footer(text=render(spec.footer, language))
    return embed


def _option(choice: Choice, language: str) -> OptionSpec:
    label, description = render(choice.label, language), render(choice.description, language)
    return OptionSpec(label, choice.value, choice.emoji, choice.default, description)


def from_presentation(
    message: Message,
    custom_id: Callable[[str], str],
    *,
    header: str = "",
    language: str = DEFAULT_LANGUAGE,
    sketch: Sketch | None = None,
) -> MessageSpec:
    """A game's message (:mod:`tabletop.presentation`) as the bot sends it: its texts filled in
    in ``language`` (a catalog language or the reader's Discord locale), each component's
    intent made a custom id by ``custom_id``, embeds made Discord's, ``header`` (a line that
    says which table a DM belongs to) above the content, ``sketch`` the picture it carries."""
    rows: list[tuple[ButtonSpec | SelectSpec, ...]] = []
    for row in message.rows:
        items: list[ButtonSpec | SelectSpec] = []
        for item in row:
            if isinstance(item, Button):
                label = render(item.label, language)
                items.append(ButtonSpec(custom_id(item.intent), label, item.emoji, item.style, item.disabled))
            else:
                options = tuple(_option(choice, language) for choice in item.choices)
                items.append(
                    SelectSpec(
                        custom_id(item.intent),
                        render(item.placeholder, language),
                        options,
                        item.disabled,
                        item.min_values,
                        item.max_values,
                    )
                )
        rows.append(tuple(items))
    body = render(message.content, language)
    content = f"{header}\n{body}" if header and body else header or body
    return MessageSpec(content, tuple(_embed(e, language) for e in message.embeds), tuple(rows), sketch)
