"""A picture being drawn: :class:`Canvas` (text, cards, empty places, panels, the mark of a
card that may be played) and :func:`flow_groups`, which lays groups of cards out in rows."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from tabletop.drawing.cards import CARD, CardSize, Face
from tabletop.drawing.fonts import text_width
from tabletop.drawing.indexed import blank, index_of
from tabletop.drawing.palette import INK, PANEL, RGB, TABLE, YELLOW
from tabletop.drawing.png import Picture, encode_png
from tabletop.drawing.tiles import put_card, put_text

__all__ = ["GAP", "GROUP_GAP", "MARGIN", "RAISE", "WIDTH", "Canvas", "flow_groups"]

WIDTH: Final = 800
"""The width of every picture: Discord shows it about half as wide on a phone. A hand's card
values are 27-40 pixels high here (the suits' ranks 27-33, Stick'em's values 32-40), so 13 or
more on a phone, above the capitals of a message's text (about 11); a small card's (58x82: a
misery card, the trump) 22-26 here, 11-13 on a phone (tests/drawing/test_readable_numerals.py)."""
MARGIN: Final = 16
GAP: Final = 6
"""Between two cards of a group."""
GROUP_GAP: Final = 22
"""Between two groups (colours, suits)."""
RAISE: Final = 14
"""How far a card that may be played stands above the others."""


def flow_groups(
    sizes: Sequence[int], width: int, card: CardSize = CARD, gap: int = GAP, group_gap: int = GROUP_GAP
) -> list[list[tuple[int, int]]]:
    """Where each card of each group goes: for groups of ``sizes`` cards, the (x, row) of every
    card, rows no wider than ``width``. A group starts a new row when it does not fit in what is
    left of the current one (a group wider than a row is split)."""
    placed: list[list[tuple[int, int]]] = []
    x, row = 0, 0
    step = card.width + gap
    for count in sizes:
        needed = count * step - gap
        if x > 0 and x + group_gap + needed > width:
            x, row = 0, row + 1
        elif x > 0:
            x += group_gap
        spots: list[tuple[int, int]] = []
        for _ in range(count):
            if x > 0 and x + card.width > width:
                x, row = 0, row + 1
            spots.append((x, row))
            x += step
        x -= gap
        placed.append(spots)
    return placed


@lru_cache(maxsize=8)
def _mark_mask(width: int) -> Image.Image:
    """The shape of the mark of a card that may be played, ``width`` + 1 pixels wide: drawn once,
    then pasted in one call (a rounded rectangle is several drawing calls each time)."""
    mask = Image.new("L", (width + 1, 6), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, width, 5), radius=2, fill=255)
    return mask


class Canvas:
    """A picture being drawn on the table's background, ``width`` x ``height`` pixels.

    ``image`` is drawn on a palette (mode 'P', :mod:`tabletop.drawing.indexed`): ``draw`` takes
    RGB colours as usual and adds each new one to the palette; cards and words are pasted as
    tiles already reduced to it. :meth:`rgb` gives the picture in full colour."""

    def __init__(self, width: int, height: int, background: RGB = TABLE) -> None:
        self.image = blank((width, height), background)
        self.draw = ImageDraw.Draw(self.image)

    def rgb(self) -> Image.Image:
        """The picture so far in full colour (a copy)."""
        return self.image.convert("RGB")

    def index(self, colour: RGB) -> int:
        """The palette index of ``colour`` in this picture (added if new)."""
        return index_of(self.image, colour)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: RGB = INK,
        anchor: str = "la",
        bold: bool = False,
    ) -> float:
        """Write ``text`` at ``xy`` (``anchor`` as Pillow's: "la" left-ascender, "mm" middle);
        returns its width. ``bold`` thickens the strokes."""
        stroke = max(1, size // 22) if bold else 0
        x, y = xy
        put_text(self.image, (round(x), round(y)), text, size, anchor, stroke, fill)
        return text_width(text, size) + 2 * stroke

    def fitted_text(
        self, xy: tuple[float, float], text: str, size: int, width: float, fill: RGB = INK, anchor: str = "la"
    ) -> None:
        """Write ``text`` no wider than ``width``: smaller if need be, then cut with an ellipsis."""
        while size > 14 and text_width(text, size) > width:
            size -= 1
        while len(text) > 1 and text_width(text, size) > width:
            text = text[:-2] + "…"
        self.text(xy, text, size, fill, anchor)

    def card(self, face: Face, xy: tuple[int, int], size: CardSize = CARD) -> None:
        """Put the card ``face`` with its top left corner at ``xy``."""
        put_card(self.image, xy, ("face", face, size))

    def slot(self, xy: tuple[int, int], size: CardSize = CARD) -> None:
        """An empty place for a card at ``xy``."""
        put_card(self.image, xy, ("slot", size))

    def back(self, xy: tuple[int, int], size: CardSize = CARD) -> None:
        """A card face down at ``xy``."""
        put_card(self.image, xy, ("back", size))

    def playable_mark(self, xy: tuple[int, int], size: CardSize = CARD) -> None:
        """The bar under a raised card that says it may be played (``xy``: the card's corner)."""
        x, y = xy
        bottom = y + size.height + 5
        mask = _mark_mask(size.width - 12)
        self.image.paste(self.index(YELLOW), (x + 6, bottom, x + 6 + mask.width, bottom + mask.height), mask)

    def panel(self, box: tuple[int, int, int, int], fill: RGB = PANEL, radius: int = 12) -> None:
        """A lighter rounded area on the table."""
        self.draw.rounded_rectangle(box, radius=radius, fill=fill)

    def outline(self, box: tuple[int, int, int, int], color: RGB, width: int = 4, radius: int = 12) -> None:
        """A rounded frame (the leading card, the seat whose turn it is)."""
        self.draw.rounded_rectangle(box, radius=radius, outline=color, width=width)

    def tag(self, centre: tuple[int, int], text: str, fill: RGB, ink: RGB, size: int = 18) -> None:
        """A small rounded label (LEAD, TAKES) centred on ``centre``."""
        width = text_width(text, size) + 14
        x, y = centre
        box = (round(x - width / 2), y - size // 2 - 5, round(x + width / 2), y + size // 2 + 5)
        self.draw.rounded_rectangle(box, radius=8, fill=fill)
        self.text((x, y), text, size, ink, anchor="mm", bold=True)

    def picture(self, description: str) -> Picture:
        """The finished picture with its description."""
        return Picture(encode_png(self.image), description, self.image.width, self.image.height)
