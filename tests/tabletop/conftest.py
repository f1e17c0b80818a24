"""Every test here runs over every game the registry offers, and the tests' own tiny game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tabletop import GameSpec, registry

TINY = "tiny"
TINY_ENTRY = "tests.tabletop.tiny_game:GAME"


@pytest.fixture(params=[*registry.names(), TINY])
def spec(request: pytest.FixtureRequest) -> Iterator[GameSpec]:
    """Each offered game in turn, and take-away (registered for the test only)."""
    name = str(request.param)
    if name == TINY:
        registry.register(TINY, TINY_ENTRY)
        try:
            yield registry.game(TINY)
        finally:
            registry.unregister(TINY)
    else:
        yield registry.game(name)
