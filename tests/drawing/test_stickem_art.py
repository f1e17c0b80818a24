"""Stick'em's pictures (``stickem.art``): golden images, every card distinct, colours told apart
by shape under simulated colour blindness, descriptions naming the cards, same view same bytes."""

from __future__ import annotations

import dataclasses
from itertools import combinations

import pytest

from stickem import Card, Game
from stickem.art import COLOR_STYLE, card_face, hand_picture, round_picture, table_picture
from stickem.cards import COLORS, deck
from tabletop.drawing import CARD, Face, face_image
from tabletop.drawing.canvas import MARGIN
from tabletop.drawing.palette import TABLE, contrast, ink_on
from tests.drawing.helpers import (
    MACHADO,
    assert_matches_golden,
    decode,
    ink_mask,
    on_background,
    simulate,
    simulate_color,
)
from tests.drawing.stickem_scenes import (
    NAMES,
    awaited_view,
    mid_trick,
    misery_game,
    picked,
    play,
    round_scored,
)


def test_golden_15_card_hand_while_picking_misery() -> None:
    game = misery_game()
    view = game.view(3)
    assert len(view.hand or ()) == 15
    picture = hand_picture(view)
    assert_matches_golden(picture.png, "stickem_hand_15_misery")
    assert (picture.width, picture.height) == decode(picture.png).size


def test_golden_hand_on_its_turn_with_its_misery_card() -> None:
    view = awaited_view(mid_trick())
    assert_matches_golden(hand_picture(view).png, "stickem_hand_turn")


def test_golden_7_player_trick_with_misery_and_undealt_cards() -> None:
    game = mid_trick()
    view = game.view(None)
    assert len(view.undealt) == 3 and len(view.trick) == 3
    assert_matches_golden(table_picture(view, NAMES).png, "stickem_table_7")


def test_golden_7_player_trick_complete() -> None:
    game = play(picked(misery_game()), 7)
    view = game.view(None)
    assert view.trick == () and view.last_trick is not None
    picture = table_picture(view, NAMES)
    assert_matches_golden(picture.png, "stickem_table_7_taken")
    winner = NAMES[view.last_trick.winner or 0]
    assert f"{winner} took it" in picture.description


def test_golden_round_end_with_captured_misery_cards() -> None:
    scored = round_scored()
    picture = round_picture(scored, NAMES)
    assert_matches_golden(picture.png, "stickem_round_7")
    for seat, name in enumerate(NAMES):
        assert f"{name}: misery card {scored.misery_cards[seat]}" in picture.description


def test_the_same_view_gives_the_same_bytes() -> None:
    first, second = mid_trick(), mid_trick()
    assert hand_picture(awaited_view(first)).png == hand_picture(awaited_view(second)).png
    assert table_picture(first.view(None), NAMES).png == table_picture(second.view(None), NAMES).png
    copied = Game.from_json(first.to_json())
    assert table_picture(copied.view(2), NAMES).png == table_picture(first.view(2), NAMES).png


def test_every_card_renders_distinct() -> None:
    cards = deck(7)
    assert len(cards) == 108
    images = {face_image(card_face(card)).tobytes() for card in cards}
    assert len(images) == len(cards)


@pytest.mark.parametrize("deficiency", sorted(MACHADO))
def test_every_pair_of_colours_differs_in_its_shape_under_colour_blindness(deficiency: str) -> None:
    masks = {}
    for color in COLORS:
        fill = COLOR_STYLE[color][0]
        ink = simulate_color(ink_on(fill), deficiency)
        masks[color] = _seen_mask(card_face(Card(color, 8)), deficiency)
        # the value stays readable: WCAG's contrast for large text (the values are 40+ pixels)
        assert contrast(ink, simulate_color(fill, deficiency)) >= 3, (color, deficiency)
    for first, second in combinations(COLORS, 2):
        differing = len(masks[first] ^ masks[second])
        assert differing >= 60, f"{first} and {second} look alike with {deficiency}: {differing} pixels"


def _seen_mask(face: Face, deficiency: str) -> set[tuple[int, int]]:
    """Where the shapes and the value of ``face`` are, as seen with ``deficiency``."""
    card = on_background(face_image(face), face.color)
    seen = simulate(card.crop((5, 5, card.width - 5, card.height - 5)), deficiency)
    return ink_mask(
        seen, simulate_color(face.color, deficiency), simulate_color(ink_on(face.color), deficiency)
    )


def test_the_shape_check_catches_two_colours_with_one_shape() -> None:
    """Without distinct shapes the check above fails: two colours drawn with one shape."""
    for first, second in combinations(COLORS, 2):
        face = card_face(Card(first, 8))
        twin = dataclasses.replace(card_face(Card(second, 8)), shape=face.shape)
        assert face.color != twin.color
        assert len(_seen_mask(face, "deuteranopia") ^ _seen_mask(twin, "deuteranopia")) < 60, (first, second)


def test_the_hand_description_names_every_card_by_colour() -> None:
    view = misery_game().view(3)
    picture = hand_picture(view)
    assert picture.description.startswith("Your hand, 15 cards: ")
    assert "Pick your misery card" in picture.description
    for card in view.hand or ():
        segment = picture.description.split(card.color.value + " ", 1)[1].split(";")[0].split(".")[0]
        assert str(card.value) in segment.replace(" and ", ", ").split(", "), card


def test_playable_cards_stand_raised_only_on_the_viewers_turn() -> None:
    game = mid_trick()
    awaited = game.awaiting[0]
    other = (awaited + 1) % game.players
    for seat, raised in ((awaited, True), (other, False)):
        picture = hand_picture(game.view(seat))
        image = decode(picture.png)
        first_card_top = MARGIN + 100  # a misery card was picked: the title block is taller
        pixel = image.getpixel((MARGIN + CARD.width // 2, first_card_top + 4))
        on_table = max(abs(a - b) for a, b in zip(pixel, TABLE, strict=True)) <= 8
        assert on_table is not raised, (seat, pixel)
        assert ("Your turn" in picture.description) is raised


def test_the_table_description_says_who_played_what() -> None:
    view = mid_trick().view(None)
    picture = table_picture(view, NAMES)
    (leader, lead), *rest = view.trick
    assert f"{NAMES[leader]} led {lead}" in picture.description
    for seat, card in rest:
        assert f"{NAMES[seat]} played {card}" in picture.description
    assert "Out of play this round: " in picture.description


def test_bad_calls_are_refused() -> None:
    view = mid_trick().view(None)
    with pytest.raises(ValueError, match="spectator"):
        hand_picture(view)
    with pytest.raises(ValueError, match="7 names"):
        table_picture(view, NAMES[:3])


def test_german_pictures_of_stickem_speak_german() -> None:
    view = misery_game().view(3)
    hand = hand_picture(view, "de")
    assert hand.description.startswith("Deine Hand, 15 Karten: ")
    assert "Wähle deine Ärgerkarte" in hand.description
    colours = ("grün ", "braun ", "rot ", "blau ", "gelb ", "lila ")
    assert any(colour in hand.description for colour in colours)
    assert hand.png != hand_picture(view).png
    table = table_picture(mid_trick().view(None), NAMES, "de")
    assert " spielte " in table.description and "Genommene Karten: " in table.description
    assert "In dieser Runde nicht im Spiel: " in table.description
    scored = round_scored()
    end = round_picture(scored, NAMES, "de")
    assert end.description.startswith(f"Wertung der Runde {scored.round}. ")
    assert f"{NAMES[0]}: Ärgerkarte " in end.description
    assert not {"Your", "misery", "took", "Round"} & set(end.description.replace(",", " ").split())
