"""How players write the cards of the French-suited deck (clubs, diamonds, hearts, spades):
the words, letters and symbols the engines read a card from and write it with.

Only the vocabulary is shared; what a game accepts (an ace high or low, jokers, copies) stays
in its own ``cards`` module.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "RANK_LETTERS",
    "RANK_WORDS",
    "SUIT_LETTERS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "VARIATION_SELECTOR",
    "suit_spellings",
]

SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
"""The four suits by name, in display order."""
SUIT_SYMBOLS: Final = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
SUIT_LETTERS: Final = {name: name[0].upper() for name in SUIT_NAMES}
VARIATION_SELECTOR: Final = "\ufe0f"
"""What some keyboards append to a suit symbol (``♥️``): read as the bare symbol."""

RANK_WORDS: Final = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "jack": 11, "queen": 12, "king": 13,
}  # fmt: skip
"""The ranks two to king in words; the ace is left to the game (high, 14, or low, 1)."""
RANK_LETTERS: Final = {10: "T", 11: "J", 12: "Q", 13: "K"}
"""The one-letter ranks of the ASCII codes (``TC``, ``QH``); the ace is ``A``."""


def suit_spellings() -> dict[str, str]:
    """Every way a player writes a suit, in lower case, to the suit's name: ``"clubs"``,
    ``"club"``, ``"c"``, ``"♣"`` and ``"♣️"`` all name ``"clubs"``."""
    spellings: dict[str, str] = {}
    for name in SUIT_NAMES:
        symbol = SUIT_SYMBOLS[name]
        for spelling in (name, name[:-1], name[0], symbol, symbol + VARIATION_SELECTOR):
            spellings[spelling] = name
    return spellings
