"""No class over 300 lines in the host, the protocol and the Discord layer (the engines may have
bigger ones): a class that grows past it does more than one job and is split by job."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tabletop", "host", "bot", "cogs")
MAX_LINES = 300


def class_sizes(root: Path, packages: tuple[str, ...]) -> list[tuple[int, str]]:
    """Every class of ``packages`` under ``root`` with its lines (decorators and docstring
    included), as ``(lines, "path:Class")``."""
    found: list[tuple[int, str]] = []
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                    assert node.end_lineno is not None
                    found.append((node.end_lineno - first + 1, f"{path.relative_to(root)}:{node.name}"))
    return found


def test_no_class_is_over_300_lines() -> None:
    sizes = class_sizes(ROOT, PACKAGES)
    too_big = [f"{where} ({lines} lines)" for lines, where in sizes if lines > MAX_LINES]
    assert too_big == []


def test_the_size_check_sees_a_long_class(tmp_path: Path) -> None:
    package = tmp_path / "host"
    package.mkdir()
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_LINES))
    (package / "big.py").write_text(f"class Big:\n{body}\n\n\nclass Small:\n    pass\n", encoding="utf-8")
    assert class_sizes(tmp_path, ("host",)) == [(MAX_LINES + 1, "host/big.py:Big"), (2, "host/big.py:Small")]
