"""The protocol's own texts (``tabletop/catalog/``): an option a player typed is refused in the
reader's language, the English words as they always were; the catalog and its code agree."""

from __future__ import annotations

import pytest

from tabletop import Option, OptionError, Preset, resolve_options
from tabletop.catalog import render
from tests.game_catalogs import check_catalog, sentences_left

MODULES = ("tabletop.options", "tabletop.texts", "tabletop.engine_match", "tabletop.drawing.chart")
"""The modules that write the protocol's texts."""

DECKS = Option("decks", "how many decks", "auto", ("auto",), 1, 3)
RULES = (Option("rounds", "how many rounds", 5, (), 1, 20), DECKS)


def test_the_catalog_and_its_code_agree_german_complete() -> None:
    check_catalog("tabletop", MODULES)
    assert list(sentences_left(MODULES)) == []


def test_the_allowed_values_read_in_the_readers_language() -> None:
    assert str(DECKS.allowed()) == "'auto' or a whole number from 1 to 3"
    assert render(DECKS.allowed(), "de") == "'auto' oder eine ganze Zahl von 1 bis 3"
    three = Option("first_lead", "who leads", "left", ("left", "random", "winner"))
    assert str(three.allowed()) == "'left', 'random' or 'winner'"
    assert render(three.allowed(), "de") == "'left', 'random' oder 'winner'"
    assert str(RULES[0].allowed()) == "a whole number from 1 to 20"


@pytest.mark.parametrize(
    ("raw", "presets", "english", "german"),
    [
        (
            {"decks": "99"},
            (),
            "decks=99 is not allowed; use 'auto' or a whole number from 1 to 3",
            "decks=99 ist nicht erlaubt; erlaubt ist 'auto' oder eine ganze Zahl von 1 bis 3",
        ),
        (
            {"colour": 1},
            (),
            "there is no option 'colour'; options are rounds, decks",
            "es gibt keine Option 'colour'; die Optionen sind: rounds, decks",
        ),
        (
            {"preset": "fast"},
            (Preset("classic", "the rules as printed"),),
            "there is no preset 'fast'; presets are classic",
            "es gibt keine Regelvariante 'fast'; die Regelvarianten sind: classic",
        ),
    ],
)
def test_a_refused_option_is_english_for_english_readers_german_for_german_ones(
    raw: dict[str, object], presets: tuple[Preset, ...], english: str, german: str
) -> None:
    with pytest.raises(OptionError) as refused:
        resolve_options(RULES, raw, presets)
    assert str(refused.value) == english
    assert render(refused.value.message, "de") == german


def test_a_game_without_options_says_so_in_the_readers_language() -> None:
    with pytest.raises(OptionError) as refused:
        resolve_options((), {"colour": 1})
    assert str(refused.value) == "there is no option 'colour'; options are none"
    assert render(refused.value.message, "de") == "es gibt keine Option 'colour'; die Optionen sind: keine"
