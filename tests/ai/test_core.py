"""The AI's int card model agrees with the engine on decks, trick winners and scores."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from stickem import Card, Rules, deck, round_score, trick_winner
from stickem.ai.core import (
    color_of,
    deck_codes,
    round_points,
    trick_winner_index,
    value_of,
)
from stickem.ai.observe import to_card, to_code


def test_codes_round_trip_every_card() -> None:
    for card in deck(7):
        code = to_code(card)
        assert to_card(code) is card
        assert color_of(code) == card.color.order
        assert value_of(code) == card.value


def test_decks_match_the_engine() -> None:
    for players in range(3, 8):
        assert [to_card(c) for c in deck_codes(players)] == list(deck(players))


def test_worked_examples_from_the_rules() -> None:
    examples = [
        (["red 7", "red 2", "red 11", "red 0"], 2),
        (["blue 8", "blue 12", "green 0", "yellow 0"], 1),
        (["brown 13", "brown 15", "red 2", "yellow 0"], 2),
        (["green 14", "red 3", "blue 9", "brown 9"], 2),
        (["blue 3", "blue 10", "yellow 0", "blue 7"], 1),
        (["yellow 9", "green 5", "red 6", "blue 4"], 2),
        (["green 11", "red 5", "yellow 5", "green 8"], 1),
    ]
    for texts, winner in examples:
        codes = [to_code(Card.parse(t)) for t in texts]
        assert trick_winner_index(codes, nobody_on_zeros=False) == winner
        assert trick_winner_index(codes, nobody_on_zeros=True) == winner
    zeros = [to_code(Card.parse(t)) for t in ("red 0", "blue 0", "green 0", "yellow 0")]
    assert trick_winner_index(zeros, nobody_on_zeros=False) == 0
    assert trick_winner_index(zeros, nobody_on_zeros=True) is None


@settings(max_examples=300, deadline=None)
@given(st.integers(3, 7), st.data())
def test_trick_winner_matches_engine(players: int, data: st.DataObject) -> None:
    cards = data.draw(
        st.lists(st.sampled_from(deck(players)), min_size=players, max_size=players, unique=True)
    )
    codes = [to_code(c) for c in cards]
    for preset, nobody in (("classic", False), ("amigo", True)):
        rules = Rules.preset(preset)
        assert trick_winner_index(codes, nobody) == trick_winner(cards, rules)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_round_points_match_engine(data: st.DataObject) -> None:
    cards = data.draw(st.lists(st.sampled_from(deck(6)), min_size=1, max_size=40, unique=True))
    misery, captured = cards[0], cards[1:]
    assert round_points(to_code(misery), [to_code(c) for c in captured]) == round_score(
        misery, captured
    )
