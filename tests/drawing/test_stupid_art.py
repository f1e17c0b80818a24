"""Stupid's pictures (``stupid.art``): golden images (a 14-player table, a hand with the
playable cards raised), every card distinct, suits told apart by shape under simulated colour
blindness, descriptions naming the cards, same view same bytes."""

from __future__ import annotations

from itertools import combinations

import pytest

from stupid.art import card_face, chart_picture, hand_picture, table_picture
from stupid.cards import SUITS, Card, full_deck
from tabletop.drawing import face_image
from tabletop.drawing.palette import CARD_WHITE, contrast
from tabletop.drawing.suits import SUIT_STYLE
from tests.drawing.helpers import MACHADO, assert_matches_golden, decode, seen_mask, simulate_color
from tests.drawing.stupid_scenes import NAMES, bidding, tricks


def test_golden_14_player_table_in_a_trick() -> None:
    game = tricks(14, cards=5, round_to=7)
    view = game.view(None)
    assert view.players == 14 and len(view.trick) == 5
    picture = table_picture(view, NAMES)
    assert_matches_golden(picture.png, "stupid_table_14")
    assert decode(picture.png).size == (picture.width, picture.height)


def test_golden_14_player_table_while_bidding() -> None:
    view = bidding(14, bids=6).view(None)
    assert_matches_golden(table_picture(view, NAMES).png, "stupid_table_14_bidding")


def test_golden_hand_with_the_cards_that_follow_raised() -> None:
    game = tricks(4, seed=1, cards=1, round_to=7)
    view = game.view(game.awaiting[0])
    assert view.hand is not None and len(view.hand) == 7 and 0 < len(view.legal) < 7
    assert_matches_golden(hand_picture(view).png, "stupid_hand_7")


def test_the_same_view_gives_the_same_bytes() -> None:
    first, second = tricks(14, cards=5, round_to=7), tricks(14, cards=5, round_to=7)
    assert table_picture(first.view(None), NAMES).png == table_picture(second.view(None), NAMES).png
    seat = first.awaiting[0]
    assert hand_picture(first.view(seat)).png == hand_picture(second.view(seat)).png


def test_every_card_renders_distinct() -> None:
    cards = full_deck()
    assert len({face_image(card_face(card)).tobytes() for card in cards}) == len(cards) == 52


@pytest.mark.parametrize("deficiency", sorted(MACHADO))
def test_every_pair_of_suits_differs_in_its_shape_under_colour_blindness(deficiency: str) -> None:
    masks = {}
    for suit in SUITS:
        color = SUIT_STYLE[suit.value][0]
        masks[suit] = seen_mask(face_image(card_face(Card(suit, 9))), CARD_WHITE, color, deficiency)
        seen = simulate_color(color, deficiency), simulate_color(CARD_WHITE, deficiency)
        assert contrast(*seen) >= 3, (suit, deficiency)
    for first, second in combinations(SUITS, 2):
        assert len(masks[first] ^ masks[second]) >= 60, (first, second, deficiency)


def test_the_hand_description_names_the_cards_and_what_may_be_played() -> None:
    game = tricks(4, seed=1, cards=1, round_to=7)
    view = game.view(game.awaiting[0])
    picture = hand_picture(view)
    assert picture.description.startswith("Your hand, 7 cards: ")
    for card in view.hand or ():
        assert card.name.split(" of ")[0] in picture.description
    playable = sorted(card for card in view.legal if isinstance(card, Card))
    allowed = picture.description.split("You may play: ")[1]
    for card in playable:
        assert card.suit.value in allowed and card.name.split(" of ")[0] in allowed
    assert f"Trump: {view.trump_suit.value}" in picture.description


def test_the_table_description_says_bids_tricks_and_plays() -> None:
    view = tricks(14, cards=5, round_to=7).view(None)
    picture = table_picture(view, NAMES)
    (leader, lead), *rest = view.trick
    assert f"{NAMES[leader]} led {lead.name}" in picture.description
    for seat, card in rest:
        assert f"{NAMES[seat]} played {card.name}" in picture.description
    for seat, name in enumerate(NAMES):
        assert f"{name} bid {view.bids[seat]}, took {view.tricks_taken[seat]}" in picture.description


def test_only_legal_cards_stand_raised() -> None:
    game = tricks(4, seed=1, cards=1, round_to=7)
    seat = game.awaiting[0]
    view = game.view(seat)
    other = game.view((seat + 1) % 4)
    assert "play a raised card" in hand_picture(view).description
    assert "Not your turn" in hand_picture(other).description


def test_bad_calls_are_refused() -> None:
    view = bidding(5).view(None)
    with pytest.raises(ValueError, match="spectator"):
        hand_picture(view)
    with pytest.raises(ValueError, match="5 names"):
        table_picture(view, NAMES[:4])


def test_a_german_hand_picture_speaks_german_and_draws_other_words() -> None:
    game = tricks(4, seed=1, cards=1, round_to=7)
    view = game.view(game.awaiting[0])
    german = hand_picture(view, "de")
    assert german.description.startswith("Deine Hand, 7 Karten: ")
    assert "Trumpf: " in german.description and "aufgedeckt" in german.description
    assert "Du darfst spielen: " in german.description
    assert not {"Your", "hand", "Trump", "play"} & set(german.description.replace(",", " ").split())
    assert german.png != hand_picture(view).png  # the words drawn on it are German too
    assert german.png == hand_picture(view, "de").png  # and as deterministic


def test_a_german_table_and_chart_speak_german() -> None:
    view = tricks(14, cards=5, round_to=7).view(None)
    picture = table_picture(view, NAMES, "de")
    (leader, _), *_ = view.trick
    assert f"{NAMES[leader]} spielte " in picture.description
    assert picture.description.startswith("Runde 7 von 13, je 7 Karten, Stich 1 von 7. Trumpf: Karo (")
    assert "Ansagen: " in picture.description and "Geber: " in picture.description
    finished = tricks(4, seed=1, cards=1, round_to=3).view(None)
    chart = chart_picture(finished, NAMES[:4], "de")
    assert chart.description.startswith("Stand nach Runde 2: die Gesamtpunkte nach jeder der 2 Runden")
    assert "Runde für Runde:" in chart.description
    assert chart.png != chart_picture(finished, NAMES[:4]).png


def test_german_face_cards_carry_the_german_letters() -> None:
    suit = SUITS[0]
    assert [card_face(Card(suit, rank), "de").rank for rank in (11, 12, 13, 14)] == ["B", "D", "K", "A"]
    assert [card_face(Card(suit, rank)).rank for rank in (11, 12, 13, 14)] == ["J", "Q", "K", "A"]
    assert card_face(Card(suit, 7), "de") == card_face(Card(suit, 7))
