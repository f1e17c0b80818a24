"""Every test here runs over every game the registry offers, and the tests' own tiny game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tabletop import GameSpec, registry

TINY = "tiny"
TINY_ENTRY = "tests.tabletop.tiny_game:GAME"

SHORT_GAMES: dict[str, dict[str, object]] = {"stickgame": {"sticks_to_win": 1, "hand_size": 11}}
"""Options for a short game, where a whole game of the defaults is too long for a unit test
(Stick Game: seven sticks to win take a second of random play, hundreds of moves)."""


def short_options(spec: GameSpec) -> dict[str, object]:
    """The options the tests play ``spec`` with: its defaults, or a short game of it."""
    return dict(SHORT_GAMES.get(spec.name, {}))


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
