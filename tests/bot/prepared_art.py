"""A module the painter's workers are prepared with in a test: imported in a worker process, it
appends that process's id to the file named by :data:`MARK` in the environment (if set)."""

from __future__ import annotations

import os

MARK = "STICKEM_TEST_PREPARED_MARK"

if os.environ.get(MARK):
    with open(os.environ[MARK], "a", encoding="utf-8") as marks:
        marks.write(f"{os.getpid()}\n")
