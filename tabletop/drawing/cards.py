"""Card faces: what a card shows (:class:`Face`) and its picture at a size, drawn once and
cached (a face is drawn three times larger and scaled down, which smooths its edges).

Two styles: a *filled* card (Stick'em: the card is its colour, with the colour's shape in two
corners and the value big in the middle) and a *white* card (the suits: the rank and the suit's
shape big, in the suit's colour). ``note`` is a small word under the shape ("WILD").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from tabletop.drawing.fonts import font
from tabletop.drawing.palette import CARD_BACK, CARD_EDGE, CARD_WHITE, RGB, SLOT_OUTLINE, ink_on, mix
from tabletop.drawing.symbols import draw_symbol

__all__ = ["CARD", "SMALL", "CardSize", "Face", "back_image", "blank_face", "face_image", "slot_image"]

_SUPER: Final = 3
"""Faces are drawn this many times larger, then scaled down."""


@dataclass(frozen=True, slots=True)
class CardSize:
    """A card's size in pixels: ``width`` x ``height``, corners of ``radius``."""

    width: int
    height: int
    radius: int


CARD: Final = CardSize(84, 120, 10)
"""A card in a hand or a trick."""
SMALL: Final = CardSize(58, 82, 8)
"""A card in a meld, a misery card, an undealt card."""


@dataclass(frozen=True, slots=True)
class Face:
    """What one card shows: ``rank`` (the big text: "7", "10", "Q"), the ``shape`` of its colour
    or suit (:mod:`tabletop.drawing.symbols`), its ``color``; ``filled`` cards are their colour,
    the others white with the rank and shape in the colour; ``note`` a small word ("WILD")."""

    rank: str
    shape: str
    color: RGB
    filled: bool = False
    note: str = ""


def blank_face() -> Face:
    """A face with nothing on it (tests use it as the plainest card)."""
    return Face("", "circle", CARD_WHITE)


def _rounded(size: CardSize, fill: RGB, edge: RGB, width: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    big = Image.new("RGBA", (size.width * _SUPER, size.height * _SUPER), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle(
        (0, 0, big.width - 1, big.height - 1),
        radius=size.radius * _SUPER,
        fill=fill,
        outline=edge,
        width=width,
    )
    return big, draw


def _finish(big: Image.Image, size: CardSize) -> Image.Image:
    return big.resize((size.width, size.height), Image.Resampling.LANCZOS)


def _draw_filled(draw: ImageDraw.ImageDraw, face: Face, w: int, h: int) -> None:
    ink = ink_on(face.color)
    corner = w * 0.25
    draw_symbol(draw, face.shape, (corner * 0.78, corner * 0.78), corner, ink)
    draw_symbol(draw, face.shape, (w - corner * 0.78, h - corner * 0.78), corner, ink)
    digits = len(face.rank)
    size = int(w * (0.62 if digits <= 1 else 0.5))
    draw.text(
        (w / 2, h / 2),
        face.rank,
        font=font(size),
        fill=ink,
        anchor="mm",
        stroke_width=max(1, w // 70),
        stroke_fill=ink,
    )
    if face.note:
        draw.text((w / 2, h * 0.86), face.note, font=font(int(w * 0.15)), fill=ink, anchor="mm")


def _draw_white(draw: ImageDraw.ImageDraw, face: Face, w: int, h: int) -> None:
    digits = len(face.rank)
    size = int(w * (0.5 if digits <= 1 else 0.44 if digits == 2 else 0.22))
    stroke = max(1, w // 90)
    draw.text(
        (w / 2, h * 0.27),
        face.rank,
        font=font(size),
        fill=face.color,
        anchor="mm",
        stroke_width=stroke,
        stroke_fill=face.color,
    )
    shape_y = h * (0.6 if face.note else 0.66)
    draw_symbol(draw, face.shape, (w / 2, shape_y), w * (0.4 if face.note else 0.46), face.color)
    if face.note:
        band = h * 0.82
        draw.rectangle((w * 0.06, band, w * 0.94, h * 0.95), fill=face.color)
        draw.text(
            (w / 2, (band + h * 0.95) / 2),
            face.note,
            font=font(int(w * 0.17)),
            fill=ink_on(face.color),
            stroke_width=max(1, w // 120),
            stroke_fill=ink_on(face.color),
            anchor="mm",
        )


@lru_cache(maxsize=2048)
def face_image(face: Face, size: CardSize = CARD) -> Image.Image:
    """The picture of ``face`` at ``size`` (RGBA: transparent outside the rounded corners).

    Cached: the same face and size give the very same image object; never draw on it."""
    fill = face.color if face.filled else CARD_WHITE
    big, draw = _rounded(size, fill, CARD_EDGE, _SUPER * 2)
    (_draw_filled if face.filled else _draw_white)(draw, face, big.width, big.height)
    return _finish(big, size)


@lru_cache(maxsize=16)
def slot_image(size: CardSize = CARD, color: RGB = SLOT_OUTLINE) -> Image.Image:
    """An empty place for a card (a seat that has not played yet): a dashed outline."""
    big = Image.new("RGBA", (size.width * _SUPER, size.height * _SUPER), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle(
        (0, 0, big.width - 1, big.height - 1), radius=size.radius * _SUPER, outline=color, width=_SUPER * 2
    )
    return _finish(big, size)


@lru_cache(maxsize=16)
def back_image(size: CardSize = CARD) -> Image.Image:
    """A card seen from the back (the stock)."""
    back = CARD_BACK
    big, draw = _rounded(size, back, CARD_EDGE, _SUPER * 2)
    step = 14 * _SUPER
    inner = mix(back, (255, 255, 255), 0.25)
    for offset in range(-big.height, big.width, step):
        draw.line((offset, 0, offset + big.height, big.height), fill=inner, width=_SUPER * 2)
    mask = Image.new("L", big.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, big.width - 1, big.height - 1), radius=size.radius * _SUPER, fill=255
    )
    big.putalpha(mask)
    draw.rounded_rectangle(
        (0, 0, big.width - 1, big.height - 1),
        radius=size.radius * _SUPER,
        outline=CARD_EDGE,
        width=_SUPER * 2,
    )
    return _finish(big, size)
