"""Take-away (``tests/tabletop/tiny_game.py``) as a distribution of its own, installed into a
temporary folder: how a game written outside this repository reaches the host.

:func:`install` writes the game's project (``pyproject.toml`` naming the game in the
``stickem.games`` entry-point group, and its package ``take_away``) and installs it the way an
installer lays out a distribution: the package (with its catalog, the words of its replay) and
a ``take_away-1.0.dist-info`` folder (``METADATA``, ``entry_points.txt``, ``top_level.txt``,
``RECORD``) side by side in a ``site`` folder. With that folder on ``sys.path`` (``PYTHONPATH``
for another process), ``importlib.metadata`` finds the distribution exactly as it finds one pip
installed; nothing of this repository, and no environment, is changed.

The installer is this module (a few lines reading the ``pyproject.toml``) because the test
machine has no network to fetch a build backend, and ``pip install --target`` would need one.
"""

from __future__ import annotations

import base64
import hashlib
import tomllib
from pathlib import Path

GAME_NAME = "tiny"
PACKAGE = "take_away"
TINY_GAME = Path(__file__).resolve().parent / "tiny_game.py"
CATALOG = Path(__file__).resolve().parent / "take_away_catalog"
"""The game's own texts (its replay's words), installed as ``take_away/catalog/``."""

PYPROJECT = f"""\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "take-away"
version = "1.0"
description = "Take-away, a game of a few lines for the Stick'em host."
dependencies = ["stickem-discord"]

[project.entry-points."stickem.games"]
{GAME_NAME} = "{PACKAGE}.hosting:GAME"

[tool.setuptools]
packages = ["{PACKAGE}"]

[tool.setuptools.package-data]
{PACKAGE} = ["catalog/*.toml"]
"""

COMMAND_LINE = '''\
"""Take-away's own command line: ``stickem --game tiny simulate`` ends here."""

from collections.abc import Sequence


def main(argv: Sequence[str]) -> int:
    """Say what was asked (the test checks that the host's command found this module)."""
    print("take-away command line:", " ".join(argv))
    return 0
'''


def write_project(folder: Path, *, command_line: bool = True) -> Path:
    """The game's source project in ``folder / "take-away"``: its pyproject and package (the
    spec in ``hosting``, a ``cli`` if ``command_line``)."""
    project = folder / "take-away"
    package = project / PACKAGE
    package.mkdir(parents=True)
    (project / "pyproject.toml").write_text(PYPROJECT)
    (package / "__init__.py").write_text('"""Take-away, a game for the Stick\'em host."""\n')
    (package / "hosting.py").write_text(TINY_GAME.read_text())
    (package / "catalog").mkdir()
    for texts in sorted(CATALOG.glob("*.toml")):
        (package / "catalog" / texts.name).write_text(texts.read_text(encoding="utf-8"), encoding="utf-8")
    if command_line:
        (package / "cli.py").write_text(COMMAND_LINE)
    return project


def _record_line(path: Path, root: Path) -> str:
    data = path.read_bytes()
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path.relative_to(root).as_posix()},sha256={digest},{len(data)}"


def install(folder: Path, *, command_line: bool = True) -> Path:
    """Write the project and install it into ``folder / "site"`` (returned: the folder to put
    on ``sys.path``), its metadata taken from the project's ``pyproject.toml``."""
    project_dir = write_project(folder, command_line=command_line)
    project = tomllib.loads((project_dir / "pyproject.toml").read_text())["project"]
    site = folder / "site"
    package = site / PACKAGE
    package.mkdir(parents=True)
    for source in sorted((project_dir / PACKAGE).glob("*.py")):
        (package / source.name).write_text(source.read_text())
    (package / "catalog").mkdir()
    for texts in sorted((project_dir / PACKAGE / "catalog").glob("*.toml")):
        (package / "catalog" / texts.name).write_bytes(texts.read_bytes())
    dist_info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n"
        f"Summary: {project['description']}\n"
        + "".join(f"Requires-Dist: {requirement}\n" for requirement in project["dependencies"])
    )
    groups = project["entry-points"]
    (dist_info / "entry_points.txt").write_text(
        "".join(
            f"[{group}]\n" + "".join(f"{name} = {value}\n" for name, value in points.items()) + "\n"
            for group, points in groups.items()
        )
    )
    (dist_info / "top_level.txt").write_text(f"{PACKAGE}\n")
    (dist_info / "INSTALLER").write_text("tests\n")
    files = sorted(path for path in site.rglob("*") if path.is_file())
    (dist_info / "RECORD").write_text(
        "".join(_record_line(path, site) + "\n" for path in files) + f"{dist_info.name}/RECORD,,\n"
    )
    return site
