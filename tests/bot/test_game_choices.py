"""The ``game`` option of /join and /rules: every offered game is a choice, and a value that is
none of them (forged, or from a command list synced by an older version) is refused in words."""

from __future__ import annotations

import pytest

from bot.boot.command_text import CatalogTranslator
from bot.tables.game_choices import game_choices, offered_game
from host.errors import UserError
from tabletop import registry
from tabletop.catalog import render


def test_every_offered_game_is_a_choice_with_its_title() -> None:
    assert [choice.value for choice in game_choices()] == list(registry.names())
    for choice in game_choices():
        assert choice.name.startswith(str(registry.game(choice.value).title) + ": ")
        assert len(choice.name) <= 100


async def test_german_players_see_the_games_in_german_within_discords_limit() -> None:
    translator = CatalogTranslator()
    payloads = [await choice.get_translated_payload(translator) for choice in game_choices()]
    german = {payload["value"]: payload["name_localizations"].get("de") for payload in payloads}
    assert german["stickem"] == "Sticheln: " + render(registry.game("stickem").description, "de")
    assert str(german["stickem"]).startswith("Sticheln: Das gemeine Stichspiel")
    for value, name in german.items():
        spec = registry.game(value)
        assert name is not None and name.startswith(render(spec.title, "de") + ": "), value
        assert len(name) <= 100, name


def test_an_offered_game_is_found_by_its_name() -> None:
    assert str(offered_game("stupid").title) == "Stupid"


@pytest.mark.parametrize("name", ["chess", "", "Stupid", "x" * 500])
def test_a_game_that_is_not_offered_is_refused_naming_the_offered_ones(name: str) -> None:
    with pytest.raises(UserError) as refused:
        offered_game(name)
    text = str(refused.value)
    assert text.startswith("There is no game called ")
    assert text.endswith(f"choose one of {', '.join(registry.names())}.")
    assert len(text) < 300
