"""What Stick Game's hand picture draws of a seat's view, and nothing more (:class:`DrawnHand`):
the cards, the secret stick, the round and the caption line. The host keys the hand's picture by
it (:attr:`tabletop.pictures.ArtModule.hand_of`), so that a view that changed elsewhere (another
seat's draw or meld, the discard pile) keeps its hand's picture, drawn once. No Pillow here: the
host imports this with the game's spec."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.catalog import Text

from .cards import Card
from .sticks import Stick
from .texts import t
from .views import View

__all__ = ["DrawnHand", "drawn_hand"]


@dataclass(frozen=True, slots=True)
class DrawnHand:
    """A hand as its picture shows it: ``cards`` (sorted), the secret ``stick`` (None once
    completed this round), the ``round``, the caption line (``status``) and whether it is the
    owner's turn (``awaited``: the caption stands out). Equal hands are equal."""

    cards: tuple[Card, ...]
    stick: Stick | None
    round: int
    status: Text
    awaited: bool


def drawn_hand(view: View) -> DrawnHand:
    """What the hand picture of ``view`` shows. ValueError for the public view (it has no
    hand)."""
    if view.hand is None:
        raise ValueError("the public view has no hand to draw")
    awaited = view.seat is not None and view.seat in view.awaiting
    if view.phase == "over":
        status = t("art.game_over")
    elif not awaited:
        status = t("art.not_your_turn")
    else:
        status = t("art.your_draw") if view.phase == "draw" else t("art.your_play")
    return DrawnHand(tuple(sorted(view.hand)), view.stick, view.round, status, awaited)
