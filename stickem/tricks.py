"""Who wins a trick (RULES section 3) and what a round is worth (RULES section 4)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from .cards import COLORS, MAX_VALUE, Card, Color
from .rules import Rules

__all__ = ["round_score", "trick_winner"]


def _strength(lead: Color, card: Card) -> int:
    """How strongly ``card`` bids for a trick led in ``lead``: a trump (non-zero, other color)
    beats every lead card, a lead card (0 included) beats an off-color zero."""
    if card.color is lead:
        return card.value  # 0-17
    if card.value:
        return _TRUMP + card.value  # trumps: above every lead card
    return -1  # off-color zero: never wins


_TRUMP: Final = 32
# _STRENGTH[lead color order][card index]: the strength of every card under every lead color.
_STRENGTH: Final = tuple(
    tuple(_strength(lead, Card.from_index(i)) for i in range(len(COLORS) * (MAX_VALUE + 1)))
    for lead in COLORS
)
_STRIDE: Final = MAX_VALUE + 1


def trick_winner(cards: Sequence[Card], rules: Rules | None = None) -> int | None:
    """The position (0-based, in play order) of the card that wins this trick.

    The first card sets the lead color. Non-zero cards of other colors are trumps: the highest
    trump wins. Without trumps the highest lead-color card (0 included) wins. Ties go to the
    card played first. Zeros of other colors never win. If every card is a 0, the leader's card
    wins under ``all_zero="first"`` (the default when ``rules`` is None) and the function returns
    None (nobody wins) under ``all_zero="nobody"``.
    """
    if not cards:
        raise ValueError("a trick needs at least one card")
    strength = _STRENGTH[cards[0].index // _STRIDE]  # row of the lead color
    best = -2
    winner = 0
    for position, card in enumerate(cards):
        value = strength[card.index]
        if value > best:  # strictly: on a tie the card played first stays ahead
            best = value
            winner = position
    if best == 0 and rules is not None and rules.all_zero == "nobody":
        return None  # no trump and no lead card above 0: every card is a 0
    return winner


def round_score(misery_card: Card, captured: Iterable[Card]) -> int:
    """A player's score for a round (RULES section 4).

    +1 for each captured card not of the misery card's color, minus the value of each captured
    card of that color, minus the value of the misery card itself.
    """
    misery_color = misery_card.color
    score = -misery_card.value
    for card in captured:
        if card.color is misery_color:
            score -= card.value
        else:
            score += 1
    return score
