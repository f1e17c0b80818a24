"""A part drawn once and pasted (``Canvas.stamp``: a seat's panel, a tag) gives the very bytes
of drawing it in place: at even and odd corners, on a fresh picture, on a panel and over what
was drawn before, in a colour of the picture's own, and when it spills out of its box; and a
table picture whose names or turn change is drawn anew, not from the last table's stamps."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import partial

import pytest

from stickem import Game
from stickem.art import table_picture
from stickem.phase import Phase
from stickem.views import View
from tabletop.drawing import CARD, SMALL, Canvas, Face
from tabletop.drawing.palette import BLUE, INK, MUTED, ORANGE, PANEL, RGB, YELLOW, mix
from tabletop.drawing.stamps import STAMPS, StampCache

_OWN_COLOUR: RGB = mix(PANEL, (86, 180, 233), 0.18)
"""Not in the fixed palette: the picture adds it (a seat's panel on its turn)."""


@pytest.fixture(autouse=True)
def _no_stamps() -> Iterator[None]:
    STAMPS.clear()
    yield
    STAMPS.clear()


def _part(canvas: Canvas, xy: tuple[int, int], *, size: tuple[int, int], fill: RGB, word: str) -> None:
    """Panels, a frame, words at half pixels, a symbol and a card: what a stamp may hold."""
    x, y = xy
    width, height = size
    canvas.panel((x, y, x + width, y + height), fill)
    canvas.outline((x, y, x + width, y + height), BLUE, width=4)
    canvas.text((x + width / 2, y + 8), word, 22, INK, anchor="mt")
    canvas.text((x + 10.5, y + 40.5), word, 18, MUTED)
    canvas.symbol("star", (x + width / 2 + 0.5, y + 90), 17, YELLOW)
    canvas.panel((x + 6, y + 100, x + width - 6, y + height - 6), PANEL, radius=8, edge=ORANGE)


def _scene(seed: int, stamped: bool) -> bytes:
    rng = random.Random(seed)
    canvas = Canvas(420, 360)
    if rng.random() < 0.5:  # something already there, perhaps under a part's place
        canvas.panel((rng.randint(0, 200), rng.randint(0, 200), 300, 300), (200, 10, 90))
    for _ in range(rng.randint(1, 4)):
        xy = (rng.randint(-5, 300), rng.randint(-5, 200))
        size = (rng.choice((101, 120, 147)), rng.choice((150, 171)))
        fill = rng.choice((PANEL, _OWN_COLOUR, (40, 60, 70)))
        word = rng.choice(("Ann", "Bob the Builder", "é…"))

        draw = partial(_part, size=size, fill=fill, word=word)

        if stamped:
            canvas.stamp(("part", fill, word), xy, size, draw)
        else:
            draw(canvas, xy)
        canvas.card(Face("7", "circle", ORANGE, filled=True), (xy[0] + 10, xy[1] + 110), SMALL)
        centre = (xy[0] + rng.randint(30, 60), xy[1] + rng.randint(60, 80))
        canvas.tag(centre, rng.choice(("LEAD", "took it", "Ü")), rng.choice((ORANGE, _OWN_COLOUR)), INK)
    return canvas.picture("").png


@pytest.mark.parametrize("seed", range(40))
def test_a_stamped_part_gives_the_bytes_of_drawing_it_in_place(seed: int) -> None:
    assert _scene(seed, stamped=True) == _scene(seed, stamped=False)
    assert _scene(seed, stamped=True) == _scene(seed, stamped=False)  # now from the kept stamps


def test_a_part_that_spills_out_of_its_box_is_drawn_in_place() -> None:
    def spilling(on: Canvas, at: tuple[int, int]) -> None:
        on.panel((at[0], at[1], at[0] + 80, at[1] + 80), PANEL)

    pictures = []
    for size in ((40, 40), (80, 80)):
        canvas = Canvas(200, 200)
        canvas.stamp(("spilling", size), (20, 21), size, spilling)
        canvas.stamp(("spilling", size), (100, 21), size, spilling)
        pictures.append(canvas.picture("").png)
    assert pictures[0] == pictures[1]


def test_a_stamp_keeps_what_lies_under_a_card_put_on_it() -> None:
    """A card on a stamped panel is put as a tile, as on a panel drawn in place."""

    def panel(on: Canvas, at: tuple[int, int]) -> None:
        on.panel((at[0], at[1], at[0] + 150, at[1] + 250), _OWN_COLOUR)

    for stamped in (False, True, True):
        canvas = Canvas(200, 300)
        if stamped:
            canvas.stamp("panel", (10, 11), (150, 250), panel)
        else:
            panel(canvas, (10, 11))
        assert canvas._ground.under((30, 40, 30 + CARD.width, 40 + CARD.height)) == canvas.index(_OWN_COLOUR)


def _views(players: int, seed: int) -> list[View]:
    game, rng = Game(players, seed=seed), random.Random(seed)
    views: list[View] = []
    while game.awaiting and game.phase is not Phase.GAME_OVER and len(views) < 12:
        seat = game.awaiting[0]
        if game.phase is Phase.MISERY:
            game.choose_misery(seat, game.hand(seat)[0])
            continue
        game.play(seat, rng.choice(game.legal_cards(seat)))
        views.append(game.view(None))
    return views


@pytest.mark.parametrize("players", [3, 5])
def test_a_table_with_other_names_or_turns_is_drawn_anew(players: int) -> None:
    views = _views(players, 4)
    first = [f"Ann {seat}" for seat in range(players)]
    other = [f"Zoe {seat}" for seat in range(players)]
    for view in views:  # every seat's turn and not, with the first names
        table_picture(view, first)
    kept = [table_picture(view, other).png for view in views]
    STAMPS.clear()
    fresh = [table_picture(view, other).png for view in views]
    assert kept == fresh
    assert table_picture(views[0], first).png != fresh[0]


def test_the_same_view_gives_the_same_bytes_stamped_or_not() -> None:
    views = _views(3, 9)
    names = ["Ann", "Bob", "Cy"]
    fresh = []
    for view in views:
        STAMPS.clear()
        fresh.append(table_picture(view, names).png)
    assert [table_picture(view, names).png for view in views] == fresh


def test_the_least_recently_used_stamp_is_dropped_first() -> None:
    cache = StampCache(kept=2)
    cache.put("a", None)
    cache.put("b", None)
    assert cache.get("a") == (True, None)  # "a" used: "b" is now the oldest
    cache.put("c", None)
    assert cache.get("b") == (False, None)
    assert cache.get("a") == (True, None)
    assert cache.get("c") == (True, None)
