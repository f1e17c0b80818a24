"""The drawing kit: the same input gives the same bytes, the shapes differ from one another,
groups of cards are laid out in rows that fit, and the test helpers (the colour-blindness
simulation, the golden comparison) do what the other picture tests rely on."""

from __future__ import annotations

import io
import math

from PIL import Image, ImageDraw, ImageFilter

from tabletop.drawing import CARD, SMALL, Canvas, Face, encode_png, face_image, flow_groups
from tabletop.drawing.canvas import GAP
from tabletop.drawing.palette import BLUE, BLUISH_GREEN, VERMILLION, YELLOW, contrast, ink_on
from tabletop.drawing.symbols import SHAPES, SUIT_SHAPES, draw_symbol
from tests.drawing.helpers import MACHADO, decode, differing_pixels, simulate_color


def _shape_pixels(name: str) -> set[tuple[int, int]]:
    image = Image.new("RGB", (80, 80), (0, 0, 0))
    draw_symbol(ImageDraw.Draw(image), name, (40, 40), 60, (255, 255, 255))
    return {(i % 80, i // 80) for i, value in enumerate(image.convert("L").tobytes()) if value}


def test_every_shape_differs_from_every_other() -> None:
    shapes = {name: _shape_pixels(name) for name in SHAPES + SUIT_SHAPES}
    names = sorted(shapes)
    for index, first in enumerate(names):
        assert len(shapes[first]) > 600, first
        for second in names[index + 1 :]:
            differing = len(shapes[first] ^ shapes[second])
            assert differing > 0.15 * min(len(shapes[first]), len(shapes[second])), (first, second)


def test_an_unknown_shape_is_refused() -> None:
    image = Image.new("RGB", (10, 10))
    try:
        draw_symbol(ImageDraw.Draw(image), "moon", (5, 5), 8, (0, 0, 0))
    except ValueError as error:
        assert "moon" in str(error)
    else:
        raise AssertionError("no error")


def test_the_same_canvas_gives_the_same_bytes() -> None:
    def draw() -> bytes:
        canvas = Canvas(300, 200)
        canvas.text((10, 10), "Trick 3", 28, bold=True)
        canvas.card(Face("7", "star", YELLOW, filled=True), (10, 50))
        canvas.card(Face("10", "heart", VERMILLION), (110, 50))
        canvas.slot((210, 50), SMALL)
        return canvas.picture("two cards").png

    first, second = draw(), draw()
    assert first == second
    assert decode(first).size == (300, 200)


def test_the_encoder_keeps_the_pixels_within_a_few_levels() -> None:
    image = Canvas(300, 200).rgb()  # a full-colour picture: the encoder chooses its palette
    for index in range(300):  # many colours: more than the palette holds
        image.putpixel((index, index % 200), (index % 256, (index * 7) % 256, (index * 13) % 256))
    image.putpixel((5, 5), (250, 0, 9))
    again = decode(encode_png(image))
    assert again.size == image.size
    worst = max(abs(a - b) for a, b in zip(again.tobytes(), image.tobytes(), strict=True))
    assert worst <= 24


def test_a_paletted_picture_decodes_to_its_own_indices_and_palette() -> None:
    """The PNG written for a picture on a palette is read back (CRCs checked) as the same
    indices on the same palette, as Pillow's own PNG of it is: no row shifted, no filter byte
    read as a pixel, no colour lost."""
    canvas = Canvas(301, 97)  # an odd width: a row's bytes are not a multiple of anything
    canvas.card(Face("7", "star", YELLOW, filled=True), (10, 5))
    canvas.text((150, 40), "Misery 13", 22, fill=VERMILLION, anchor="mm", bold=True)
    canvas.panel((200, 10, 290, 90), fill=(1, 2, 3))  # a colour of the picture's own
    png = encode_png(canvas.image)
    with Image.open(io.BytesIO(png)) as checked:
        checked.verify()
    with Image.open(io.BytesIO(png)) as again:
        assert again.mode == "P"
        assert again.size == canvas.image.size
        assert again.tobytes() == canvas.image.tobytes()
        assert again.getpalette() == canvas.image.getpalette()
        assert again.convert("RGB").tobytes() == canvas.rgb().tobytes()


def test_a_face_is_drawn_once_and_faces_differ() -> None:
    seven = Face("7", "star", YELLOW, filled=True)
    assert face_image(seven) is face_image(Face("7", "star", YELLOW, filled=True))
    assert face_image(seven).size == (CARD.width, CARD.height)
    assert face_image(seven, SMALL).size == (SMALL.width, SMALL.height)
    others = [
        Face("1", "star", YELLOW, filled=True),
        Face("7", "circle", YELLOW, filled=True),
        Face("7", "star", BLUE),
    ]
    for other in others:
        assert differing_pixels(face_image(seven), face_image(other)) > 40, other


def test_ink_reads_on_every_fill() -> None:
    for fill in (BLUE, BLUISH_GREEN, VERMILLION, YELLOW):
        assert contrast(ink_on(fill), fill) >= 4.5, fill


def test_groups_flow_into_rows_that_fit() -> None:
    width = 760
    spots = flow_groups([4, 5, 3, 2, 1, 15], width)
    step = CARD.width + GAP
    seen = set()
    for group in spots:
        for x, row in group:
            assert x >= 0 and x + CARD.width <= width
            assert (x, row) not in seen
            seen.add((x, row))
    assert spots[0][0] == (0, 0) and spots[0][1] == (step, 0)
    # a group that does not fit in what is left of a row starts the next one
    rows_of = [{row for _, row in group} for group in spots[:5]]
    assert all(len(rows) == 1 for rows in rows_of)
    # a group wider than a row is split over rows
    assert len({row for _, row in spots[5]}) >= 2


def test_the_simulation_keeps_greys_and_merges_what_it_should() -> None:
    for deficiency in MACHADO:
        for grey in (0, 128, 255):
            assert all(abs(c - grey) <= 2 for c in simulate_color((grey, grey, grey), deficiency))

    def distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
        return math.dist(a, b)

    red, green = (200, 60, 40), (90, 140, 40)
    for deficiency in ("protanopia", "deuteranopia"):
        assert distance(simulate_color(red, deficiency), simulate_color(green, deficiency)) < 0.5 * distance(
            red, green
        )
    blue, teal = (40, 90, 220), (40, 160, 160)
    assert distance(simulate_color(blue, "tritanopia"), simulate_color(teal, "tritanopia")) < 0.6 * distance(
        blue, teal
    )


def _golden_like_canvas(shape: str) -> Canvas:
    canvas = Canvas(400, 160)
    for index, rank in enumerate(("3", "9", "12")):
        canvas.card(Face(rank, "circle", BLUISH_GREEN, filled=True), (10 + index * 90, 20))
    canvas.card(Face("5", shape, BLUE, filled=True), (290, 20))
    return canvas


def _golden_like_picture(shape: str) -> Image.Image:
    return _golden_like_canvas(shape).rgb()


def test_the_golden_comparison_ignores_smoothing_but_not_a_changed_shape() -> None:
    golden = _golden_like_picture("diamond")
    smoothed = golden.filter(ImageFilter.GaussianBlur(0.6))
    assert differing_pixels(golden, smoothed) <= 40
    shifted_aa = golden.resize((800, 320), Image.Resampling.BILINEAR).resize(
        (400, 160), Image.Resampling.BICUBIC
    )
    assert differing_pixels(golden, shifted_aa) <= 40
    assert differing_pixels(golden, _golden_like_picture("square")) > 40
    changed_rank = _golden_like_canvas("diamond")
    changed_rank.card(Face("6", "diamond", BLUE, filled=True), (290, 20))
    assert differing_pixels(golden, changed_rank.rgb()) > 40


def test_a_paletted_image_from_elsewhere_keeps_its_transparency_and_every_index_in_its_palette() -> None:
    """``encode_png`` takes any image: a paletted one whose palette is shorter than its highest
    index (Pillow's ``Image.new("P", ...)``) gets a palette every index is in (a PNG reader
    may refuse an index past the palette), and one with a transparent colour, or a palette with
    alpha, keeps it (tRNS), as Pillow's own PNG of it does."""
    unpainted = Image.new("P", (5, 3), 7)
    with Image.open(io.BytesIO(encode_png(unpainted))) as again:
        assert again.tobytes() == unpainted.tobytes()
        assert len(again.getpalette() or ()) >= 3 * 8
    holed = Image.new("P", (4, 4), 1)
    holed.putpalette([0, 0, 0, 255, 255, 255])
    holed.info["transparency"] = 1
    with Image.open(io.BytesIO(encode_png(holed))) as again:
        assert again.convert("RGBA").getpixel((0, 0)) == (255, 255, 255, 0)
    see_through = Image.new("RGBA", (4, 4), (255, 0, 0, 128)).quantize()
    with Image.open(io.BytesIO(encode_png(see_through))) as again:
        assert again.convert("RGBA").getpixel((0, 0)) == (255, 0, 0, 128)
