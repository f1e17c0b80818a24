"""Who wins a trick (RULES section 3) and what a round is worth (RULES section 4)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card
from .rules import Rules

__all__ = ["round_score", "trick_winner"]


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
    lead = cards[0].color
    lead_pos = 0
    lead_value = cards[0].value
    trump_pos = -1
    trump_value = 0
    for pos in range(1, len(cards)):
        card = cards[pos]
        value = card.value
        if card.color is lead:
            if value > lead_value:
                lead_value = value
                lead_pos = pos
        elif value > trump_value:
            trump_value = value
            trump_pos = pos
    if trump_pos >= 0:
        return trump_pos
    if lead_value == 0 and rules is not None and rules.all_zero == "nobody":
        return None  # no trump and no non-zero lead card: every card is a 0
    return lead_pos


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
