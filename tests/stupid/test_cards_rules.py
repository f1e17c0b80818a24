"""Cards and their spellings, the options and their refusals, the rounds and hand sizes."""

from __future__ import annotations

import pytest

from stupid import Card, Game, Rules, Suit, full_deck

from .helpers import play_out


@pytest.mark.parametrize(
    "text",
    ["Q♣", "QC", "qc", "queen of clubs", "Queen Of Clubs", " q ♣ ", "Q♣\ufe0f", "queen of club", "q of c"],
)
def test_queen_of_clubs_spellings(text: str) -> None:
    assert Card.parse(text) is Card(Suit.CLUBS, 12)


@pytest.mark.parametrize("text", ["10♣", "10C", "10c", "TC", "tc", "ten of clubs", "10 of clubs"])
def test_ten_of_clubs_spellings(text: str) -> None:
    assert Card.parse(text) is Card(Suit.CLUBS, 10)


@pytest.mark.parametrize("text", ["", "Q", "1C", "11C", "QX", "queen of cups", "ZZ", "10 ♣ ♣"])
def test_bad_cards_are_refused_readably(text: str) -> None:
    with pytest.raises(ValueError, match="is not a card; write a rank"):
        Card.parse(text)


def test_every_card_prints_and_parses_back() -> None:
    deck = full_deck()
    assert len(set(deck)) == 52
    assert [card.rank for card in deck[:13]] == list(range(2, 15))
    for card in deck:
        assert Card.parse(str(card)) is card
        assert Card.parse(card.code) is card
        assert Card.parse(card.name) is card
        assert hash(card) == card.index and Card.from_index(card.index) is card
    assert str(Card.parse("AS")) == "A♠" and str(Card.parse("TD")) == "10♦"
    assert Card.parse("AS").name == "ace of spades"


def test_cards_are_immutable() -> None:
    card = Card.parse("AS")
    with pytest.raises(AttributeError):
        card.rank = 2


def test_default_game_has_thirteen_rounds_of_one_to_seven_to_one() -> None:
    game = Game.new(4, seed=5)
    sizes = [game.hand_size]
    while not game.is_over:
        seat = game.awaiting[0]
        game.apply(seat, game.legal_actions(seat)[0])
        if not game.is_over and game.round > len(sizes):
            sizes.append(game.hand_size)
            assert all(len(game.hand(s)) == game.hand_size for s in range(4))
    assert sizes == [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]
    assert len(game.round_scores) == 13 == game.rounds


def test_max_hand_option_changes_the_rounds() -> None:
    assert Rules(max_hand=3).hand_sizes == (1, 2, 3, 2, 1)
    assert Rules(max_hand=1).hand_sizes == (1,)
    assert Rules(max_hand=10).rounds == 19
    import random

    game = Game.new(5, Rules(max_hand=10), seed=2)  # 51 cards needed: one deck suffices
    play_out(game, random.Random(1))
    assert len(game.round_scores) == 19


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (7, 1), (8, 2), (14, 2), (15, 3), (21, 3)])
def test_default_decks_are_one_per_seven_players(players: int, decks: int) -> None:
    assert Game.new(players, seed=0).decks == decks


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"decks": 0}, "decks=0 is not allowed; use None .* or a whole number from 1 to 3"),
        ({"decks": 4}, "decks=4 is not allowed"),
        ({"decks": "2"}, "decks='2' is not allowed"),
        ({"max_hand": 0}, "max_hand=0 is not allowed; use a whole number from 1 to 10"),
        ({"max_hand": 11}, "max_hand=11 is not allowed"),
        ({"max_hand": 7.0}, "max_hand=7.0 is not allowed"),
    ],
)
def test_invalid_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rules(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "rules", "message"),
    [
        (1, Rules(), "Stupid is for 2-21 players, not 1"),
        (22, Rules(), "Stupid is for 2-21 players, not 22"),
        (8, Rules(decks=1), "decks=1 is too few for 8 players; use 2-3"),
        (15, Rules(decks=2), r"decks=2 is too few for 15 players; use decks=3 \(one deck per 7 players\)$"),
        (7, Rules(max_hand=8), "need 57 .* use max_hand at most 7, or decks=2"),
        (14, Rules(max_hand=8), "need 113 .* use max_hand at most 7, or decks=3"),
        (21, Rules(max_hand=8), "need 169 .* use max_hand at most 7$"),
    ],
)
def test_rules_refuse_player_counts(players: int, rules: Rules, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Game.new(players, rules)
    assert not rules.allows(players)


def test_rules_allow_what_fits() -> None:
    assert Rules(decks=2, max_hand=8).allows(7)
    assert Rules(max_hand=10).allows(5) and not Rules(max_hand=10).allows(6)
    assert Rules(decks=3).allows(2)


def test_options_are_described_for_a_front_end() -> None:
    described = {option.name: option for option in Rules.OPTIONS}
    assert set(described) == {"decks", "max_hand"}
    assert described["decks"].default is None and described["decks"].choices == (None, 1, 2, 3)
    assert described["max_hand"].default == 7 and described["max_hand"].choices == tuple(range(1, 11))
    for option in Rules.OPTIONS:
        assert option.help
        for value in option.choices:
            Rules.from_dict({**Rules().to_dict(), option.name: value})  # every choice is accepted
    assert Rules().to_dict() == {option.name: option.default for option in Rules.OPTIONS}


def test_rules_dict_round_trip_and_refusals() -> None:
    rules = Rules(decks=2, max_hand=5)
    assert Rules.from_dict(rules.to_dict()) == rules
    with pytest.raises(ValueError, match="exactly the keys"):
        Rules.from_dict({"decks": None})
    assert rules.describe() == "2 decks; 9 rounds of 1..5..1 cards"
    assert Rules().describe(9).startswith("2 decks (one per 7 players)")
