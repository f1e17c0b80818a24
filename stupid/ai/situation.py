"""What one seat knows during a round, in the int card model of :mod:`stupid.ai.model`.

A :class:`Situation` is built only from ``game.view(seat)``: the seat's own hand, the turned
card, the bids, every trick played this round. From the tricks it also learns who has shown a
void (failed to follow the suit led), which the search respects when it deals hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from stupid.cards import Card
from stupid.game import Phase
from stupid.views import View


@dataclass(frozen=True, slots=True)
class Situation:
    """One seat's knowledge at a decision point (cards as ints).

    ``trick`` lists the cards of the current trick in play order, led by ``leader``.
    ``unseen`` counts, per card code, the copies the seat has not seen: they are in the other
    hands or face down. ``voids[s]`` is a bitmask of suits seat ``s`` has shown it lacks.
    ``played[s]`` lists the cards seat ``s`` played this round (to rebuild its dealt hand).
    ``totals`` are the scores before this round; ``spread_left`` is the variance of the
    difference between two seats' scores over the rounds after this one (0 in the last round;
    see :func:`spread_after`).
    """

    players: int
    decks: int
    seat: int
    bidding: bool
    hand: tuple[int, ...]
    hand_size: int
    trump: int
    dealer: int
    leader: int
    bids: tuple[int | None, ...]
    taken: tuple[int, ...]
    trick: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    unseen: tuple[int, ...]
    voids: tuple[int, ...]
    played: tuple[tuple[int, ...], ...]
    legal_bids: tuple[int, ...]
    totals: tuple[int, ...] = ()
    spread_left: float = 0.0

    @property
    def to_play(self) -> int:
        """The seat whose turn it is in the current trick."""
        return (self.leader + len(self.trick)) % self.players


def situation_from_view(view: View) -> Situation:
    """Return what the view's seat knows. ValueError for a spectator's view."""
    if view.seat is None or view.hand is None:
        raise ValueError("a computer player needs a seat's view, not a spectator's")
    players = view.players
    unseen = [view.decks] * 52
    hand = tuple(card.index for card in view.hand)
    for code in hand:
        unseen[code] -= 1
    unseen[view.trump.index] -= 1
    voids = [0] * players
    played: list[list[int]] = [[] for _ in range(players)]
    tricks = [done.plays for done in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    for plays in tricks:
        lead = plays[0][1].suit.order
        for seat, card in plays:
            unseen[card.index] -= 1
            played[seat].append(card.index)
            if card.suit.order != lead:
                voids[seat] |= 1 << lead
    legal_bids = tuple(n for n in view.legal if isinstance(n, int)) if view.phase is Phase.BIDDING else ()
    return Situation(
        players=players,
        decks=view.decks,
        seat=view.seat,
        bidding=view.phase is Phase.BIDDING,
        hand=hand,
        hand_size=view.hand_size,
        trump=view.trump.suit.order,
        dealer=view.dealer,
        leader=view.leader,
        bids=view.bids,
        taken=view.tricks_taken,
        trick=tuple(card.index for _, card in view.trick),
        hand_sizes=view.hand_sizes,
        unseen=tuple(unseen),
        voids=tuple(voids),
        played=tuple(tuple(cards) for cards in played),
        legal_bids=legal_bids,
        totals=view.totals,
        spread_left=spread_after(view.rules.hand_sizes[view.round :], players),
    )


ROUND_SPREAD = (9.0, 0.35)
"""A seat's round score minus the table's mean has a standard deviation of about
``9.0 + 0.35 * hand size`` points (measured over 150 four-player games of ``normal``: 9.2 for a
1-card round, 11.3 for 7 cards)."""


def spread_after(hand_sizes: tuple[int, ...], players: int) -> float:
    """The variance of the difference of two seats' score gains over rounds of ``hand_sizes``.

    Two seats' gains differ by their deviations from the table mean; with independent seats
    that difference has ``2 n / (n - 1)`` times a deviation's variance, summed over the rounds.
    """
    base, per_card = ROUND_SPREAD
    scale = 2 * players / (players - 1)
    return sum(scale * (base + per_card * size) ** 2 for size in hand_sizes)


def to_card(code: int) -> Card:
    """The engine card of an int code."""
    return Card.from_index(code)
