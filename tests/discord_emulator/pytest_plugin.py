"""pytest fixtures of the Discord emulator (registered in ``tests/conftest.py``).

``emulator``: a started :class:`~.emulator.Emulator` with discord.py pointed at it; at teardown
it is stopped (bounded) and the test fails if problems remain, unless the test is marked
``@pytest.mark.emulator_problems_expected`` (or popped them with ``emu.pop_problems()``).
``driver``: ``emulator.driver``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from .driver import Driver
from .emulator import Emulator


def pytest_configure(config: pytest.Config) -> None:
    """Register the marker."""
    config.addinivalue_line(
        "markers", "emulator_problems_expected: do not fail the test on leftover emulator problems"
    )


@pytest.fixture
async def emulator(request: pytest.FixtureRequest) -> AsyncIterator[Emulator]:
    """A running emulator for one test; leftover problems fail the test at teardown."""
    emu = Emulator()
    await emu.start()
    try:
        with emu.patched_discord():
            yield emu
    finally:
        await emu.stop()
    if request.node.get_closest_marker("emulator_problems_expected") is None:
        emu.assert_no_problems()


@pytest.fixture
def driver(emulator: Emulator) -> Driver:
    """The emulator's driver."""
    return emulator.driver
