"""A picture being drawn: :class:`Canvas` (text, cards, empty places, panels, the mark of a
card that may be played) and :func:`flow_groups`, which lays groups of cards out in rows."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache, partial
from typing import Final

from PIL import Image, ImageDraw

from tabletop.drawing.cards import CARD, CardSize, Face
from tabletop.drawing.fonts import text_width
from tabletop.drawing.ground import Box, Ground
from tabletop.drawing.indexed import FIXED, Tile, blank, colour_at, index_of
from tabletop.drawing.palette import INK, PANEL, RGB, TABLE, YELLOW
from tabletop.drawing.png import Picture, encode_png
from tabletop.drawing.stamps import STAMPS, Stamp
from tabletop.drawing.symbols import draw_symbol
from tabletop.drawing.tiles import CardKey, card_size, put_card, put_text, see_through, text_box

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


def _spills(box: tuple[int, int, int, int], width: int) -> bool:
    """Whether Pillow's rounded frame of ``width`` may draw beyond ``box``: it does when the
    frame is thicker than half the box (found by drawing every size up to 60 pixels)."""
    left, top, right, bottom = box
    return 2 * width > min(right - left, bottom - top) + 1


def _covered(box: tuple[int, int, int, int]) -> Box:
    """The pixels Pillow's rectangle ``box`` covers (its right and bottom edges included)."""
    left, top, right, bottom = box
    return (left, top, right + 1, bottom + 1)


class Canvas:
    """A picture being drawn on the table's background, ``width`` x ``height`` pixels.

    ``image`` is drawn on a palette (mode 'P', :mod:`tabletop.drawing.indexed`): ``draw`` takes
    RGB colours as usual and adds each new one to the palette; cards and words are pasted as
    tiles already reduced to it. :meth:`rgb` gives the picture in full colour.

    Draw through the methods, or through ``draw``; never on ``image`` itself. The methods record
    what they draw (:class:`~tabletop.drawing.ground.Ground`), so that a card or a word put on
    the background or a panel needs no look at the pixels under it; taking ``draw`` ends that
    for the picture (what it draws is not recorded), with the same pixels, looked at."""

    def __init__(self, width: int, height: int, background: RGB = TABLE) -> None:
        self.image = blank((width, height), background)
        self._draw = ImageDraw.Draw(self.image)
        self._ground = Ground((width, height), self.index(background))

    @property
    def draw(self) -> ImageDraw.ImageDraw:
        """Pillow's drawing on ``image``, for what the methods do not draw (what it draws is not
        recorded: every card and word after it looks at the pixels under it)."""
        self._ground.forget()
        return self._draw

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
        at = (round(xy[0]), round(xy[1]))
        box = text_box(at, text, size, anchor, stroke)
        put_text(self.image, at, text, size, anchor, stroke, fill, self._ground.under(box))
        self._ground.add(box)
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
        self._card(xy, ("face", face, size))

    def slot(self, xy: tuple[int, int], size: CardSize = CARD) -> None:
        """An empty place for a card at ``xy``."""
        self._card(xy, ("slot", size))

    def back(self, xy: tuple[int, int], size: CardSize = CARD) -> None:
        """A card face down at ``xy``."""
        self._card(xy, ("back", size))

    def _card(self, xy: tuple[int, int], key: CardKey) -> None:
        width, height = card_size(key)
        x, y = xy
        box = (x, y, x + width, y + height)
        under = self._ground.under(box)
        if under is None:  # a tag's edge across the card's top, say: only its corners matter
            corners = {
                self._ground.under((x + x0, y + y0, x + x1, y + y1)) for x0, y0, x1, y1 in see_through(key)
            }
            under = corners.pop() if len(corners) == 1 else None
        put_card(self.image, xy, key, under)
        self._ground.add(box)

    def playable_mark(self, xy: tuple[int, int], size: CardSize = CARD) -> None:
        """The bar under a raised card that says it may be played (``xy``: the card's corner)."""
        x, y = xy
        bottom = y + size.height + 5
        mask = _mark_mask(size.width - 12)
        box = (x + 6, bottom, x + 6 + mask.width, bottom + mask.height)
        self.image.paste(self.index(YELLOW), box, mask)
        self._ground.add(box)

    def panel(
        self,
        box: tuple[int, int, int, int],
        fill: RGB = PANEL,
        radius: int = 12,
        edge: RGB | None = None,
        width: int = 1,
    ) -> None:
        """A lighter rounded area on the table (``edge``: framed in that colour, ``width``
        pixels)."""
        self._draw.rounded_rectangle(box, radius=radius, fill=fill, outline=edge, width=width)
        covered = _covered(box)
        if edge is None:
            self._ground.add(covered, self.index(fill), radius)
            return
        if _spills(box, width):
            self._ground.forget()
            return
        # the frame's pixels lie within max(width, radius) of the edge; inside that, ``fill``
        self._ground.add(covered)
        band = max(width, radius) + 1
        left, top, right, bottom = covered
        if right - left > 2 * band and bottom - top > 2 * band:
            self._ground.add((left + band, top + band, right - band, bottom - band), self.index(fill))

    def ellipse(self, box: tuple[float, float, float, float], fill: RGB) -> None:
        """A filled ellipse (a round chip) in ``box``."""
        self._draw.ellipse(box, fill=fill)
        left, top, right, bottom = box
        self._ground.add((math.floor(left), math.floor(top), math.ceil(right) + 1, math.ceil(bottom) + 1))

    def outline(self, box: tuple[int, int, int, int], color: RGB, width: int = 4, radius: int = 12) -> None:
        """A rounded frame (the leading card, the seat whose turn it is)."""
        self._draw.rounded_rectangle(box, radius=radius, outline=color, width=width)
        if _spills(box, width):
            self._ground.forget()
            return
        # its four sides: every pixel of the frame lies within max(width, radius) of the edge
        left, top, right, bottom = _covered(box)
        band = max(width, radius) + 1
        for side in (
            (left, top, right, top + band),
            (left, bottom - band, right, bottom),
            (left, top, left + band, bottom),
            (right - band, top, right, bottom),
        ):
            self._ground.add(side)

    def symbol(self, shape: str, centre: tuple[float, float], size: float, fill: RGB) -> None:
        """The shape ``shape`` (:func:`~tabletop.drawing.symbols.draw_symbol`) centred on
        ``centre``, ``size`` pixels high, in ``fill``."""
        draw_symbol(self._draw, shape, centre, size, fill)
        x, y = centre
        reach = math.ceil(size) + 2  # every shape stays within about size / 2 of its centre
        left, top = math.floor(x) - reach, math.floor(y) - reach
        self._ground.add((left, top, math.ceil(x) + reach, math.ceil(y) + reach))

    def tag(self, centre: tuple[int, int], text: str, fill: RGB, ink: RGB, size: int = 18) -> None:
        """A small rounded label (LEAD, TAKES) centred on ``centre``."""
        left, top, right, bottom = _tag_box(centre, text, size)
        middle = (centre[0] - left, centre[1] - top)
        drawing = partial(_tag_in_place, middle=middle, text=text, fill=fill, ink=ink, size=size)
        self.stamp(("tag", text, fill, ink, size, middle), (left, top), (right - left, bottom - top), drawing)

    def stamp(self, key: Hashable, xy: tuple[int, int], size: tuple[int, int], draw: Drawing) -> None:
        """``draw(canvas, xy)``, a part whose every pixel lies in the box of ``size`` at ``xy``
        (its right and bottom edges included, as Pillow's rectangles cover them), drawn once
        for ``key`` and then pasted (:mod:`tabletop.drawing.stamps`). ``key`` must say all the
        drawing depends on but its corner. Drawn in place where the box is not all one known
        colour (the background, a panel's inside), or the part cannot be a stamp: the pixels are
        the same either way."""
        x, y = xy
        box = (x, y, x + size[0] + 1, y + size[1] + 1)
        under = self._ground.under(box)
        if under is None:
            draw(self, xy)
            return
        ground = colour_at(self.image, under)
        odd = (x % 2, y % 2)
        full = (key, odd, size, ground)
        kept, stamp = STAMPS.get(full)
        if not kept:
            stamp = _drawn_stamp(odd, size, ground, draw)
            STAMPS.put(full, stamp)
        if stamp is None:
            draw(self, xy)
            return
        stamp.tile.put(self.image, xy)
        shift_x, shift_y = x - odd[0], y - odd[1]
        base = len(FIXED)
        for (left, top, right, bottom), flat, radius in stamp.drawn:
            if flat is not None and flat >= base:
                flat = self.index(stamp.tile.extras[flat - base])
            self._ground.add((left + shift_x, top + shift_y, right + shift_x, bottom + shift_y), flat, radius)

    def picture(self, description: str) -> Picture:
        """The finished picture with its description."""
        return Picture(encode_png(self.image), description, self.image.width, self.image.height)


Drawing = Callable[[Canvas, tuple[int, int]], None]
"""A part of a picture drawn on a canvas at a corner (:meth:`Canvas.stamp`)."""


def _drawn_stamp(odd: tuple[int, int], size: tuple[int, int], background: RGB, draw: Drawing) -> Stamp | None:
    """``draw`` done on a canvas of its own at ``odd``, as a stamp of the box of ``size`` there
    (None: it drew outside the box, or what is not recorded)."""
    width, height = size
    canvas = Canvas(width + 2, height + 2, background)
    draw(canvas, odd)
    ground = canvas._ground
    left, top = odd
    box = (left, top, left + width + 1, top + height + 1)
    inside = all(
        box[0] <= x0 and box[1] <= y0 and x1 <= box[2] and y1 <= box[3]
        for (x0, y0, x1, y1), _, _ in ground.drawn
    )
    if not ground.known or not inside:
        return None
    image = canvas.image
    assert image.palette is not None
    colours = len(image.palette.palette) // 3
    extras = tuple(colour_at(image, index) for index in range(len(FIXED), colours))
    return Stamp(Tile(image.crop(box), extras), tuple(ground.drawn))


def _tag_box(centre: tuple[int, int], text: str, size: int) -> tuple[int, int, int, int]:
    """The rounded box of a tag of ``text`` centred on ``centre``."""
    width = text_width(text, size) + 14
    x, y = centre
    return (round(x - width / 2), y - size // 2 - 5, round(x + width / 2), y + size // 2 + 5)


def _tag_in_place(
    canvas: Canvas,
    corner: tuple[int, int],
    *,
    middle: tuple[int, int],
    text: str,
    fill: RGB,
    ink: RGB,
    size: int,
) -> None:
    """A tag drawn on ``canvas``, its box's corner at ``corner`` and its centre ``middle`` from
    there (:meth:`Canvas.tag`, drawn once as a stamp)."""
    centre = (corner[0] + middle[0], corner[1] + middle[1])
    box = _tag_box(centre, text, size)
    canvas.panel(box, fill, radius=8)
    canvas.text(centre, text, size, ink, anchor="mm", bold=True)
