"""The checks every game's own message catalog passes (issue 28), written once for all games.

The convention a game follows (see docs/architecture.md, "Texts and languages"):

- its texts live in ``<game>/catalog/<language>.toml`` (``en.toml`` first, ``de.toml``...);
- ``<game>/texts.py`` holds ``CATALOG`` (a :class:`tabletop.catalog.Catalog` of that folder)
  and ``t`` (``CATALOG.lazy``: a :class:`tabletop.catalog.Text` by key and fields), and, if the
  game builds a key at run time (``t(f"colour.{name}")``), ``DYNAMIC_KEYS``: every key so built;
- the modules that write what players read call ``t("key", field=...)`` with a literal key.

A game's ``tests/<game>/test_catalog.py`` calls :func:`check_catalog` and
:func:`sentences_left` with the modules that show the game to players.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from types import ModuleType

from tabletop.catalog import DEFAULT_LANGUAGE, Catalog
from tests.host.catalog_scan import relative, sentences
from tests.source_imports import REPO

LOOKUP = "t"
"""The name a game's modules import its lazy look-up by (``from <game>.texts import t``)."""


@dataclass(frozen=True)
class Use:
    """One ``t(...)`` call: where, its key (None: not a literal) and its fields (None: given as
    ``**mapping``)."""

    where: str
    key: str | None
    fields: frozenset[str] | None


def texts_module(package: str) -> ModuleType:
    """``<package>.texts``: the game's ``CATALOG``, ``t`` and ``DYNAMIC_KEYS``."""
    return importlib.import_module(f"{package}.texts")


def uses(package: str, modules: Iterable[str]) -> list[Use]:
    """Every ``t(...)`` call of ``modules`` (dotted names) that imports ``t`` from the game's
    ``texts`` module."""
    found: list[Use] = []
    for module in modules:
        path = REPO / (module.replace(".", "/") + ".py")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {
            alias.asname or alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module in (f"{package}.texts", "texts")
            for alias in node.names
            if alias.name == LOOKUP
        }
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names):
                continue
            at = f"{relative(path)}:{node.lineno}"
            first = node.args[0] if node.args else None
            key = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None
            if any(keyword.arg is None for keyword in node.keywords):
                found.append(Use(at, key, None))
            else:
                found.append(Use(at, key, frozenset(k.arg for k in node.keywords if k.arg is not None)))
    return found


def check_catalog(package: str, modules: Iterable[str], languages: Iterable[str] = ("de",)) -> None:
    """Assert that the game's catalog and its code agree:

    - every literal key used exists, with exactly the fields the call gives;
    - every entry of ``en.toml`` is used (by a literal key or in ``DYNAMIC_KEYS``);
    - each of ``languages`` has a file with every key of English (a complete translation), and
      reading it checks its fields and plural forms against English.
    """
    texts = texts_module(package)
    catalog: Catalog = texts.CATALOG
    english = catalog.entries(DEFAULT_LANGUAGE)
    dynamic = frozenset(getattr(texts, "DYNAMIC_KEYS", ()))
    found = uses(package, modules)
    assert found, f"no t(...) call in {list(modules)}"
    problems: list[str] = []
    for use in found:
        if use.key is None:
            continue  # a key built at run time: it must be one of DYNAMIC_KEYS (checked below)
        if use.key not in english:
            problems.append(f"{use.where}: no text {use.key!r} in {package}/catalog/en.toml")
        elif use.fields is not None and catalog.fields(use.key) != use.fields:
            wanted = sorted(catalog.fields(use.key))
            problems.append(f"{use.where}: {use.key!r} takes {wanted}, given {sorted(use.fields)}")
    problems += [f"DYNAMIC_KEYS names {key!r}, not in en.toml" for key in sorted(dynamic - set(english))]
    used = {use.key for use in found if use.key is not None} | dynamic
    problems += [f"{package}/catalog/en.toml: {key!r} is never used" for key in sorted(set(english) - used)]
    for language in languages:
        assert language in catalog.languages(), f"{package}/catalog has no {language}.toml"
        translated = catalog.entries(language)
        missing = sorted(set(english) - set(translated))
        problems += [f"{package}/catalog/{language}.toml lacks {key!r}" for key in missing]
    assert not problems, "\n".join(problems)


def sentences_left(modules: Iterable[str]) -> Iterator[str]:
    """``file:line: 'literal'`` for each string literal of ``modules`` that reads as a sentence
    (outside docstrings, logs and internal errors): player text that is not in the catalog."""
    for module in modules:
        path = REPO / (module.replace(".", "/") + ".py")
        yield from sentences(path.read_text(encoding="utf-8"), relative(path))
