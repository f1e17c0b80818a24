"""Shapes that tell colours and suits apart without hue: a circle, a square, a triangle, a
diamond, a star, a cross, and the four suits (drawn as shapes, not font glyphs, so that every
machine draws them alike).

``draw_symbol(draw, name, (x, y), size, fill)`` draws the shape ``name`` centred on ``(x, y)``,
about ``size`` pixels high. A picture draws its shapes at a few times their final size and
scales down (see :mod:`tabletop.drawing.cards`), which smooths the edges.
"""

from __future__ import annotations

import math
from typing import Final

from PIL import ImageDraw

from tabletop.drawing.palette import RGB

__all__ = ["SHAPES", "SUIT_SHAPES", "draw_symbol"]

SHAPES: Final[tuple[str, ...]] = ("circle", "square", "triangle", "diamond", "star", "cross")
"""The plain shapes, one for each of up to six colours."""
SUIT_SHAPES: Final[tuple[str, ...]] = ("club", "diamond", "heart", "spade")
"""The suits' shapes, in the order clubs, diamonds, hearts, spades."""

Point = tuple[float, float]


def _star(x: float, y: float, r: float) -> list[Point]:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((x + radius * math.cos(angle), y + radius * math.sin(angle) + r * 0.1))
    return points


def _heart(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, fill: RGB, flip: bool) -> None:
    """A heart (``flip``: upside down, the body of a spade) filling a 2r x 2r box."""
    lobe = r * 0.52
    sign = -1 if flip else 1
    top = y - sign * r * 0.42
    for dx in (-lobe * 0.92, lobe * 0.92):
        draw.ellipse((x + dx - lobe, top - lobe, x + dx + lobe, top + lobe), fill=fill)
    tip = y + sign * r
    side = top + sign * lobe * 0.35
    draw.polygon([(x - lobe * 1.86, side), (x + lobe * 1.86, side), (x, tip)], fill=fill)


def draw_symbol(draw: ImageDraw.ImageDraw, name: str, centre: Point, size: float, fill: RGB) -> None:
    """Draw the shape ``name`` centred on ``centre``, ``size`` pixels high, in ``fill``."""
    x, y = centre
    r = size / 2
    if name == "circle":
        draw.ellipse((x - r * 0.92, y - r * 0.92, x + r * 0.92, y + r * 0.92), fill=fill)
    elif name == "square":
        s = r * 0.82
        draw.rectangle((x - s, y - s, x + s, y + s), fill=fill)
    elif name == "triangle":
        draw.polygon([(x, y - r), (x + r * 1.05, y + r * 0.8), (x - r * 1.05, y + r * 0.8)], fill=fill)
    elif name == "diamond":
        draw.polygon([(x, y - r), (x + r * 0.72, y), (x, y + r), (x - r * 0.72, y)], fill=fill)
    elif name == "star":
        draw.polygon(_star(x, y, r * 1.1), fill=fill)
    elif name == "cross":
        arm = r * 0.34
        draw.rectangle((x - arm, y - r, x + arm, y + r), fill=fill)
        draw.rectangle((x - r, y - arm, x + r, y + arm), fill=fill)
    elif name == "heart":
        _heart(draw, x, y, r, fill, flip=False)
    elif name == "spade":
        _heart(draw, x, y - r * 0.12, r * 0.85, fill, flip=True)
        draw.polygon([(x, y + r * 0.2), (x + r * 0.38, y + r), (x - r * 0.38, y + r)], fill=fill)
    elif name == "club":
        lobe = r * 0.4
        for dx, dy in ((0, -r * 0.52), (-r * 0.5, r * 0.12), (r * 0.5, r * 0.12)):
            draw.ellipse((x + dx - lobe, y + dy - lobe, x + dx + lobe, y + dy + lobe), fill=fill)
        draw.rectangle((x - r * 0.2, y - r * 0.2, x + r * 0.2, y + r * 0.2), fill=fill)
        draw.polygon([(x, y), (x + r * 0.36, y + r), (x - r * 0.36, y + r)], fill=fill)
    else:
        raise ValueError(f"no shape is called {name!r}; shapes are {', '.join(SHAPES + SUIT_SHAPES)}")
