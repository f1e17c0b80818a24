"""The card values a player reads on a phone: measured on each game's real hand pictures (the
faces and sizes the picture puts down, as it draws them), scaled to a phone, where Discord shows
the picture about half as wide (:data:`tabletop.drawing.canvas.WIDTH`).

A value's height is that of the pixels the value adds to its card (the card drawn with the value
and without it, compared), so the corner shapes and the suit's shape are not counted. The
threshold: a message's text on Discord (16 px) has capitals about 11 px high; a hand's values
must stand above that on a phone, the small cards' (a misery card, the trump card: 58x82) at
least come near it."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Final

import pytest
from PIL import ImageChops

import stickem.art
import stickgame.art
import stupid.art
from tabletop.drawing import CARD, SMALL, Canvas, Face, face_image
from tabletop.drawing.cards import CardSize
from tabletop.pictures import Picture
from tests.drawing import stickem_scenes, stickgame_scenes, stupid_scenes

PHONE_WIDTH: Final = 400
"""About how wide Discord shows a picture on a phone, in (CSS) pixels."""
HAND_VALUE_ON_PHONE: Final = 13
"""The least height, on a phone, of a value on a hand's card (a message's capitals: about 11)."""
SMALL_VALUE_ON_PHONE: Final = 10
"""The least height, on a phone, of a value on a small card."""
INK_LEVEL: Final = 64
"""A pixel belongs to the value when the value changes it by more than this (of 255)."""


def value_height(face: Face, size: CardSize) -> int:
    """How many pixels high ``face``'s value (its rank) is on the card at ``size``."""
    drawn = face_image(face, size).convert("RGB")
    blank = face_image(dataclasses.replace(face, rank=""), size).convert("RGB")
    ink = ImageChops.difference(drawn, blank).convert("L").point(lambda v: 255 if v > INK_LEVEL else 0)
    box = ink.getbbox()
    assert box is not None, face
    return box[3] - box[1]


def _stupid_hand() -> Picture:
    game = stupid_scenes.tricks(4, seed=1, cards=1, round_to=7)  # with the trump card, small
    return stupid.art.hand_picture(game.view(game.awaiting[0]))


HANDS: Final[dict[str, Callable[[], Picture]]] = {
    "stickem picking misery": lambda: stickem.art.hand_picture(stickem_scenes.misery_game().view(3)),
    "stickem with its misery card": lambda: stickem.art.hand_picture(
        stickem_scenes.awaited_view(stickem_scenes.mid_trick())
    ),
    "stickgame": lambda: stickgame.art.hand_picture(stickgame_scenes.hand_view()),
    "stupid": _stupid_hand,
}


@pytest.fixture
def put_down(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[Face, CardSize]]]:
    """The cards a picture puts down while it is drawn: (face, size) each."""
    cards: list[tuple[Face, CardSize]] = []
    card = Canvas.card

    def recorded(canvas: Canvas, face: Face, xy: tuple[int, int], size: CardSize = CARD) -> None:
        cards.append((face, size))
        card(canvas, face, xy, size)

    monkeypatch.setattr(Canvas, "card", recorded)
    yield cards


@pytest.mark.parametrize("hand", list(HANDS))
def test_a_hands_card_values_read_on_a_phone(hand: str, put_down: list[tuple[Face, CardSize]]) -> None:
    picture = HANDS[hand]()
    on_phone = PHONE_WIDTH / picture.width
    values = {(face, size) for face, size in put_down if 0 < len(face.rank) <= 2}  # not JOKER
    assert any(size == CARD for _, size in values)
    for face, size in values:
        least = HAND_VALUE_ON_PHONE if size == CARD else SMALL_VALUE_ON_PHONE
        assert size in (CARD, SMALL), size
        assert value_height(face, size) * on_phone >= least, (face.rank, size)


def test_the_smallest_values_are_measured_where_they_are() -> None:
    """The measure finds a value's pixels (and only those): a 10 on a white card is less high
    than wide, a 1 on a filled card stands higher than the 10 beside it, a small card's value
    is smaller."""
    ten = Face("10", "spade", (0, 0, 0))
    one = Face("1", "circle", (0, 114, 178), filled=True)
    assert 20 < value_height(ten, CARD) < 40
    assert value_height(one, CARD) > value_height(dataclasses.replace(one, rank="10"), CARD)
    assert value_height(ten, SMALL) < value_height(ten, CARD)
