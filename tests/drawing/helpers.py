"""What the picture tests share: simulated colour blindness, the ink of a card, and the
comparison of a picture with its golden image.

**Colour blindness** is simulated with the matrices of Machado, Oliveira & Fernandes, "A
Physiologically-based Model for Simulation of Color Vision Deficiency" (IEEE TVCG 2009), at
severity 1.0, applied to linear RGB: protanopia and deuteranopia (red-green), tritanopia
(blue-yellow).

**Golden images** live in ``tests/drawing/goldens/`` as PNG files. A picture matches its golden
when both have the same size and, after a 3x3 blur of both (which evens out anti-aliasing), no
more than :data:`GOLDEN_TOLERANCE` pixels differ by more than :data:`GOLDEN_LEVEL` in some
channel: a changed card shape, symbol, number or layout fails; a different smoothing of edges
does not. To redraw the goldens after an intended change, run
``UPDATE_GOLDENS=1 python -m pytest -q tests/drawing`` and look at every changed file before
committing it.
"""

from __future__ import annotations

import io
import math
import os
from pathlib import Path
from typing import Final

from PIL import Image, ImageChops, ImageFilter

GOLDENS: Final = Path(__file__).parent / "goldens"
GOLDEN_LEVEL: Final = 60
"""A pixel differs when some channel differs by more than this (of 255), after the blur."""
GOLDEN_TOLERANCE: Final = 40
"""How many such pixels a picture may have and still match its golden."""

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

MACHADO: Final[dict[str, Matrix]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado 2009, severity 1.0, for linear RGB."""


def _to_linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _to_srgb(value: float) -> int:
    value = min(1.0, max(0.0, value))
    encoded = value * 12.92 if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055
    return round(encoded * 255)


def simulate_color(color: tuple[int, int, int], deficiency: str) -> tuple[int, int, int]:
    """How ``color`` looks with ``deficiency`` (a key of :data:`MACHADO`)."""
    matrix = MACHADO[deficiency]
    linear = [_to_linear(c) for c in color]
    r, g, b = (_to_srgb(sum(m * c for m, c in zip(row, linear, strict=True))) for row in matrix)
    return (r, g, b)


def pixels(image: Image.Image) -> list[tuple[int, int, int]]:
    """The RGB pixels of ``image``, row by row."""
    data = image.convert("RGB").tobytes()
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]


def simulate(image: Image.Image, deficiency: str) -> Image.Image:
    """``image`` as seen with ``deficiency``: every colour mapped through the simulation (once
    per distinct colour)."""
    cache: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    out = bytearray()
    for pixel in pixels(image):
        seen = cache.get(pixel)
        if seen is None:
            seen = cache[pixel] = simulate_color(pixel, deficiency)
        out += bytes(seen)
    return Image.frombytes("RGB", image.size, bytes(out))


def ink_mask(
    card: Image.Image, background: tuple[int, int, int], ink: tuple[int, int, int]
) -> set[tuple[int, int]]:
    """The pixels of ``card`` (RGB, the card alone) nearer its ``ink`` than its ``background``
    (the card's own fill): the shapes and the numbers, whatever their colours."""
    found: set[tuple[int, int]] = set()
    for index, pixel in enumerate(pixels(card)):
        if math.dist(pixel, ink) < math.dist(pixel, background):
            found.add((index % card.width, index // card.width))
    return found


def on_background(picture: Image.Image, background: tuple[int, int, int] = (128, 128, 128)) -> Image.Image:
    """An RGBA card flattened onto a plain ``background``."""
    flat = Image.new("RGB", picture.size, background)
    flat.paste(picture, (0, 0), picture if picture.mode == "RGBA" else None)
    return flat


def decode(png: bytes) -> Image.Image:
    """PNG bytes as an RGB image (checks that they are a PNG)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB")


def differing_pixels(first: Image.Image, second: Image.Image) -> int:
    """How many pixels differ by more than :data:`GOLDEN_LEVEL` once both are blurred."""
    assert first.size == second.size, f"size {first.size} != {second.size}"
    a = first.convert("RGB").filter(ImageFilter.BoxBlur(1))
    b = second.convert("RGB").filter(ImageFilter.BoxBlur(1))
    diff = ImageChops.difference(a, b)
    channels = diff.split()
    biggest = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    histogram = biggest.histogram()
    return sum(histogram[GOLDEN_LEVEL + 1 :])


def assert_matches_golden(png: bytes, name: str) -> None:
    """``png`` matches ``goldens/<name>.png`` (see the module's docstring); with
    ``UPDATE_GOLDENS=1`` it is written as the new golden instead."""
    path = GOLDENS / f"{name}.png"
    if os.environ.get("UPDATE_GOLDENS") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
        return
    assert path.exists(), f"no golden {path.name}: run UPDATE_GOLDENS=1 python -m pytest -q tests/drawing"
    with Image.open(path) as golden:
        expected = golden.convert("RGB")
    count = differing_pixels(decode(png), expected)
    assert count <= GOLDEN_TOLERANCE, f"{name}: {count} pixels differ from the golden"


def seen_mask(
    card: Image.Image, fill: tuple[int, int, int], ink: tuple[int, int, int], deficiency: str
) -> set[tuple[int, int]]:
    """Where the shapes and the value of ``card`` (an RGBA card picture whose face is ``fill``,
    drawn in ``ink``) are, as seen with ``deficiency``; the outline is left out."""
    flat = on_background(card, fill)
    seen = simulate(flat.crop((5, 5, flat.width - 5, flat.height - 5)), deficiency)
    return ink_mask(seen, simulate_color(fill, deficiency), simulate_color(ink, deficiency))
