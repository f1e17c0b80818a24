"""The layers, checked from the source: games depend on the protocol package, not it on them,
and no game depends on another.

- ``tabletop/`` imports only the standard library and itself (the registry imports games by
  name, at run time);
- ``cardkit/`` (the engines' shared plumbing) imports only the standard library and itself;
- every game package the registry offers imports only the standard library, itself,
  ``cardkit`` and ``tabletop``; importing the package (its engine) loads neither ``tabletop``
  nor Discord, the bot, the host or another game.
"""

from __future__ import annotations

import sys

import pytest

from tabletop import registry
from tests.source_imports import REPO, imported_modules, loaded_by

TABLETOP = REPO / "tabletop"
CARDKIT = REPO / "cardkit"
GAME_PACKAGES = sorted(registry.names())


def test_tabletop_imports_only_stdlib_and_itself() -> None:
    files = sorted(TABLETOP.rglob("*.py"))
    assert len(files) >= 3
    for path in files:
        for name in imported_modules(path):
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or top == "tabletop", f"{path}: {name}"


def test_cardkit_imports_only_stdlib_and_itself() -> None:
    files = sorted(CARDKIT.rglob("*.py"))
    assert len(files) >= 3
    for path in files:
        for name in imported_modules(path):
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or top == "cardkit", f"{path}: {name}"


def test_tabletop_and_cardkit_are_typed() -> None:
    assert (TABLETOP / "py.typed").exists()
    assert (CARDKIT / "py.typed").exists()


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_a_game_imports_only_stdlib_itself_and_the_protocol(package: str) -> None:
    files = sorted((REPO / package).rglob("*.py"))
    assert files and (REPO / package / "py.typed").exists()
    for path in files:
        for name in imported_modules(path):
            top = name.split(".")[0]
            allowed = top in sys.stdlib_module_names or top in {package, "cardkit", "tabletop"}
            assert allowed, f"{path}: {name}"


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_importing_a_games_engine_loads_nothing_else(package: str) -> None:
    others = (g for g in GAME_PACKAGES if g != package)
    banned = ["discord", "aiohttp", "bot", "cogs", "host", "sqlalchemy", "tabletop", *others]
    assert loaded_by(package, banned) == []


def test_every_registered_game_is_a_package_of_this_repository() -> None:
    for name in GAME_PACKAGES:
        assert (REPO / name / "hosting.py").exists(), name
