"""A Stick'em match keeps no copy of its options: it reads them from its game's rules, so they
must come back exactly as the table resolved them, for every preset and choice of rounds."""

from __future__ import annotations

import pytest

from stickem.hosting import GAME


@pytest.mark.parametrize("preset", ["classic", "amigo", "online"])
@pytest.mark.parametrize("rounds", [None, 1, 3, 20, "per-player"])
def test_a_match_gives_back_the_options_it_was_made_with(preset: str, rounds: object) -> None:
    raw: dict[str, object] = {"preset": preset}
    if rounds is not None:
        raw["rounds"] = rounds
    options = GAME.resolve_options(raw)
    match = GAME.new_match(4, options, seed=7)
    assert dict(match.options) == options
    assert dict(match.copy().options) == options
    replayed = GAME.replay(4, options, 7, match.log)
    assert dict(replayed.options) == options
