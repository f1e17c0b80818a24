"""Rule options the engines refuse reach a player as catalog texts, in the reader's language
(the engine's English ``str()`` stays for the library's users)."""

from __future__ import annotations

import pytest

import stickem
import stickgame
from stickem.table_options import rules_for as stickem_rules_for
from stickgame.hosting import rules_for as stickgame_rules_for
from tabletop import OptionError
from tabletop.catalog import render

STICKEM_OPTIONS = {
    "preset": "classic",
    "rounds": 5,
    "all_zero": "first",
    "first_lead": "lowest_score",
    "min_players": 3,
    "max_players": 7,
}


@pytest.mark.parametrize(
    ("change", "english", "german"),
    [
        ({"preset": "chaos"}, "There is no preset 'chaos'", "Eine Regelvariante 'chaos' gibt es nicht"),
        ({"rounds": 99}, "rounds=99 is not allowed", "rounds=99 ist nicht erlaubt"),
        (
            {"all_zero": "all"},
            "all_zero='all' is not allowed; use one of 'first', 'nobody'.",
            "nimm eins von",
        ),
        ({"max_players": 9}, "use a whole number from 3 to 7", "nimm eine ganze Zahl von 3 bis 7"),
    ],
)
def test_stickem_engine_refusal_is_a_catalog_text(
    change: dict[str, object], english: str, german: str
) -> None:
    with pytest.raises(OptionError) as caught:
        stickem_rules_for({**STICKEM_OPTIONS, **change})  # type: ignore[dict-item]
    message = caught.value.message
    assert not isinstance(message, str)
    assert english in render(message, "en")
    assert german in render(message, "de")


def test_stickem_engine_keeps_its_english_sentence_and_gives_a_code() -> None:
    with pytest.raises(stickem.RulesError) as caught:
        stickem.Rules.preset("classic", first_lead="anyone")
    assert str(caught.value) == "first_lead='anyone' is not allowed; use one of 'lowest_score', 'rotate'"
    assert caught.value.code == "not_one_of"
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("options", "english", "german"),
    [
        (
            {"scoring": "luck", "sticks_to_win": 7, "hand_size": 15},
            "scoring='luck' is not allowed; use one of 'sticks', 'points'.",
            "scoring='luck' ist nicht erlaubt; nimm eins von 'sticks', 'points'.",
        ),
        (
            {"scoring": "sticks", "sticks_to_win": 7, "hand_size": 9},
            "hand_size=9 is not allowed; use a whole number from 11 to 15.",
            "hand_size=9 ist nicht erlaubt; nimm eine ganze Zahl von 11 bis 15.",
        ),
    ],
)
def test_stickgame_engine_refusal_is_a_catalog_text(
    options: dict[str, object], english: str, german: str
) -> None:
    with pytest.raises(OptionError) as caught:
        stickgame_rules_for(options)  # type: ignore[arg-type]
    message = caught.value.message
    assert render(message, "en") == english
    assert render(message, "de") == german


def test_stickgame_engine_keeps_its_english_sentence_and_gives_a_code() -> None:
    with pytest.raises(stickgame.RulesError) as caught:
        stickgame.Rules(hand_size=3)
    assert str(caught.value) == "hand_size=3 is not allowed; use a whole number from 11 to 15"
    assert caught.value.code == "out_of_range"
