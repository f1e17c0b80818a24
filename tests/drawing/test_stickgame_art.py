"""Stick Game's pictures (``stickgame.art``): golden images (a 25-card hand with the secret
stick, melds with wild cards by owner), every card distinct, suits and the joker told apart by
shape under simulated colour blindness, descriptions naming the cards and what each wild stands
for, same view same bytes."""

from __future__ import annotations

import dataclasses
from itertools import combinations

import pytest

from stickgame.art import card_face, card_words, hand_picture, table_picture
from stickgame.cards import DECK, JOKER, SUITS, Card
from tabletop.drawing import face_image
from tabletop.drawing.palette import CARD_WHITE
from tests.drawing.helpers import MACHADO, assert_matches_golden, decode, seen_mask
from tests.drawing.stickgame_scenes import HAND_25, NAMES, cards, game, hand_view, table_with_melds


def test_golden_25_card_hand_with_the_secret_stick() -> None:
    view = hand_view()
    assert len(view.hand or ()) == 25 and view.stick is not None
    picture = hand_picture(view)
    assert_matches_golden(picture.png, "stickgame_hand_25")
    assert decode(picture.png).size == (picture.width, picture.height)


def test_golden_hand_after_the_stick_is_laid_down() -> None:
    view = dataclasses.replace(hand_view(cards("3C 3D 9H QS")), stick=None)
    picture = hand_picture(view)
    assert_matches_golden(picture.png, "stickgame_hand_stick_down")
    assert "Your stick is laid down." in picture.description


def test_golden_melds_with_wilds_by_owner() -> None:
    picture = table_picture(table_with_melds(), NAMES[:4])
    assert_matches_golden(picture.png, "stickgame_table_melds")


def test_golden_8_player_table_without_melds() -> None:
    view = game(8).view(None)
    assert_matches_golden(table_picture(view, NAMES).png, "stickgame_table_8")


def test_the_same_view_gives_the_same_bytes() -> None:
    assert hand_picture(hand_view()).png == hand_picture(hand_view()).png
    assert (
        table_picture(table_with_melds(), NAMES[:4]).png == table_picture(table_with_melds(), NAMES[:4]).png
    )


def test_every_card_renders_distinct() -> None:
    distinct = sorted(set(DECK), key=lambda card: card.index)
    assert len(distinct) == 53
    assert len({face_image(card_face(card)).tobytes() for card in distinct}) == 53


@pytest.mark.parametrize("deficiency", sorted(MACHADO))
def test_every_pair_of_suits_and_the_joker_differ_in_shape_under_colour_blindness(deficiency: str) -> None:
    samples = [Card(suit, 9) for suit in SUITS] + [JOKER]
    masks = {}
    for card in samples:
        face = card_face(card)
        masks[card] = seen_mask(
            face_image(dataclasses.replace(face, rank="9", note="")), CARD_WHITE, face.color, deficiency
        )
    for first, second in combinations(samples, 2):
        assert len(masks[first] ^ masks[second]) >= 60, (first, second, deficiency)


def test_a_wild_deuce_differs_from_what_it_would_be_if_it_were_natural() -> None:
    deuce = face_image(card_face(Card(SUITS[2], 2)))
    plain = face_image(dataclasses.replace(card_face(Card(SUITS[2], 2)), note=""))
    assert deuce.tobytes() != plain.tobytes()


def test_the_hand_description_names_every_card_and_the_stick() -> None:
    view = hand_view()
    picture = hand_picture(view)
    text = picture.description
    assert text.startswith("Your hand, 25 cards: ")
    for card in set(HAND_25):
        assert text.count(card_words(card)) >= HAND_25.count(card), card
    assert "wild: joker, joker, two of hearts, two of spades." in text
    assert view.stick is not None and f"Your stick: {view.stick.text} ({view.stick.points} points)" in text


def test_the_table_description_says_what_each_wild_stands_for() -> None:
    picture = table_picture(table_with_melds(), NAMES[:4])
    text = picture.description
    assert "#1 run: seven of hearts, eight of hearts, joker as nine of hearts, ten of hearts" in text
    assert "#2 set: nine of spades, nine of hearts, nine of diamonds, two of clubs as a nine" in text
    assert (
        "#4 run: three of diamonds, four of diamonds, five of diamonds, six of diamonds, "
        "two of spades as seven of diamonds" in text
    )
    assert "#5 5 wild cards: two of clubs, two of diamonds, joker, two of hearts, joker" in text
    assert "two of spades (wild, as itself)" in text
    assert (
        text.index("Ann:")
        < text.index("#1 run")
        < text.index("Bob:")
        < text.index("#5 5 wild")
        < text.index("Chidi:")
    )
    assert "Discard pile: " in text and "stock: " in text


def test_bad_calls_are_refused() -> None:
    view = game().view(None)
    with pytest.raises(ValueError, match="public view"):
        hand_picture(view)
    with pytest.raises(ValueError, match="4 names"):
        table_picture(view, NAMES[:3])


def test_german_pictures_of_the_stick_game_speak_german() -> None:
    view = hand_view()
    hand = hand_picture(view, "de")
    assert hand.description.startswith("Deine Hand, 25 Karten: ")
    assert "; Joker: Joker, Joker, Herz-Zwei, Pik-Zwei." in hand.description
    assert view.stick is not None and "Dein Stick: " in hand.description
    assert hand.png != hand_picture(view).png
    table = table_picture(table_with_melds(), NAMES[:4], "de")
    assert "#1 Folge: Herz-Sieben, Herz-Acht, Joker als Herz-Neun, Herz-Zehn" in table.description
    assert "Kreuz-Zwei als Neun" in table.description
    assert "#5 5 Joker: " in table.description and "Ablagestapel: " in table.description
    assert card_words(JOKER, "de") == "Joker" and card_words(JOKER) == "joker"


def test_german_stick_game_cards_carry_the_german_letters_and_joker_words() -> None:
    queen, deuce = Card(SUITS[0], 12), Card(SUITS[0], 2)
    assert (card_face(queen, "de").rank, card_face(queen).rank) == ("D", "Q")
    assert (card_face(deuce, "de").note, card_face(deuce).note) == ("JOKER", "WILD")
    assert card_face(JOKER, "de").rank == "JOKER"
