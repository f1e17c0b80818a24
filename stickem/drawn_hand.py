"""What Stick'em's hand picture draws of a seat's view, and nothing more (:class:`DrawnHand`):
the cards, whether they stand raised as playable, the misery card once picked, and the caption
line. The host keys the hand's picture by it (:attr:`tabletop.pictures.ArtModule.hand_of`), so
that a view that changed elsewhere (another seat's card, a trick someone else took) keeps its
hand's picture, drawn once. No Pillow here: the host imports this with the game's spec.

Decision: every card in hand may be played (there is no duty to follow), so when the viewer is
awaited all its cards stand raised and marked; when it is not, none is.
"""

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
    """A hand as its picture shows it: ``cards`` (sorted), the ``misery_pick`` (None until
    picked), the caption line (``status``) and
    whether the cards stand raised as playable (``playable``). Equal hands are equal."""

    cards: tuple[Card, ...]
    misery_pick: Card | None
    status: Text
    playable: bool


def _status(view: View) -> tuple[Text, bool]:
    """The caption line and whether the cards may be played now."""
    awaited = view.seat is not None and view.seat in view.awaiting
    if view.phase is Phase.MISERY:
        if view.misery_pick is not None:
            return t("art.picked"), False
        return t("art.pick"), awaited
    if view.phase is Phase.GAME_OVER:
        return t("art.game_over"), False
    return (t("art.play_any") if awaited else t("art.not_your_turn")), awaited


def drawn_hand(view: View) -> DrawnHand:
    """What the hand picture of ``view`` shows. ValueError for a spectator's view (it has no
    hand)."""
    if view.hand is None:
        raise ValueError("a spectator's view has no hand to draw")
    status, playable = _status(view)
    return DrawnHand(tuple(sorted(view.hand)), view.misery_pick, status, playable)
