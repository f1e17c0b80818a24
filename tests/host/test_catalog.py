"""The message catalog (:mod:`host.catalog`): look-ups, fields, languages and their fallback to
English, and the checks that keep it whole: every key the code asks for is in ``en.toml`` with
the fields the code gives, every entry is used, and the host and the Discord layer hold no
player-facing sentence of their own."""

from __future__ import annotations

import shutil
import tomllib
from datetime import datetime
from pathlib import Path

import pytest

from host.catalog import CATALOG, DEFAULT_LANGUAGE, Catalog, CatalogError, language_for, placeholders, text
from tests.host import catalog_scan

CATALOG_FOLDER = catalog_scan.REPO / "host" / "catalog"


def _folder(tmp_path: Path, **files: str) -> Path:
    """A catalog folder with the real English file and ``files`` (language code -> TOML)."""
    shutil.copy(CATALOG_FOLDER / "en.toml", tmp_path / "en.toml")
    for code, content in files.items():
        (tmp_path / f"{code.replace('_', '-')}.toml").write_text(content, encoding="utf-8")
    return tmp_path


# --- looking texts up ------------------------------------------------------------------------


def test_a_text_is_its_english_entry_with_its_fields_filled_in() -> None:
    assert text("lobby.joined", title="Stick'em", seat=2) == "You joined the Stick'em table (seat 2)."
    assert text("table.none_here") == "There is no table in this channel. Use /join to open one."
    assert text("errors.invalid_value", value="x") == "'x' is not a valid value for this option."
    assert text("timer.seconds", seconds=0.6) == "0.6 s"
    finished = datetime(2024, 5, 6, 7, 8)
    when = text("history.game_when", count=3, finished=finished, rounds=3)
    assert when == "2024-05-06 07:08 UTC - 3 rounds"


def test_a_field_may_be_a_games_text_shown_in_the_same_language(tmp_path: Path) -> None:
    game, host = tmp_path / "game", tmp_path / "host"
    game.mkdir()
    host.mkdir()
    (game / "en.toml").write_text('todo = "play a card"\n', encoding="utf-8")
    (game / "de.toml").write_text('todo = "spiel eine Karte"\n', encoding="utf-8")
    todo = Catalog(game).lazy("todo")
    said = "<@7> reminder: please play a card; after 30 s the computer moves for you."
    assert text("timer.reminder", user=7, todo=todo, seconds=30) == said
    german = Catalog(_folder(host, de='[timer]\nreminder = "<@{user}> bitte {todo}."\n'))
    shown = german.text("timer.reminder", language="de", user=7, todo=todo, seconds=30)
    assert shown == "<@7> bitte spiel eine Karte."


def test_an_unknown_key_fails_loudly() -> None:
    with pytest.raises(CatalogError, match=r"no text 'lobby\.nope'"):
        text("lobby.nope")


def test_a_missing_or_an_unknown_field_fails_loudly() -> None:
    with pytest.raises(CatalogError, match=r"takes the fields \['seat', 'title'\], not \['title'\]"):
        text("lobby.joined", title="Stick'em")
    with pytest.raises(CatalogError, match="not"):
        text("lobby.joined", title="Stick'em", seat=1, colour="red")
    with pytest.raises(CatalogError):
        text("table.none_here", title="Stick'em")


def test_every_english_entry_is_a_template_of_plain_fields() -> None:
    entries = CATALOG.entries()
    assert len(entries) > 150
    for key, entry in entries.items():
        for template in [entry] if isinstance(entry, str) else entry.values():  # or its plural forms
            assert template.strip() == template and template, key
            assert all(name.isidentifier() for name in placeholders(template)), key


# --- other languages ---------------------------------------------------------------------------


GERMAN = """
[lobby]
joined = "Du sitzt am {title}-Tisch (Platz {seat})."
left = "Du hast den Tisch verlassen."
"""


def test_a_second_language_is_one_file_and_falls_back_to_english(tmp_path: Path) -> None:
    catalog = Catalog(_folder(tmp_path, de=GERMAN))
    assert catalog.languages() == (DEFAULT_LANGUAGE, "de")
    assert catalog.text("lobby.joined", language="de", title="Stick'em", seat=2) == (
        "Du sitzt am Stick'em-Tisch (Platz 2)."
    )
    assert catalog.text("lobby.left", language="de") == "Du hast den Tisch verlassen."
    # a key the German file leaves out: English
    assert catalog.text("table.none_here", language="de") == text("table.none_here")
    assert catalog.translation("table.none_here", "de") is None
    # a language without a file: English
    assert catalog.text("lobby.left", language="fr") == "You left the table."
    # the fields asked for are the English entry's, in every language
    with pytest.raises(CatalogError):
        catalog.text("lobby.joined", language="de", title="Stick'em")


def test_a_translation_may_leave_a_field_out(tmp_path: Path) -> None:
    catalog = Catalog(_folder(tmp_path, de='[lobby]\njoined = "Willkommen am Tisch."\n'))
    assert catalog.text("lobby.joined", language="de", title="Stick'em", seat=2) == "Willkommen am Tisch."


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ('[lobby]\njoinde = "Du sitzt."\n', r"lobby\.joinde is not a key of en\.toml"),
        ('[lobby]\njoined = "Du sitzt auf {chair}."\n', r"fields the English text has not: \['chair'\]"),
        ('[lobby]\njoined = "Du sitzt auf {seat.x}."\n', "not plain names"),
        ('[lobby]\njoined = "Du sitzt auf {seat."\n', "not a valid template"),
        ("[lobby]\njoined = 3\n", "not a text"),
        ('[lobby\njoined = "x"\n', "not valid TOML"),
    ],
)
def test_a_language_file_that_does_not_fit_english_fails_loudly(
    tmp_path: Path, content: str, problem: str
) -> None:
    catalog = Catalog(_folder(tmp_path, de=content))
    with pytest.raises(CatalogError, match=problem):
        catalog.text("lobby.left", language="de")


def test_only_files_named_as_languages_are_languages(tmp_path: Path) -> None:
    catalog = Catalog(_folder(tmp_path, es_ES="", pt_BR="", notes="", README="", deu_de=""))
    assert catalog.languages() == ("en", "es-ES", "pt-BR")


def test_a_catalog_without_english_is_refused(tmp_path: Path) -> None:
    (tmp_path / "de.toml").write_text(GERMAN, encoding="utf-8")
    with pytest.raises(CatalogError, match=r"no en\.toml"):
        Catalog(tmp_path).text("lobby.left")


def test_a_discord_locale_finds_its_language_or_the_language_without_its_region(tmp_path: Path) -> None:
    assert language_for("en-US") == "en"
    assert language_for("en-GB") == "en"
    assert language_for("de") == "de"  # host/catalog/de.toml
    assert language_for("fr") is None  # no French file
    assert Catalog(_folder(tmp_path)).language_for("de") is None  # no German file


# --- the code and the catalog ------------------------------------------------------------------


def _lookups() -> list[catalog_scan.Lookup]:
    return [
        lookup
        for path in catalog_scan.sources()
        for lookup in catalog_scan.lookups(path.read_text(encoding="utf-8"), catalog_scan.relative(path))
    ]


def test_the_code_asks_for_texts_by_literal_keys_of_en_toml_with_their_fields() -> None:
    lookups = _lookups()
    assert len(lookups) > 140
    english = CATALOG.entries()
    problems = []
    for lookup in lookups:
        if lookup.key is None or lookup.fields is None:
            problems.append(f"{lookup.where}: give the key as a literal and each field by name")
        elif lookup.key not in english:
            problems.append(f"{lookup.where}: en.toml has no {lookup.key!r}")
        elif lookup.fields != CATALOG.fields(lookup.key):
            wanted = sorted(CATALOG.fields(lookup.key))
            problems.append(f"{lookup.where}: {lookup.key!r} takes {wanted}, not {sorted(lookup.fields)}")
    assert not problems, "\n".join(problems)


def test_every_entry_of_en_toml_is_used_by_the_code() -> None:
    used = {lookup.key for lookup in _lookups()}
    unused = sorted(set(CATALOG.entries()) - used)
    assert not unused, f"en.toml has entries no code asks for: {unused}"


def test_the_catalog_files_are_installed_with_the_host() -> None:
    project = tomllib.loads((catalog_scan.REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["tool"]["setuptools"]["package-data"]["host.catalog"] == ["*.toml"]


@pytest.mark.parametrize("package", ["host", "bot", "cogs", "tabletop"])
def test_no_player_facing_sentence_is_left_in_the_code(package: str) -> None:
    found = [
        line
        for path in catalog_scan.sources(package)
        if catalog_scan.relative(path).startswith(f"{package}/")
        and catalog_scan.relative(path) not in catalog_scan.OPERATOR_FILES
        for line in catalog_scan.sentences(path.read_text(encoding="utf-8"), catalog_scan.relative(path))
    ]
    catalog = "tabletop/catalog/en.toml" if package == "tabletop" else "host/catalog/en.toml"
    assert not found, f"player-facing text belongs in {catalog}:\n" + "\n".join(found)


SOURCE_WITH_TEXT = '''
"""A module."""
import logging
from host.catalog import text

log = logging.getLogger(__name__)

LIMIT = 3
"""How many (an attribute's docstring)."""


def refuse(name: str) -> str:
    """Say no."""
    log.warning("refusing %s at the table", name)
    if not name:
        raise ValueError("a name is needed here")
    assert name, "never empty at this point"
    ok = text("lobby.left")
    return f"Sorry {name}, the table is full."
'''


def test_the_sentence_check_finds_a_sentence_and_nothing_else() -> None:
    found = list(catalog_scan.sentences(SOURCE_WITH_TEXT, "bot/example.py"))
    assert found == ["bot/example.py:19: 'Sorry {}, the table is full.'"]


@pytest.mark.parametrize(
    ("value", "prose"),
    [
        ("You left the table.", True),
        ("Add bot", True),
        ("Join", False),
        ("game_id", False),
        ("stk:lobby:(?P<action>join|leave):(?P<channel>\\d+)", False),
        ("SELECT id, rules FROM games", False),
        ("{} ({})", False),
        ("seat {}: {}", False),
        ("**{} table**", False),
    ],
)
def test_what_reads_as_a_sentence(value: str, prose: bool) -> None:
    assert catalog_scan.reads_as_a_sentence(value) is prose


def test_the_code_calls_the_catalog_it_imports() -> None:
    source = 'from host.catalog import text as t\nt("a.b", x=1)\ntext("c.d")\nt(key)\nt("e.f", **f)\n'
    assert catalog_scan.lookups(source, "m.py") == [
        catalog_scan.Lookup("m.py:2", "a.b", frozenset({"x"})),
        catalog_scan.Lookup("m.py:4", None, frozenset()),
        catalog_scan.Lookup("m.py:5", "e.f", None),
    ]
