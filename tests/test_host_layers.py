"""The host and Discord layers, checked from the source and by importing them:

- ``host/`` (tables, journal, computer seats, storage) imports neither Discord nor the Discord
  layer (``bot``, ``cogs``) nor any game package;
- ``bot/`` and ``cogs/`` reach the games only through :mod:`tabletop.registry` (and the
  protocol): no game package is imported by name anywhere in them, at the top of a module, in
  a function or for type checking only.
"""

from __future__ import annotations

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
