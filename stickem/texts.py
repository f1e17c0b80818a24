"""Stick'em's message catalog: every text a player reads of the game, by key, in their language.

The texts live in ``stickem/catalog/<language>.toml`` (``en.toml``, the one every other falls
back to, and ``de.toml``: Sticheln as German players say it). The presentation asks for them with
:func:`t` and gets a :class:`tabletop.catalog.Text`, filled in only when shown, in the reader's
language (see :mod:`tabletop.catalog` and "Texts and languages" in ``docs/architecture.md``).

A message is made of lines and lists whose number varies (a hand, the players of a table): they
are joined by :func:`lines`, :func:`comma_list` and :func:`and_list` into one :class:`Joined`
text, so that each part is still shown in the reader's language.

:data:`SPEC_TEXTS` are the words of the game's description for the host (its title, description,
the options' and presets' help, the stat's label): the :class:`tabletop.GameSpec` gives them as
catalog texts (:func:`spec_text`), shown in the reader's language.

The engine never imports this module: only the presentation and the hosting adapter do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Final

from tabletop.catalog import DEFAULT_LANGUAGE, Catalog, CatalogError, Field, Text, render
from tabletop.chart_keys import CHART_KEYS
from tabletop.console import SEAT_NAME_KEYS, TRICK_WON_KEYS
from tabletop.replay import step_keys

__all__ = [
    "CARD_KEYS",
    "CATALOG",
    "COLOUR_KEYS",
    "DYNAMIC_KEYS",
    "JOIN_KEYS",
    "SPEC_TEXTS",
    "Clipped",
    "Joined",
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


@lru_cache(maxsize=256)
def _separator(catalog: Catalog, key: str, language: str) -> str:
    """What the join entry ``key`` (``{first}<separator>{rest}``) puts between two parts in
    ``language``."""
    shown = catalog.fill(key, language, {"first": "\x00", "rest": "\x01"})
    if not (shown.startswith("\x00") and shown.endswith("\x01") and shown.count("\x00") == 1):
        raise CatalogError(f"{key} in {language!r} must be {{first}}, a separator and {{rest}}: {shown!r}")
    return shown[1:-1]


@dataclass(frozen=True)
class Joined(Text):
    """Parts shown one after the other, each part in the reader's language: between two parts the
    separator of the entry ``pair`` (``join.line``, ``join.comma``), between the last two that of
    ``last_pair`` (``join.and``). Made by :func:`lines`, :func:`comma_list` and :func:`and_list`;
    one text however many parts, so a long message costs one text per part."""

    parts: tuple[str | Text, ...] = ()
    pair: str = "join.comma"
    last_pair: str = "join.comma"

    def render(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The parts in ``language``, joined."""
        shown = [render(part, language) for part in self.parts]
        if len(shown) < 2:
            return "".join(shown)
        last = _separator(self.catalog, self.last_pair, language)
        head = _separator(self.catalog, self.pair, language).join(shown[:-1])
        return f"{head}{last}{shown[-1]}"


def _joined(parts: Sequence[str | Text], pair: str, last_pair: str) -> Text:
    """``parts`` as one :class:`Joined` text."""
    return Joined(CATALOG, "join.one", (("text", ""),), tuple(parts), pair, last_pair)


def lines(parts: Sequence[str | Text]) -> Text:
    """``parts`` one per line (an empty string: a blank line)."""
    return _joined(parts, "join.line", "join.line")


def comma_list(parts: Sequence[str | Text], empty: Text) -> Text:
    """``parts`` separated by commas ("red 2, red 7"), or ``empty`` when there are none."""
    return _joined(parts, "join.comma", "join.comma") if parts else empty


def and_list(parts: Sequence[str | Text]) -> Text:
    """``parts`` as a list in words: "ann", "ann and bob", "ann, bob and cy"."""
    return _joined(parts, "join.comma", "join.and")


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

CARD_KEYS: Final = ("card.name", "card.shown")
"""A card's words, asked for once per card by :mod:`stickem.card_text` (``CardWords``)."""

STEP_KEYS: Final = step_keys(
    "deal", "misery", "trick", "trick_last", "trick_set_aside", "trick_set_aside_last"
)
"""The words of a replay's steps (:mod:`stickem.replay`'s labels), which the host reads."""

DYNAMIC_KEYS: Final = frozenset(
    (
        *COLOUR_KEYS,
        *CARD_KEYS,
        *SPEC_TEXTS,
        *JOIN_KEYS,
        *CHART_KEYS,
        *SEAT_NAME_KEYS,
        *TRICK_WON_KEYS,
        *STEP_KEYS,
    )
)
"""Every key not asked for by a literal ``t("key")`` in a module that imports :func:`t`: those
built at run time, and those this module asks for itself."""


def spec_text(key: str) -> Text:
    """One of :data:`SPEC_TEXTS` (``spec.title``, ``option.rounds.help``...); KeyError for
    another key."""
    if key not in SPEC_TEXTS:
        raise KeyError(f"{key!r} is not one of the game's spec texts")
    return t(key)
