"""The PNG encoder's settings against each other: CPU time and size of the pictures'
encoding (palette and compression) with the settings of ``tabletop/drawing/png.py`` and others.

Run from the repository root: ``python benchmarks/png_settings.py [--repeats N]``.

The pictures are the ten of ``benchmarks/images.py`` (drawn once; only their encoding is timed).
Printed per setting: the median CPU time (``time.process_time``) of encoding one picture, over
``--repeats`` rounds of all ten, the largest PNG and all ten's bytes, and both as ratios to the
encoder's own settings (``current``), measured in the same run.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from benchmarks.images import _cases
from tabletop.drawing import canvas, png, stack


def _drawn_images() -> list[Image.Image]:
    """The RGB images the ten pictures encode (taken as they are handed to the encoder)."""
    images: list[Image.Image] = []
    encode = png.encode_png

    def keep(image: Image.Image) -> bytes:
        images.append(image.convert("RGB"))
        return encode(image)

    for module in (canvas, stack):
        setattr(module, "encode_png", keep)  # noqa: B010 (the name each module calls it by)
    try:
        for _, _, draw in _cases():
            draw()
    finally:
        for module in (canvas, stack):
            setattr(module, "encode_png", encode)  # noqa: B010
    return images


def _paletted(rgb: Image.Image, step: int = 2) -> Image.Image:
    """The palette as ``encode_png`` chooses it, from every ``step``-th pixel of every ``step``-th
    row."""
    sample = rgb.resize((max(1, rgb.width // step), max(1, rgb.height // step)), Image.Resampling.NEAREST)
    palette = sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


def _saved(image: Image.Image, **options: object) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, **options)
    return buffer.getvalue()


SETTINGS: dict[str, Callable[[Image.Image], bytes]] = {
    "current": png.encode_png,
    "zlib level 1": lambda im: _saved(_paletted(im), compress_level=1),
    "zlib level 6": lambda im: _saved(_paletted(im), compress_level=6),
    "level 3, RLE strategy": lambda im: _saved(_paletted(im), compress_level=3, compress_type=3),
    "level 1, RLE strategy": lambda im: _saved(_paletted(im), compress_level=1, compress_type=3),
    "palette of 1/16 pixels": lambda im: _saved(_paletted(im, 4), compress_level=3),
    "palette of all pixels": lambda im: _saved(
        im.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE), compress_level=3
    ),
}
"""Each setting measured: how it encodes an RGB image."""


def main(argv: list[str] | None = None) -> int:
    """Time every setting and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9, help="rounds of the ten pictures (default 9)")
    args = parser.parse_args(argv)
    images = _drawn_images()
    print(f"{'setting':24} {'ms/picture':>10} {'ratio':>6} {'max KB':>7} {'all KB':>7} {'ratio':>6}")
    base: tuple[float, int] | None = None
    for name, encode in SETTINGS.items():
        times = []
        for _ in range(args.repeats):
            start = time.process_time()
            encoded = [encode(image) for image in images]
            times.append((time.process_time() - start) / len(images))
        assert [encode(image) for image in images] == encoded, f"{name}: not deterministic"
        median = statistics.median(times) * 1000
        total = sum(map(len, encoded))
        base = base or (median, total)
        print(
            f"{name:24} {median:10.2f} {median / base[0]:5.2f}x {max(map(len, encoded)) / 1000:7.1f} "
            f"{total / 1000:7.0f} {total / base[1]:5.2f}x"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
