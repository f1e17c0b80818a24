"""Stick Game's presentation as an English reader sees it: every :class:`tabletop.catalog.Text`
of its messages filled in in English, so that the tests compare what a player reads."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tabletop.catalog import Text, render
from tabletop.options import OptionValue
from tabletop.presentation import Act, Button, Component, EmbedField, Message, Redraw


def english_component(item: Component) -> Component:
    """A button or select with its texts in English."""
    if isinstance(item, Button):
        return replace(item, label=render(item.label))
    choices = tuple(
        replace(choice, label=render(choice.label), description=render(choice.description))
        for choice in item.choices
    )
    return replace(item, placeholder=render(item.placeholder), choices=choices)


def english(message: Message) -> Message:
    """``message`` with every text in English."""
    embeds = tuple(
        replace(
            embed,
            title=render(embed.title),
            description=render(embed.description),
            footer=render(embed.footer),
            fields=tuple(EmbedField(render(f.name), render(f.value), f.inline) for f in embed.fields),
        )
        for embed in message.embeds
    )
    rows = tuple(tuple(english_component(item) for item in row) for row in message.rows)
    return Message(render(message.content), embeds, rows)


def _maybe(message: Message | None) -> Message | None:
    return None if message is None else english(message)


def _text(value: str | Text | None) -> str | None:
    return None if value is None else render(value)


class EnglishPresentation:
    """The game's presentation with each answer's texts in English (the same methods)."""

    def __init__(self, presentation: object) -> None:
        self._p: object = presentation

    def options_line(self, options: dict[str, OptionValue], players: int | None) -> str:
        return render(self._p.options_line(options, players))  # type: ignore[attr-defined]

    def rules(self) -> Message:
        return english(self._p.rules())  # type: ignore[attr-defined]

    def table(self, view: object, names: Sequence[str], *, notes: Sequence[str], stopped: bool) -> Message:
        return english(self._p.table(view, names, notes=notes, stopped=stopped))  # type: ignore[attr-defined]

    def round_closed(self, events: Sequence[object], view: object, names: Sequence[str]) -> Message | None:
        return _maybe(self._p.round_closed(events, view, names))  # type: ignore[attr-defined]

    def reports(self, events: Sequence[object], view: object, names: Sequence[str]) -> tuple[Message, ...]:
        return tuple(english(m) for m in self._p.reports(events, view, names))  # type: ignore[attr-defined]

    def prompt(self, view: object, names: Sequence[str], *, draft: str = "") -> Message:
        return english(self._p.prompt(view, names, draft=draft))  # type: ignore[attr-defined]

    def click(self, view: object, intent: str, values: Sequence[str]) -> Act | Redraw:
        return self._p.click(view, intent, values)  # type: ignore[attr-defined, no-any-return]

    def acted(self, view: object, action: str, names: Sequence[str]) -> Message | None:
        return _maybe(self._p.acted(view, action, names))  # type: ignore[attr-defined]

    def reply(self, action: str, view: object) -> str:
        return render(self._p.reply(action, view))  # type: ignore[attr-defined]

    def stale(self, stage: str, view: object) -> str | None:
        return _text(self._p.stale(stage, view))  # type: ignore[attr-defined]

    def todo(self, view: object) -> str:
        return render(self._p.todo(view))  # type: ignore[attr-defined]

    def nudge(self, view: object) -> str:
        return render(self._p.nudge(view))  # type: ignore[attr-defined]
