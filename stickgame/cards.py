"""Cards, suits and the 216-card deck (sticks.md section 1).

A ``Card`` is a suit and a rank (1-13, the ace 1); a joker has no suit and rank 0. Every deuce
and every joker is wild. The four decks hold identical cards, and identical cards are equal:
a hand is a multiset, and the engine never needs to tell two K♠ apart (a saved game names
cards by value only; see ``stickgame.game``).

Cards are interned: ``Card.parse("7H") is Card(Suit.HEARTS, 7)``.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Final

from cardkit.card_names import RANK_WORDS, SUIT_NAMES, SUIT_SYMBOLS

__all__ = ["DECK", "JOKER", "RANK_NAMES", "SUITS", "Card", "Suit", "deck"]


class Suit(Enum):
    """The four suits, in the order clubs, diamonds, hearts, spades."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣ ♦ ♥ ♠."""
        return _SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The suit's letter: C D H S."""
        return self.name[0]

    def __str__(self) -> str:
        return self.value


SUITS: Final[tuple[Suit, ...]] = tuple(Suit)
_SYMBOLS: Final = {suit: SUIT_SYMBOLS[suit.value] for suit in SUITS}
RANK_NAMES: Final[dict[int, str]] = {1: "A", 11: "J", 12: "Q", 13: "K"} | {
    rank: str(rank) for rank in range(2, 11)
}
_WORDS: Final[dict[str, int]] = {**RANK_WORDS, "ace": 1, "deuce": 2}
_PLURAL_WORDS: Final[dict[int, str]] = {
    1: "aces", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens",
    8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings",
}  # fmt: skip


class Card:
    """One card: ``suit`` (None for a joker) and ``rank`` (1-13, ace 1; 0 for a joker).

    Immutable, hashable and interned (equal cards are the same object). ``is_wild``: a deuce or
    a joker. ``str(card)`` is ``"7♥"``, ``"10♣"``, ``"A♠"`` or ``"joker"``; ``card.code`` the
    ASCII form ``"7H"``, ``"10C"``, ``"AS"``, ``"*"`` used in the action log.
    """

    __slots__ = ("_code", "_text", "index", "is_wild", "rank", "suit")

    suit: Suit | None
    rank: int
    index: int
    is_wild: bool
    _text: str
    _code: str

    def __new__(cls, suit: Suit | None, rank: int = 0) -> Card:
        """The interned card of ``suit`` and ``rank`` (``Card(None)`` is the joker)."""
        if suit is None:
            return _CARDS[0]
        if not isinstance(suit, Suit) or type(rank) is not int or not 1 <= rank <= 13:
            raise ValueError(f"no card has suit {suit!r} and rank {rank!r}; ranks are 1-13")
        return _CARDS[1 + SUITS.index(suit) * 13 + rank - 1]

    @classmethod
    def _make(cls, suit: Suit | None, rank: int, index: int) -> Card:
        card = object.__new__(cls)
        for name, value in (("suit", suit), ("rank", rank), ("index", index)):
            object.__setattr__(card, name, value)
        object.__setattr__(card, "is_wild", suit is None or rank == 2)
        text = "joker" if suit is None else f"{RANK_NAMES[rank]}{suit.symbol}"
        code = "*" if suit is None else f"{RANK_NAMES[rank]}{suit.letter}"
        object.__setattr__(card, "_text", text)
        object.__setattr__(card, "_code", code)
        return card

    @property
    def code(self) -> str:
        """The ASCII code: ``"7H"``, ``"10C"``, ``"AS"``; ``"*"`` for a joker."""
        return self._code

    @staticmethod
    def parse(text: str) -> Card:
        """Read ``"7♥"``, ``"7H"``, ``"7h"``, ``"10♣"``, ``"seven of hearts"``, ``"joker"``, ``"*"``.

        Raises ValueError with a readable message for anything else.
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(f"{text!r} is not a card")
        key = text.strip().lower()
        card = _BY_TEXT.get(key)
        if card is not None:
            return card
        match = _WORDS_PATTERN.fullmatch(key)
        if match is not None and match.group(1) in _WORDS:
            return Card(Suit(match.group(2)), _WORDS[match.group(1)])
        raise ValueError(
            f"{text!r} is not a card; write a rank (A, 2-10, J, Q, K) and a suit "
            "(♣ ♦ ♥ ♠ or C D H S), like '7♥' or '7H', or 'seven of hearts', or 'joker'"
        )

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cards are immutable; cannot set {name!r}")

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self._code,))


def rank_plural(rank: int) -> str:
    """``"eights"`` for 8: how a stick names a set of that rank."""
    return _PLURAL_WORDS[rank]


_CARDS: Final[tuple[Card, ...]] = (
    Card._make(None, 0, 0),
    *(Card._make(suit, rank, 1 + s * 13 + rank - 1) for s, suit in enumerate(SUITS) for rank in range(1, 14)),
)
JOKER: Final = _CARDS[0]
_BY_TEXT: Final[dict[str, Card]] = {"joker": JOKER, "*": JOKER, "jk": JOKER}
for _card in _CARDS[1:]:
    assert _card.suit is not None
    for _rank_text in {RANK_NAMES[_card.rank], "t" if _card.rank == 10 else RANK_NAMES[_card.rank]}:
        for _suit_text in (_card.suit.symbol, _card.suit.letter):
            _BY_TEXT[f"{_rank_text}{_suit_text}".lower()] = _card
_WORDS_PATTERN: Final = re.compile(r"([a-z]+)\s+of\s+(" + "|".join(SUIT_NAMES) + ")")

DECK: Final[tuple[Card, ...]] = tuple(
    card for _ in range(4) for card in (*_CARDS[1:], JOKER, JOKER)
)
"""The 216 cards: four decks of 52 cards and 2 jokers each."""


def deck() -> list[Card]:
    """A new list of the 216 cards, unshuffled."""
    return list(DECK)
