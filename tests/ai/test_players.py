"""The Player API: levels, factory errors, determinism, pickling, budgets."""

from __future__ import annotations

import pickle

import pytest

from stickem import Game, Rules
from stickem.ai import LEVELS, ComputerPlayer, Player, make_player

from .helpers import advance, play_round


def test_levels_and_protocol() -> None:
    assert LEVELS == ("random", "normal", "hard")
    for level in LEVELS:
        assert isinstance(make_player(level, 1), Player)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"level": "genius"}, "unknown level 'genius'"),
        ({"level": "hard", "iterations": 0}, "iterations"),
        ({"level": "hard", "time_budget": 0.0}, "time_budget"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ComputerPlayer(seed=1, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", LEVELS)
def test_a_game_replays_exactly(level: str) -> None:
    def run() -> list[object]:
        game = Game.new(4, Rules.preset("amigo"), seed=21)
        seats = [make_player(level, 100 + s, iterations=40) for s in range(4)]
        return [play_round(game, seats), game.totals]

    assert run() == run()


def test_pickled_player_decides_the_same() -> None:
    game = Game.new(5, seed=8)
    seats = [make_player("normal", s) for s in range(5)]
    advance(game, seats, 9)
    player = make_player("hard", 3, iterations=80)
    clone = pickle.loads(pickle.dumps(player))
    seat = game.awaiting[0]
    assert clone.play(game.view(seat)) == player.play(game.view(seat))


def test_seed_changes_random_decisions() -> None:
    game = Game.new(5, seed=8)
    view = game.view(0)
    picks = {make_player("random", seed).choose_misery(view) for seed in range(30)}
    assert len(picks) > 3


def test_time_budget_still_gives_a_legal_card() -> None:
    game = Game.new(3, seed=2)
    seats = [make_player("normal", s) for s in range(3)]
    advance(game, seats, 3)
    seat = game.awaiting[0]
    player = make_player("hard", 1, iterations=10**6, time_budget=0.02)
    assert player.play(game.view(seat)) in game.legal_cards(seat)
