"""The settings a table chooses before its game starts: options, presets and their validation.

A game declares its options once (:class:`Option`), with a default, the values it allows and
one line of help; the Discord layer turns them into command choices and the host validates what
a player typed with :func:`resolve_options` before the game sees it. A :class:`Preset` is a
named set of option values (Stick'em's "classic" and "amigo"); options a player gives override
the preset's.

Decision: option values are whole numbers or short words (``str | int``), never None, so that
they store as JSON and fit a slash-command choice; an option with a special non-numeric value
(Stick'em's "one round per player") lists that word among its ``choices`` beside its range.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from tabletop.catalog import Text
from tabletop.texts import alternatives, t

__all__ = ["MAX_NUMBER_DIGITS", "Option", "OptionError", "OptionValue", "Preset", "resolve_options"]

OptionValue = str | int
"""The value of one option."""

MAX_NUMBER_DIGITS: Final = 9
"""Longer digit strings are refused before ``int()`` sees them (no int-from-string overflow)."""


class OptionError(ValueError):
    """A setting that is not allowed; nothing was started or changed.

    ``key`` names the kind of refusal for a message catalog (``unknown_option``,
    ``not_allowed``, ``unknown_preset``, ``players``), ``params`` fill its blanks; ``message``
    is the sentence, a plain string or a game's :class:`~tabletop.catalog.Text` (shown in the
    reader's language); ``str()`` is the English sentence.
    """

    def __init__(self, key: str, message: str | Text, **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.message = message
        self.params = params

    def __str__(self) -> str:
        return str(self.message)


@dataclass(frozen=True)
class Option:
    """One option of a game: its name, what it means, its default and the values it allows.

    ``choices`` are the words it accepts; ``minimum``..``maximum`` (both set, or neither) the
    whole numbers it accepts. An option has choices, a range, or both.
    """

    name: str
    help: str | Text
    """What the option means, in one line: a string, or a catalog text shown in the reader's
    language (``str()`` is English)."""
    default: OptionValue
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        if (self.minimum is None) != (self.maximum is None):
            raise ValueError(f"option {self.name!r}: give both minimum and maximum, or neither")
        if not self.choices and self.minimum is None:
            raise ValueError(f"option {self.name!r} allows no value")
        if self.minimum is not None and self.maximum is not None and self.minimum > self.maximum:
            raise ValueError(f"option {self.name!r}: minimum {self.minimum} > maximum {self.maximum}")
        self.parse(self.default)  # the default must be allowed

    @property
    def is_number(self) -> bool:
        """Whether the option takes whole numbers (possibly beside some words)."""
        return self.minimum is not None

    def allowed(self) -> Text:
        """The values this option takes, in words, shown in the reader's language: ``'a', 'b' or
        a whole number from 1 to 20`` (the words as they are typed, in every language)."""
        parts: list[Text] = [t("option.word", word=choice) for choice in self.choices]
        if self.minimum is not None and self.maximum is not None:
            parts.append(t("option.number_range", low=self.minimum, high=self.maximum))
        listed = alternatives(parts)
        assert isinstance(listed, Text)  # texts in, a text out
        return listed

    def parse(self, raw: object) -> OptionValue:
        """The value ``raw`` stands for (text as typed, or a number); :class:`OptionError` if
        this option does not allow it."""
        if isinstance(raw, str):
            text = raw.strip().lower()
            if text in self.choices:
                return text
            digits = text.removeprefix("-")
            if self.minimum is not None and digits.isdigit() and len(digits) <= MAX_NUMBER_DIGITS:
                raw = int(text)
        if isinstance(raw, int) and not isinstance(raw, bool) and self.minimum is not None:
            assert self.maximum is not None
            if self.minimum <= raw <= self.maximum:
                return raw
        shown = raw if not isinstance(raw, str) or len(raw) <= 40 else raw[:40] + "…"
        allowed = self.allowed()
        raise OptionError(
            "not_allowed",
            t("option.not_allowed", option=self.name, value=repr(shown), allowed=allowed),
            option=self.name,
            value=shown,
            allowed=allowed,
        )


@dataclass(frozen=True)
class Preset:
    """A named set of option values that a table can start from."""

    name: str
    help: str | Text
    """What the preset is, in one line (a string or a catalog text, as :attr:`Option.help`)."""
    values: Mapping[str, OptionValue] = field(default_factory=dict)


def resolve_options(
    options: Sequence[Option],
    raw: Mapping[str, object],
    presets: Sequence[Preset] = (),
) -> dict[str, OptionValue]:
    """Every option's value for a table that asked for ``raw``: the named preset's values (the
    first preset when none is named; key ``"preset"``), overridden by ``raw``, defaults for the
    rest. The result names the preset too when the game has presets.

    :class:`OptionError` for an unknown option or preset, or a value an option does not allow.
    """
    by_name = {option.name: option for option in options}
    values: dict[str, OptionValue] = {option.name: option.default for option in options}
    given = dict(raw)
    if presets:
        wanted = given.pop("preset", None)
        names = [preset.name for preset in presets]
        chosen = presets[0]
        if wanted is not None:
            text = str(wanted).strip().lower()
            match = next((preset for preset in presets if preset.name == text), None)
            if match is None:
                shown = str(wanted)[:40]
                raise OptionError(
                    "unknown_preset",
                    t("option.unknown_preset", value=repr(shown), known=", ".join(names)),
                    value=shown,
                    allowed=", ".join(names),
                )
            chosen = match
        values.update(chosen.values)
        values["preset"] = chosen.name
    for name, value in given.items():
        option = by_name.get(name)
        if option is None:
            known: str | Text = ", ".join(by_name) or t("option.no_options")
            raise OptionError(
                "unknown_option",
                t("option.unknown_option", option=repr(str(name)[:40]), known=known),
                option=str(name)[:40],
                allowed=known,
            )
        values[name] = option.parse(value)
    return values
