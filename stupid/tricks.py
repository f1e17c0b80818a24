"""Who takes a trick (rules section 4) and what a round is worth (section 5)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, Suit

__all__ = ["forbidden_bid", "round_score", "trick_winner"]


def trick_winner(cards: Sequence[Card], trump: Suit | Card | None) -> int:
    """The position (0-based, in play order) of the card that takes the trick.

    ``trump`` is the trump suit (or the turned card, whose suit is trump; None: no trump). The
    highest trump wins; without trumps the highest card of the suit led (the first card's suit).
    Equal cards, possible with several decks: the first of them played wins.
    """
    if not cards:
        raise ValueError("a trick needs at least one card")
    trump_suit = trump.suit if isinstance(trump, Card) else trump
    lead = cards[0].suit
    best = -1
    winner = 0
    for position, card in enumerate(cards):
        suit = card.suit
        if suit is trump_suit:
            value = 100 + card.rank
        elif suit is lead:
            value = card.rank
        else:
            continue
        if value > best:  # strictly: on a tie the card played first stays ahead
            best = value
            winner = position
    return winner


def round_score(bid: int, taken: int) -> int:
    """A seat's score for a round: ``10 + 5 * taken`` for an exact bid, else -10."""
    return 10 + 5 * taken if bid == taken else -10


def forbidden_bid(bids: Sequence[int], hand_size: int) -> int | None:
    """The bid the dealer may not make after the other seats bid ``bids`` (rules section 3):
    the one making the bids add up to ``hand_size``; None if that is outside 0..hand_size."""
    rest = hand_size - sum(bids)
    return rest if 0 <= rest <= hand_size else None
