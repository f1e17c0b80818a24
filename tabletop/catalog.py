"""Message catalogs: every text a player reads, by key, in each reader's language.

A catalog is a folder of TOML files, one per language: ``en.toml`` (English, the language every
other one falls back to) and one ``<code>.toml`` per translation (``de``, ``es-ES``, ``pt-BR``:
Discord's locale codes). The host keeps one (``host/catalog/``) and each game its own, beside its
package (``<game>/catalog/``), so that a game brings its texts with it. A file maps dotted keys to
:meth:`str.format` templates::

    [lobby]
    joined = "You joined the {title} table (seat {seat})."
    cards = { one = "{count} card", other = "{count} cards" }

- **Fields** are plain names. A text must be given exactly the fields of its English entry (a
  missing, an unknown field or an unknown key raises :class:`CatalogError` at once); a
  translation may leave a field out, never add one.
- **Plurals**: an entry that is a table of CLDR plural forms (``zero``, ``one``, ``two``, ``few``,
  ``many``, ``other``) is one text, its form chosen by the field ``count`` with the language's
  plural rules (Babel's CLDR data). Each language's entry has exactly the forms its language
  uses (English and German: ``one`` and ``other``; Russian: ``one``, ``few``, ``many``,
  ``other``); a translation may also be a plain string, the same for every count.
- **Numbers**: ``{points:n}`` writes a number as the language writes numbers (Babel: ``1,234``
  in English, ``1.234`` in German); a bare ``{points}`` writes plain digits, as the ids of
  mentions (``<@{user}>``), years and seeds need. Any other format spec (``{seconds:.0f}``)
  is Python's.
- **Fallback**: a language without a file, or a file without the entry, shows English; a key
  never shows.
- **Terms**: a file's ``[terms]`` table names words that its entries write as fields but that
  the code does not give: ``{join}`` in an entry is written as the term ``join`` of the same
  language (English's where the language has none), and a term's own fields become the entry's
  (``mention = "<@{user}>"``: an entry that writes ``{mention}`` is given ``user``). The host's
  catalog keeps there how the Discord layer names a person and a command, so that the host's
  own texts name neither. A term is written as it is: no conversion, no format spec.

:meth:`Catalog.text` fills a text in at once; :meth:`Catalog.lazy` names it as a :class:`Text`, a
value that a game's presentation puts in its messages and that is filled in only when shown,
in the reader's language (:func:`render`). A field may itself be a :class:`Text` (a card's name
inside a sentence): it is shown in the same language.

The standard library only, but for Babel, imported on first need (a plural or a ``:n`` number),
so that importing the protocol loads nothing more.
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from functools import cache, lru_cache
from importlib.abc import Traversable
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from babel.core import Locale

__all__ = [
    "COUNT",
    "DEFAULT_LANGUAGE",
    "PLURAL_FORMS",
    "Catalog",
    "CatalogError",
    "Entry",
    "Field",
    "Text",
    "entry_fields",
    "format_number",
    "placeholders",
    "plural_form",
    "plural_forms",
    "render",
]

DEFAULT_LANGUAGE = "en"
"""The language of the texts every other one falls back to."""

PLURAL_FORMS = frozenset({"zero", "one", "two", "few", "many", "other"})
"""CLDR's plural categories: the keys of an entry that is a table of plural forms."""

COUNT = "count"
"""The field whose value chooses the plural form of a text."""

TERMS = "terms"
"""The table of a catalog file that holds its terms (see the module docstring)."""

_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(?:-[A-Z]{2})?")
"""What a catalog file's name (without ``.toml``) must look like: a Discord locale's code."""

_FIELD = re.compile(r"[a-z_][a-z0-9_]*")
"""What a template's field must be called: a plain name (no attribute or index access)."""

Entry = str | Mapping[str, str]

_NUMBERS = (int, float)
"""The types of a number field (a tuple: ``isinstance`` checks it quicker than ``int | float``)."""
"""A catalog entry: a template, or a table of templates by plural form."""


class CatalogError(LookupError):
    """A catalog bug: an unknown key, a text asked for without one of its fields or with one it
    does not have, or a catalog file that does not fit the English one."""


def placeholders(template: str) -> frozenset[str]:
    """The names of the fields of a :meth:`str.format` template (``{name}``, ``{name!r}``,
    ``{name:%Y-%m-%d}``...)."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name is not None)


def entry_fields(entry: Entry) -> frozenset[str]:
    """The fields of an entry: its template's, or those of all its plural forms and ``count``."""
    if isinstance(entry, str):
        return placeholders(entry)
    return frozenset({COUNT}).union(*(placeholders(form) for form in entry.values()))


@cache
def _locale(language: str) -> Locale:
    """Babel's data for a catalog language ("de", "pt-BR")."""
    from babel.core import Locale, UnknownLocaleError

    try:
        return Locale.parse(language, sep="-")
    except (UnknownLocaleError, ValueError) as exc:
        raise CatalogError(f"Babel knows no language {language!r}") from exc


def plural_forms(language: str) -> frozenset[str]:
    """The plural forms ``language`` uses, by CLDR's rules (always ``other`` among them)."""
    return frozenset(_locale(language).plural_form.tags | {"other"})


def plural_form(language: str, count: object) -> str:
    """The plural form ``language`` uses for ``count`` ("one" for 1 in English, "other" for 0)."""
    if isinstance(count, bool) or not isinstance(count, _NUMBERS):
        raise CatalogError(f"the field {COUNT!r} chooses a plural form: a number, not {count!r}")
    return _plural_form(language, count)


@lru_cache(maxsize=4096, typed=True)
def _plural_form(language: str, count: int | float) -> str:
    """:func:`plural_form` for a checked number, cached: Babel's rules take microseconds and the
    same few counts come back all the time (``typed``: ``1`` and ``1.0`` may differ)."""
    return str(_locale(language).plural_form(count))


@lru_cache(maxsize=4096)
def format_number(value: int | float, language: str) -> str:
    """``value`` as ``language`` writes numbers (``1,234.5`` in English, ``1.234,5`` in German)."""
    from babel.numbers import format_decimal

    return str(format_decimal(value, locale=_locale(language)))


class _Number:
    """A number field: ``{field:n}`` writes it in the text's language, any other spec as Python."""

    __slots__ = ("language", "value")

    def __init__(self, value: int | float, language: str) -> None:
        self.value = value
        self.language = language

    def __format__(self, spec: str) -> str:
        return format_number(self.value, self.language) if spec == "n" else format(self.value, spec)

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return repr(self.value)


def _check_template(template: str, key: str, source: str) -> frozenset[str]:
    """The fields of one template of ``source``; :class:`CatalogError` if it is not a template of
    plain fields."""
    try:
        fields = placeholders(template)
    except ValueError as exc:
        raise CatalogError(f"{source}: {key} is not a valid template: {exc}") from exc
    odd = sorted(name for name in fields if not _FIELD.fullmatch(name))
    if odd:
        raise CatalogError(f"{source}: {key} has fields that are not plain names: {odd}")
    return fields


def _flatten(table: Mapping[str, object], prefix: str, into: dict[str, Entry], source: str) -> None:
    """Put the entries of a (nested) TOML table into ``into`` under their dotted keys: a string,
    or a table whose keys are all plural forms, is an entry; another table holds more keys."""
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, str):
            into[key] = value
        elif isinstance(value, dict) and value and set(value) <= PLURAL_FORMS:
            if not all(isinstance(form, str) for form in value.values()):
                raise CatalogError(f"{source}: {key} has a plural form that is not a text")
            into[key] = MappingProxyType(dict(value))
        elif isinstance(value, dict):
            _flatten(value, f"{key}.", into, source)
        else:
            raise CatalogError(f"{source}: {key} is not a text or a table of texts")


def _with_terms(entry: Entry, terms: Mapping[str, str], key: str, source: str) -> Entry:
    """``entry`` with each field that names a term written as the term (each plural form)."""
    if not terms:
        return entry
    if isinstance(entry, str):
        return _template_with_terms(entry, terms, key, source)
    return MappingProxyType({form: _template_with_terms(t, terms, key, source) for form, t in entry.items()})


def _template_with_terms(template: str, terms: Mapping[str, str], key: str, source: str) -> str:
    """``template`` with each ``{term}`` replaced by the term's own template (its fields become
    the template's); :class:`CatalogError` for a term written with a conversion or a format."""
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError:
        return template  # not a template: _check_template says so
    if not any(name in terms for _, name, _, _ in parts):
        return template
    written: list[str] = []
    for literal, name, spec, conversion in parts:
        written.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is None:
            continue
        if name in terms:
            if spec or conversion:
                raise CatalogError(f"{source}: {key} writes the term {name!r} with a format")
            written.append(terms[name])
            continue
        converted = f"!{conversion}" if conversion else ""
        written.append("{" + name + converted + (f":{spec}" if spec else "") + "}")
    return "".join(written)


class Catalog:
    """The texts of every language found in ``folder`` (one ``<code>.toml`` per language, one of
    them :data:`DEFAULT_LANGUAGE`), each file read and checked once, on first use."""

    def __init__(self, folder: Traversable) -> None:
        self._folder = folder
        self._languages: tuple[str, ...] | None = None
        self._entries: dict[str, Mapping[str, Entry]] = {}
        self._fields: dict[str, frozenset[str]] = {}
        # What is remembered to make and show texts quickly; a catalog's files are read once and
        # never change after, so none of it goes stale. Discord locales to this catalog's
        # languages (language_for), by locale:
        self._resolved: dict[str, str | None] = {}
        # What a key shows to a reader of a language (_choose), by (key, language):
        self._choices: dict[tuple[str, str], _Choice] = {}
        # Texts without fields by key: each is one immutable value, made and checked once.
        self._bare: dict[str, Text] = {}
        # English's terms (read with its entries): every other language's fall back to them.
        self._terms: Mapping[str, str] = MappingProxyType({})

    def __repr__(self) -> str:
        return f"Catalog({self._folder!r})"

    def __reduce__(self) -> tuple[Callable[[Traversable], Catalog], tuple[Traversable]]:
        """Pickled as its folder (a refusal that crosses to or from a worker process carries
        its text, a hand's picture to draw its caption): every copy of it a process unpickles
        is one catalog of that process (:func:`_unpickled`), which reads the files once."""
        return (_unpickled, (self._folder,))

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

    def language_for(self, locale: str) -> str | None:
        """The language of this catalog for a Discord locale ("de", "es-ES", "en-US"...): its own
        file, else the file of its language without the region ("es" for "es-ES"); None if
        there is none."""
        try:
            return self._resolved[locale]
        except KeyError:
            pass
        languages = self.languages()
        base = locale.split("-")[0]
        found = locale if locale in languages else base if base in languages else None
        self._resolved[locale] = found  # a catalog's languages never change once read
        return found

    def entries(self, language: str = DEFAULT_LANGUAGE) -> Mapping[str, Entry]:
        """Every entry of ``language``'s file, by dotted key (read and checked on first use:
        :class:`CatalogError` for a language without a file, a key English does not have, a
        field its English entry does not have, or plural forms that are not its language's)."""
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
        terms = data.pop(TERMS, {})
        if not isinstance(terms, dict):
            raise CatalogError(f"{source}: [{TERMS}] is not a table of texts")
        flat: dict[str, Entry] = {}
        _flatten(data, "", flat, source)
        terms = self._read_terms(terms, language, source)
        expanded: dict[str, Entry] = {}
        for key, entry in flat.items():
            expanded[key] = entry = _with_terms(entry, terms, key, source)
            self._check_entry(key, entry, language, source)
        entries = MappingProxyType(expanded)
        self._entries[language] = entries
        return entries

    def _read_terms(self, table: dict[str, object], language: str, source: str) -> Mapping[str, str]:
        """The terms of ``language``'s file (its ``[terms]`` ``table``), English's where it has
        none of its own; :class:`CatalogError` for a term that is not a plain text, or one that
        English does not have."""
        odd = sorted(
            name for name, term in table.items() if not isinstance(term, str) or not _FIELD.fullmatch(name)
        )
        if odd:
            raise CatalogError(f"{source}: the terms {odd} are not texts named by plain names")
        own = {name: str(term) for name, term in table.items()}
        if language == DEFAULT_LANGUAGE:
            self._terms = MappingProxyType(own)
            return self._terms
        self.entries(DEFAULT_LANGUAGE)  # reads English's terms
        unknown = sorted(set(own) - set(self._terms))
        if unknown:
            raise CatalogError(f"{source}: the terms {unknown} are not terms of {DEFAULT_LANGUAGE}.toml")
        return {**self._terms, **own}

    def _check_entry(self, key: str, entry: Entry, language: str, source: str) -> None:
        """:class:`CatalogError` if ``entry`` of ``language``'s file does not fit (see
        :meth:`entries`)."""
        if isinstance(entry, str):
            fields = _check_template(entry, key, source)
        else:
            needed = plural_forms(language)
            if set(entry) != needed:
                missing, extra = sorted(needed - set(entry)), sorted(set(entry) - needed)
                raise CatalogError(
                    f"{source}: {key} must have the plural forms of {language!r} {sorted(needed)}"
                    f" (missing {missing}, not used by the language {extra})"
                )
            forms = (_check_template(form, key, source) for form in entry.values())
            fields = frozenset({COUNT}).union(*forms)
        if language == DEFAULT_LANGUAGE:
            return
        if key not in self.entries(DEFAULT_LANGUAGE):
            raise CatalogError(f"{source}: {key} is not a key of {DEFAULT_LANGUAGE}.toml")
        extra_fields = sorted(fields - self.fields(key))
        if extra_fields:
            raise CatalogError(f"{source}: {key} has fields the English text has not: {extra_fields}")

    def fields(self, key: str) -> frozenset[str]:
        """The fields a text must be given: those of its English entry."""
        fields = self._fields.get(key)
        if fields is None:
            entry = self.entries(DEFAULT_LANGUAGE).get(key)
            if entry is None:
                raise CatalogError(f"the catalog has no text {key!r}")
            fields = self._fields[key] = entry_fields(entry)
        return fields

    def check(self, key: str, names: set[str] | frozenset[str]) -> None:
        """:class:`CatalogError` unless ``key`` is a text whose fields are exactly ``names``."""
        wanted = self.fields(key)
        if wanted != names:
            raise CatalogError(f"the text {key!r} takes the fields {sorted(wanted)}, not {sorted(names)}")

    def translation(self, key: str, language: str) -> Entry | None:
        """``language``'s own entry for ``key``, if its file has one (no fallback)."""
        if language not in self.languages():
            return None
        return self.entries(language).get(key)

    def text(self, key: str, /, *, language: str = DEFAULT_LANGUAGE, **fields: object) -> str:
        """The text of ``key`` in ``language`` (a language of this catalog or a Discord locale;
        English where there is no file or no such entry), its fields filled in.
        :class:`CatalogError` for an unknown key, or when ``fields`` are not exactly those the
        entry names."""
        self.check(key, set(fields))
        return self.fill(key, language, fields)

    def lazy(self, key: str, /, **fields: Field) -> Text:
        """The text of ``key`` with its ``fields``, to be filled in when shown (:func:`render`),
        in the reader's language; checked now (:class:`CatalogError`, as :meth:`text`). A text
        without fields is made once per key and given again (an immutable value)."""
        if not fields:
            bare = self._bare.get(key)
            if bare is not None:
                return bare
        wanted = self._fields.get(key)
        if wanted is None or wanted != fields.keys():
            self.check(key, set(fields))  # raises but for a key seen the first time
        # The dataclass's __init__ and __post_init__ would check again what is checked now and
        # what keyword arguments guarantee (each name once); being unique, the names alone
        # decide the sort.
        count = len(fields)
        pairs = () if not count else tuple(fields.items()) if count == 1 else tuple(sorted(fields.items()))
        text = _new(Text)
        _set_catalog(text, self)
        _set_key(text, key)
        _set_fields(text, pairs)
        if not fields:
            self._bare[key] = text
        return text

    def fill(self, key: str, language: str, fields: Mapping[str, object]) -> str:
        """The text of ``key`` in ``language`` with ``fields`` (already checked: :meth:`check`):
        the entry of the language, else the English one; its plural form and its numbers by the
        rules of the entry's language; each :class:`Text` field rendered in ``language``."""
        return self._fill(key, language, tuple(fields.items()))

    def _fill(self, key: str, language: str, fields: tuple[tuple[str, object], ...]) -> str:
        """:meth:`fill` with the fields as (name, value) pairs, as a :class:`Text` holds them."""
        choice = self._choices.get((key, language))
        if choice is None:
            choice = self._choose(key, language)
        if choice.plain is not None:
            return choice.plain
        forms = choice.forms
        if forms is None:
            template, numbers = choice.template, choice.numbers
        else:
            count: object = None
            for name, value in fields:
                if name == COUNT:
                    count = value
            template, numbers = forms[plural_form(choice.used, count)]
        values: dict[str, object] = {}
        for name, value in fields:
            if isinstance(value, Text):
                value = value.render(language)
            elif name in numbers and isinstance(value, _NUMBERS) and not isinstance(value, bool):
                value = _Number(value, choice.used)
            values[name] = value
        return template.format_map(values)

    def _choose(self, key: str, language: str) -> _Choice:
        """What :meth:`_fill` shows for ``key`` to a reader of ``language``, found once and kept
        in ``_choices`` (entries and languages never change once read, so it never goes stale):
        the entry of the reader's language or of English, the language whose number and plural
        rules apply, each template with its ``:n`` fields, and the finished text of an entry
        without fields."""
        entry: Entry | None = None
        used = DEFAULT_LANGUAGE  # the language of the entry shown
        if language != DEFAULT_LANGUAGE:
            wanted = self.language_for(language)
            entry = self.translation(key, wanted) if wanted is not None else None
            if entry is not None and wanted is not None:
                used = wanted
        if entry is None:
            entry = self.entries(DEFAULT_LANGUAGE)[key]
        if isinstance(entry, str):
            plain = entry.format() if not self.fields(key) else None
            choice = _Choice(used, entry, _local_numbers(entry), None, plain)
        else:
            forms = {form: (template, _local_numbers(template)) for form, template in entry.items()}
            choice = _Choice(used, "", frozenset(), forms, None)
        self._choices[(key, language)] = choice
        return choice


_UNPICKLED: dict[str, Catalog] = {}
"""The catalogs unpickled in this process, by folder (:func:`_unpickled`)."""


def _unpickled(folder: Traversable) -> Catalog:
    """The catalog of ``folder`` that every catalog of it unpickled in this process is: made
    on the first, so its files are read once per process, not once per pickled text (a
    drawing worker was reading a game's catalog again for every hand it drew, most of the
    hand's time)."""
    key = str(folder)
    found = _UNPICKLED.get(key)
    if found is None:
        found = _UNPICKLED[key] = Catalog(folder)
    return found


class _Choice(NamedTuple):
    """What a catalog shows for one key in one reader's language (:meth:`Catalog._choose`)."""

    used: str
    """The language of the entry shown, whose numbers and plural forms the text uses."""
    template: str
    """The template of an entry that is a plain string ("" for plural forms)."""
    numbers: frozenset[str]
    """The fields ``template`` writes as numbers of ``used`` (``{points:n}``)."""
    forms: Mapping[str, tuple[str, frozenset[str]]] | None
    """An entry of plural forms: each form's template and its ``:n`` fields; else None."""
    plain: str | None
    """The finished text of an entry without fields (the same for every reader of the language)."""


@lru_cache(maxsize=4096)
def _local_numbers(template: str) -> frozenset[str]:
    """The fields ``template`` writes as its language writes numbers (``{points:n}``)."""
    return frozenset(name for _, name, spec, _ in string.Formatter().parse(template) if name and spec == "n")


@dataclass(frozen=True, slots=True)
class Text:
    """A catalog text not yet filled in: its catalog, key and fields (by name, sorted). It is
    checked when made (:meth:`Catalog.lazy`) and becomes words only when shown, in the reader's
    language (:meth:`render`); ``str()`` is its English text, for logs and English-only uses.

    A frozen value, equal (and hashed alike) when its catalog, key and fields are, however the
    fields were given; games subclass it (a text that renders itself otherwise). Slotted, and
    made by :meth:`Catalog.lazy` without ``__init__`` and ``__post_init__``: a presentation
    makes a hundred texts per action, and keyword arguments already have each name once."""

    catalog: Catalog
    key: str
    fields: tuple[tuple[str, Field], ...] = ()

    def __post_init__(self) -> None:
        names = {name for name, _ in self.fields}
        if len(names) != len(self.fields):
            raise CatalogError(f"the text {self.key!r} is given a field twice")
        self.catalog.check(self.key, names)
        object.__setattr__(self, "fields", tuple(sorted(self.fields, key=lambda item: item[0])))

    def render(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The text in ``language`` (a catalog language or a Discord locale; English where the
        catalog has no such entry), nested texts in the same language."""
        return self.catalog._fill(self.key, language, self.fields)

    def __str__(self) -> str:
        return self.render()


# Making a Text in Catalog.lazy without its __init__: a bare instance, its slots set directly
# (the slots' own setters, quicker than object.__setattr__, and past the frozen __setattr__).
_new = object.__new__
_set_catalog = Text.__dict__["catalog"].__set__
_set_key = Text.__dict__["key"].__set__
_set_fields = Text.__dict__["fields"].__set__


Field = str | int | float | date | Text
"""What a :class:`Text`'s field may be: words, a number, a date or a time (written as its
template's format spec says: ``{date:%Y-%m-%d}``), or another text."""


def render(value: str | Text, language: str = DEFAULT_LANGUAGE) -> str:
    """What a reader of ``language`` sees for ``value``: a :class:`Text` filled in in their
    language, a plain string as it is."""
    return value if isinstance(value, str) else value.render(language)
