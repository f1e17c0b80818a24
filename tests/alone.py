"""The marker ``alone``: a test that needs the machine to itself while it runs.

scripts/run-tests.sh runs the suite on several pytest-xdist workers. A few end-to-end tests measure
what the bot does under load it makes itself (twenty tables of `hard` computer players, worker
processes killed while they compute) or how fast it stops; beside another test on a 2-core
machine they wait for CPU time instead. A test marked ``alone`` runs while no other worker is
in a test: it takes a readers-writer lock (``flock`` on a file in the run's temporary folder,
which every worker of the run shares) for writing, every other test takes it for reading. A
second lock, the gate, lets no new test start while an ``alone`` test waits, so it does not
wait for ever. Without xdist the tests run one after the other anyway: no lock is taken.

A lock is waited for outside the test's own time (``pytest-timeout`` counts from when it is
held): the wait ends when the tests running on the other workers end, each bounded by its
timeout, or when their worker dies (its locks go with it).

A pytest plugin (registered in ``tests/conftest.py``).
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Generator
from contextlib import ExitStack
from pathlib import Path
from typing import IO

import pytest

MARKER = "alone"


def pytest_configure(config: pytest.Config) -> None:
    """Declare the marker (for ``--strict-markers`` and ``pytest --markers``)."""
    config.addinivalue_line(
        "markers", f"{MARKER}: run while no other test runs (the other xdist workers wait meanwhile)"
    )


def _lock_folder(config: pytest.Config) -> Path | None:
    """The folder every worker of this xdist run shares (each worker's base temporary folder is
    one of its subfolders); None outside xdist."""
    if not os.environ.get("PYTEST_XDIST_WORKER") or not config.option.basetemp:
        return None
    return Path(config.option.basetemp).parent


def _locked(stack: ExitStack, path: Path, operation: int) -> IO[bytes]:
    """``path`` opened and locked with ``operation`` (``LOCK_SH`` or ``LOCK_EX``), unlocked and
    closed when ``stack`` closes."""
    handle = stack.enter_context(path.open("ab"))
    fcntl.flock(handle, operation)
    stack.callback(fcntl.flock, handle, fcntl.LOCK_UN)
    return handle


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_protocol(
    item: pytest.Item, nextitem: pytest.Item | None
) -> Generator[None, object, object]:
    """Run the test (set-up, call and tear-down) under the run's lock: alone for a test marked
    ``alone``, beside other unmarked tests otherwise."""
    folder = _lock_folder(item.config)
    if folder is None:
        return (yield)
    alone = item.get_closest_marker(MARKER) is not None
    with ExitStack() as held:
        with ExitStack() as gate:
            _locked(gate, folder / "alone-gate.lock", fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
            _locked(held, folder / "alone-tests.lock", fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
            if alone:
                held.push(gate.pop_all())  # the gate stays closed until this test is done
        return (yield)
