"""The one font every picture uses: Pillow's own embedded FreeType font (Aileron Regular,
SIL Open Font Licence, inside Pillow since 10.1), so that every machine draws the same glyphs
without a font file of the system."""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

__all__ = ["font", "text_mask", "text_width"]


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The font at ``size`` pixels (cached: fonts are immutable)."""
    loaded = ImageFont.load_default(size=size)
    if not isinstance(loaded, ImageFont.FreeTypeFont):  # Pillow built without FreeType
        raise RuntimeError("drawing needs Pillow 10.1 or later with FreeType support")
    return loaded


@lru_cache(maxsize=8192)
def text_width(text: str, size: int) -> float:
    """How wide ``text`` is at ``size`` (cached: labels and names repeat from picture to picture)."""
    return font(size).getlength(text)


@lru_cache(maxsize=4096)
def text_mask(text: str, size: int, anchor: str, stroke: int) -> tuple[Image.Image, int, int]:
    """``text`` at ``size`` as a mask (mode "L") and where its corner lies from the anchor point
    (``anchor`` as Pillow's, ``stroke`` pixels of thickening). Cached: glyphs are the slowest
    part of a picture, and the same labels and names come back in picture after picture."""
    face = font(size)
    left, top, right, bottom = (
        round(edge) for edge in face.getbbox(text, anchor=anchor, stroke_width=stroke)
    )
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), text, font=face, fill=255, anchor=anchor, stroke_width=stroke, stroke_fill=255
    )
    return mask, left, top
