"""A card or a word put where the canvas knows what lies under it (the background, a panel's
inside) gives the very pixels it gives when the ground is looked at: random scenes of panels,
frames, tags, words, cards, empty places, marks and symbols, overlapping and at the edges,
drawn both ways (``Canvas.draw`` taken first: nothing known, every ground looked at)."""

from __future__ import annotations

import random

from tabletop.drawing import CARD, SMALL, Canvas, Face
from tabletop.drawing.palette import BLUE, INK, MUTED, ORANGE, PANEL, RGB, VERMILLION, YELLOW
from tabletop.drawing.symbols import SHAPES

_FILLS: tuple[RGB, ...] = (PANEL, YELLOW, (40, 60, 70), (200, 10, 90), ORANGE)
_WORDS = ("Ann", "LEAD", "took 3", "Misery", "Round 2 of 7", "é…")


def _scene(seed: int, looked_at: bool) -> bytes:
    rng = random.Random(seed)
    canvas = Canvas(rng.choice((300, 420)), rng.choice((200, 260)))
    if looked_at:
        _ = canvas.draw  # taking Pillow's drawing forgets what was drawn: every ground is looked at
    width, height = canvas.image.size
    for _ in range(rng.randint(4, 16)):
        x, y = rng.randint(-40, width), rng.randint(-40, height)
        what = rng.randrange(9)
        if what == 0:
            box = (x, y, x + rng.randint(20, 200), y + rng.randint(20, 160))
            edge = rng.choice((None, None, INK))
            canvas.panel(box, rng.choice(_FILLS), rng.choice((0, 4, 8, 12, 40)), edge, rng.choice((1, 2, 4)))
        elif what == 1:
            box = (x, y, x + rng.randint(30, 200), y + rng.randint(30, 160))
            canvas.outline(box, BLUE, width=rng.choice((2, 4)), radius=rng.choice((4, 12)))
        elif what == 2:
            canvas.tag((x, y), rng.choice(_WORDS), rng.choice(_FILLS), INK)
        elif what == 3:
            anchor = rng.choice(("la", "mm", "mt", "rm", "lm"))
            size, bold = rng.choice((14, 18, 22, 30)), rng.random() < 0.5
            canvas.text((x, y), rng.choice(_WORDS), size, MUTED, anchor, bold)
        elif what == 4:
            face = Face(str(rng.randint(1, 13)), rng.choice(SHAPES), rng.choice((YELLOW, VERMILLION, BLUE)))
            canvas.card(face, (x, y), rng.choice((CARD, SMALL)))
        elif what == 5:
            canvas.slot((x, y), rng.choice((CARD, SMALL)))
        elif what == 6:
            canvas.playable_mark((x, y))
        elif what == 7 and rng.random() < 0.5:
            canvas.ellipse((x, y + 0.5, x + rng.randint(8, 30), y + rng.randint(8, 30)), rng.choice(_FILLS))
        elif what == 7:
            canvas.symbol(rng.choice(SHAPES), (x + 0.5, y), rng.choice((13, 22)), VERMILLION)
        else:  # a panel with things in its rounded corners
            right, bottom = x + rng.randint(90, 220), y + rng.randint(90, 160)
            radius = rng.choice((4, 8, 12))
            edge = rng.choice((None, INK))
            canvas.panel((x, y, right, bottom), rng.choice(_FILLS), radius, edge, rng.choice((1, 2, 3)))
            step = rng.randint(0, radius + 2)
            canvas.card(Face("2", "circle", BLUE), (x + step, y + rng.randint(0, 3)), SMALL)
            canvas.text((right - step, bottom - rng.randint(0, 3)), rng.choice(_WORDS), 14, INK, "rd")
    return canvas.picture("scene").png


def test_a_known_ground_gives_the_pixels_a_look_gives() -> None:
    for seed in range(150):
        assert _scene(seed, looked_at=False) == _scene(seed, looked_at=True), f"scene {seed}"


def test_a_card_on_a_panel_needs_no_look() -> None:
    """The known ground is used (a card on the background and on a panel's inside, a word on
    the panel): no crop of the picture to look at the pixels under them."""
    canvas = Canvas(300, 200)
    canvas.panel((10, 10, 200, 190))
    crops = 0
    crop = canvas.image.crop

    def counted(*args: object, **kwargs: object) -> object:
        nonlocal crops
        crops += 1
        return crop(*args, **kwargs)  # type: ignore[arg-type]

    canvas.image.crop = counted  # type: ignore[method-assign]
    canvas.text((30, 20), "Ann", 22)
    canvas.card(Face("7", "star", YELLOW), (40, 60))
    canvas.card(Face("8", "star", YELLOW), (210, 60))
    assert crops == 0


def _thin_framed(looked_at: bool) -> bytes:
    canvas = Canvas(240, 120)
    if looked_at:
        _ = canvas.draw
    # a frame thicker than half its box: Pillow draws it beyond the box
    canvas.panel((10, 40, 200, 43), PANEL, 0, INK, 9)
    canvas.outline((20, 90, 210, 92), BLUE, width=8, radius=4)
    canvas.text((30, 42), "Ann", 14, MUTED, "la")
    canvas.card(Face("2", "circle", BLUE), (60, 44), SMALL)
    canvas.text((40, 89), "took 3", 14, MUTED, "la")
    return canvas.picture("thin").png


def test_a_frame_thicker_than_its_box_gives_the_pixels_a_look_gives() -> None:
    assert _thin_framed(looked_at=False) == _thin_framed(looked_at=True)


def _tagged_card(word: str, looked_at: bool) -> tuple[bytes, int]:
    """A seat's card under its tag, whose box's last row lies on the card's first (the picture,
    and how many crops it took to look at grounds)."""
    canvas = Canvas(300, 260)
    canvas.panel((10, 10, 200, 250))
    if looked_at:
        _ = canvas.draw
    crops = 0
    crop = canvas.image.crop

    def counted(*args: object, **kwargs: object) -> object:
        nonlocal crops
        crops += 1
        return crop(*args, **kwargs)  # type: ignore[arg-type]

    canvas.image.crop = counted  # type: ignore[method-assign]
    card_x, card_y = 10 + (190 - CARD.width) // 2, 70
    canvas.tag((10 + 95, card_y - 14), word, ORANGE, INK)
    canvas.card(Face("7", "star", YELLOW), (card_x, card_y))
    return canvas.picture("tagged").png, crops


def test_a_card_under_a_tag_looks_only_where_the_tag_reaches_its_corners() -> None:
    narrow, crops = _tagged_card("1st", looked_at=False)
    assert narrow == _tagged_card("1st", looked_at=True)[0]
    assert crops == 0  # the tag's edge crosses the card's top between its see-through corners
    wide = "a tag wider than the card"
    assert _tagged_card(wide, looked_at=False)[0] == _tagged_card(wide, looked_at=True)[0]
