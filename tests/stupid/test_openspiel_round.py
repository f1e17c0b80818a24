"""The benchmark's OpenSpiel version of a Stupid round follows the engine's rules and scoring.

Needs ``open-spiel``, which the test extra installs (the ``bench`` extra too, for the benchmark
alone).
"""

from __future__ import annotations

import random

import pytest

from benchmarks.openspiel_stupid import CARD_BASE, IsmctsSeat, state_from_view
from stupid import Action, Game


def to_action(action: Action) -> int:
    """The OpenSpiel action of an engine action."""
    if action.kind == "bid":
        assert action.number is not None
        return action.number
    assert action.card is not None
    return CARD_BASE + action.card.index


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_round_mirrors_the_engine(seed: int) -> None:
    """Rounds 1-5 played at random on the engine: at every turn the OpenSpiel state built from
    the view offers the engine's legal actions, and with the true hands it scores the round the
    engine's way."""
    game = Game.new(4, seed=seed)
    draw = random.Random(seed)
    while game.round <= 5:
        seat = game.awaiting[0]
        start = state_from_view(game.view(seat), random.Random(0))
        start.hands = [[card.index for card in game.hand(s)] for s in range(4)]
        number = game.round
        while game.round == number:
            seat = game.awaiting[0]
            legal = game.legal_actions(seat)
            assert start.current_player() == seat
            assert sorted(start.legal_actions()) == sorted({to_action(a) for a in legal})
            action = draw.choice(legal)
            start.apply_action(to_action(action))
            game.apply(seat, action)
        assert start.is_terminal()
        assert start.returns() == [float(s) for s in game.round_scores[-1]]


def test_resampling_keeps_voids_played_cards_and_the_information_state() -> None:
    game = Game.new(4, seed=11)
    while game.round < 7 or len(game.view(0).tricks) < 3:  # 7 cards, three tricks played
        seat = game.awaiting[0]
        game.apply(seat, game.legal_actions(seat)[-1])
    seat = game.awaiting[0]
    state = state_from_view(game.view(seat), random.Random(1))
    assert any(state.voids), "this deal shows a void by the third trick"
    key = state.information_state_string(seat)
    for draw in range(30):
        other = state.redeal(seat, random.Random(draw))
        assert other.information_state_string(seat) == key
        assert other.hands[seat] == state.hands[seat]
        for s in range(4):
            assert len(other.hands[s]) == len(state.hands[s])
            assert not any(state.voids[s] >> (code // 13) & 1 for code in other.hands[s])
        dealt = [code for hand in other.hands for code in hand]
        assert len(dealt) == len(set(dealt)) and not set(dealt) & {code for _, code in state.plays}


def test_ismcts_seat_is_legal_and_reproducible() -> None:
    game = Game.new(4, seed=5)
    seat = game.awaiting[0]
    view = game.view(seat)
    bot = IsmctsSeat(seed=3, iterations=20)
    answer = bot.act(view)
    assert answer in game.legal_actions(seat)
    assert IsmctsSeat(seed=3, iterations=20).act(view) == answer
