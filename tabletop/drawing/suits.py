"""The four suits as every suited game draws them: a four-colour deck in Okabe-Ito colours
(clubs bluish green, diamonds blue, hearts vermillion, spades black), each suit with its own
shape, so that the suit reads by shape first and by colour second.

Keyed by the suit's name ("clubs", ...), since the kit knows no game's classes."""

from __future__ import annotations

from typing import Final

from tabletop.drawing.palette import BLACK, BLUE, BLUISH_GREEN, RGB, VERMILLION, mix

__all__ = ["CLUBS_GREEN", "SUIT_STYLE", "rank_text"]

CLUBS_GREEN: Final[RGB] = mix(BLUISH_GREEN, BLACK, 0.2)
"""Okabe-Ito's bluish green a little darker: on a white card it keeps a contrast of 3 (WCAG's
for large text) under every simulated colour blindness."""

SUIT_STYLE: Final[dict[str, tuple[RGB, str]]] = {
    "clubs": (CLUBS_GREEN, "club"),
    "diamonds": (BLUE, "diamond"),
    "hearts": (VERMILLION, "heart"),
    "spades": (BLACK, "spade"),
}
"""Each suit's colour and shape."""

_LETTERS: Final = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}


def rank_text(rank: int) -> str:
    """How a rank is printed on a card: 2-10, J, Q, K, A (1 or 14)."""
    return _LETTERS.get(rank, str(rank))
