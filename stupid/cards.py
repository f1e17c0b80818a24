"""Suits, cards and decks (rules section 1): standard 52-card decks, ace high, no jokers.

Every card is an interned singleton: ``Card(Suit.CLUBS, 12)``, ``Card.parse("Q♣")``,
``Card.parse("queen of clubs")`` and ``Card.parse("qc")`` are the very same object, so
equality is identity and a game never allocates a card.

With several decks the copies of a card are identical: a ``Card`` is what a player sees.
Where the engine must tell copies apart (its action log, see ``stupid.actions``) it pairs the
card with a copy number 0..decks-1.
"""

from __future__ import annotations

import re
from enum import Enum
from functools import total_ordering
from typing import Any, Final, NoReturn, final

from cardkit.card_names import RANK_LETTERS, RANK_WORDS, SUIT_NAMES, SUIT_SYMBOLS, suit_spellings

__all__ = ["RANKS", "SUITS", "Card", "Suit", "full_deck"]


class Suit(Enum):
    """The four suits, declared (and ordered) in display order: clubs, diamonds, hearts, spades."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"

    @property
    def order(self) -> int:
        """Position in display order: clubs 0, diamonds 1, hearts 2, spades 3."""
        return _SUIT_ORDER[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣ ♦ ♥ ♠."""
        return _SYMBOLS[_SUIT_ORDER[self]]

    @property
    def letter(self) -> str:
        """The suit's letter: C D H S."""
        return self.value[0].upper()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """The suit named by ``text``: ``"clubs"``, ``"club"``, ``"C"`` or ``"♣"`` (any case)."""
        suit = _SUIT_BY_NAME.get(text.strip().lower()) if isinstance(text, str) else None
        if suit is None:
            raise ValueError(f"{text!r} is not a suit; suits are clubs, diamonds, hearts, spades")
        return suit

    def __str__(self) -> str:
        return self.value


SUITS: Final[tuple[Suit, ...]] = tuple(Suit)
RANKS: Final[tuple[int, ...]] = tuple(range(2, 15))
"""Card ranks: 2-10, then jack 11, queen 12, king 13, ace 14 (ace high)."""
_SUIT_ORDER: Final[dict[Suit, int]] = {suit: i for i, suit in enumerate(SUITS)}
_SYMBOLS: Final = "".join(SUIT_SYMBOLS[name] for name in SUIT_NAMES)
_SUIT_BY_NAME: Final[dict[str, Suit]] = {spelling: Suit(name) for spelling, name in suit_spellings().items()}

_RANK_LETTERS: Final[dict[int, str]] = {**RANK_LETTERS, 14: "A"}
_RANK_NAMES: Final[dict[int, str]] = {rank: word for word, rank in RANK_WORDS.items()} | {14: "ace"}
_RANK_BY_NAME: Final[dict[str, int]] = {}
for _rank in RANKS:
    _RANK_BY_NAME[str(_rank)] = _rank
    _RANK_BY_NAME[_RANK_NAMES[_rank]] = _rank
    _RANK_BY_NAME[_RANK_LETTERS.get(_rank, str(_rank)).lower()] = _rank


@final
@total_ordering  # the other comparisons from __lt__ and identity equality
class Card:
    """One card: a ``suit`` and a ``rank`` from 2 to 14 (ace). Immutable, hashable, interned.

    ``card.index`` is ``suit.order * 13 + rank - 2`` (0-51): cards order by suit (display
    order) then rank, and because they are interned ``==`` is identity and
    ``hash(card) == card.index``. ``str(card)`` is ``"Q♣"`` (``"10♣"`` for a ten);
    ``card.code`` is the two-letter ASCII form ``"QC"`` (``"TC"``) used in action logs.
    """

    __slots__ = ("_text", "code", "index", "rank", "suit")

    suit: Suit
    rank: int
    index: int
    code: str
    _text: str

    def __new__(cls, suit: Suit | str, rank: int | None = None) -> Card:
        """The interned card of ``suit`` (a Suit or its name) and ``rank`` (2-14).

        ``Card("Q♣")`` (one string) is the same as ``Card.parse("Q♣")``.
        """
        if rank is None and isinstance(suit, str):
            return Card.parse(suit)
        if not isinstance(suit, Suit):
            suit = Suit.parse(suit)
        if type(rank) is not int or not 2 <= rank <= 14:
            raise ValueError(f"{rank!r} is not a rank; ranks are 2-14 (11 jack ... 14 ace)")
        return _CARDS[_SUIT_ORDER[suit] * 13 + rank - 2]

    @classmethod
    def _make(cls, suit: Suit, rank: int) -> Card:
        card = object.__new__(cls)
        letter = _RANK_LETTERS.get(rank, str(rank))
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "index", _SUIT_ORDER[suit] * 13 + rank - 2)
        object.__setattr__(card, "code", letter + suit.letter)
        shown = "10" if rank == 10 else letter
        object.__setattr__(card, "_text", shown + suit.symbol)
        return card

    @staticmethod
    def from_index(index: int) -> Card:
        """The card whose ``index`` is ``index`` (0-51)."""
        if type(index) is not int or not 0 <= index < 52:
            raise ValueError(f"{index!r} is not a card index; indexes are 0-51")
        return _CARDS[index]

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card: ``"Q♣"``, ``"QC"``, ``"10♣"``, ``"10C"``, ``"TC"``, ``"queen of clubs"``,
        ``"10 of clubs"`` (case and spaces ignored). Raises ValueError for anything else."""
        card = _CARD_BY_TEXT.get(text) if isinstance(text, str) else None
        if card is not None:
            return card
        if isinstance(text, str):
            cleaned = " ".join(text.strip().lower().split())
            match = _WORDS.fullmatch(cleaned) or _SHORT.fullmatch(cleaned)
            if match is not None:
                rank = _RANK_BY_NAME.get(match.group(1))
                suit = _SUIT_BY_NAME.get(match.group(2))
                if rank is not None and suit is not None:
                    return _CARDS[_SUIT_ORDER[suit] * 13 + rank - 2]
        raise ValueError(
            f"{text!r} is not a card; write a rank (2-10, J, Q, K, A) and a suit "
            "(♣ ♦ ♥ ♠ or C D H S), like 'Q♣', 'QC' or 'queen of clubs'"
        )

    @property
    def name(self) -> str:
        """The card in words: ``"queen of clubs"``."""
        return f"{_RANK_NAMES[self.rank]} of {self.suit.value}"

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"cards are immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"cards are immutable; cannot delete {name!r}")

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index < other.index
        return NotImplemented

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        # copy, deepcopy and pickle all come back to the interned singleton.
        return (Card.from_index, (self.index,))


_CARDS: Final[tuple[Card, ...]] = tuple(Card._make(suit, rank) for suit in SUITS for rank in RANKS)
_CARD_BY_TEXT: Final[dict[str, Card]] = {}
for _card in _CARDS:
    _CARD_BY_TEXT[str(_card)] = _card
    _CARD_BY_TEXT[_card.code] = _card
_SUIT_PATTERN: Final = "clubs?|diamonds?|hearts?|spades?|[cdhs]|[♣♦♥♠]\ufe0f?"
_WORDS: Final = re.compile(r"(\w+) of (" + _SUIT_PATTERN + ")")
_SHORT: Final = re.compile(r"(10|[2-9tjqka]|ten|jack|queen|king|ace) ?(" + _SUIT_PATTERN + ")")


def full_deck() -> tuple[Card, ...]:
    """The 52 cards of one deck, sorted by suit then rank (a shared tuple: don't mutate)."""
    return _CARDS
