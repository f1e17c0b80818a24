"""What a module imports, read from its source, and what importing a module loads: the checks
the layer tests (``tests/test_host_layers.py``, ``tests/tabletop/test_layers.py``) and the
circle test (``tests/test_import_circles.py``) make."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def imported_modules(path: Path) -> list[str]:
    """Every module ``path`` imports, wherever the import stands (in a function, for type
    checking only); relative imports are left out: they stay inside the module's package."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.append(node.module or "")
    return names


def loaded_modules(modules: str) -> set[str]:
    """Every module a fresh interpreter has loaded after ``import <modules>`` (a
    comma-separated list), run from the repository."""
    code = f"import sys, {modules}\nprint(','.join(sorted(sys.modules)))\n"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60, check=True
    )
    return set(done.stdout.strip().split(","))


def loaded_by(modules: str, banned: Iterable[str]) -> list[str]:
    """The modules whose top-level package is in ``banned`` that a fresh interpreter has
    loaded after ``import <modules>`` (a comma-separated list), run from the repository."""
    code = (
        f"import sys, {modules}\n"
        f"banned = {sorted(banned)!r}\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in banned)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60, check=True
    )
    return [name for name in done.stdout.strip().split(",") if name]


def packages() -> list[str]:
    """Every top-level package of the repository (a folder with an ``__init__.py``), the tests
    and the benchmarks left out."""
    return sorted(
        path.parent.name
        for path in REPO.glob("*/__init__.py")
        if path.parent.name not in {"tests", "benchmarks"}
    )


def module_name(path: Path, repo: Path = REPO) -> str:
    """The dotted name of the module at ``path`` (a package's ``__init__.py`` is the package)."""
    return ".".join(path.relative_to(repo).with_suffix("").parts).removesuffix(".__init__")


def _absolute(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The module an ``ImportFrom`` names, relative imports (``from .game import Game``,
    ``from .. import cards``) resolved against ``module``."""
    if node.level == 0:
        return node.module or ""
    parts = module.split(".")
    base = parts if is_package else parts[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def module_graph(roots: Iterable[str], repo: Path = REPO) -> dict[str, set[str]]:
    """Which module of the packages ``roots`` imports which: every import, absolute or
    relative, wherever it stands (at the top, in a function, for type checking only);
    ``from package import name`` counts as importing ``package.name`` too when that is a
    module."""
    modules: dict[str, Path] = {}
    for root in roots:
        for path in sorted((repo / root).rglob("*.py")):
            modules[module_name(path, repo)] = path
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                source = _absolute(name, is_package, node)
                targets = [source, *(f"{source}.{alias.name}" for alias in node.names)]
            graph[name] |= {target for target in targets if target in modules and target != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that import one another, directly or around a circle."""
    reach = {name: set(edges) for name, edges in graph.items()}
    changed = True
    while changed:  # the transitive closure (a few hundred modules: fast enough)
        changed = False
        for seen in reach.values():
            more = set().union(*(reach[other] for other in seen)) - seen
            if more:
                seen |= more
                changed = True
    groups = {frozenset({name} | {other for other in reach[name] if name in reach[other]}) for name in reach}
    return [set(group) for group in groups if len(group) > 1]
