"""The engine is pure: stdlib only, and importing it never imports discord.

Beside the standard library the package may import only ``cardkit`` (the engines' shared
plumbing, stdlib only) and ``tabletop`` (itself stdlib only: the game protocol and what every
game's command line shares), and the engine does not load ``tabletop``."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "stickem"


def test_importing_stickem_loads_no_discord() -> None:
    code = (
        "import sys, stickem, stickem.game, stickem.persist, stickem.scoring\n"
        "banned = ('discord', 'aiohttp', 'bot', 'cogs', 'tabletop')\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in banned)\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ENGINE.parent,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert result.stdout.strip() == ""


def test_engine_source_imports_only_stdlib_and_itself() -> None:
    files = sorted(ENGINE.rglob("*.py"))
    assert files
    for path in files:
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level > 0:
                    continue  # relative: the engine itself
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                allowed = top in sys.stdlib_module_names or top in {"stickem", "cardkit", "tabletop"}
                assert allowed, f"{path}: {name}"


def test_engine_is_typed() -> None:
    assert (ENGINE / "py.typed").exists()
