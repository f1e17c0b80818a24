"""The benchmark's port of Trickster's Table's ISMCTS (``benchmarks/trickster_ismcts.py``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from stickem import Game, Phase, Rules

PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "trickster_ismcts.py"


def load_port() -> ModuleType:
    """Import the benchmark module by its path (benchmarks/ is no package)."""
    spec = importlib.util.spec_from_file_location("trickster_ismcts", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("trickster_ismcts", module)
    spec.loader.exec_module(module)
    return module


def test_the_reward_is_the_apps_squared_normalized_final_score() -> None:
    """Best total 1, worst -1, the middle signed-squared, all equal 0."""
    reward = load_port().trickster_reward
    totals = [10, 0, 5, 7]
    assert reward(totals, 0) == 1.0
    assert reward(totals, 1) == -1.0
    assert reward(totals, 2) == 0.0
    assert reward(totals, 3) == pytest.approx((2 * 7 / 10 - 1) ** 2)
    assert reward([3, 3, 3, 3], 1) == 0.0


def play_game(seed: int) -> tuple[int, ...]:
    """A whole 4-player amigo game of four ports (8 iterations); the final totals."""
    port = load_port()
    game = Game.new(4, Rules.preset("amigo"), seed=seed)
    seats = [port.TricksterIsmcts(seed + s, iterations=8) for s in range(4)]
    while game.phase is not Phase.GAME_OVER:
        for seat in game.awaiting:
            view = game.view(seat)
            if game.phase is Phase.MISERY:
                card = seats[seat].choose_misery(view)
                assert card in view.hand
                game.choose_misery(seat, card)
            else:
                card = seats[seat].play(view)
                assert card in view.hand
                game.play(seat, card)
    return tuple(game.view(0).totals)


def test_the_port_plays_legal_cards_and_replays_from_its_seed() -> None:
    """Every answer is a card of the seat's hand; the same seeds replay the same game."""
    assert play_game(3) == play_game(3)
    with pytest.raises(ValueError):
        load_port().TricksterIsmcts(1, iterations=0)
