"""Stick'em's message catalog: every text a player reads of the game, by key, in their language.

The texts live in ``stickem/catalog/<language>.toml`` (``en.toml``, the one every other falls
back to, and ``de.toml``: Sticheln as German players say it). The presentation asks for them with
:func:`t` and gets a :class:`tabletop.catalog.Text`, filled in only when shown, in the reader's
language (see :mod:`tabletop.catalog` and "Texts and languages" in ``docs/architecture.md``).

A message is made of lines and lists whose number varies (a hand, the players of a table): they
are joined by :func:`lines`, :func:`comma_list` and :func:`and_list`, texts themselves, so that
each part is still shown in the reader's language.

:data:`SPEC_TEXTS` are the words of the game's description for the host (its title, description,
the options' and presets' help, the stat's label): :class:`tabletop.GameSpec` takes plain English
strings for them today, so :func:`spec_text` offers them by key for the host to adopt.

The engine never imports this module: only the presentation and the hosting adapter do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Final

from tabletop.catalog import DEFAULT_LANGUAGE, Catalog, Field, Text

__all__ = [
    "CATALOG",
    "COLOUR_KEYS",
    "DYNAMIC_KEYS",
    "JOIN_KEYS",
    "SPEC_TEXTS",
    "Clipped",
    "and_list",
    "clipped",
    "comma_list",
    "lines",
    "spec_text",
    "t",
]

CATALOG: Final = Catalog(resources.files("stickem") / "catalog")
"""Stick'em's texts in every language it has a file for."""


def t(key: str, /, **fields: Field) -> Text:
    """The game's text ``key`` with its ``fields``, shown later in the reader's language."""
    return CATALOG.lazy(key, **fields)


def _joined(parts: Sequence[Field], *, and_last: bool | None = False) -> Text:
    """``parts`` as one text, each joined to the rest by a comma (``and_last``: the last two by
    "and") or, when neither, by a line break. At least one part."""
    if not parts:
        raise ValueError("nothing to join")
    joined = t("join.one", text=parts[-1])
    for index in range(len(parts) - 2, -1, -1):
        first = parts[index]
        if and_last is None:
            joined = t("join.line", first=first, rest=joined)
        elif and_last and index == len(parts) - 2:
            joined = t("join.and", first=first, rest=joined)
        else:
            joined = t("join.comma", first=first, rest=joined)
    return joined


def lines(parts: Sequence[Field]) -> Text:
    """``parts`` one per line (an empty string: a blank line)."""
    return _joined(parts, and_last=None)


def comma_list(parts: Sequence[Field], empty: Text) -> Text:
    """``parts`` separated by commas ("red 2, red 7"), or ``empty`` when there are none."""
    return _joined(parts) if parts else empty


def and_list(parts: Sequence[Field]) -> Text:
    """``parts`` as a list in words: "ann", "ann and bob", "ann, bob and cy"."""
    return _joined(parts, and_last=True)


@dataclass(frozen=True)
class Clipped(Text):
    """A text cut, once shown, to ``limit`` characters, an ellipsis marking a cut (a message
    within Discord's limits in every language)."""

    limit: int = 2000

    def render(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The text in ``language``, cut to :attr:`limit` characters."""
        shown = super().render(language)
        if len(shown) <= self.limit:
            return shown
        return shown[: self.limit - 1] + "\N{HORIZONTAL ELLIPSIS}"


def clipped(text: Field, limit: int) -> Text:
    """``text`` cut to ``limit`` characters once shown (:class:`Clipped`)."""
    return Clipped(CATALOG, "join.one", (("text", text),), limit)


COLOUR_KEYS: Final = tuple(f"colour.{name}" for name in ("green", "brown", "red", "blue", "yellow", "violet"))
"""The names of the six colours (``colour.<the engine's name>``), asked for by the colour."""

SPEC_TEXTS: Final = (
    "spec.title",
    "spec.description",
    "option.rounds.help",
    "option.all_zero.help",
    "option.first_lead.help",
    "option.min_players.help",
    "option.max_players.help",
    "preset.classic.help",
    "preset.amigo.help",
    "preset.online.help",
    "stat.misery_swallowed",
)
"""The words of the game's :class:`tabletop.GameSpec` (title, description, each option's and
preset's help, the stat's label), English in ``en.toml`` as the spec has them."""

JOIN_KEYS: Final = ("join.one", "join.line", "join.comma", "join.and")
"""How the parts of a text are put together, asked for here (by :func:`lines`, :func:`comma_list`,
:func:`and_list` and :func:`clipped`)."""

DYNAMIC_KEYS: Final = frozenset((*COLOUR_KEYS, *SPEC_TEXTS, *JOIN_KEYS))
"""Every key not asked for by a literal ``t("key")`` in a module that imports :func:`t`: those
built at run time, and those this module asks for itself."""


def spec_text(key: str) -> Text:
    """One of :data:`SPEC_TEXTS` (``spec.title``, ``option.rounds.help``...); KeyError for
    another key."""
    if key not in SPEC_TEXTS:
        raise KeyError(f"{key!r} is not one of the game's spec texts")
    return t(key)
