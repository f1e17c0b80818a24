"""The one font every picture uses: Pillow's own embedded FreeType font (Aileron Regular,
SIL Open Font Licence, inside Pillow since 10.1), so that every machine draws the same glyphs
without a font file of the system."""

from __future__ import annotations

from functools import cache

from PIL import ImageFont

__all__ = ["font"]


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The font at ``size`` pixels (cached: fonts are immutable)."""
    loaded = ImageFont.load_default(size=size)
    if not isinstance(loaded, ImageFont.FreeTypeFont):  # Pillow built without FreeType
        raise RuntimeError("drawing needs Pillow 10.1 or later with FreeType support")
    return loaded
