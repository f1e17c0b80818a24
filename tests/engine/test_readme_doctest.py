"""The README's "Using the engine" examples run and give what they show."""

from __future__ import annotations

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_doctests(path: Path) -> doctest.TestResults:
    return doctest.testfile(str(path), module_relative=False, verbose=False, report=True)


def test_readme_engine_section_runs() -> None:
    readme = ROOT / "README.md"
    assert "## Using the engine" in readme.read_text()
    failures, attempted = run_doctests(readme)
    assert attempted > 0 and failures == 0
