"""Fixtures shared by the Discord layer's tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.tables.pictures import ImageSettings, Painter
from tests.bot import gated_art


@pytest.fixture
async def painter() -> AsyncIterator[Painter]:
    """A painter whose drawings of :mod:`tests.bot.gated_art` wait at its gate (closed at the
    start, opened at the end), with no drawing recorded yet."""
    gated_art.GATE.clear()
    gated_art.DRAWN.clear()
    painter = Painter(ImageSettings(), workers=0)
    yield painter
    gated_art.GATE.set()
    painter.close()
