"""Read-only views of message embeds and components, parsed from the JSON the bot sent.

Tests read messages through these small frozen dataclasses instead of raw dicts, e.g.
``message.button("Play")``, ``message.embeds[0].fields[1].value``, ``select.options[0].label``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

BUTTON = 2
SELECT_TYPES = (3, 5, 6, 7, 8)  # string, user, role, mentionable, channel selects
ACTION_ROW = 1


@dataclass(frozen=True)
class Button:
    """A button of a message (``custom_id`` is ``None`` for link buttons)."""

    custom_id: str | None
    label: str | None
    style: int
    disabled: bool
    url: str | None
    emoji: str | None
    raw: dict[str, Any]


@dataclass(frozen=True)
class SelectOption:
    """One option of a string select menu."""

    label: str
    value: str
    description: str | None
    default: bool
    emoji: str | None


@dataclass(frozen=True)
class Select:
    """A select menu of a message (``type`` 3 is a string select)."""

    custom_id: str
    type: int
    placeholder: str | None
    min_values: int
    max_values: int
    disabled: bool
    options: tuple[SelectOption, ...]
    raw: dict[str, Any]

    def option(self, label_or_value: str) -> SelectOption:
        """Return the option whose value (preferred) or label equals ``label_or_value``."""
        for opt in self.options:
            if opt.value == label_or_value:
                return opt
        for opt in self.options:
            if opt.label == label_or_value:
                return opt
        raise KeyError(f"select {self.custom_id!r} has no option {label_or_value!r}")


Interactive = Button | Select


@dataclass(frozen=True)
class EmbedField:
    """One field of an embed."""

    name: str
    value: str
    inline: bool


@dataclass(frozen=True)
class Embed:
    """An embed as the bot sent it (missing parts are ``None`` / empty)."""

    title: str | None
    description: str | None
    url: str | None
    color: int | None
    fields: tuple[EmbedField, ...]
    footer: str | None
    author: str | None
    image_url: str | None
    thumbnail_url: str | None
    raw: dict[str, Any]

    @property
    def text(self) -> str:
        """All visible text of the embed joined by newlines (handy for ``in`` assertions)."""
        parts = [self.title, self.author, self.description]
        for fld in self.fields:
            parts.extend((fld.name, fld.value))
        parts.append(self.footer)
        return "\n".join(p for p in parts if p)


def _emoji_text(raw: dict[str, Any] | None) -> str | None:
    if not raw:
        return None
    name = raw.get("name")
    return str(name) if name is not None else None


def parse_embed(raw: dict[str, Any]) -> Embed:
    """Parse one embed dict (as in a message payload)."""
    fields = tuple(
        EmbedField(str(f.get("name", "")), str(f.get("value", "")), bool(f.get("inline", False)))
        for f in raw.get("fields", [])
    )
    footer = raw.get("footer") or {}
    author = raw.get("author") or {}
    image = raw.get("image") or {}
    thumb = raw.get("thumbnail") or {}
    return Embed(
        title=raw.get("title"),
        description=raw.get("description"),
        url=raw.get("url"),
        color=raw.get("color"),
        fields=fields,
        footer=footer.get("text"),
        author=author.get("name"),
        image_url=image.get("url"),
        thumbnail_url=thumb.get("url"),
        raw=raw,
    )


def parse_interactive(raw: dict[str, Any]) -> Interactive | None:
    """Parse a button or select dict; other component types give ``None``."""
    ctype = raw.get("type")
    if ctype == BUTTON:
        return Button(
            custom_id=raw.get("custom_id"),
            label=raw.get("label"),
            style=int(raw.get("style", 1)),
            disabled=bool(raw.get("disabled", False)),
            url=raw.get("url"),
            emoji=_emoji_text(raw.get("emoji")),
            raw=raw,
        )
    if ctype in SELECT_TYPES:
        options = tuple(
            SelectOption(
                label=str(o.get("label", "")),
                value=str(o.get("value", "")),
                description=o.get("description"),
                default=bool(o.get("default", False)),
                emoji=_emoji_text(o.get("emoji")),
            )
            for o in raw.get("options", [])
        )
        return Select(
            custom_id=str(raw.get("custom_id", "")),
            type=int(ctype),
            placeholder=raw.get("placeholder"),
            min_values=int(raw.get("min_values", 1)),
            max_values=int(raw.get("max_values", 1)),
            disabled=bool(raw.get("disabled", False)),
            options=options,
            raw=raw,
        )
    return None


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Flatten nested component dicts (action rows, containers, sections) depth-first."""
    out: list[dict[str, Any]] = []
    for comp in components:
        out.append(comp)
        out.extend(walk_components(comp.get("components", [])))
        accessory = comp.get("accessory")
        if isinstance(accessory, dict):
            out.extend(walk_components([accessory]))
    return out


def parse_rows(components: list[dict[str, Any]]) -> list[list[Interactive]]:
    """Return the buttons and selects of each top-level action row."""
    rows: list[list[Interactive]] = []
    for comp in components:
        if comp.get("type") != ACTION_ROW:
            continue
        row = [p for p in (parse_interactive(c) for c in comp.get("components", [])) if p]
        rows.append(row)
    return rows


def parse_interactives(components: list[dict[str, Any]]) -> list[Interactive]:
    """Return every button and select found anywhere in ``components``."""
    return [p for p in (parse_interactive(c) for c in walk_components(components)) if p]
