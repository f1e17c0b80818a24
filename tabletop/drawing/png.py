"""A finished picture (:class:`Picture`: PNG bytes and the words that describe it) and the PNG
encoder with fixed settings, so that the same image gives the same bytes (on one machine)."""

from __future__ import annotations

import struct
import zlib
from typing import Final

from isal import isal_zlib
from PIL import Image

from tabletop.drawing.indexed import on_own_palette
from tabletop.pictures import Picture

__all__ = ["Picture", "encode_png"]

_SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"
_LEVEL: Final = 1
"""ISA-L's level: 1 gives about the bytes of zlib's level 3 (0.95x-1.15x), 2 no fewer, 0 a fifth
more."""


def encode_png(image: Image.Image) -> bytes:
    """``image`` as PNG bytes: no metadata, no time stamp, fixed settings; the same pixels give
    the same bytes on one machine (the compressor picks its code for the processor, and another
    processor may compress the same rows to other bytes: they decode to the same pixels, which
    is what the golden pictures compare).

    A picture drawn on a palette (mode 'P': every :class:`~tabletop.drawing.canvas.Canvas`) is
    stored as it is. Any other picture (a replay's stacked pictures) is stored with a palette of
    256 colours, no dithering: a card picture has a few flat colours and their smoothed edges,
    which the palette keeps within a few levels, at a third of the size of full colour and
    faster to compress. The palette is chosen (Pillow's octree) from every other pixel of every
    other row, which takes a quarter of the time and misses no colour that covers more than a
    sliver of the picture.
    """
    if image.mode == "P":
        return _paletted_png(image)
    rgb = image.convert("RGB") if image.mode != "RGB" else image
    sample = rgb.resize((max(1, rgb.width // 2), max(1, rgb.height // 2)), Image.Resampling.NEAREST)
    palette = sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return _paletted_png(rgb.quantize(palette=palette, dither=Image.Dither.NONE))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _paletted_png(image: Image.Image) -> bytes:
    """The PNG of a picture in mode 'P': 8 bits a pixel, its palette as it is, every row
    unfiltered (a palette's indices are not values to predict), compressed by ISA-L.

    Written here rather than by Pillow's PNG plugin for the compressor: Pillow compresses with
    zlib, which took half of a picture's CPU; ISA-L's deflate (the same format, any PNG reader
    decodes it) compresses the same rows 5-7x faster to about the same size
    (docs/benchmarks.md, "Pictures"). What Pillow would write besides (the same chunks, no
    filter for a palette's rows) is the same, so the decoded pixels are too."""
    width, height = image.size
    palette = _palette(image)
    # every row behind its filter byte 0: the picture one column wider, pasted at x=1
    framed = Image.new("P", (width + 1, height), 0)
    framed.paste(image, (1, 0))
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"tRNS", alpha) if (alpha := _alpha(image, len(palette) // 3)) else b"",
            _chunk(b"IDAT", isal_zlib.compress(framed.tobytes(), _LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def _palette(image: Image.Image) -> bytes:
    """The PLTE of a picture in mode 'P': its palette, long enough for its highest index (zeros
    after its own colours, as Pillow writes them; a reader may refuse an index past it)."""
    palette = bytes(image.getpalette() or ())
    if on_own_palette(image):  # a canvas's: no need to read every pixel (a millisecond)
        return palette
    extrema = image.getextrema()
    highest = extrema[1] if isinstance(extrema[1], int) else 255
    return palette.ljust(3 * (int(highest) + 1), b"\0")[: 3 * 256]


def _alpha(image: Image.Image, colours: int) -> bytes:
    """The tRNS of a picture in mode 'P' (empty: every colour opaque): its transparent colour, or
    its palette's alpha, as Pillow writes them."""
    transparency = image.info.get("transparency")
    if isinstance(transparency, int):
        return (b"\xff" * transparency + b"\0")[:colours]
    if isinstance(transparency, bytes):
        return transparency[:colours]
    if image.palette is not None and image.palette.mode == "RGBA":
        return bytes(image.getpalette("A") or ())[:colours]
    return b""
