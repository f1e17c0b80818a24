"""The host and Discord layers, checked from the source and by importing them:

- ``host/`` (tables, journal, computer seats, storage) imports neither Discord nor the Discord
  layer (``bot``, ``cogs``) nor any game package;
- ``bot/`` and ``cogs/`` reach the games only through :mod:`tabletop.registry` (and the
  protocol): no game package is imported by name anywhere in them, at the top of a module, in
  a function or for type checking only;
- ``host/`` (but its storage) and ``tabletop/`` name no Discord concept (mentions, message ids,
  closed DMs): those are the Discord layer's (its message book).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tabletop import registry
from tests.source_imports import REPO, imported_modules, loaded_by

GAMES = frozenset(registry.names())
DISCORD = frozenset({"discord", "aiohttp"})


def _sources(package: str) -> list[Path]:
    files = sorted((REPO / package).rglob("*.py"))
    assert len(files) >= 3, package
    return files


def test_the_games_are_the_registered_packages() -> None:
    """Every game package of the repository (a package with a ``hosting`` module) is offered
    through its entry point, and every game offered lives in one."""
    packages = {path.parent.name for path in REPO.glob("*/hosting.py")}
    registered = {registry.entry(name).split(".")[0] for name in registry.names()}
    assert len(packages) >= 3 and packages == registered


def test_the_host_imports_no_discord_no_discord_layer_and_no_game() -> None:
    banned = DISCORD | GAMES | {"bot", "cogs"}
    for path in _sources("host"):
        for name in imported_modules(path):
            assert name.split(".")[0] not in banned, f"{path.relative_to(REPO)} imports {name}"


@pytest.mark.parametrize("package", ["bot", "cogs"])
def test_the_discord_layer_reaches_games_only_through_the_registry(package: str) -> None:
    for path in _sources(package):
        for name in imported_modules(path):
            assert name.split(".")[0] not in GAMES, f"{path.relative_to(REPO)} imports {name}"


def test_importing_the_host_loads_no_discord_and_no_game() -> None:
    host = "host.tables, host.journal, host.autoplay, host.thinking, host.storage"
    assert loaded_by(host, DISCORD | GAMES | {"bot", "cogs"}) == []


def test_importing_the_host_loads_no_pillow() -> None:
    """Pictures are drawn by the games' drawing modules only; the host never loads Pillow."""
    host = "host.tables, host.journal, host.autoplay, host.thinking, host.storage"
    assert loaded_by(host, {"PIL"}) == []


def test_the_check_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    """The source check is not blind to an import written where a reviewer might miss it."""
    module = tmp_path / "sneaky.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    import stupid.game\n"
        "def later():\n    from stickem import Card\n    return Card\n"
    )
    assert imported_modules(module) == ["typing", "stupid.game", "stickem"]


DISCORD_CONCEPTS = ("<@", "message_id", "PromptRef", "MessageRefs", "DoneDm", "dm_closed")
"""What only the Discord layer may name: a mention's markup, a message's id, the message book's
records (:mod:`bot.tables.message_book`) and closed DMs."""


def discord_concepts(path: Path) -> list[str]:
    """The Discord concepts the code of ``path`` names (as a name, an attribute, an argument or
    in a string; docstrings, which may explain what the Discord layer does, excepted)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    words: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words.append(node.value)
        elif isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, ast.arg):
            words.append(node.arg)
        elif isinstance(node, ast.alias | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            words.append(node.name)
    return sorted({concept for word in words for concept in DISCORD_CONCEPTS if concept in word})


@pytest.mark.parametrize("package", ["host", "tabletop"])
def test_the_host_and_the_protocol_name_no_discord_concept(package: str) -> None:
    """Which Discord messages are whose, mentions and closed DMs are the Discord layer's: the
    host answers with effects and catalog fields (a mention is a user id in a catalog entry),
    and is never told what was sent. The storage layer (``host/storage/``) is exempt: it stores
    the message ids the Discord layer hands it, in its own tables."""
    storage = REPO / "host" / "storage"
    found = {
        str(path.relative_to(REPO)): concepts
        for path in _sources(package)
        if storage not in path.parents and (concepts := discord_concepts(path))
    }
    assert found == {}


def test_the_concept_check_sees_a_mention_and_a_message_id(tmp_path: Path) -> None:
    module = tmp_path / "table.py"
    module.write_text(
        '"""Names <@ and message_id in a docstring: allowed."""\n'
        "def players(ids):\n    return ', '.join(f'<@{u}>' for u in ids)\n"
        "class Refs:\n    def __init__(self):\n        self.dm_closed = set()\n"
        "def lobby(record):\n    return record.message_id\n"
    )
    assert discord_concepts(module) == ["<@", "dm_closed", "message_id"]
