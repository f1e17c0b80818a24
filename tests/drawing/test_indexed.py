"""A canvas draws on a fixed palette (tabletop/drawing/indexed.py, tiles.py): the pixels stay
those of drawing in full colour -- the named colours exact, smoothed edges a few levels off --
whether a card or a word lies on a flat colour (a cached tile) or across other things (blended
on the spot)."""

from __future__ import annotations

from PIL import Image, ImageChops

from tabletop.drawing import CARD, Canvas, Face, face_image
from tabletop.drawing.fonts import text_mask
from tabletop.drawing.indexed import FIXED
from tabletop.drawing.palette import BLUE, INK, PANEL, TABLE, YELLOW
from tests.drawing.helpers import decode

EDGE_LEVELS = 40
"""The most a smoothed edge's pixel may be off in a channel: half a step of the palette's cube
(26), and a little more, since Pillow looks the nearest colour up in cells of 4 levels."""


def _full_colour(size: tuple[int, int]) -> Image.Image:
    image = Image.new("RGB", size, TABLE)
    image.paste(PANEL, (60, 0, size[0], size[1]))
    return image


def _worst(first: Image.Image, second: Image.Image) -> int:
    extrema = ImageChops.difference(first.convert("RGB"), second.convert("RGB")).getextrema()
    return max(high for _, high in extrema)


def _scene() -> tuple[Canvas, Image.Image]:
    """The same cards and words drawn on a canvas and, as before, in full colour: a card on
    the table, one across the panel's edge, one overlapping it, a word across the edge."""
    canvas = Canvas(320, 180)
    canvas.panel((60, 0, 320, 180), radius=0)
    reference = _full_colour((320, 180))
    cards = [
        (Face("7", "star", YELLOW, filled=True), (4, 10)),
        (Face("10", "heart", BLUE), (40, 30)),
        (Face("3", "circle", BLUE, filled=True), (100, 40)),
    ]
    for face, xy in cards:
        canvas.card(face, xy)
        picture = face_image(face, CARD)
        reference.paste(picture, xy, picture)
    canvas.text((30, 160), "Trick 12", 24, INK, anchor="lm")
    mask, left, top = text_mask("Trick 12", 24, "lm", 0)
    reference.paste(INK, (30 + left, 160 + top), mask)
    return canvas, reference


def test_a_canvas_keeps_the_pixels_of_full_colour_within_an_edge_s_levels() -> None:
    canvas, reference = _scene()
    assert canvas.image.mode == "P"
    drawn = decode(canvas.picture("cards").png)
    assert _worst(drawn, reference) <= EDGE_LEVELS


def test_flat_colours_are_exact() -> None:
    canvas, reference = _scene()
    drawn = canvas.rgb()
    for xy in ((2, 2), (200, 170), (8 + CARD.width // 2, 16), (44 + CARD.width // 2, 32 + CARD.height - 8)):
        assert drawn.getpixel(xy) == reference.getpixel(xy), xy


def test_a_colour_of_a_game_s_own_is_added_to_the_palette_exactly() -> None:
    wood = (214, 178, 120)
    assert wood not in FIXED
    canvas = Canvas(100, 60)
    canvas.panel((10, 10, 90, 50), fill=wood)
    canvas.text((50, 30), "7", 20, (80, 60, 30), anchor="mm")
    drawn = decode(canvas.picture("wood").png)
    assert drawn.getpixel((14, 30)) == wood


def test_cached_tiles_give_the_same_bytes_as_the_first_drawing() -> None:
    first = _scene()[0].picture("x").png
    assert _scene()[0].picture("x").png == first


def test_a_full_palette_draws_a_new_colour_as_its_nearest_and_keeps_the_fixed_ones() -> None:
    canvas = Canvas(400, 40)
    room = 256 - len(FIXED)
    colours = [(10 + index, 200 - index, 90) for index in range(room + 10)]
    assert not set(colours) & set(FIXED)
    for index, colour in enumerate(colours):
        canvas.panel((index * 6, 0, index * 6 + 5, 39), fill=colour, radius=0)
    fixed = [channel for colour in FIXED for channel in colour]
    assert canvas.image.getpalette()[: len(fixed)] == fixed  # no fixed colour was taken over
    drawn = decode(canvas.picture("many").png)
    assert drawn.getpixel((2, 20)) == colours[0]  # while there was room: exact
    last = drawn.getpixel(((len(colours) - 1) * 6 + 2, 20))
    assert max(abs(a - b) for a, b in zip(last, colours[-1], strict=True)) <= 12  # then the nearest
