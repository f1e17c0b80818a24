"""The internal tuning arena plays legal rounds and hands brains only their own situation."""

from __future__ import annotations

import random

import pytest

from stickem.ai.arena import play_round
from stickem.ai.brains import HeuristicBrain, RandomBrain
from stickem.ai.core import deck_codes
from stickem.ai.situation import Situation


class Spy(RandomBrain):
    """A random brain that checks what it is shown."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.calls = 0

    def misery(self, sit: Situation) -> int:
        self.check(sit)
        return super().misery(sit)

    def play(self, sit: Situation) -> int:
        self.check(sit)
        return super().play(sit)

    def check(self, sit: Situation) -> None:
        self.calls += 1
        deck = set(deck_codes(sit.players))
        assert set(sit.hand) <= deck
        assert not set(sit.hand) & set(sit.unseen)
        others = sum(sit.hand_sizes) - len(sit.hand)
        assert len(sit.unseen) == others  # exactly the other hands, nothing else


@pytest.mark.parametrize("players", range(3, 8))
def test_rounds_are_complete_and_reproducible(players: int) -> None:
    def scores() -> tuple[list[int], list[Spy]]:
        spies = [Spy(s) for s in range(players)]
        result = play_round(spies, random.Random(players), leader=0, nobody_on_zeros=True)
        return result, spies

    first, spies = scores()
    assert first == scores()[0]
    assert len(first) == players
    assert all(spy.calls == 15 for spy in spies)


def test_brains_mix() -> None:
    brains = [HeuristicBrain(1), RandomBrain(2), RandomBrain(3), HeuristicBrain(4)]
    assert len(play_round(brains, random.Random(5), leader=2)) == 4
