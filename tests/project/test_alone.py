"""The marker ``alone`` (tests/alone.py): under several pytest-xdist workers, as scripts/run-tests.sh
runs the suite, a marked test runs while no other test does, and the unmarked ones still run
side by side."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

TESTS = """
import os
import time
from pathlib import Path

import pytest


def record(name: str) -> None:
    began = time.monotonic()
    time.sleep(0.4)
    with Path(os.environ["ALONE_LOG"]).open("a") as log:
        log.write(f"{name} {began} {time.monotonic()}\\n")


@pytest.mark.alone
@pytest.mark.parametrize("n", range(2))
def test_alone(n: int) -> None:
    record(f"alone{n}")


@pytest.mark.parametrize("n", range(6))
def test_beside(n: int) -> None:
    record(f"beside{n}")
"""


def test_an_alone_test_runs_while_no_other_does(tmp_path: Path) -> None:
    folder = tmp_path / "suite"
    folder.mkdir()
    (folder / "test_marked.py").write_text(TESTS)
    log = tmp_path / "intervals.log"
    env = {**os.environ, "PYTHONPATH": str(REPO), "ALONE_LOG": str(log)}
    env.pop("PYTEST_XDIST_WORKER", None)  # this run is xdist's controller, not one of our workers
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-n",
            "2",
            "--dist",
            "worksteal",
            "-p",
            "tests.alone",
            "-p",
            "no:cacheprovider",
            "-c",
            os.devnull,
            "--rootdir",
            str(folder),
            "--basetemp",
            str(tmp_path / "basetemp"),
            str(folder),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=folder,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    intervals = {
        name: (float(began), float(ended))
        for name, began, ended in map(str.split, log.read_text().splitlines())
    }
    assert len(intervals) == 8

    def overlap(first: str, second: str) -> bool:
        (a, b), (c, d) = intervals[first], intervals[second]
        return a < d and c < b

    for name in ("alone0", "alone1"):
        assert not any(overlap(name, other) for other in intervals if other != name), intervals
    besides = [name for name in intervals if name.startswith("beside")]
    assert any(overlap(a, b) for a in besides for b in besides if a < b), intervals  # two workers ran
