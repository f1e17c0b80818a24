"""The message catalog: every sentence the host and the Discord layer show players, by key.

The texts live in data files next to this module, one per language: ``en.toml`` (English, the
catalog every other language falls back to) and, later, one more file per language. A file maps
dotted keys to :meth:`str.format` templates::

    [lobby]
    joined = "You joined the {title} table (seat {seat})."

and the code asks for a text by key, giving each field of its template by name::

    text("lobby.joined", title=table.title, seat=3)

A template's fields are those of its English entry: a call must give exactly those (a missing
or an unknown one raises :class:`CatalogError`, as does an unknown key), so a typo fails at
once, and ``tests/host/test_catalog.py`` checks every call of the code against ``en.toml``.

**Adding a language** is one file: copy ``en.toml`` to ``<code>.toml`` in this folder (``code``:
the Discord locale it serves, e.g. ``de``, ``fr``, ``es-ES`` or ``pt-BR``; :func:`language_for`
maps a Discord locale to it), translate the values and leave the keys and the ``{fields}`` as
they are (a field may be left out of a translation, none added). An entry left out is shown in
English. Ask for it with ``text(key, language="de", ...)``; the slash commands' descriptions are
translated by Discord itself from the same files (see :mod:`bot.boot.command_text`).

Pure Python (standard library only): the host uses it without Discord. The files are read once,
on first use.
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Mapping
from importlib import resources
from importlib.abc import Traversable
from types import MappingProxyType

DEFAULT_LANGUAGE = "en"
"""The language of the catalog every other one falls back to."""

_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(?:-[A-Z]{2})?")
"""What a catalog file's name (without ``.toml``) must look like: a Discord locale's code."""

_FIELD = re.compile(r"[a-z_][a-z0-9_]*")
"""What a template's field must be called: a plain name (no attribute or index access)."""


class CatalogError(LookupError):
    """A catalog bug: an unknown key, a text asked for without one of its fields or with one it
    does not have, or a catalog file that does not fit the English one."""


def placeholders(template: str) -> frozenset[str]:
    """The names of the fields of a :meth:`str.format` template (``{name}``, ``{name!r}``,
    ``{name:%Y-%m-%d}``...)."""
    return frozenset(
        name for _, name, _, _ in string.Formatter().parse(template) if name is not None
    )


def _flatten(table: Mapping[str, object], prefix: str, into: dict[str, str], source: str) -> None:
    """Put the strings of a (nested) TOML table into ``into`` under their dotted keys."""
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, str):
            into[key] = value
        elif isinstance(value, dict):
            _flatten(value, f"{key}.", into, source)
        else:
            raise CatalogError(f"{source}: {key} is not a text or a table of texts")


class Catalog:
    """The texts of every language found in ``folder`` (one ``<code>.toml`` per language, one of
    them :data:`DEFAULT_LANGUAGE`), each file read once, on first use."""

    def __init__(self, folder: Traversable) -> None:
        self._folder = folder
        self._languages: tuple[str, ...] | None = None
        self._entries: dict[str, Mapping[str, str]] = {}
        self._fields: dict[str, frozenset[str]] = {}

    def languages(self) -> tuple[str, ...]:
        """The languages there is a file for, the default one first."""
        if self._languages is None:
            found = sorted(
                item.name.removesuffix(".toml")
                for item in self._folder.iterdir()
                if item.name.endswith(".toml") and _LANGUAGE_CODE.fullmatch(item.name.removesuffix(".toml"))
            )
            if DEFAULT_LANGUAGE not in found:
                raise CatalogError(f"no {DEFAULT_LANGUAGE}.toml in the catalog folder")
            found.remove(DEFAULT_LANGUAGE)
            self._languages = (DEFAULT_LANGUAGE, *found)
        return self._languages

    def entries(self, language: str = DEFAULT_LANGUAGE) -> Mapping[str, str]:
        """Every entry of ``language``'s file, by dotted key (read and checked on first use:
        :class:`CatalogError` for a language without a file, a key English does not have or a
        field its English entry does not have)."""
        loaded = self._entries.get(language)
        if loaded is not None:
            return loaded
        if language not in self.languages():
            raise CatalogError(f"there is no catalog for the language {language!r}")
        source = f"{language}.toml"
        try:
            data = tomllib.loads(self._folder.joinpath(source).read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise CatalogError(f"{source} is not valid TOML: {exc}") from exc
        flat: dict[str, str] = {}
        _flatten(data, "", flat, source)
        for key, template in flat.items():
            try:
                fields = placeholders(template)
            except ValueError as exc:
                raise CatalogError(f"{source}: {key} is not a valid template: {exc}") from exc
            odd = sorted(name for name in fields if not _FIELD.fullmatch(name))
            if odd:
                raise CatalogError(f"{source}: {key} has fields that are not plain names: {odd}")
            if language != DEFAULT_LANGUAGE:
                english = self.entries(DEFAULT_LANGUAGE)
                if key not in english:
                    raise CatalogError(f"{source}: {key} is not a key of {DEFAULT_LANGUAGE}.toml")
                extra = sorted(fields - self.fields(key))
                if extra:
                    raise CatalogError(f"{source}: {key} has fields the English text has not: {extra}")
        entries = MappingProxyType(flat)
        self._entries[language] = entries
        return entries

    def fields(self, key: str) -> frozenset[str]:
        """The fields a text must be given: those of its English entry."""
        fields = self._fields.get(key)
        if fields is None:
            template = self.entries(DEFAULT_LANGUAGE).get(key)
            if template is None:
                raise CatalogError(f"the catalog has no text {key!r}")
            fields = self._fields[key] = placeholders(template)
        return fields

    def translation(self, key: str, language: str) -> str | None:
        """``language``'s own template for ``key``, if its file has one (no fallback)."""
        if language not in self.languages():
            return None
        return self.entries(language).get(key)

    def text(self, key: str, /, *, language: str = DEFAULT_LANGUAGE, **fields: object) -> str:
        """The text of ``key`` in ``language`` (in English where that language has no file or no
        such entry), its fields filled in. :class:`CatalogError` for an unknown key, or when
        ``fields`` are not exactly those the entry names."""
        wanted = self.fields(key)
        if wanted != set(fields):
            raise CatalogError(f"the text {key!r} takes the fields {sorted(wanted)}, not {sorted(fields)}")
        template = self.translation(key, language) if language != DEFAULT_LANGUAGE else None
        return (template or self.entries(DEFAULT_LANGUAGE)[key]).format(**fields)


CATALOG = Catalog(resources.files(__name__))
"""The bot's catalog: the files of this folder."""


def text(key: str, /, *, language: str = DEFAULT_LANGUAGE, **fields: object) -> str:
    """The player-facing text of ``key``, in ``language`` (default English), with ``fields``
    filled in (see :meth:`Catalog.text`; a field may not be called ``language``)."""
    return CATALOG.text(key, language=language, **fields)


def language_for(locale: str) -> str | None:
    """The catalog language for a Discord locale ("de", "es-ES", "en-US"...): its own file,
    else the file of its language without the region ("es" for "es-ES"); None if there is none."""
    languages = CATALOG.languages()
    if locale in languages:
        return locale
    base = locale.split("-")[0]
    return base if base in languages else None
