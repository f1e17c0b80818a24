"""Cards, hands, tricks and seats written as text for chat messages.

A card is always written as text, ``Q♣`` or ``10♥`` (its suit symbol is a character a screen
reader names, "club suit"), and a suit that matters (trump, the suit led) is also named in
words. Messages longer than Discord's 2000 characters are rewritten in more compact forms (a
trick's cards without the names of all who played them), and clipped only as a last resort.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from stupid.cards import Card, Suit
from tabletop.words import plural

__all__ = [
    "MAX_CONTENT",
    "ONE_PLAY_PER_LINE_FROM",
    "Plays",
    "card_text",
    "clip",
    "fitted",
    "hand_lines",
    "plays_lines",
    "rank_text",
    "suit_text",
    "tricks_word",
]

MAX_CONTENT: Final = 2000
"""The most characters of a message's text (Discord's limit)."""

ONE_PLAY_PER_LINE_FROM: Final = 5
"""From this many players on, a trick's plays are listed one per line (phones), as Stick'em's."""

Plays = Sequence[tuple[int, Card]]
"""A trick's (seat, card) pairs in play order."""


def card_text(card: Card) -> str:
    """A card for messages and button labels: ``Q♣``, ``10♥``."""
    return str(card)


def rank_text(card: Card) -> str:
    """A card's rank alone: ``Q``, ``10``."""
    return str(card)[:-1]


def suit_text(suit: Suit) -> str:
    """A suit with its symbol as a visual aid: ``♥ hearts``."""
    return f"{suit.symbol} {suit.value}"


def tricks_word(count: int) -> str:
    """``1 trick``, ``3 tricks``."""
    return plural(count, "trick")


def hand_lines(hand: Sequence[Card], trump: Suit) -> list[str]:
    """A hand one suit per line, in suit order, the trump suit marked: ``♥ hearts (trump): 4, J``."""
    lines = []
    for suit in Suit:
        cards = sorted(card for card in hand if card.suit is suit)
        if cards:
            marker = " (trump)" if suit is trump else ""
            lines.append(f"{suit_text(suit)}{marker}: " + ", ".join(rank_text(card) for card in cards))
    return lines or ["(no cards)"]


def plays_lines(
    label: str, plays: Plays, names: Sequence[str], suffix: str = "", *, compact: bool = False
) -> list[str]:
    """``label: Alice: Q♣, Bob: 2♣`` on one line, one play per line from
    :data:`ONE_PLAY_PER_LINE_FROM` players on, or ``compact``: the cards alone in play order
    after the seat that led (for a message that must shrink)."""
    if not plays:
        return [f"{label}{suffix}: none yet"]
    if compact:
        cards = ", ".join(card_text(card) for _, card in plays)
        return [f"{label}{suffix}, led by {names[plays[0][0]]}: {cards}"]
    if len(names) < ONE_PLAY_PER_LINE_FROM:
        return [f"{label}{suffix}: " + ", ".join(f"{names[seat]}: {card_text(card)}" for seat, card in plays)]
    return [f"{label}{suffix}:"] + [f"- {names[seat]}: {card_text(card)}" for seat, card in plays]


def clip(text: str) -> str:
    """``text`` cut to :data:`MAX_CONTENT` characters (an ellipsis shows the cut)."""
    if len(text) <= MAX_CONTENT:
        return text
    return text[: MAX_CONTENT - 1] + "\N{HORIZONTAL ELLIPSIS}"


def fitted(write: Callable[[int], list[str]], levels: int = 2) -> str:
    """The lines ``write(level)`` gives, joined, at the first level from 0 (the full form) up to
    ``levels - 1`` (the most compact) that fits in a message; clipped if even that is too long."""
    text = ""
    for level in range(levels):
        text = "\n".join(write(level))
        if len(text) <= MAX_CONTENT:
            return text
    return clip(text)
