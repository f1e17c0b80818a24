"""Cards, colors and the deck for each player count (RULES section 1).

Every card is an interned singleton: ``Card(Color.RED, 7)``, ``Card.parse("red 7")`` and the
cards of ``deck(5)`` all return the very same object. That makes equality an identity check,
lets hands be searched quickly, and means a card never needs to be allocated during a game.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any, Final, NoReturn, final

__all__ = ["COLORS", "MAX_VALUE", "Card", "Color", "deck", "deck_colors", "deck_max_value"]


class Color(Enum):
    """The six card colors, declared (and ordered) in display order."""

    GREEN = "green"
    BROWN = "brown"
    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"
    VIOLET = "violet"

    @property
    def order(self) -> int:
        """Position in display order: green 0, brown 1, ..., violet 5."""
        return _COLOR_ORDER[self]

    @classmethod
    def parse(cls, text: str) -> Color:
        """Return the color named by ``text`` (case and surrounding space ignored)."""
        color = _COLOR_BY_NAME.get(text.strip().lower()) if isinstance(text, str) else None
        if color is None:
            raise ValueError(f"{text!r} is not a color; colors are {', '.join(_COLOR_NAMES)}")
        return color

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Color):
            return _COLOR_ORDER[self] < _COLOR_ORDER[other]
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Color):
            return _COLOR_ORDER[self] <= _COLOR_ORDER[other]
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Color):
            return _COLOR_ORDER[self] > _COLOR_ORDER[other]
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Color):
            return _COLOR_ORDER[self] >= _COLOR_ORDER[other]
        return NotImplemented

    def __str__(self) -> str:
        return self.value


COLORS: Final[tuple[Color, ...]] = tuple(Color)
_COLOR_ORDER: Final[dict[Color, int]] = {color: i for i, color in enumerate(COLORS)}
_COLOR_BY_NAME: Final[dict[str, Color]] = {color.value: color for color in COLORS}
_COLOR_NAMES: Final[tuple[str, ...]] = tuple(color.value for color in COLORS)

MAX_VALUE: Final = 17
"""The highest card value in any deck (7 players)."""
_STRIDE: Final = MAX_VALUE + 1


@final
class Card:
    """One card: a color and a value from 0 to 17. Immutable, hashable, ordered, interned.

    Cards order by color (display order) then value. ``card.index`` is
    ``color.order * 18 + value``: a small int in the same order, handy for bitmasks and tables.
    Because cards are interned, ``==`` is identity and ``hash(card) == card.index``.
    """

    __slots__ = ("_text", "color", "index", "value")

    color: Color
    value: int
    index: int
    _text: str

    def __new__(cls, color: Color | str, value: int | None = None) -> Card:
        """Return the interned card of ``color`` (a Color or its name) and ``value``.

        ``Card("red 7")`` (one string) is the same as ``Card.parse("red 7")``.
        """
        if value is None and isinstance(color, str):
            return Card.parse(color)
        if not isinstance(color, Color):
            color = Color.parse(color)
        if type(value) is not int or not 0 <= value <= MAX_VALUE:
            raise ValueError(f"{value!r} is not a card value; values are 0-{MAX_VALUE}")
        return _CARDS[_COLOR_ORDER[color] * _STRIDE + value]

    @classmethod
    def _make(cls, color: Color, value: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "color", color)
        object.__setattr__(card, "value", value)
        object.__setattr__(card, "index", _COLOR_ORDER[color] * _STRIDE + value)
        object.__setattr__(card, "_text", f"{color.value} {value}")
        return card

    @staticmethod
    def from_index(index: int) -> Card:
        """Return the card whose ``index`` is ``index`` (inverse of ``card.index``)."""
        if type(index) is not int or not 0 <= index < len(_CARDS):
            raise ValueError(f"{index!r} is not a card index; indexes are 0-{len(_CARDS) - 1}")
        return _CARDS[index]

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card such as ``"red 7"``, ``" Red  7"``, ``"RED-7"`` or ``"red7"``.

        Raises ValueError with a readable message for anything else.
        """
        card = _CARD_BY_TEXT.get(text) if isinstance(text, str) else None
        if card is not None:
            return card
        match = _CARD_PATTERN.fullmatch(text) if isinstance(text, str) else None
        if match is not None:
            color = _COLOR_BY_NAME.get(match.group(1).lower())
            value = int(match.group(2))
            if color is not None and value <= MAX_VALUE:
                return _CARDS[_COLOR_ORDER[color] * _STRIDE + value]
        raise ValueError(
            f"{text!r} is not a card; write a color ({', '.join(_COLOR_NAMES)}) "
            f"and a value 0-{MAX_VALUE}, like 'red 7'"
        )

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

    def __le__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index <= other.index
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index > other.index
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index >= other.index
        return NotImplemented

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        # copy, deepcopy and pickle all come back to the interned singleton.
        return (Card.from_index, (self.index,))


_CARDS: Final[tuple[Card, ...]] = tuple(
    Card._make(color, value) for color in COLORS for value in range(_STRIDE)
)
_CARD_BY_TEXT: Final[dict[str, Card]] = {str(card): card for card in _CARDS}
_CARD_PATTERN: Final = re.compile(r"\s*([A-Za-z]+)(?:\s+|[-_]|)([0-9]{1,2})\s*", re.ASCII)

# players -> (number of colors, highest value), RULES section 1.
_DECK_SHAPE: Final[dict[int, tuple[int, int]]] = {
    3: (5, 8),
    4: (5, 11),
    5: (5, 14),
    6: (6, 14),
    7: (6, 17),
}
_DECKS: Final[dict[int, tuple[Card, ...]]] = {
    players: tuple(_CARDS[c * _STRIDE + v] for c in range(colors) for v in range(top + 1))
    for players, (colors, top) in _DECK_SHAPE.items()
}


def _check_players(players: int) -> None:
    if type(players) is not int or players not in _DECK_SHAPE:
        raise ValueError(f"Stick'em is for 3-7 players, not {players!r}")


def deck(players: int) -> tuple[Card, ...]:
    """The sorted deck for ``players`` (3-7), RULES section 1. The tuple is shared: don't mutate."""
    _check_players(players)
    return _DECKS[players]


def deck_colors(players: int) -> tuple[Color, ...]:
    """The colors in the deck for ``players``: the first five, or all six from 6 players."""
    _check_players(players)
    return COLORS[: _DECK_SHAPE[players][0]]


def deck_max_value(players: int) -> int:
    """The highest card value in the deck for ``players``."""
    _check_players(players)
    return _DECK_SHAPE[players][1]
