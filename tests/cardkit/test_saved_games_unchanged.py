"""Saved games are written byte for byte as before the engines shared their plumbing
(:mod:`cardkit`), and every one of them loads and writes itself again unchanged.

The fingerprints were computed with the engines of the commit before ``cardkit`` existed; a
change of a key, its order, a spelling, the digest or an escape fails here.
"""

from __future__ import annotations

import pytest

from tabletop import registry

from .saved_games import fingerprint, saved_texts

BEFORE = {
    "stickem": "7829a5ee7e367d225de1fd0be00932df8de3afc950de0edb413886355d32aab1",
    "stupid": "66c63fec25fb9b954ab64866c6b7a3cd04c4fa610a62ec6e0e6b61e92a2c11c3",
    "stickgame": "464c5ec0172c9f095cc304537f979de23c305fc6895b18f8db057ed7e00791ee",
}


@pytest.mark.parametrize("name", sorted(BEFORE))
def test_saved_games_are_written_as_before(name: str) -> None:
    assert fingerprint(saved_texts(name)) == BEFORE[name]


@pytest.mark.parametrize("name", sorted(BEFORE))
def test_a_saved_game_loads_and_saves_to_the_same_text(name: str) -> None:
    game_type = type(registry.game(name).new_match(4, registry.game(name).resolve_options({}), 1).game)  # type: ignore[attr-defined]
    for text in saved_texts(name, games=3):
        assert game_type.from_json(text).to_json() == text
        assert game_type.from_json(text.encode()).to_json() == text
