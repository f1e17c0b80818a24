"""Colours: the Okabe-Ito palette (chosen to stay apart for colour-blind viewers) and the
colours of the table the cards lie on.

Colour never carries meaning alone: every colour a game uses comes with a symbol
(:mod:`tabletop.drawing.symbols`) and the picture's description says it in words.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "BLACK",
    "BLUE",
    "BLUISH_GREEN",
    "BROWN",
    "CARD_EDGE",
    "CARD_WHITE",
    "INK",
    "MUTED",
    "ORANGE",
    "PANEL",
    "REDDISH_PURPLE",
    "RGB",
    "SERIES",
    "SKY_BLUE",
    "TABLE",
    "VERMILLION",
    "YELLOW",
    "contrast",
    "ink_on",
    "mix",
]

CARD_BACK: Final[RGB] = (70, 92, 160)
"""A card seen from the back (the stock)."""

SLOT_OUTLINE: Final[RGB] = (110, 130, 142)
"""The dashed outline of an empty place for a card."""

RGB = tuple[int, int, int]

# Okabe & Ito, "Color Universal Design" (2008): eight colours told apart by every viewer.
BLACK: Final[RGB] = (0, 0, 0)
ORANGE: Final[RGB] = (230, 159, 0)
SKY_BLUE: Final[RGB] = (86, 180, 233)
BLUISH_GREEN: Final[RGB] = (0, 158, 115)
YELLOW: Final[RGB] = (240, 228, 66)
BLUE: Final[RGB] = (0, 114, 178)
VERMILLION: Final[RGB] = (213, 94, 0)
REDDISH_PURPLE: Final[RGB] = (204, 121, 167)
BROWN: Final[RGB] = (125, 80, 40)
"""Not one of the eight: a dark orange for a game that has a brown (Stick'em); it differs from
vermillion and orange mostly by lightness, and always by its symbol."""

TABLE: Final[RGB] = (31, 45, 54)
"""The background: a dark slate that reads on Discord's dark and light themes."""
PANEL: Final[RGB] = (47, 64, 76)
"""A slightly lighter area on the table (a seat, a group of melds)."""
INK: Final[RGB] = (255, 255, 255)
"""Text on the table."""
MUTED: Final[RGB] = (184, 198, 207)
"""Secondary text on the table."""
CARD_WHITE: Final[RGB] = (250, 248, 242)
"""The face of a white card."""
CARD_EDGE: Final[RGB] = (20, 20, 20)
"""A card's outline."""

SERIES: Final[tuple[RGB, ...]] = (
    ORANGE,
    SKY_BLUE,
    BLUISH_GREEN,
    YELLOW,
    (120, 170, 255),
    VERMILLION,
    REDDISH_PURPLE,
    (235, 235, 235),
)
"""Line colours of a chart, in seat order (the chart also gives each line its own marker);
light enough to read on the dark table (blue is lightened, black is replaced by white)."""


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def luminance(color: RGB) -> float:
    """Relative luminance (WCAG 2): 0 for black, 1 for white."""
    r, g, b = (_linear(c) for c in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: RGB, second: RGB) -> float:
    """The WCAG contrast ratio of two colours, 1 (none) to 21 (black on white)."""
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ink_on(fill: RGB) -> RGB:
    """Black or white, whichever reads better on ``fill``."""
    return BLACK if contrast(BLACK, fill) >= contrast((255, 255, 255), fill) else (255, 255, 255)


def mix(first: RGB, second: RGB, amount: float) -> RGB:
    """``first`` moved ``amount`` (0-1) of the way to ``second``."""
    r, g, b = (round(a + (b - a) * amount) for a, b in zip(first, second, strict=True))
    return (r, g, b)
