"""Which play-phase actions a seat has, from what the seat can see (its hand, its stick and the
table): shared by ``Game.legal_actions`` and the computer players, which only get a view."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, AddMeld, Discard, LayDown, LayOff
from .cards import Card
from .errors import MeldError
from .solver import find_completion, new_melds
from .sticks import Stick
from .views import TableMeld

__all__ = ["discardable", "discards", "lay_offs", "play_actions"]


def discardable(card: Card, melds: Sequence[TableMeld]) -> bool:
    """Whether anyone may discard ``card``: not wild, and not a natural card that could be laid
    off alone on a meld on the table (sticks.md 5.5)."""
    return not card.is_wild and not any(t.meld.accepts_alone(card) for t in melds)


def discards(hand: Sequence[Card], melds: Sequence[TableMeld]) -> list[Discard]:
    """The discards allowed: the discardable cards, or any card if none is (Decision)."""
    distinct = sorted(set(hand))
    allowed = [card for card in distinct if discardable(card, melds)]
    return [Discard(card) for card in (allowed or distinct)]


def lay_offs(seat: int, hand: Sequence[Card], melds: Sequence[TableMeld]) -> list[LayOff]:
    """Every single card of ``hand`` that can be laid off on a meld (a lone wild: own melds)."""
    found = []
    for card in sorted(set(hand)):
        for index, table_meld in enumerate(melds):
            if card.is_wild and table_meld.owner != seat:
                continue
            try:
                table_meld.meld.extended((card,))
            except MeldError:
                continue
            found.append(LayOff(index, (card,)))
    return found


def play_actions(
    seat: int, hand: Sequence[Card], stick: Stick | None, melds: Sequence[TableMeld]
) -> list[Action]:
    """A lay-down of ``stick`` if the hand holds one, or (stick completed) the 3-card new melds
    and single-card lay-offs; then the allowed discards."""
    found: list[Action] = []
    if stick is not None:
        plays = find_completion(hand, stick)
        if plays is not None:
            found.append(LayDown(plays))
    else:
        found.extend(AddMeld(play) for play in new_melds(hand))
        found.extend(lay_offs(seat, hand, melds))
    found.extend(discards(hand, melds))
    return found
