"""A replay step's picture: the game's table picture of that moment with every seat's hand
picture below it, each under a band with the seat's name (the game is over: every hand is face
up), stacked into one picture.

The game draws nothing new for it: the composer asks the game's drawing module for the table
and hand pictures its live tables show (a hand picture says "your hand", read as the named
seat's), decodes them and lays them one under the other. Its description is the table's
followed by each hand's, after the seat's name.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Final

from PIL import Image

from tabletop.catalog import DEFAULT_LANGUAGE
from tabletop.drawing.canvas import MARGIN, WIDTH, Canvas
from tabletop.drawing.palette import PANEL
from tabletop.drawing.png import Picture, encode_png
from tabletop.pictures import ArtModule
from tabletop.replay import StepViews

__all__ = ["BAND", "replay_picture", "stacked"]

BAND: Final = 44
"""The height of the band with a seat's name above its hand."""
_NAME_SIZE: Final = 26


def _image(picture: Picture) -> Image.Image:
    with Image.open(io.BytesIO(picture.png)) as image:
        return image.convert("RGB")


def _band(name: str) -> Image.Image:
    canvas = Canvas(WIDTH, BAND, PANEL)
    canvas.fitted_text((MARGIN, BAND // 2), name, _NAME_SIZE, WIDTH - 2 * MARGIN, anchor="lm")
    return canvas.rgb()


def stacked(table: Picture, hands: Sequence[tuple[str, Picture]]) -> Picture:
    """``table`` with each (name, hand picture) below it, the name in a band above its hand."""
    parts = [_image(table)]
    words = [table.description]
    for name, hand in hands:
        parts += [_band(name), _image(hand)]
        words.append(f"{name}: {hand.description}")
    width = max(part.width for part in parts)
    image = Image.new("RGB", (width, sum(part.height for part in parts)), PANEL)
    top = 0
    for part in parts:
        image.paste(part, (0, top))
        top += part.height
    return Picture(encode_png(image), " ".join(words), image.width, image.height)


def replay_picture(
    art: ArtModule, views: object, names: Sequence[str], language: str = DEFAULT_LANGUAGE
) -> Picture:
    """The picture of a replay step whose views are ``views`` (a :class:`StepViews`): the
    game's table picture with every seat's hand below it (``names``: one a seat), in
    ``language``'s words."""
    if not isinstance(views, StepViews):
        raise TypeError(f"a replay picture is drawn of a step's views, not of {type(views).__name__}")
    if len(views.hands) != len(names):
        raise ValueError(f"{len(views.hands)} names are needed, one a seat")
    table = art.draw("table", views.table, names, language)
    hands = [
        (name, art.draw("hand", view, (), language)) for name, view in zip(names, views.hands, strict=True)
    ]
    return stacked(table, hands)
