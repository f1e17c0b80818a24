"""Games plug in by entry point: the registry offers every game an installed distribution
names in the ``stickem.games`` group, the built-in ones (this project's ``pyproject.toml``) and
one installed on its own (take-away, :mod:`tests.tabletop.take_away_distribution`), and the
``stickem`` command finds the command line of any of them."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tabletop import registry
from tests.source_imports import REPO

from .take_away_distribution import install


def _run(site: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """``python argv...`` in a fresh process that has ``site`` on its path."""
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run(
        [sys.executable, *argv], cwd=REPO, env=env, capture_output=True, text=True, timeout=60, check=False
    )


def test_the_built_in_games_are_the_entry_points_of_this_project() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    declared = project["entry-points"][registry.GROUP]
    assert registry.installed().items() >= declared.items()
    assert set(registry.names()) >= set(declared)


def test_a_distribution_on_the_path_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "tiny" not in registry.installed()
    monkeypatch.syspath_prepend(str(install(tmp_path)))
    assert registry.installed()["tiny"] == "take_away.hosting:GAME"


def test_a_game_name_the_host_cannot_store_is_left_out_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    dist_info = tmp_path / "odd_games-1.0.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: odd-games\nVersion: 1.0\n")
    long_name = "g" * 33
    (dist_info / "entry_points.txt").write_text(
        f"[{registry.GROUP}]\nChess = chess:GAME\n{long_name} = long:GAME\ngo_2 = go:GAME\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    found = registry.installed()
    assert found["go_2"] == "go:GAME"
    assert "Chess" not in found and long_name not in found
    assert "the game 'Chess' (chess:GAME) is not offered" in caplog.text
    assert f"the game '{long_name}' (long:GAME) is not offered" in caplog.text


def test_a_game_installed_on_its_own_is_offered_with_the_built_in_ones(tmp_path: Path) -> None:
    code = (
        "from tabletop import registry\n"
        "print(','.join(registry.names()))\n"
        "print(registry.game('tiny').title, registry.entry('tiny'))\n"
    )
    done = _run(install(tmp_path), "-c", code)
    assert done.returncode == 0, done.stderr
    names, found = done.stdout.splitlines()
    assert set(names.split(",")) == {"tiny", "stickem", "stupid", "stickgame"}
    assert found == "Take-away take_away.hosting:GAME"


def test_the_stickem_command_finds_any_registered_games_command_line(tmp_path: Path) -> None:
    done = _run(install(tmp_path), "-m", "tabletop", "--game", "tiny", "simulate", "--games", "3")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "take-away command line: simulate --games 3"


def test_a_game_without_a_command_line_is_refused_in_a_sentence(tmp_path: Path) -> None:
    done = _run(install(tmp_path, command_line=False), "-m", "tabletop", "--game", "tiny", "play")
    assert done.returncode == 2
    assert "the game 'tiny' has no command line (no module take_away.cli with a main(argv))" in done.stderr
    assert "Traceback" not in done.stderr
