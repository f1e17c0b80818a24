"""The host's message catalog: every sentence the host and the Discord layer show players, by key.

The texts live in data files next to this module, one per language: ``en.toml`` (English, the
catalog every other language falls back to) and one more file per language. A file maps dotted
keys to :meth:`str.format` templates (plural forms and numbers as :mod:`tabletop.catalog`, which
holds the catalog machinery that the games' catalogs use too)::

    [lobby]
    joined = "You joined the {title} table (seat {seat})."

and the code asks for a text by key, giving each field of its template by name::

    text("lobby.joined", title=table.title, seat=3)

A template's fields are those of its English entry: a call must give exactly those (a missing
or an unknown one raises :class:`CatalogError`, as does an unknown key), so a typo fails at
once, and ``tests/host/test_catalog.py`` checks every call of the code against ``en.toml``. A
field may be a game's :class:`tabletop.catalog.Text` (what a seat must do now): it is shown in
the same language.

**Adding a language** is one file: copy ``en.toml`` to ``<code>.toml`` in this folder (``code``:
the Discord locale it serves, e.g. ``de``, ``fr``, ``es-ES`` or ``pt-BR``; :func:`language_for`
maps a Discord locale to it), translate the values and leave the keys and the ``{fields}`` as
they are (a field may be left out of a translation, none added). An entry left out is shown in
English. Ask for it with ``text(key, language="de", ...)``; the slash commands' descriptions are
translated by Discord itself from the same files (see :mod:`bot.boot.command_text`). The
checklist for a whole language (the games' catalogs too) is in ``docs/languages.md``.

No Discord here: the host uses it without Discord. The files are read once, on first use.
"""

from __future__ import annotations

from importlib import resources

from tabletop.catalog import DEFAULT_LANGUAGE, Catalog, CatalogError, Field, Text, placeholders, render

__all__ = [
    "CATALOG",
    "DEFAULT_LANGUAGE",
    "Catalog",
    "CatalogError",
    "Text",
    "Words",
    "language_for",
    "lazy",
    "placeholders",
    "render",
    "text",
]

Words = str | Text
"""What the host hands up for a player to read: a catalog text still to be filled in in the
reader's language, or words that are the same in every language (a name)."""

CATALOG = Catalog(resources.files(__name__))
"""The bot's catalog: the files of this folder."""


def text(key: str, /, *, language: str = DEFAULT_LANGUAGE, **fields: object) -> str:
    """The player-facing text of ``key``, in ``language`` (default English), with ``fields``
    filled in (see :meth:`Catalog.text`; a field may not be called ``language``)."""
    return CATALOG.text(key, language=language, **fields)


def lazy(key: str, /, **fields: Field) -> Text:
    """The text of ``key`` with ``fields``, checked now and filled in only when shown, in its
    reader's language (:func:`render`): what the host hands up, so that the Discord layer chooses
    each reader's language (see :meth:`Catalog.lazy`)."""
    return CATALOG.lazy(key, **fields)


def language_for(locale: str) -> str | None:
    """The catalog language for a Discord locale ("de", "es-ES", "en-US"...): its own file,
    else the file of its language without the region ("es" for "es-ES"); None if there is none."""
    return CATALOG.language_for(locale)
