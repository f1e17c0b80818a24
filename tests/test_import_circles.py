"""No import circle anywhere in the shipped packages: the host, the Discord layer, the
protocol, the engines' shared plumbing and every game, relative imports included, wherever an
import stands (at the top, in a function, for type checking only).

A circle hidden behind a lazy import is still a circle: the two modules cannot be understood,
tested or moved one without the other.
"""

from __future__ import annotations

from pathlib import Path

from tabletop import registry
from tests.source_imports import cycles, module_graph, packages


def test_every_package_is_checked() -> None:
    checked = set(packages())
    assert {"host", "bot", "cogs", "tabletop", "cardkit"} <= checked
    assert {registry.entry(name).split(".")[0] for name in registry.names()} <= checked


def test_no_module_imports_itself_around_a_circle() -> None:
    assert cycles(module_graph(packages())) == []


def test_the_circle_check_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [{"a", "b", "c"}]


def _package(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_the_check_sees_relative_and_lazy_imports(tmp_path: Path) -> None:
    """A circle of relative imports, one side behind a function and one for type checking
    only, the way the engines' ``game`` and ``persist`` once imported each other."""
    _package(
        tmp_path,
        {
            "toy/__init__.py": "from .game import Game\n",
            "toy/game.py": "def save():\n    from .persist import dumps\n    return dumps\n",
            "toy/persist.py": "import typing\nif typing.TYPE_CHECKING:\n    from .game import Game\n",
            "toy/sub/__init__.py": "",
            "toy/sub/view.py": "from .. import persist\nfrom ..game import save\n",
        },
    )
    graph = module_graph(["toy"], tmp_path)
    assert graph["toy.sub.view"] == {"toy", "toy.persist", "toy.game"}
    assert cycles(graph) == [{"toy.game", "toy.persist"}]
