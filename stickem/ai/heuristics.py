"""Fast rules of thumb for Stick'em, on the compact int card model.

Misery: take the color where the hand holds many low cards, and its lowest card.
Play: score every card in hand by a one-trick look-ahead (will it take the trick, how likely do
the seats still to play overtake it, what is the trick worth to whoever takes it) and keep the
best. Cards of the own misery color are dumped when somebody else takes the trick, high cards
of an opponent's misery color go to tricks that opponent will take, trumps are spent only on
tricks worth taking, and every card already seen is out of the estimates.
"""

from __future__ import annotations

from stickem.ai.core import TRICK_KEYS, color_of, play_orders, points_table, value_of
from stickem.ai.situation import Situation

DUMP_WEIGHT = 0.35
"""Bonus per point of an own misery card got rid of without taking it back."""

SPEND_WEIGHT = 0.04
"""Cost per point of the card spent: between equal choices, keep the higher card."""

OVERTAKE_PRESSURE = 1.5
"""How much more often than blind chance a later seat plays a card that overtakes."""


def misery_scores(hand: tuple[int, ...] | list[int]) -> dict[int, float]:
    """Return, per color held, how good that color is as misery color (higher is better).

    Many cards of the color in hand means fewer can be dumped on us and more can be dumped on
    others; low cards are safe to keep and to play; the pick itself costs its value.
    """
    by_color: dict[int, list[int]] = {}
    for card in hand:
        by_color.setdefault(color_of(card), []).append(value_of(card))
    top = max(value_of(c) for c in hand) or 1
    scores: dict[int, float] = {}
    for color, values in by_color.items():
        values.sort()
        low = sum(1 for v in values if v * 3 <= top)
        high = sum(1 for v in values[1:] if v * 3 > 2 * top)
        scores[color] = 1.2 * len(values) + 0.8 * low - 0.5 * high - 0.9 * values[0] * 12 / top
    return scores


def choose_misery_card(hand: tuple[int, ...] | list[int]) -> int:
    """Return the misery pick: the lowest card of the best-scoring color."""
    scores = misery_scores(hand)
    color = max(scores, key=lambda c: (scores[c], -c))
    return min(c for c in hand if color_of(c) == color)


def choose_play_card(sit: Situation) -> int:
    """Return the card the heuristic plays from ``sit.hand`` in the current trick."""
    hand = sit.hand
    if len(hand) == 1:
        return hand[0]
    scored = [(card_score(sit, c), -c, c) for c in hand]
    return max(scored)[2]


def card_score(sit: Situation, card: int) -> float:
    """Return the expected relative value of playing ``card`` now (higher is better)."""
    players = sit.players
    me = sit.seat
    order = play_orders(players)[sit.leader]
    position = len(sit.trick)
    later = order[position + 1 :]
    colors = sit.misery_colors
    my_color = colors[me]
    trick = (*sit.trick, card)
    keys = TRICK_KEYS[color_of(trick[0])]
    ranks = [keys[c] for c in trick]
    mine = ranks[-1]
    best_before = max(ranks[:-1], default=-2)
    leading_now = mine > best_before
    unseen = sit.unseen
    pool = len(unseen) or 1
    spread = 1.0 / (players - 1)
    my_points = points_table(my_color)

    if leading_now:
        higher = sum(1 for u in unseen if keys[u] > mine)
        keep = max(0.0, 1.0 - OVERTAKE_PRESSURE * higher / pool)
        p_win = keep ** len(later)
    else:
        p_win = 0.0
    if mine == 0 and sit.nobody_on_zeros and all(value_of(c) == 0 for c in trick):
        p_win *= 0.5  # an all-zero trick may be set aside
    future = len(later) * (sum(my_points[u] for u in unseen) / pool if unseen else 0.0)
    gain_if_win = sum(my_points[c] for c in trick) + future

    taker = None if leading_now or not sit.trick else order[ranks.index(best_before)]
    if taker is None:
        others = [s for s in range(players) if s != me]
        give = sum(_points_for(colors[s], trick) for s in others) / len(others)
    else:
        give = _points_for(colors[taker], trick)
    lose_value = -give * spread
    score = p_win * gain_if_win + (1.0 - p_win) * lose_value
    if my_color is not None and color_of(card) == my_color:
        score += (1.0 - p_win) * DUMP_WEIGHT * value_of(card)
    score -= SPEND_WEIGHT * value_of(card) * p_win
    return score


def _points_for(color: int | None, cards: tuple[int, ...]) -> float:
    if color is None:
        return float(len(cards))
    return float(sum(1 if color_of(c) != color else -value_of(c) for c in cards))
