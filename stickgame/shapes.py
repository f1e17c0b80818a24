"""The smallest melds that meet a need, as *shapes*: a set of one rank, a run over one window.

A meld that meets a need never has to be longer than the need asks (its other cards can stay
in the hand), so the solver only tries these shapes: for a set, its rank; for a run, a window
of exactly the asked size. A named run (A K Q of hearts) is the exception: it must hold the
named positions and one natural card at least, which may lie outside them (J♥ W W W is
J♥ Q♥ K♥ A♥ with wilds for the named cards), so its windows are the named cards alone and
the named cards reaching out to each other position of the suit.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Final

from .cards import Card, Suit
from .sticks import Need

__all__ = ["Shape", "shape_for", "shapes"]

_SET_RANKS: Final = (1, *range(3, 14))
_SUITS: Final = tuple(Suit)


@dataclass(frozen=True, slots=True)
class Shape:
    """One smallest meld for a need: ``kind`` ("set" or "run"), ``size`` cards, and the
    natural ``cards`` it can hold: a run's card at each position of its window but the 2 (a
    deuce is always wild), a set's rank in the four suits. ``placement``: a run's lowest
    position (14 is the high ace)."""

    kind: str
    size: int
    cards: tuple[Card, ...]
    placement: int | None = None

    def take(self, free: Counter[Card]) -> list[Card]:
        """The natural cards of ``free`` this shape holds: one per position of a run, up to
        ``size`` of a set's rank (in the order ``free`` lists them)."""
        if self.kind == "run":
            return [card for card in self.cards if free[card] > 0]
        rank = self.cards[0].rank
        taken: list[Card] = []
        for card, count in free.items():
            if count > 0 and card.rank == rank:
                taken.extend([card] * min(count, self.size - len(taken)))
                if len(taken) == self.size:
                    break
        return taken


def _windows(need: Need) -> list[tuple[int, int]]:
    """(lowest, highest) positions of the runs to try for ``need``, smallest first."""
    if not need.named:
        return [(low, low + need.size - 1) for low in range(1, 16 - need.size)]
    low, high = min(need.named), max(need.named)
    found = [(low, high)]
    for position in range(1, 15):
        if position == 2 or low <= position <= high:
            continue
        reach = (min(low, position), max(high, position))
        if reach[1] - reach[0] < 13:  # a run holds 13 cards at most
            found.append(reach)
    found.sort(key=lambda window: window[1] - window[0])
    return found


@cache
def shapes(need: Need) -> tuple[Shape, ...]:
    """Every shape of ``need`` (a set or run need), sets by rank, runs by suit and window."""
    if need.kind == "set":
        ranks = (need.rank,) if need.rank is not None else _SET_RANKS
        return tuple(Shape("set", need.size, tuple(Card(suit, rank) for suit in _SUITS)) for rank in ranks)
    if need.kind != "run":
        return ()
    found = []
    for suit in (need.suit,) if need.suit is not None else _SUITS:
        for low, high in _windows(need):
            cards = tuple(Card(suit, 1 if p == 14 else p) for p in range(low, high + 1) if p != 2)
            found.append(Shape("run", high - low + 1, cards, low))
    return tuple(found)


@cache
def shape_for(need: Need, card: Card) -> Shape | None:
    """The smallest shape of ``need`` that holds the natural ``card``, or None."""
    return min((shape for shape in shapes(need) if card in shape.cards), key=lambda s: s.size, default=None)
