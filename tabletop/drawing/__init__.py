"""The drawing kit every game's drawing module shares: colours, fonts, card faces, layout,
the PNG encoder and the chart of totals.

Only this package and each game's ``art`` module import Pillow; the engines, their
presentations and the rest of :mod:`tabletop` never load it. Everything here is pure and
deterministic: the same input gives the same pixels and the same PNG bytes (the font is
Pillow's own embedded FreeType font, so a fresh machine draws the same glyphs).

- :mod:`.palette`: the Okabe-Ito colours, the table's colours, contrast helpers;
- :mod:`.fonts`: the font at a size;
- :mod:`.symbols`: shapes (circle, square, ..., the four suits) that tell colours and suits
  apart without hue;
- :mod:`.cards`: a card face (:class:`Face`) drawn once per size and cached;
- :mod:`.indexed`: the fixed palette every picture is drawn on, and tiles reduced to it;
- :mod:`.tiles`: cards and words put onto a picture as cached tiles of palette indices;
- :mod:`.canvas`: a picture being drawn (text, cards, raised and marked cards, wrapping rows);
- :mod:`.stamps`: parts of a picture drawn once (a seat's panel, a tag) and pasted after;
- :mod:`.png`: :class:`Picture` (PNG bytes and the image's description) and the encoder;
- :mod:`.chart`: the totals after each round, one line per player.
"""

from tabletop.drawing.canvas import Canvas, flow_groups
from tabletop.drawing.cards import CARD, SMALL, CardSize, Face, blank_face, face_image
from tabletop.drawing.chart import ChartWords, game_chart, totals_chart
from tabletop.drawing.png import Picture, encode_png

__all__ = [
    "CARD",
    "SMALL",
    "Canvas",
    "CardSize",
    "ChartWords",
    "Face",
    "Picture",
    "blank_face",
    "encode_png",
    "face_image",
    "flow_groups",
    "game_chart",
    "totals_chart",
]
