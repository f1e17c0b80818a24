"""A finished picture (:class:`Picture`: PNG bytes and the words that describe it) and the PNG
encoder with fixed settings, so that the same image always gives the same bytes."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Final

from PIL import Image

__all__ = ["Picture", "encode_png"]

_COMPRESS_LEVEL: Final = 6
"""zlib's level: the default; 9 is much slower for a few per cent."""


@dataclass(frozen=True, slots=True)
class Picture:
    """A drawn picture: ``png`` (the file's bytes), its ``description`` (the alt text: what it
    shows, in words, for screen readers), and its ``width`` and ``height`` in pixels."""

    png: bytes
    description: str
    width: int
    height: int


def encode_png(image: Image.Image) -> bytes:
    """``image`` as PNG bytes: no metadata, no time stamp, fixed settings; the same pixels give
    the same bytes.

    The picture is stored with a palette of 256 colours (Pillow's octree, no dithering): a
    card picture has a few flat colours and their smoothed edges, which the palette keeps within
    a few levels, at a third of the size of full colour and faster to compress."""
    rgb = image.convert("RGB") if image.mode != "RGB" else image
    paletted = rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    paletted.save(buffer, format="PNG", compress_level=_COMPRESS_LEVEL, optimize=False)
    return buffer.getvalue()
