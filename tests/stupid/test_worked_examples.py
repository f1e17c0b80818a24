"""Every worked example of rules section 8."""

from __future__ import annotations

import pytest

from stupid import ForbiddenBid, Game, Suit, round_score, trick_winner

from .helpers import c, find_game

HEARTS = Suit.HEARTS


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        (["9♣", "K♣", "2♣", "A♦"], 1),  # no trump: highest club
        (["9♣", "K♣", "2♥", "A♦"], 2),  # the only trump
        (["9♣", "4♥", "Q♥", "A♣"], 2),  # highest trump
        (["Q♣", "Q♣", "3♠", "10♣"], 0),  # equal queens (two decks): the first played
    ],
)
def test_trick_winners(cards: list[str], winner: int) -> None:
    assert trick_winner([c(text) for text in cards], HEARTS) == winner
    assert trick_winner([c(text) for text in cards], c("7♥")) == winner  # the turned card


def bid_until_dealer(game: Game, bids: list[int]) -> None:
    seat = game.awaiting[0]
    for number in bids:
        game.bid(seat, number)
        seat = game.awaiting[0]
    assert seat == game.dealer


def test_three_players_four_cards_dealer_may_not_bid_two() -> None:
    game = find_game(lambda g: True, 3)
    while game.hand_size != 4:  # play rounds 1-3 out to reach the 4-card round
        seat = game.awaiting[0]
        game.apply(seat, game.legal_actions(seat)[0])
    bid_until_dealer(game, [1, 1])
    assert game.legal_bids(game.dealer) == [0, 1, 3, 4]
    with pytest.raises(ForbiddenBid) as caught:
        game.bid(game.dealer, 2)
    assert caught.value.forbidden == 2
    assert "may not bid 2" in str(caught.value) and "add up to 4" in str(caught.value)


def test_four_players_one_card_dealer_may_not_bid_zero() -> None:
    game = Game.new(4, seed=1)
    assert game.hand_size == 1
    bid_until_dealer(game, [1, 0, 0])
    assert game.legal_bids(game.dealer) == [1]
    with pytest.raises(ForbiddenBid, match="may not bid 0"):
        game.bid(game.dealer, 0)


@pytest.mark.parametrize(("bid", "taken", "score"), [(3, 3, 25), (0, 0, 10), (2, 1, -10), (0, 1, -10)])
def test_scoring(bid: int, taken: int, score: int) -> None:
    assert round_score(bid, taken) == score
