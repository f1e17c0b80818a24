"""The ``hard`` search's lazy deal of the hidden cards is a fair deal."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from stupid import Game, Rules
from stupid.ai.search import _deal
from stupid.ai.situation import Situation, situation_from_view


def first_decision(seed: int = 4) -> Situation:
    game = Game.new(4, Rules(max_hand=3), seed=seed)
    return situation_from_view(game.view(game.awaiting[0]))


def test_lazy_deal_gives_every_hidden_card_to_every_other_seat_alike() -> None:
    sit = first_decision()
    rng = random.Random(5)
    holders: Counter[tuple[int, int]] = Counter()
    draws = 4000
    for _ in range(draws):
        hands = _deal(sit, rng)
        assert hands is not None
        for seat, hand in enumerate(hands):
            if seat != sit.seat:
                holders.update((seat, code) for code in hand)
    hidden = [code for code, count in enumerate(sit.unseen) if count]
    expected = draws * sit.hand_sizes[(sit.seat + 1) % 4] / len(hidden)
    for seat in range(4):
        if seat == sit.seat:
            continue
        for code in hidden:
            assert holders[seat, code] == pytest.approx(expected, rel=0.35)
