"""Seats around a trick: one tile per player (name, the card played or an empty place, a tag
such as LEAD), laid out in rows of at most seven."""

from __future__ import annotations

from functools import partial
from typing import Final

from tabletop.drawing.canvas import MARGIN, WIDTH, Canvas
from tabletop.drawing.cards import CARD, Face
from tabletop.drawing.palette import BLACK, INK, PANEL, RGB, SKY_BLUE, mix

__all__ = ["PER_ROW", "SEAT_CARD_TOP", "SEAT_GAP", "TURN", "draw_seat", "seat_columns"]

PER_ROW: Final = 7
"""The most seats in one row (a 14-player table has two rows, a 21-player one three)."""
SEAT_GAP: Final = 8
SEAT_CARD_TOP: Final = 58
"""From a tile's top to its card's top (the name, then room for a tag)."""
TURN: Final[RGB] = SKY_BLUE
"""The frame of the seat whose turn it is."""


def seat_columns(players: int) -> tuple[int, int]:
    """How many tiles go in a row and how wide each is, for ``players`` seats."""
    rows = -(-players // PER_ROW)
    columns = -(-players // rows)
    width = min(170, (WIDTH - 2 * MARGIN - (columns - 1) * SEAT_GAP) // columns)
    return columns, width


def draw_seat(
    canvas: Canvas,
    xy: tuple[int, int],
    size: tuple[int, int],
    name: str,
    face: Face | None,
    *,
    tag: str = "",
    tag_color: RGB = INK,
    turn: bool = False,
) -> None:
    """One seat's tile at ``xy`` of ``size``: ``name``, the card ``face`` played (None: an empty
    place), an optional ``tag`` above the card, and a frame when it is the seat's ``turn``."""
    x, y = xy
    width = size[0]
    canvas.stamp(("seat", turn), xy, size, partial(_seat_frame, size=size, turn=turn))
    canvas.fitted_text((x + width / 2, y + 8), name, 22, width - 12, INK, anchor="mt")
    card_x = x + (width - CARD.width) // 2
    card_y = y + SEAT_CARD_TOP
    if tag:
        canvas.tag((x + width // 2, card_y - 14), tag, tag_color, BLACK if sum(tag_color) > 380 else INK)
    if face is None:
        canvas.slot((card_x, card_y))
    else:
        canvas.card(face, (card_x, card_y))


def _seat_frame(canvas: Canvas, xy: tuple[int, int], *, size: tuple[int, int], turn: bool) -> None:
    """A seat's tile under its name and card: its panel, lit and framed on its ``turn``; the
    same for every seat of a size, so drawn once (:meth:`Canvas.stamp`)."""
    x, y = xy
    width, height = size
    canvas.panel((x, y, x + width, y + height), PANEL if not turn else mix(PANEL, TURN, 0.18))
    if turn:
        canvas.outline((x, y, x + width, y + height), TURN, width=4)
