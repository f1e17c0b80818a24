"""Without a PostgreSQL server the PostgreSQL variants of the tests are skipped and counted in
one line of the run's summary, not listed one by one; other skips and failures are reported as
usual, and under CI=true the variants fail instead (tests/postgres_skips.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

TESTS = """
import pytest

from tests.postgres_skips import postgres_url_or_skip


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
@pytest.mark.parametrize("n", range(3))
def test_storage(backend: str, n: int) -> None:
    if backend == "postgres":
        postgres_url_or_skip()


def test_skipped_for_another_reason() -> None:
    pytest.skip("needs a sound card")


def test_failing() -> None:
    assert 1 == 2
"""


def run(folder: Path, **variables: str) -> str:
    """pytest -ra (as pyproject.toml asks) on the tests above, with the plugin; its output."""
    (folder / "test_variants.py").write_text(TESTS)
    env = {key: value for key, value in os.environ.items() if key not in ("CI", "STICKEM_TEST_POSTGRES_URL")}
    env.update(PYTHONPATH=str(REPO), **variables)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-ra",
            "-p",
            "tests.postgres_skips",
            "-p",
            "no:cacheprovider",
            "-c",
            os.devnull,
            "--rootdir",
            str(folder),
            str(folder),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=folder,
        timeout=120,
    )
    assert result.returncode == 1, result.stdout + result.stderr  # test_failing
    return result.stdout


def test_the_postgres_variants_skipped_are_one_line(tmp_path: Path) -> None:
    out = run(tmp_path)
    mentions = [line for line in out.splitlines() if "STICKEM_TEST_POSTGRES_URL" in line]
    assert len(mentions) == 1, out
    assert mentions[0].startswith("3 tests were skipped on PostgreSQL (STICKEM_TEST_POSTGRES_URL is not set)")
    assert 'eval "$(bash .ci/postgres.sh)"' in mentions[0] and "apt-get" in mentions[0]
    assert "SKIPPED [1] test_variants.py:15: needs a sound card" in out, out  # other skips as usual
    assert "FAILED test_variants.py::test_failing" in out, out
    assert "1 failed, 3 passed, 1 skipped, 3 skipped without PostgreSQL" in out, out


def test_under_ci_the_postgres_variants_fail(tmp_path: Path) -> None:
    out = run(tmp_path, CI="true")
    assert "4 failed, 3 passed, 1 skipped" in out, out
    assert "FAILED test_variants.py::test_storage[0-postgres] - Failed: CI=true but" in out, out
    assert "skipped without PostgreSQL" not in out and "skipped on PostgreSQL" not in out
