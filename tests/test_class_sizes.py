"""No class over 300 lines in the host, the protocol and the Discord layer (the engines may have
bigger ones): a class that grows past it does more than one job and is split by job.

A class is counted with the project classes it inherits from too (its chain of bases), so that
a chain of mixins over one set of fields cannot hide a large class; the few chains still being
split into parts are held to their present size (:data:`CHAINS_BEING_SPLIT`) until they are."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tabletop", "host", "bot", "cogs")
MAX_LINES = 300

CHAINS_BEING_SPLIT: dict[str, int] = {}
"""Classes whose chain of project bases is still over :data:`MAX_LINES`, each held to its size
when listed: a chain may shrink (turned into parts the class holds) but not grow; one that is
no longer too big leaves this list."""


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


def chain_sizes(root: Path, packages: tuple[str, ...]) -> dict[str, int]:
    """Every top-level class of ``packages`` under ``root`` with its lines and those of every
    project class it inherits from, directly or not, each counted once, by ``"path:Class"``.

    A base is found by its name: a class of the same module, or one imported by name
    (``from host.table.play import TablePlay``) from a module of ``packages``."""
    classes: dict[tuple[str, str], tuple[int, list[tuple[str, str]], str]] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            module = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            imported = {
                alias.asname or alias.name: (node.module, alias.name)
                for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0
                for alias in node.names
            }
            for node in tree.body:
                if isinstance(node, ast.ClassDef):
                    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                    assert node.end_lineno is not None
                    bases = [
                        imported.get(b.id, (module, b.id)) for b in node.bases if isinstance(b, ast.Name)
                    ]
                    where = f"{path.relative_to(root)}:{node.name}"
                    classes[(module, node.name)] = (node.end_lineno - first + 1, bases, where)

    def chain(key: tuple[str, str], seen: set[tuple[str, str]]) -> set[tuple[str, str]]:
        if key in classes and key not in seen:
            seen.add(key)
            for base in classes[key][1]:
                chain(base, seen)
        return seen

    return {where: sum(classes[k][0] for k in chain(key, set())) for key, (_, _, where) in classes.items()}


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


def test_no_class_is_over_300_lines_with_the_project_classes_it_inherits_from() -> None:
    sizes = chain_sizes(ROOT, PACKAGES)
    too_big = {where: lines for where, lines in sizes.items() if lines > MAX_LINES}
    unlisted = {where: lines for where, lines in too_big.items() if where not in CHAINS_BEING_SPLIT}
    grown = {where: lines for where, lines in too_big.items() if lines > CHAINS_BEING_SPLIT.get(where, lines)}
    split = [where for where in CHAINS_BEING_SPLIT if where not in too_big]  # to take off the list
    assert (unlisted, grown, split) == ({}, {}, [])


def test_the_chain_check_counts_inherited_project_classes(tmp_path: Path) -> None:
    package = tmp_path / "host"
    (package / "parts").mkdir(parents=True)
    (package / "parts" / "base.py").write_text("class Base:\n    a = 1\n    b = 2\n", encoding="utf-8")
    (package / "top.py").write_text(
        "from host.parts.base import Base\n\n\nclass Middle(Base):\n    c = 3\n\n\n"
        "class Top(Middle, Exception):\n    pass\n",
        encoding="utf-8",
    )
    assert chain_sizes(tmp_path, ("host",)) == {
        "host/parts/base.py:Base": 3,
        "host/top.py:Middle": 5,
        "host/top.py:Top": 7,
    }
