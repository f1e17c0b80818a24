"""Translate an engine :class:`~stickem.View` into the AI's :class:`Situation` and back.

Only the view is read: the seat's own hand and pick, the revealed misery cards, the undealt
cards and the tricks this seat has witnessed. Nothing here can reach another seat's hand.
"""

from __future__ import annotations

from stickem.ai.core import VALUE_BITS, color_of, value_of
from stickem.ai.situation import Situation, unseen_cards
from stickem.cards import COLORS, Card
from stickem.views import View


def to_code(card: Card) -> int:
    """Return the int code of an engine card."""
    return card.color.order << VALUE_BITS | card.value


def to_card(code: int) -> Card:
    """Return the engine card of an int code."""
    return Card(COLORS[color_of(code)], value_of(code))


def situation_from_view(view: View) -> Situation:
    """Return what the view's seat knows, in the compact card model.

    Raises ValueError for a spectator view (no seat, no hand).
    """
    if view.seat is None or view.hand is None:
        raise ValueError("a computer player needs a seat's view, not a spectator's")
    players = view.players
    hand = tuple(to_code(c) for c in view.hand)
    misery: list[int | None] = [None if c is None else to_code(c) for c in view.misery_cards]
    if view.misery_pick is not None:
        misery[view.seat] = to_code(view.misery_pick)
    captured: list[list[int]] = [[] for _ in range(players)]
    seen: list[int] = [to_code(c) for c in view.undealt]
    seen.extend(m for m in misery if m is not None)
    for done in view.tricks:
        cards = [to_code(card) for _, card in done.plays]
        seen.extend(cards)
        if done.winner is not None:
            captured[done.winner].extend(cards)
    trick = tuple(to_code(card) for _, card in view.trick)
    seen.extend(trick)
    return Situation(
        players=players,
        seat=view.seat,
        hand=hand,
        misery=tuple(misery),
        leader=view.leader,
        trick=trick,
        captured=tuple(tuple(cs) for cs in captured),
        hand_sizes=tuple(view.hand_sizes),
        unseen=unseen_cards(players, hand, tuple(seen)),
        nobody_on_zeros=view.rules.all_zero == "nobody",
        totals=tuple(view.totals),
        rounds_left=max(0, view.rounds - view.round),
    )
