"""The protocol's own message catalog: the words every game shares when a player's options are
refused (:mod:`tabletop.options`), by key, in the reader's language.

The texts live in ``tabletop/catalog/<language>.toml`` (``en.toml``, the one every other falls
back to, and ``de.toml``), as a game's live in ``<game>/catalog/``; :func:`t` names one as a
:class:`tabletop.catalog.Text`, filled in only when shown (see :mod:`tabletop.catalog`).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Final

from tabletop.catalog import Catalog, Field, Text

__all__ = ["CATALOG", "DYNAMIC_KEYS", "alternatives", "t"]

CATALOG: Final = Catalog(resources.files("tabletop") / "catalog")
"""The protocol's texts in every language it has a file for."""

DYNAMIC_KEYS: Final = frozenset({"join.comma", "join.or"})
"""The keys this module asks for itself (by :func:`alternatives`)."""


def t(key: str, /, **fields: Field) -> Text:
    """The protocol's text ``key`` with its ``fields``, shown later in the reader's language."""
    return CATALOG.lazy(key, **fields)


def alternatives(parts: Sequence[Field]) -> Field:
    """``parts`` as alternatives in words: "a", "a or b", "a, b or c" (each part shown in the
    reader's language). ValueError for no parts."""
    if not parts:
        raise ValueError("no alternatives to list")
    listed: Field = parts[-1]
    if len(parts) > 1:
        listed = t("join.or", first=parts[-2], rest=listed)
    for part in reversed(parts[:-2]):
        listed = t("join.comma", first=part, rest=listed)
    return listed
