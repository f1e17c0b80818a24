"""The one converter from messages (:mod:`tabletop.presentation`) to what discord.py sends.

Every message the bot sends, a game's and the host's alike, is a :class:`~tabletop.presentation.Message`.
Two steps, both here:

- :func:`localized`: a message made ready for one place on Discord: every text filled in in the
  reader's language (a catalog :class:`~tabletop.catalog.Text` becomes words), each component's
  intent made its custom id (a game's intents, by the table's ``custom_id``), a header line above
  the content, the picture it shows. Pure.
- :func:`send_kwargs`, :func:`edit_kwargs`, :func:`words_edit_kwargs`,
  :func:`pictured_edit_kwargs`: the keyword arguments of discord.py's ``send`` / ``edit``:
  content, ``discord.Embed`` objects, components and the drawn picture as a file, all clipped
  to Discord's limits (:mod:`bot.messages.limits`). A text not yet filled in is filled in
  here, in ``language``.

Components go out as :class:`StaticComponents`, not as ``discord.ui.View`` objects: every click is
routed by custom id to the ``DynamicItem`` classes the cogs register (which keeps buttons working
after a restart), so nothing is ever kept in discord.py's view store, and nothing needs a view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import discord

from bot.messages import limits
from bot.tables.pictures import picture_file
from tabletop.catalog import DEFAULT_LANGUAGE
from tabletop.pictures import Picture, Sketch
from tabletop.presentation import Button, Choice, Component, Embed, EmbedField, Message, Select, render

_STYLES: dict[str, int] = {"primary": 1, "secondary": 2, "success": 3, "danger": 4}
"""Discord's button style numbers."""

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3


class StaticComponents:
    """A message's rows of components, accepted by discord.py wherever it takes ``view=``.

    discord.py takes any object marked ``__discord_ui_view__`` that serialises itself
    (``to_components``) and says it is finished, so it is never stored for dispatch. Built
    straight from the message, it makes no ``ui.View``, ``ui.Button`` or ``SelectOption``:
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


# --- a message made ready for one place --------------------------------------------------------


def _same(intent: str) -> str:
    return intent


def _localized_choice(choice: Choice, language: str) -> Choice:
    label, description = render(choice.label, language), render(choice.description, language)
    return Choice(label, choice.value, choice.emoji, choice.default, description)


def _localized_component(item: Component, language: str, custom_id: Callable[[str], str]) -> Component:
    # Made by their constructors, not dataclasses.replace: a prompt has up to 25 of them, and
    # replace() looks every field up again for each.
    if isinstance(item, Button):
        label = render(item.label, language)
        return Button(label, custom_id(item.intent), item.emoji, item.style, item.disabled)
    choices = tuple(_localized_choice(choice, language) for choice in item.choices)
    placeholder = render(item.placeholder, language)
    intent = custom_id(item.intent)
    return Select(placeholder, intent, choices, item.min_values, item.max_values, item.disabled)


def _localized_embed(embed: Embed, language: str) -> Embed:
    fields = tuple(
        EmbedField(render(field.name, language), render(field.value, language), field.inline)
        for field in embed.fields
    )
    return Embed(
        render(embed.title, language),
        render(embed.description, language),
        embed.colour,
        fields,
        render(embed.footer, language),
    )


def localized(
    message: Message,
    language: str = DEFAULT_LANGUAGE,
    *,
    custom_id: Callable[[str], str] | None = None,
    header: str = "",
    picture: Sketch | None = None,
) -> Message:
    """``message`` as the bot shows it to a reader of ``language`` (a catalog language or the
    reader's Discord locale): every text filled in, each component's intent made a custom id by
    ``custom_id`` (none: the intents are custom ids already, as in the host's messages),
    ``header`` (a line that says which table a DM belongs to) above the content, and ``picture``
    the picture it shows (none: the message's own)."""
    made = custom_id or _same
    rows = tuple(tuple(_localized_component(item, language, made) for item in row) for row in message.rows)
    body = render(message.content, language)
    content = f"{header}\n{body}" if header and body else header or body
    embeds = tuple(_localized_embed(embed, language) for embed in message.embeds)
    return Message(content, embeds, rows, picture if picture is not None else message.picture)


# --- discord.py's keyword arguments ------------------------------------------------------------


def _emoji(name: str | None) -> dict[str, Any] | None:
    return None if name is None else {"id": None, "name": name}


def _button(spec: Button, language: str) -> dict[str, Any]:
    data: dict[str, Any] = {
        "type": BUTTON,
        "style": _STYLES.get(spec.style, _STYLES["secondary"]),
        "disabled": spec.disabled,
        "label": limits.clip(render(spec.label, language), limits.BUTTON_LABEL),
        "custom_id": spec.intent,
    }
    if spec.emoji is not None:
        data["emoji"] = _emoji(spec.emoji)
    return data


def _select(spec: Select, language: str) -> dict[str, Any]:
    options = []
    for option in spec.choices:
        label = limits.clip(render(option.label, language), limits.OPTION_LABEL)
        data: dict[str, Any] = {"label": label, "value": option.value, "default": option.default}
        description = render(option.description, language)
        if description:
            data["description"] = limits.clip(description, limits.OPTION_LABEL)
        if option.emoji is not None:
            data["emoji"] = _emoji(option.emoji)
        options.append(data)
    return {
        "type": STRING_SELECT,
        "custom_id": spec.intent,
        "min_values": spec.min_values,
        "max_values": spec.max_values,
        "disabled": spec.disabled,
        "placeholder": limits.clip(render(spec.placeholder, language), limits.SELECT_PLACEHOLDER),
        "options": options,
    }


def _component(spec: Component, language: str) -> dict[str, Any]:
    return _button(spec, language) if isinstance(spec, Button) else _select(spec, language)


def build_components(message: Message, language: str = DEFAULT_LANGUAGE) -> StaticComponents | None:
    """The message's rows of components (texts in ``language``), or None when it has none."""
    if not message.rows:
        return None
    return StaticComponents(
        [
            {"type": ACTION_ROW, "components": [_component(item, language) for item in row]}
            for row in message.rows
        ]
    )


def _embed(spec: Embed, language: str) -> discord.Embed:
    title, description = render(spec.title, language), render(spec.description, language)
    embed = discord.Embed(title=title, description=description or None, colour=spec.colour)
    for field in spec.fields:
        name, value = render(field.name, language), render(field.value, language)
        embed.add_field(name=name, value=value, inline=field.inline)
    if spec.footer:
        embed.set_footer(text=render(spec.footer, language))
    return embed


def discord_embeds(message: Message, language: str = DEFAULT_LANGUAGE) -> list[discord.Embed]:
    """The message's embeds as discord.py's, in ``language``, clipped to Discord's limits."""
    return limits.fit_embeds([_embed(embed, language) for embed in message.embeds])


def _kind(message: Message) -> str:
    return message.picture.kind if message.picture is not None else "picture"


def send_kwargs(
    message: Message, drawn: Picture | None = None, *, language: str = DEFAULT_LANGUAGE
) -> dict[str, Any]:
    """Keyword arguments for ``send`` / ``send_message``: content, embeds, view and ``drawn``
    (the message's picture drawn) as a file, if any, every text not yet filled in filled in in
    ``language`` (clipped to Discord's limits: :mod:`bot.messages.limits`)."""
    kwargs: dict[str, Any] = {"content": limits.clip(render(message.content, language), limits.CONTENT)}
    if message.embeds:
        kwargs["embeds"] = discord_embeds(message, language)
    view = build_components(message, language)
    if view is not None:
        kwargs["view"] = view
    if drawn is not None:
        kwargs["file"] = picture_file(drawn, _kind(message))
    return kwargs


def edit_kwargs(message: Message, *, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """Keyword arguments for ``edit``: replaces content, embeds and components entirely
    (texts in ``language``, clipped to Discord's limits: :mod:`bot.messages.limits`);
    attachments stay."""
    return {
        "content": limits.clip(render(message.content, language), limits.CONTENT),
        "embeds": discord_embeds(message, language),
        "view": build_components(message, language),
    }


def words_edit_kwargs(message: Message, *, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """Keyword arguments for an ``edit`` of a message's words and components only (texts in
    ``language``, clipped as :func:`edit_kwargs` clips them): its embeds and attachments stay as
    they are (a note added under a message the bot only has as Discord shows it)."""
    return {
        "content": limits.clip(render(message.content, language), limits.CONTENT),
        "view": build_components(message, language),
    }


def pictured_edit_kwargs(
    message: Message, drawn: Picture | None, *, language: str = DEFAULT_LANGUAGE
) -> dict[str, Any]:
    """Keyword arguments for ``edit`` of a table's message: as :func:`edit_kwargs`, and its
    attachments replaced too: the message's picture becomes ``drawn`` (a new upload), or goes
    when there is none (a prompt shrunk to its line, a server that turned pictures off)."""
    attachments = [] if drawn is None else [picture_file(drawn, _kind(message))]
    return edit_kwargs(message, language=language) | {"attachments": attachments}


