"""What Stupid's hand picture draws of a seat's view, and nothing more (:class:`DrawnHand`): the
cards, the ones that may be played now, the trump card beside them, and the caption line. The
host keys the hand's picture by it (:attr:`tabletop.pictures.ArtModule.hand_of`), so that a view
that changed elsewhere (another seat's bid or card) keeps its hand's picture, drawn once. No
Pillow here: the host imports this with the game's spec."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.catalog import Text

from .cards import Card
from .phase import Phase
from .texts import t
from .views import View

__all__ = ["DrawnHand", "drawn_hand"]


@dataclass(frozen=True, slots=True)
class DrawnHand:
    """A hand as its picture shows it: ``cards`` (as the view holds them: sorted, by suit), the
    ones that may be played now (``playable``, raised and marked), the ``trump`` card, and the
    caption line (``status``). Equal hands are equal."""

    cards: tuple[Card, ...]
    playable: frozenset[Card]
    trump: Card
    status: Text


def _status(view: View, cards: tuple[Card, ...], playable: frozenset[Card]) -> Text:
    """What the hand's owner may do now."""
    awaited = view.seat is not None and view.seat in view.awaiting
    if view.phase is Phase.GAME_OVER:
        return t("art.game_over")
    if not awaited:
        return t("art.not_your_turn")
    if view.phase is Phase.BIDDING:
        return t("art.your_bid")
    if playable == frozenset(cards):
        return t("art.play_any")
    return t("art.play_raised")


def drawn_hand(view: View) -> DrawnHand:
    """What the hand picture of ``view`` shows. ValueError for a spectator's view (it has no
    hand)."""
    if view.hand is None:
        raise ValueError("a spectator's view has no hand to draw")
    playable = frozenset(item for item in view.legal if isinstance(item, Card))
    return DrawnHand(view.hand, playable, view.trump, _status(view, view.hand, playable))
