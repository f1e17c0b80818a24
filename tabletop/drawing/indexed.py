"""Pictures drawn straight onto a palette: the fixed colours every picture starts from and the
card and text tiles already reduced to them.

A picture used to be drawn in full colour and reduced to 256 colours when it was encoded (a
palette chosen for each picture, then every pixel looked up in it): two thirds of a picture's
time. Now a :class:`~tabletop.drawing.canvas.Canvas` draws on a palette from the start:

- :data:`FIXED`, the same for every picture: every named colour of the kit exactly (the table,
  the panels, the inks, the Okabe-Ito colours, the suits' colours, the card's white and edge,
  a card's back) and a 6x6x6 cube of colours in between, which the smoothed edges of cards and
  letters are rounded to (about 30 levels off in a channel at most, on a pixel of an edge; the
  flat colours are exact);
- a flat colour that is not in :data:`FIXED` (a game's own colour) is added to the picture's
  palette exactly, the first time it is drawn;
- a card or a word is reduced to the palette once (:func:`tile`, cached by the caller) for the
  flat background it lies on, so a picture is mostly pasting ready tiles: no per-picture colour
  search at all.

Everything is deterministic: the palette of a picture depends only on what is drawn, in which
order. A picture has room for ``256 - len(FIXED)`` (22) flat colours of its own; a colour
beyond that is drawn as the nearest one the palette has (:class:`_Palette`: Pillow's own palette
would take over an index the picture does not use yet, which a tile pasted later may need).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImagePalette

from tabletop.drawing.palette import (
    BLACK,
    BLUE,
    BLUISH_GREEN,
    BROWN,
    CARD_BACK,
    CARD_EDGE,
    CARD_WHITE,
    INK,
    MUTED,
    ORANGE,
    PANEL,
    REDDISH_PURPLE,
    RGB,
    SERIES,
    SKY_BLUE,
    SLOT_OUTLINE,
    TABLE,
    VERMILLION,
    YELLOW,
)
from tabletop.drawing.suits import CLUBS_GREEN

__all__ = ["FIXED", "Tile", "blank", "colour_at", "index_of", "on_own_palette", "tile"]

_NAMED: Final[tuple[RGB, ...]] = (
    TABLE,
    PANEL,
    INK,
    MUTED,
    CARD_WHITE,
    CARD_EDGE,
    BLACK,
    ORANGE,
    SKY_BLUE,
    BLUISH_GREEN,
    YELLOW,
    BLUE,
    VERMILLION,
    REDDISH_PURPLE,
    BROWN,
    CLUBS_GREEN,
    *SERIES,
    CARD_BACK,
    SLOT_OUTLINE,
)
"""The kit's own colours (a card's back and an empty place's outline included)."""

_CUBE_LEVELS: Final = (0, 51, 102, 153, 204, 255)


def _fixed() -> tuple[RGB, ...]:
    colours = dict.fromkeys(_NAMED)
    for r in _CUBE_LEVELS:
        for g in _CUBE_LEVELS:
            for b in _CUBE_LEVELS:
                colours.setdefault((r, g, b))
    return tuple(colours)


FIXED: Final[tuple[RGB, ...]] = _fixed()
"""The palette every picture starts with (:data:`_NAMED` first, then the cube); the rest of the
256 places are for a picture's own flat colours."""

_FIXED_BYTES: Final = bytes(channel for colour in FIXED for channel in colour)


def _palette_image(colours: Iterable[RGB]) -> Image.Image:
    holder = Image.new("P", (1, 1))
    holder.putpalette(bytes(channel for colour in colours for channel in colour))
    return holder


_FIXED_IMAGE: Final = _palette_image(FIXED)
_FIXED_INDEX: Final[dict[tuple[int, ...], int]] = {colour: index for index, colour in enumerate(FIXED)}
"""Each colour of :data:`FIXED` by its index: what Pillow would work out again from the bytes
for every new picture (the first colour looked up), given to each picture's palette as a copy."""


class _Palette(ImagePalette.ImagePalette):
    """A picture's palette: a new colour takes the next free index, and once all 256 are taken
    a colour it lacks is given the nearest one it has."""

    def getcolor(self, color: tuple[int, ...], image: Image.Image | None = None) -> int:
        """The index of ``color`` (added while there is room, else the nearest one's)."""
        found = self.colors.get(color)
        if found is not None:
            return found
        rgb = color[:3]
        if rgb in self.colors or len(self.palette) < 256 * 3:
            return super().getcolor(color, image)
        data = self.palette
        distances = [
            sum((data[index * 3 + channel] - rgb[channel]) ** 2 for channel in range(3))
            for index in range(256)
        ]
        return distances.index(min(distances))


def on_own_palette(image: Image.Image) -> bool:
    """Whether ``image`` was made by :func:`blank` (and drawn on as this module does): its
    palette then holds every index the picture uses, each added before it is drawn."""
    return isinstance(image.palette, _Palette)


def blank(size: tuple[int, int], background: RGB) -> Image.Image:
    """A new picture of ``size`` on the palette :data:`FIXED`, filled with ``background``."""
    image = Image.new("P", size, 0)
    palette = _Palette("RGB", bytearray(_FIXED_BYTES))
    palette.colors = dict(_FIXED_INDEX)
    palette.dirty = 1
    image.palette = palette
    image.paste(index_of(image, background), (0, 0, *size))
    return image


def index_of(image: Image.Image, colour: RGB) -> int:
    """The index of ``colour`` in the palette of ``image``, added to it if it is not there yet."""
    assert image.palette is not None
    index = image.palette.getcolor(colour, image)
    assert isinstance(index, int)
    return index


def colour_at(image: Image.Image, index: int) -> RGB:
    """The colour of palette entry ``index`` of ``image``."""
    assert image.palette is not None
    data = image.palette.palette
    r, g, b = data[index * 3 : index * 3 + 3]
    return (r, g, b)


@dataclass(frozen=True, slots=True)
class Tile:
    """A card or a word reduced to the palette: ``image`` ('P') uses the indices of
    :data:`FIXED` and, after them, one index for each of ``extras`` (colours that must stay
    exact), which :meth:`put` maps to the picture's own indices."""

    image: Image.Image
    extras: tuple[RGB, ...]

    def put(self, picture: Image.Image, xy: tuple[int, int]) -> None:
        """Paste the tile onto ``picture`` (drawn on :data:`FIXED`) at ``xy``."""
        if not self.extras:
            picture.paste(self.image, xy)
            return
        base = len(FIXED)
        lut = list(range(256))
        moved = False
        for offset, colour in enumerate(self.extras):
            lut[base + offset] = index_of(picture, colour)
            moved = moved or lut[base + offset] != base + offset
        picture.paste(self.image.point(lut) if moved else self.image, xy)


def tile(rgb: Image.Image, exact: Iterable[RGB]) -> Tile:
    """``rgb`` reduced to :data:`FIXED` plus the colours ``exact`` that it lacks, each pixel to the
    nearest colour, no dithering."""
    extras = tuple(dict.fromkeys(colour for colour in exact if colour not in _FIXED_SET))
    palette = _FIXED_IMAGE if not extras else _palette_image(FIXED + extras)
    return Tile(rgb.quantize(palette=palette, dither=Image.Dither.NONE), extras)


_FIXED_SET: Final = frozenset(FIXED)
