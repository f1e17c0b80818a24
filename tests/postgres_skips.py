"""The PostgreSQL variants of the tests: skipped without a server, and then said in one line.

Storage tests (and a few end-to-end ones) run on SQLite and, when STICKEM_TEST_POSTGRES_URL names
a server, on PostgreSQL too. Without it each PostgreSQL variant is skipped; instead of one
``SKIPPED`` line per test in the summary (``-ra``), the run ends with one line saying how many
were skipped and how to run them. Every other skip, and every failure, is reported as usual.
Under CI=true a missing server fails the tests instead, so CI never tests SQLite alone.

A pytest plugin (registered in ``tests/conftest.py``).
"""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest

POSTGRES_ENV = "STICKEM_TEST_POSTGRES_URL"
SKIPPED = f"{POSTGRES_ENV} is not set"
"""The reason of every PostgreSQL variant skipped for want of a server."""
CATEGORY = "skipped without PostgreSQL"
"""What the run's last line calls those skips ("700 passed, 84 skipped without PostgreSQL")."""
HOW_TO_RUN = (
    'to run {them} too, start a throwaway PostgreSQL server on loopback with eval "$(bash '
    '.ci/postgres.sh)" before the tests (as root, or with password-less sudo, the script '
    "installs PostgreSQL with apt-get if it is missing)"
)


def postgres_url_or_skip() -> str:
    """The test server's URL; skip (or, under CI=true, fail) when there is none."""
    url = os.environ.get(POSTGRES_ENV, "").strip()
    if url:
        return url
    if os.environ.get("CI", "").strip().lower() == "true":
        pytest.fail(
            f"CI=true but {POSTGRES_ENV} is not set: .ci/run must start PostgreSQL with "
            '`eval "$(bash .ci/postgres.sh)"` before the tests, so both databases are tested.'
        )
    pytest.skip(SKIPPED)


def _skipped_for_postgres(report: pytest.TestReport) -> bool:
    if not report.skipped or not isinstance(report.longrepr, tuple):
        return False
    reason = str(report.longrepr[2])
    return reason.removeprefix("Skipped: ") == SKIPPED


@pytest.hookimpl(tryfirst=True)
def pytest_report_teststatus(report: pytest.TestReport) -> tuple[str, str, str] | None:
    """File a PostgreSQL variant skipped for want of a server apart from the other skips, so that
    ``-ra`` does not list each of them."""
    if _skipped_for_postgres(report):
        return CATEGORY, "s", "SKIPPED"
    return None


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> Generator[None]:
    """After the short summary of ``-ra``: one line for the PostgreSQL variants skipped, how
    many and how to run them."""
    yield
    count = len(terminalreporter.stats.get(CATEGORY, []))
    if count:
        tests, them = ("test was", "it") if count == 1 else ("tests were", "them")
        how = HOW_TO_RUN.format(them=them)
        terminalreporter.write_line(f"{count} {tests} skipped on PostgreSQL ({SKIPPED}); {how}.", yellow=True)
