"""The package metadata builds without deprecation warnings from setuptools."""

from __future__ import annotations

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_license_is_an_spdx_expression_for_a_setuptools_that_reads_it() -> None:
    """setuptools deprecates `license = { text = ... }` (a warning at every build); the SPDX string
    form needs setuptools 77 or later, so the build requirement says so."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert project["project"]["license"] == "MIT"
    assert "setuptools>=77" in project["build-system"]["requires"]
