"""Cards and words put onto a picture drawn on a palette (:mod:`tabletop.drawing.indexed`).

A card (RGBA: its rounded corners let the table show through) or a word (a mask of its glyphs
in one colour) is blended with what lies under it. When that is one flat colour (nearly
always: the table, a panel, a tag), the blend is known in advance: the tile for that card on
that colour is reduced to the palette once and cached, and putting it is a paste of palette
indices. A word's tile is its mask read through a table of 256 indices (each coverage of a
pixel blended, once per ink and background), so even a word never written before costs no
colour search. Otherwise (a card over another card) the covered area is blended in full
colour and reduced to the picture's palette on the spot: the same result, slower.

A card on uneven ground is blended whole, on purpose. Pasting its cached tile and blending only
its see-through corners gives the same pixels (where the picture has no colours of its own
beyond the card's) but measured slower (docs/benchmarks.md, "A card over another card"):
each Pillow call costs tens of microseconds, and the corners take more calls than one blend of
the whole card saves. A fully opaque card would be its tile alone, but the kit draws none:
every card has rounded corners.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from tabletop.drawing.cards import CardSize, Face, back_image, face_image, slot_image
from tabletop.drawing.fonts import text_mask
from tabletop.drawing.indexed import Tile, colour_at, index_of, tile
from tabletop.drawing.palette import CARD_EDGE, CARD_WHITE, RGB, ink_on

__all__ = ["CardKey", "card_size", "put_card", "put_text", "see_through", "text_box"]

CardKey = tuple[str, Face, CardSize] | tuple[str, CardSize]
"""Which card picture: ("face", face, size), ("slot", size) or ("back", size)."""

Box = tuple[int, int, int, int]


def _card_picture(key: CardKey) -> Image.Image:
    if key[0] == "face" and len(key) == 3:
        return face_image(key[1], key[2])
    size = key[1]
    assert isinstance(size, CardSize)
    return slot_image(size) if key[0] == "slot" else back_image(size)


def _card_colours(key: CardKey) -> tuple[RGB, ...]:
    if len(key) == 3:
        face = key[1]
        assert isinstance(face, Face)
        return (face.color, ink_on(face.color), CARD_WHITE, CARD_EDGE)
    return ()


@lru_cache(maxsize=64)
def _see_through(size: tuple[int, int], alpha_bytes: bytes) -> tuple[Box, ...]:
    """The boxes (one a quarter of the card) that hold every pixel the table shows through."""
    alpha = Image.frombytes("L", size, alpha_bytes)
    clear = alpha.point([255] * 255 + [0])
    width, height = size
    half_w, half_h = width // 2, height // 2
    boxes: list[Box] = []
    for left, top, right, bottom in (
        (0, 0, half_w, half_h),
        (half_w, 0, width, half_h),
        (0, half_h, half_w, height),
        (half_w, half_h, width, height),
    ):
        found = clear.crop((left, top, right, bottom)).getbbox()
        if found:
            boxes.append((left + found[0], top + found[1], left + found[2], top + found[3]))
    return tuple(boxes)


@lru_cache(maxsize=128)
def _clear_boxes(key: CardKey) -> tuple[Box, ...]:
    picture = _card_picture(key)
    return _see_through(picture.size, picture.getchannel("A").tobytes())


def _flat_under(picture: Image.Image, xy: tuple[int, int], boxes: tuple[Box, ...]) -> int | None:
    """The one palette index under all of ``boxes`` (offset by ``xy``), if they cover a single
    colour."""
    x, y = xy
    if x < 0 or y < 0:
        return None
    found: int | None = None
    for left, top, right, bottom in boxes:
        if x + right > picture.width or y + bottom > picture.height:
            return None
        low, high = picture.crop((x + left, y + top, x + right, y + bottom)).getextrema()
        assert isinstance(low, int) and isinstance(high, int)
        if low != high or (found is not None and low != found):
            return None
        found = low
    return found


@lru_cache(maxsize=4096)
def _card_tile(key: CardKey, background: RGB) -> Tile:
    picture = _card_picture(key)
    flat = Image.new("RGB", picture.size, background)
    flat.paste(picture, (0, 0), picture)
    return tile(flat, (background, *_card_colours(key)))


def _blend_here(
    picture: Image.Image,
    xy: tuple[int, int],
    over: Image.Image,
    colours: tuple[RGB, ...],
    ink: RGB | None = None,
) -> None:
    """Blend ``over`` (RGBA, or a mask of ``ink``) onto whatever lies at ``xy``, in full colour,
    and reduce the area to the picture's palette."""
    x, y = xy
    area = picture.crop((x, y, x + over.width, y + over.height)).convert("RGB")
    if ink is None:
        area.paste(over, (0, 0), over)
    else:
        area.paste(ink, (0, 0, over.width, over.height), over)
    for colour in colours:
        index_of(picture, colour)
    picture.load()
    picture.paste(area.quantize(palette=picture, dither=Image.Dither.NONE), xy)


def card_size(key: CardKey) -> tuple[int, int]:
    """The width and height in pixels of the card picture ``key``."""
    return _card_picture(key).size


def see_through(key: CardKey) -> tuple[Box, ...]:
    """The boxes (from the card's corner) that hold every pixel of the card picture ``key`` the
    ground shows through: the ground under them is all :func:`put_card` needs to know."""
    return _clear_boxes(key)


def put_card(picture: Image.Image, xy: tuple[int, int], key: CardKey, ground: int | None = None) -> None:
    """Put the card picture ``key`` with its top left corner at ``xy`` onto ``picture``;
    ``ground``: the one palette index under the whole card, or under all its
    :func:`see_through` boxes, if known (else it is looked at)."""
    boxes = _clear_boxes(key)
    width, height = _card_picture(key).size
    # one look at the whole card's place first: nearly always a flat table or panel
    under = ground if ground is not None else _flat_under(picture, xy, ((0, 0, width, height),))
    if under is None and boxes:
        under = _flat_under(picture, xy, boxes)
    if under is not None:
        _card_tile(key, colour_at(picture, under) if boxes else CARD_WHITE).put(picture, xy)
    else:
        _blend_here(picture, xy, _card_picture(key), _card_colours(key))


@lru_cache(maxsize=256)
def _blend_indices(ink: RGB, background: RGB) -> tuple[bytes, tuple[RGB, ...]]:
    """For each coverage 0-255 of a glyph's pixel, the palette index of ``ink`` blended onto
    ``background`` that much (Pillow's own blend, reduced as :func:`tile` reduces), and the
    exact colours the indices after :data:`FIXED` stand for."""
    ramp = Image.new("RGB", (256, 1), background)
    ramp.paste(ink, (0, 0, 256, 1), Image.frombytes("L", (256, 1), bytes(range(256))))
    reduced = tile(ramp, (ink, background))
    return reduced.image.tobytes(), reduced.extras


@lru_cache(maxsize=4096)
def _text_tile(text: str, size: int, anchor: str, stroke: int, ink: RGB, background: RGB) -> Tile:
    mask, _, _ = text_mask(text, size, anchor, stroke)
    indices, extras = _blend_indices(ink, background)
    return Tile(Image.frombytes("P", mask.size, mask.tobytes().translate(indices)), extras)


def text_box(xy: tuple[int, int], text: str, size: int, anchor: str, stroke: int) -> Box:
    """The box :func:`put_text` covers (all of it: the words' tile is pasted whole)."""
    mask, left, top = text_mask(text, size, anchor, stroke)
    corner_x, corner_y = xy[0] + left, xy[1] + top
    return (corner_x, corner_y, corner_x + mask.width, corner_y + mask.height)


def put_text(
    picture: Image.Image,
    xy: tuple[int, int],
    text: str,
    size: int,
    anchor: str,
    stroke: int,
    ink: RGB,
    ground: int | None = None,
) -> None:
    """Write ``text`` (:func:`~tabletop.drawing.fonts.text_mask`'s ``size``, ``anchor`` and
    ``stroke``) in ``ink`` at the anchor point ``xy`` of ``picture``; ``ground``: the one
    palette index under all of :func:`text_box`, if known (else it is looked at)."""
    mask, left, top = text_mask(text, size, anchor, stroke)
    corner = (xy[0] + left, xy[1] + top)
    under = ground if ground is not None else _flat_under(picture, corner, ((0, 0, mask.width, mask.height),))
    if under is not None:
        _text_tile(text, size, anchor, stroke, ink, colour_at(picture, under)).put(picture, corner)
    else:
        _blend_here(picture, corner, mask, (ink,), ink)
