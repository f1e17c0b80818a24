"""The ``hard`` search plays for the game: its reward is the chance to finish first."""

from __future__ import annotations

import random

import pytest

from stupid import Game, Rules
from stupid.ai import make_player
from stupid.ai.search import SearchSettings, search_bid, win_chance
from stupid.ai.situation import Situation, situation_from_view, spread_after


def test_win_chance_at_the_end_is_first_place_shared_by_ties() -> None:
    assert win_chance([30, 10, 20], 0, 0.0) == 1.0
    assert win_chance([30, 10, 20], 2, 0.0) == 0.0
    assert win_chance([30, 30, 20], 1, 0.0) == 0.5


def test_win_chance_with_rounds_left() -> None:
    assert win_chance([0, 0, 0, 0], 2, 900.0) == pytest.approx(0.25, abs=0.002)
    assert win_chance([0, 0], 0, 900.0) == pytest.approx(0.5, abs=1e-9)
    ahead, further = win_chance([20, 0, 0, 0], 0, 900.0), win_chance([40, 0, 0, 0], 0, 900.0)
    assert 0.25 < ahead < further < 1.0
    # The more there is left to play, the less a lead is worth.
    assert win_chance([20, 0, 0, 0], 0, 3600.0) < ahead
    chances = [win_chance([25, 10, 0, -5], seat, 900.0) for seat in range(4)]
    assert sum(chances) == pytest.approx(1.0, abs=0.005)


def test_spread_grows_with_the_rounds_left_and_is_zero_in_the_last() -> None:
    assert spread_after((), 4) == 0.0
    assert 0 < spread_after((1,), 4) < spread_after((2, 1), 4)
    game = Game.new(4, Rules(max_hand=2), seed=3)  # rounds of 1, 2, 1 cards
    sit = situation_from_view(game.view(game.awaiting[0]))
    assert sit.totals == (0, 0, 0, 0)
    assert sit.spread_left == spread_after((2, 1), 4)


KING_OF_CLUBS, TWO_OF_HEARTS, JACK_OF_HEARTS = 11, 2 * 13, 2 * 13 + 9


def last_round_dealer(totals: tuple[int, ...], card: int = KING_OF_CLUBS) -> Situation:
    """The last round (1 card; trump hearts, the 2♥ turned): seat 3 deals and bids last after
    bids 1, 1, 0, holding ``card`` (K♣: it takes the trick only if clubs are led and nobody
    trumps; J♥, a middling trump: it takes it more often than not)."""
    unseen = [1] * 52
    unseen[card] = unseen[TWO_OF_HEARTS] = 0
    return Situation(
        players=4,
        decks=1,
        seat=3,
        bidding=True,
        hand=(card,),
        hand_size=1,
        trump=2,
        dealer=3,
        leader=0,
        bids=(1, 1, 0, None),
        taken=(0, 0, 0, 0),
        trick=(),
        hand_sizes=(1, 1, 1, 1),
        unseen=tuple(unseen),
        voids=(0, 0, 0, 0),
        played=((), (), (), ()),
        legal_bids=(0, 1),
        totals=totals,
        spread_left=0.0,
    )


def test_a_trailer_gambles_in_the_last_round() -> None:
    """22 behind the leader (who bid 1) the dealer can only win by bidding 1 and taking the one
    trick (+15, and the leader misses: -10); bidding 0 scores more on average but loses for sure."""
    trailing = last_round_dealer((100, 50, 50, 78))
    game = SearchSettings(playouts=240)
    assert search_bid(trailing, random.Random(1), game) == 1
    assert search_bid(trailing, random.Random(1), SearchSettings(playouts=240, reward="round")) == 0


def test_a_leader_keeps_the_safe_bid_in_the_last_round() -> None:
    """6 ahead of seat 1 (who bid 1) with J♥, bidding 1 scores more on average, but bidding 0
    wins whatever happens: made, 110 against at most 109; missed, the dealer took the one
    trick, so seat 1 missed too (90 against 84). Bidding 1 loses when seat 1 takes the trick."""
    leading = last_round_dealer((50, 94, 50, 100), JACK_OF_HEARTS)
    for seed in range(3):
        assert search_bid(leading, random.Random(seed), SearchSettings(playouts=240)) == 0
        assert search_bid(leading, random.Random(seed), SearchSettings(playouts=240, reward="round")) == 1


def test_the_reward_is_checked() -> None:
    with pytest.raises(ValueError, match="reward"):
        SearchSettings(reward="points")
    with pytest.raises(ValueError, match="reward"):
        make_player("hard", 1, reward="points")
