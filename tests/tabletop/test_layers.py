"""The layers, checked from the source: games depend on the protocol package, not it on them,
and no game depends on another.

- ``tabletop/`` imports only the standard library and itself (the registry imports games by
  name, at run time);
- every game package the registry offers imports only the standard library, itself and
  ``tabletop``; importing the package (its engine) loads neither ``tabletop`` nor Discord, the
  bot or another game.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import registry

REPO = Path(__file__).resolve().parents[2]
TABLETOP = REPO / "tabletop"
GAME_PACKAGES = sorted(registry.names())


def _imports(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.append(node.module or "")
    return names


def test_tabletop_imports_only_stdlib_and_itself() -> None:
    files = sorted(TABLETOP.rglob("*.py"))
    assert len(files) >= 3
    for path in files:
        for name in _imports(path):
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or top == "tabletop", f"{path}: {name}"


def test_tabletop_is_typed() -> None:
    assert (TABLETOP / "py.typed").exists()


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_a_game_imports_only_stdlib_itself_and_the_protocol(package: str) -> None:
    files = sorted((REPO / package).rglob("*.py"))
    assert files and (REPO / package / "py.typed").exists()
    for path in files:
        for name in _imports(path):
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or top in {package, "tabletop"}, f"{path}: {name}"


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_importing_a_games_engine_loads_nothing_else(package: str) -> None:
    banned = ["discord", "aiohttp", "bot", "cogs", "tabletop", *(g for g in GAME_PACKAGES if g != package)]
    code = (
        f"import sys, {package}\n"
        f"banned = {banned!r}\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in banned)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == ""


def test_every_registered_game_is_a_package_of_this_repository() -> None:
    for name in GAME_PACKAGES:
        assert (REPO / name / "hosting.py").exists(), name
