"""The layers, checked from the source: games depend on the protocol package, not it on them,
and no game depends on another.

- ``tabletop/`` imports only the standard library and itself (the registry imports games by
  name, at run time); its drawing kit (``tabletop/drawing/``) alone imports Pillow too, and no
  other module of ``tabletop`` imports the kit; its catalog (``tabletop/catalog.py``) alone
  imports Babel, on first need, so that importing the protocol loads no Babel; the kit's PNG
  encoder (``tabletop/drawing/png.py``) alone imports ISA-L's deflate;
- ``cardkit/`` (the engines' shared plumbing) imports only the standard library and itself;
- every game package the registry offers imports only the standard library, itself,
  ``cardkit`` and ``tabletop``; importing the package (its engine) loads neither ``tabletop``
  nor Discord, the bot, the host or another game;
- a game's drawing module (``<game>/art.py``) alone may import Pillow and the drawing kit:
  importing an engine, its presentation or its hosting loads neither.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tabletop import registry
from tests.source_imports import REPO, imported_modules, loaded_by, loaded_modules

TABLETOP = REPO / "tabletop"
DRAWING_KIT = TABLETOP / "drawing"
CARDKIT = REPO / "cardkit"
CATALOG = TABLETOP / "catalog.py"
PNG_ENCODER = TABLETOP / "drawing" / "png.py"
GAME_PACKAGES = sorted(registry.names())


def _draws(path: Path) -> bool:
    """Whether ``path`` is a drawing module: the kit, or a game's ``art.py``."""
    return path.is_relative_to(DRAWING_KIT) or path.name == "art.py"


def _is_picture_import(name: str) -> bool:
    return name.split(".")[0] == "PIL" or name == "tabletop.drawing" or name.startswith("tabletop.drawing.")


def test_tabletop_imports_only_stdlib_and_itself() -> None:
    files = sorted(TABLETOP.rglob("*.py"))
    assert len(files) >= 3
    for path in files:
        for name in imported_modules(path):
            top = name.split(".")[0]
            allowed = (
                top in sys.stdlib_module_names
                or top == "tabletop"
                or (top == "PIL" and _draws(path))
                or (top == "isal" and path == PNG_ENCODER)
                or (top == "babel" and path == CATALOG)
            )
            assert allowed, f"{path}: {name}"


def test_only_the_drawing_kit_of_tabletop_imports_pillow_or_the_kit() -> None:
    drawing = [path for path in TABLETOP.rglob("*.py") if path.is_relative_to(DRAWING_KIT)]
    assert len(drawing) >= 3
    for path in sorted(TABLETOP.rglob("*.py")):
        if not path.is_relative_to(DRAWING_KIT):
            pictures = [name for name in imported_modules(path) if _is_picture_import(name)]
            assert pictures == [], f"{path} imports {pictures}"


def test_importing_the_protocol_loads_no_pillow() -> None:
    modules = "tabletop, tabletop.protocol, tabletop.presentation, tabletop.registry, tabletop.engine_match"
    assert loaded_by(modules, ["PIL"]) == []
    assert "tabletop.drawing" not in loaded_modules(modules)


def test_importing_the_protocol_or_a_catalog_loads_no_babel() -> None:
    """Babel is loaded on the first plural or number shown, not by importing a presentation."""
    modules = "tabletop, tabletop.protocol, tabletop.presentation, tabletop.catalog, host.catalog"
    assert loaded_by(modules, ["babel"]) == []


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
            assert (
                top in sys.stdlib_module_names
                or top in {package, "cardkit", "tabletop"}
                or (top == "PIL" and _draws(path))
            ), f"{path}: {name}"


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_only_a_games_drawing_module_imports_pillow_or_the_kit(package: str) -> None:
    for path in sorted((REPO / package).rglob("*.py")):
        if path.name != "art.py":
            pictures = [name for name in imported_modules(path) if _is_picture_import(name)]
            assert pictures == [], f"{path} imports {pictures}"


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_importing_a_games_engine_presentation_or_hosting_loads_no_pillow(package: str) -> None:
    modules = f"{package}, {package}.presentation, {package}.hosting"
    assert loaded_by(modules, ["PIL"]) == []
    assert [name for name in loaded_modules(modules) if name.startswith("tabletop.drawing")] == []


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_a_games_drawing_module_is_where_its_pictures_are(package: str) -> None:
    """The check above is not empty: the drawing module does load Pillow and the kit."""
    loaded = loaded_modules(f"{package}.art")
    assert "PIL" in loaded and "tabletop.drawing" in loaded


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_importing_a_games_engine_loads_nothing_else(package: str) -> None:
    others = (g for g in GAME_PACKAGES if g != package)
    banned = ["discord", "aiohttp", "bot", "cogs", "host", "sqlalchemy", "tabletop", *others]
    assert loaded_by(package, banned) == []


def test_every_registered_game_is_a_package_of_this_repository() -> None:
    for name in GAME_PACKAGES:
        assert (REPO / name / "hosting.py").exists(), name
