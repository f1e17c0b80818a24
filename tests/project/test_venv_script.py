"""scripts/venv.sh, which run-bot.sh and run-tests.sh source: it makes the virtual environment
again when its Python is gone or too old, and installs the project only when pyproject.toml (or
the Python) changed.

Run on a copy of the scripts in a temporary project, with fake Pythons (shell scripts that log
their arguments) instead of real ones: no environment is made, nothing is installed. venv.sh is
sourced under ``set -euo pipefail``, as the two scripts source it: a command in it that fails
where it should not ends them at once, without a word (a fresh clone once got exit 127 and no
output from both)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = ("venv.sh", "run-bot.sh", "run-tests.sh")
STRICT = "set -euo pipefail"  # the first command of run-bot.sh and run-tests.sh

FAKE_PYTHON = """#!/usr/bin/env bash
# A fake Python {version}: answers the version query, logs pip and venv calls; `-m venv DIR`
# makes DIR/bin/python a copy of itself.
echo "$0 $*" >>"$FAKE_LOG"
case "$1" in
    -c) echo "{version}" ;;
    -m) case "$2" in
            venv) dir="${{!#}}"; rm -rf "$dir"; mkdir -p "$dir/bin"; cp "$0" "$dir/bin/python" ;;
        esac ;;
esac
"""


def fake_python(path: Path, version: str) -> Path:
    """A fake Python of ``version`` at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(FAKE_PYTHON.format(version=version))
    path.chmod(0o755)
    return path


class Project:
    """A copy of scripts/venv.sh in a project folder of its own, a bin folder for fake Pythons
    (python3 among them) and the log of their calls."""

    def __init__(self, tmp_path: Path, python3: str = "3.11") -> None:
        self.root = tmp_path / "project"
        (self.root / "scripts").mkdir(parents=True)
        for script in SCRIPTS:
            shutil.copy(REPO / "scripts" / script, self.root / "scripts" / script)
        (self.root / "pyproject.toml").write_text('[project]\nname = "x"\n')
        self.bin = tmp_path / "bin"
        fake_python(self.bin / "python3", python3)
        self.venv = tmp_path / "venv"
        self.log = tmp_path / "calls.log"
        self.log.write_text("")

    def run(self, commands: str, **variables: str) -> subprocess.CompletedProcess[str]:
        """Source venv.sh as the scripts do (under ``STRICT``), then run ``commands`` (bash); the
        calls logged are in ``self.log``."""
        script = f'{STRICT}\n. "{self.root}/scripts/venv.sh"\n{commands}'
        return self.bash(["-c", script], variables)

    def script(self, name: str, *arguments: str, **variables: str) -> subprocess.CompletedProcess[str]:
        """Run the project's scripts/``name`` itself, as the README says (``bash scripts/...``)."""
        return self.bash([str(self.root / "scripts" / name), *arguments], variables)

    def bash(self, arguments: list[str], variables: dict[str, str]) -> subprocess.CompletedProcess[str]:
        """Run bash with ``arguments`` in the project folder, the fake Pythons first on PATH."""
        env = {
            "PATH": f"{self.bin}{os.pathsep}/usr/bin:/bin",
            "STICKEM_VENV": str(self.venv),
            "FAKE_LOG": str(self.log),
            **variables,
        }
        return subprocess.run(
            ["bash", *arguments],
            env=env,
            cwd=self.root,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )

    def calls(self) -> list[str]:
        """The fake Pythons' calls since the last look, as "python-path arguments"."""
        lines = self.log.read_text().splitlines()
        self.log.write_text("")
        return lines

    def installs(self) -> list[str]:
        """The pip installs since the last look (their targets)."""
        return [line.split(" -e ")[1] for line in self.calls() if " -m pip install " in line]


def test_a_missing_environment_is_made_with_python3(tmp_path: Path) -> None:
    project = Project(tmp_path)
    done = project.run('echo "$python"')
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{project.venv}/bin/python"
    assert f"{project.bin}/python3 -m venv --clear {project.venv}" in project.calls()
    assert "Creating the virtual environment" in done.stderr


def test_an_environment_made_by_an_older_python_is_made_again(tmp_path: Path) -> None:
    project = Project(tmp_path, python3="3.11")
    fake_python(project.venv / "bin" / "python", "3.10")
    done = project.run("install_project")
    assert done.returncode == 0, done.stderr
    assert (
        f"The virtual environment {project.venv} was made by Python 3.10; making it again with Python 3.11"
        in done.stderr
    )
    calls = project.calls()
    assert f"{project.bin}/python3 -m venv --clear {project.venv}" in calls
    assert any(line.startswith(f"{project.venv}/bin/python -m pip install") for line in calls)


def test_an_environment_whose_python_no_longer_runs_is_made_again(tmp_path: Path) -> None:
    project = Project(tmp_path)
    (project.venv / "bin").mkdir(parents=True)
    (project.venv / "bin" / "python").symlink_to(tmp_path / "uninstalled" / "python3.11")
    assert project.run("true").returncode == 0
    assert f"{project.bin}/python3 -m venv --clear {project.venv}" in project.calls()


def test_an_environment_of_a_newer_python_is_kept(tmp_path: Path) -> None:
    """Made on purpose with a newer Python than python3: it satisfies the project, so it stays."""
    project = Project(tmp_path, python3="3.11")
    fake_python(project.venv / "bin" / "python", "3.12")
    done = project.run("true")
    assert done.returncode == 0 and done.stderr == ""
    assert not any(" -m venv " in line for line in project.calls())


def test_a_python3_too_old_is_explained_and_another_can_be_named(tmp_path: Path) -> None:
    project = Project(tmp_path, python3="3.10")
    done = project.run("true")
    assert done.returncode == 2
    assert "python3 is Python 3.10; the bot needs 3.11 or newer" in done.stderr
    assert "STICKEM_PYTHON" in done.stderr and not project.venv.exists()

    newer = fake_python(project.bin / "python3.13", "3.13")
    assert project.run("true", STICKEM_PYTHON="python3.13").returncode == 0
    assert f"{newer} -m venv --clear {project.venv}" in project.calls()


def test_the_project_is_installed_again_only_when_pyproject_changes(tmp_path: Path) -> None:
    project = Project(tmp_path)
    assert project.run("install_project").returncode == 0
    assert project.installs() == [str(project.root)]
    assert project.run("install_project").returncode == 0  # a restart: nothing changed
    assert project.installs() == []

    assert project.run("install_project test && install_project test && install_project").returncode == 0
    assert project.installs() == [f"{project.root}[test]"]  # the test extra once; the project is in it

    with (project.root / "pyproject.toml").open("a") as pyproject:
        pyproject.write('dependencies = ["something-new"]\n')
    assert project.run("install_project && install_project").returncode == 0
    assert project.installs() == [str(project.root)]


def test_a_new_environment_is_installed_again(tmp_path: Path) -> None:
    """The stamps live in the environment: one made again (here, after a Python upgrade) gets
    the project installed again."""
    project = Project(tmp_path, python3="3.11")
    assert project.run("install_project").returncode == 0
    fake_python(project.venv / "bin" / "python", "3.10")  # as if made long ago by an older Python
    project.calls()
    assert project.run("install_project").returncode == 0
    assert project.installs() == [str(project.root)]


def test_the_oldest_python_is_the_one_pyproject_requires() -> None:
    required = re.search(r'requires-python = ">=([0-9.]+)"', (REPO / "pyproject.toml").read_text())
    assert required is not None
    script = (REPO / "scripts" / "venv.sh").read_text()
    assert f'oldest_python="{required.group(1)}"' in script


def test_the_scripts_source_venv_sh_under_the_strict_options_these_tests_use() -> None:
    for name in ("run-bot.sh", "run-tests.sh"):
        commands = [
            line.strip()
            for line in (REPO / "scripts" / name).read_text().splitlines()
            if line.strip() and not line.startswith("#")
        ]
        assert commands[:2] == [STRICT, '. "$(dirname "${BASH_SOURCE[0]}")/venv.sh"'], name


def test_a_fresh_clone_makes_the_environment_installs_and_runs_the_bot(tmp_path: Path) -> None:
    """No environment at all: what a fresh clone has, where run-bot.sh once exited 127, silently."""
    project = Project(tmp_path)
    done = project.script("run-bot.sh", "--some-option")
    assert done.returncode == 0, done.stderr
    assert "Creating the virtual environment" in done.stderr
    assert "Installing the project into" in done.stderr
    calls = project.calls()
    assert f"{project.bin}/python3 -m venv --clear {project.venv}" in calls
    assert calls[-1] == f"{project.venv}/bin/python -m bot --some-option"


def test_a_fresh_clone_runs_the_tests_with_the_test_extra(tmp_path: Path) -> None:
    project = Project(tmp_path)
    done = project.script("run-tests.sh", "tests/engine", "-x")
    assert done.returncode == 0, done.stderr
    calls = project.calls()
    assert any(
        line.endswith(f"-m pip install --quiet --disable-pip-version-check -e {project.root}[test]")
        for line in calls
    )
    assert calls[-1] == (
        f"{project.venv}/bin/python -m pytest -q -n 3 --dist worksteal --durations=25 tests/engine -x"
    )


def test_a_dangling_python_is_made_again_by_the_scripts(tmp_path: Path) -> None:
    project = Project(tmp_path)
    (project.venv / "bin").mkdir(parents=True)
    (project.venv / "bin" / "python").symlink_to(tmp_path / "nonexistent" / "py")
    done = project.script("run-bot.sh")
    assert done.returncode == 0, done.stderr
    assert f"{project.bin}/python3 -m venv --clear {project.venv}" in project.calls()


def test_the_install_is_announced_and_a_restart_is_quiet(tmp_path: Path) -> None:
    """pip is quiet and a first install takes minutes: one line says what is happening; a
    restart with nothing changed says nothing."""
    project = Project(tmp_path, python3="3.11")
    project.venv = project.root / ".venv"
    first = project.run("install_project", STICKEM_VENV=str(project.venv))
    assert "Installing the project into .venv (first time: a minute or two)...\n" in first.stderr
    again = project.run("install_project", STICKEM_VENV=str(project.venv))
    assert again.returncode == 0 and again.stderr == ""
