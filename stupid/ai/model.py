"""Compact int card model for the computer players.

A card is its index 0-51 (``suit * 13 + rank - 2``, the engine's ``Card.index``): suit
``code // 13`` (clubs 0 ... spades 3), rank step ``code % 13`` (0 for a 2 ... 12 for an ace).
Copies from several decks are the same int; hands are plain lists, repeats allowed.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["legal", "suit_of", "trick_winner_index"]


def suit_of(code: int) -> int:
    """The suit index of a card code (clubs 0, diamonds 1, hearts 2, spades 3)."""
    return code // 13


def legal(hand: Sequence[int], trick: Sequence[int]) -> list[int]:
    """The cards of ``hand`` that may be played to ``trick``: the suit led if held, else all."""
    if trick:
        lead = trick[0] // 13
        follow = [c for c in hand if c // 13 == lead]
        if follow:
            return follow
    return list(hand)


def strength(code: int, lead: int, trump: int) -> int:
    """How strongly ``code`` bids for a trick led in suit ``lead``: trumps above the suit led,
    other suits -1 (never win)."""
    suit = code // 13
    if suit == trump:
        return 100 + code % 13
    if suit == lead:
        return code % 13
    return -1


def trick_winner_index(trick: Sequence[int], trump: int) -> int:
    """The play-order position of the card taking ``trick`` (ties: the first played)."""
    lead = trick[0] // 13
    best = -2
    winner = 0
    for position, code in enumerate(trick):
        value = strength(code, lead, trump)
        if value > best:
            best = value
            winner = position
    return winner
