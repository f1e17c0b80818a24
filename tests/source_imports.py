"""What a module imports, read from its source, and what importing a module loads: the two
checks the layer tests (``tests/test_host_layers.py``, ``tests/tabletop/test_layers.py``) make."""

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
