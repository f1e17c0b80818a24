"""RULES section 9: every worked example, under every preset (and with no rules given)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stickem import Card, Rules, deck, round_score, trick_winner
from stickem.tricks import trick_winner as engine_trick_winner

from .helpers import reference_score, reference_winner

PRESETS = ["classic", "amigo", "online"]

# (cards in play order, winner position); all-zero trick handled separately.
TRICKS = [
    ("red 7, red 2, red 11, red 0", 2),
    ("blue 8, blue 12, green 0, yellow 0", 1),
    ("brown 13, brown 15, red 2, yellow 0", 2),
    ("green 14, red 3, blue 9, brown 9", 2),
    ("blue 3, blue 10, yellow 0, blue 7", 1),
    ("yellow 9, green 5, red 6, blue 4", 2),
    ("green 11, red 5, yellow 5, green 8", 1),
]


def cards(text: str) -> list[Card]:
    return [Card.parse(part) for part in text.split(",")]


def applies(preset: str, trick: str) -> bool:
    """Whether the example's cards are all in the deck of a player count the preset allows."""
    rules = Rules.preset(preset)
    decks = [set(deck(n)) for n in range(rules.min_players, rules.max_players + 1)]
    return any(set(cards(trick)) <= d for d in decks)


APPLICABLE = [
    (preset, trick, winner)
    for preset in PRESETS
    for trick, winner in TRICKS
    if applies(preset, trick)
]


@pytest.mark.parametrize(("preset", "trick", "winner"), APPLICABLE)
def test_trick_examples(preset: str, trick: str, winner: int) -> None:
    rules = Rules.preset(preset)
    played = cards(trick)
    assert trick_winner(played, rules) == winner
    assert trick_winner(tuple(played)) == winner


def test_brown_15_example_only_applies_with_seven_players() -> None:
    # brown 15 exists only in the 7-player deck, which only the classic preset allows.
    trick = "brown 13, brown 15, red 2, yellow 0"
    assert [p for p in PRESETS if applies(p, trick)] == ["classic"]
    assert len(APPLICABLE) == 3 * len(TRICKS) - 2
    assert trick_winner(cards("brown 13, brown 15, red 2, yellow 0"), Rules.preset("classic")) == 2


@pytest.mark.parametrize("preset", PRESETS)
def test_all_zero_example(preset: str) -> None:
    rules = Rules.preset(preset)
    expected = 0 if rules.all_zero == "first" else None
    assert trick_winner(cards("red 0, blue 0, green 0, yellow 0"), rules) == expected


@pytest.mark.parametrize("all_zero", ["first", "nobody"])
def test_all_zero_both_options_in_any_preset(all_zero: str) -> None:
    for preset in PRESETS:
        rules = Rules.preset(preset, all_zero=all_zero)
        result = trick_winner(cards("red 0, blue 0, green 0, yellow 0"), rules)
        assert result == (0 if all_zero == "first" else None)
        # a single non-zero card makes it an ordinary trick under both options
        assert trick_winner(cards("red 0, blue 0, green 1, yellow 0"), rules) == 2
        assert trick_winner(cards("red 0, red 4, green 0"), rules) == 1


@pytest.mark.parametrize(
    ("misery", "captured", "score"),
    [
        ("red 4", ["red 2", "red 5"] + ["green 1"] * 14, 3),
        ("yellow 2", ["yellow 5", "yellow 4"] + ["blue 3"] * 6, -5),
        ("red 0", ["red 2", "red 4", "red 1"] + ["brown 7"] * 9, 2),
        ("red 1", ["red 0", "red 2", "red 8"] + ["violet 9"] * 13, 2),
    ],
)
def test_round_score_examples(misery: str, captured: list[str], score: int) -> None:
    taken = [Card.parse(text) for text in captured]
    assert round_score(Card.parse(misery), taken) == score
    assert reference_score(Card.parse(misery), taken) == score


def test_captured_zero_of_other_color_scores_one() -> None:
    assert round_score(Card.parse("red 3"), cards("blue 0, green 0")) == 2 - 3


def test_empty_trick_is_an_error() -> None:
    with pytest.raises(ValueError):
        trick_winner([])


card_strategy = st.builds(
    Card,
    st.sampled_from(["green", "brown", "red", "blue", "yellow", "violet"]),
    st.integers(0, 17),
)


@given(st.lists(card_strategy, min_size=1, max_size=7), st.sampled_from(["first", "nobody"]))
def test_trick_winner_matches_reference(played: list[Card], all_zero: str) -> None:
    rules = Rules.preset("classic", all_zero=all_zero)
    assert engine_trick_winner(played, rules) == reference_winner(played, all_zero == "nobody")


@given(card_strategy, st.lists(card_strategy, max_size=40))
def test_round_score_matches_reference(misery: Card, captured: list[Card]) -> None:
    assert round_score(misery, captured) == reference_score(misery, captured)
