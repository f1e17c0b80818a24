"""The protocol package is pure (stdlib only) and knows no game: games depend on it, not it on them."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

TABLETOP = Path(__file__).resolve().parents[2] / "tabletop"


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
