"""Cards, colors and decks (RULES section 1)."""

from __future__ import annotations

import copy
import pickle

import pytest

from stickem import COLORS, Card, Color, deck
from stickem.cards import deck_colors, deck_max_value

DECK_TABLE = {3: (5, 8, 45), 4: (5, 11, 60), 5: (5, 14, 75), 6: (6, 14, 90), 7: (6, 17, 108)}


def test_colors_are_in_display_order_and_ordered() -> None:
    assert [c.value for c in COLORS] == ["green", "brown", "red", "blue", "yellow", "violet"]
    assert Color.GREEN < Color.RED < Color.VIOLET
    assert sorted([Color.VIOLET, Color.GREEN, Color.BLUE]) == [
        Color.GREEN,
        Color.BLUE,
        Color.VIOLET,
    ]
    assert Color.parse(" Yellow ") is Color.YELLOW


@pytest.mark.parametrize("text", ["red 7", "Red 7", "  RED   7 ", "red7", "red-7"])
def test_parse_is_case_and_space_tolerant(text: str) -> None:
    card = Card.parse(text)
    assert card.color is Color.RED and card.value == 7
    assert str(card) == "red 7"


@pytest.mark.parametrize("text", ["purple 3", "red 18", "red", "7", "", "red -1", "red 7 8"])
def test_parse_rejects_non_cards_readably(text: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(text)


def test_cards_are_interned_immutable_and_hashable() -> None:
    card = Card(Color.BLUE, 9)
    assert card is Card.parse("blue 9") is Card("blue", 9) is Card("blue 9")
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert hash(card) == card.index == Color.BLUE.order * 18 + 9
    assert Card.from_index(card.index) is card
    assert {card: 1}[Card.parse("blue 9")] == 1
    with pytest.raises(AttributeError):
        card.value = 3  # type: ignore[misc]
    assert eval(repr(card), {"Card": Card}) is card


def test_cards_order_by_color_then_value() -> None:
    cards = [Card.parse(t) for t in ["violet 0", "green 9", "red 2", "green 10", "red 0"]]
    assert [str(c) for c in sorted(cards)] == ["green 9", "green 10", "red 0", "red 2", "violet 0"]
    assert Card.parse("green 17") < Card.parse("brown 0")


@pytest.mark.parametrize("bad", [(Color.RED, 18), (Color.RED, -1), ("pink", 3), (Color.RED, "7")])
def test_bad_card_constructions_raise(bad: tuple[object, object]) -> None:
    with pytest.raises(ValueError):
        Card(*bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", sorted(DECK_TABLE))
def test_deck_matches_rules_table(players: int) -> None:
    colors, top, size = DECK_TABLE[players]
    cards = deck(players)
    assert len(cards) == size == len(set(cards))
    assert list(cards) == sorted(cards)
    assert {c.color for c in cards} == set(COLORS[:colors]) == set(deck_colors(players))
    assert {c.value for c in cards} == set(range(top + 1))
    assert deck_max_value(players) == top


@pytest.mark.parametrize("players", [2, 8, 0, "5", 5.0])
def test_deck_rejects_other_player_counts(players: object) -> None:
    with pytest.raises(ValueError, match="3-7 players"):
        deck(players)  # type: ignore[arg-type]


def test_only_ascii_digits_are_card_values() -> None:
    with pytest.raises(ValueError):
        Card.parse("red \u0667")  # an Arabic-Indic seven
