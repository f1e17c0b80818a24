"""The ``game`` option of /join and /rules: every offered game is a choice, and a value that is
none of them (forged, or from a command list synced by an older version) is refused in words."""

from __future__ import annotations

import pytest

from bot.tables.game_choices import game_choices, offered_game
from host.errors import UserError
from tabletop import registry


def test_every_offered_game_is_a_choice_with_its_title() -> None:
    assert [choice.value for choice in game_choices()] == list(registry.names())
    for choice in game_choices():
        assert choice.name.startswith(registry.game(choice.value).title + ": ")
        assert len(choice.name) <= 100


def test_an_offered_game_is_found_by_its_name() -> None:
    assert offered_game("stupid").title == "Stupid"


@pytest.mark.parametrize("name", ["chess", "", "Stupid", "x" * 500])
def test_a_game_that_is_not_offered_is_refused_naming_the_offered_ones(name: str) -> None:
    with pytest.raises(UserError) as refused:
        offered_game(name)
    text = str(refused.value)
    assert text.startswith("There is no game called ")
    assert text.endswith(f"choose one of {', '.join(registry.names())}.")
    assert len(text) < 300
