"""Cards: parsing, writing, the 216-card deck and what is wild."""

from __future__ import annotations

from collections import Counter

import pytest

from stickgame import DECK, JOKER, Card, Suit, deck


@pytest.mark.parametrize("text", ["7♥", "7H", "7h", " seven of hearts ", "Seven Of Hearts"])
def test_seven_of_hearts_in_every_spelling(text: str) -> None:
    card = Card.parse(text)
    assert card.suit is Suit.HEARTS and card.rank == 7
    assert Card.parse(str(card)) is card and Card.parse(card.code) is card


@pytest.mark.parametrize("text", ["joker", "JOKER", "*"])
def test_joker_spellings(text: str) -> None:
    assert Card.parse(text) is JOKER and JOKER.suit is None and JOKER.is_wild


def test_ten_and_ace() -> None:
    assert str(Card.parse("10C")) == "10♣" and Card.parse("TC") is Card.parse("10♣")
    assert Card.parse("ace of spades").rank == 1 and str(Card.parse("AS")) == "A♠"


@pytest.mark.parametrize("text", ["", "1H", "14C", "7X", "seven of stars", "11H", "ZZ"])
def test_bad_cards_are_refused_readably(text: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(text)


def test_deck_is_four_decks_with_jokers() -> None:
    assert len(DECK) == 216 and len(deck()) == 216
    counts = Counter(DECK)
    assert counts[JOKER] == 8
    assert all(counts[Card(suit, rank)] == 4 for suit in Suit for rank in range(1, 14))
    assert sum(card.is_wild for card in DECK) == 24  # 16 deuces and 8 jokers


def test_only_deuces_and_jokers_are_wild() -> None:
    wild = {card for card in DECK if card.is_wild}
    assert wild == {JOKER} | {Card(suit, 2) for suit in Suit}


def test_cards_are_immutable_interned_and_hashable() -> None:
    card = Card(Suit.SPADES, 13)
    assert card is Card.parse("KS") and hash(card) == hash(Card.parse("K♠"))
    with pytest.raises(AttributeError):
        card.rank = 12
