"""Computer players: legal answers from views only, reproducible, and normal beats random."""

from __future__ import annotations

import pytest

from stickgame import Game, RuleError, Rules
from stickgame.ai import LEVELS, make_player
from stickgame.ai.players import ComputerPlayer

from .helpers import rig

STRENGTH_GAMES = 16


def play_game(levels: tuple[str, ...], seed: int, rules: Rules) -> Game:
    game = Game.new(len(levels), rules, seed)
    players = [make_player(level, seed * 10 + seat) for seat, level in enumerate(levels)]
    for _ in range(20000):
        if game.is_over:
            return game
        seat = game.turn
        game.apply(seat, players[seat].act(game.view(seat)))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_games_to_the_end(level: str) -> None:
    game = play_game((level, "random", level), 3, Rules(sticks_to_win=1, hand_size=11))
    assert game.winners


@pytest.mark.parametrize("level", LEVELS)
def test_players_are_reproducible_from_their_seed(level: str) -> None:
    rules = Rules(sticks_to_win=1, hand_size=11)
    assert play_game((level, level), 8, rules).log == play_game((level, level), 8, rules).log


def test_a_player_acts_only_for_the_seat_to_play() -> None:
    game = Game.new(2, seed=1)
    with pytest.raises(ValueError, match="whose turn"):
        make_player("normal").act(game.view(1 - game.turn))
    with pytest.raises(ValueError, match="unknown level"):
        ComputerPlayer("expert", 0)


def test_normal_lays_down_its_stick_when_it_can() -> None:
    from stickgame import STICKS, LayDown

    hands = {0: "4C 5C * 7C 9S 9H 9H KD", 1: "3C"}
    game = rig(Game.new(2, seed=1), hands=hands, discard="QC", sticks={0: STICKS[5]})
    assert isinstance(make_player("normal").act(game.view(0)), LayDown)


def test_normal_never_discards_an_undiscardable_card() -> None:
    from stickgame import Discard

    game = rig(Game.new(2, seed=1), hands={0: "* 8H QD", 1: "3C"}, melds=[(1, "5H 6H 7H")], discard="QC")
    game._sticks[0] = None
    action = make_player("normal").act(game.view(0))
    assert not isinstance(action, Discard) or action.card.code == "QD"


def test_hard_takes_a_wild_to_complete_its_stick() -> None:
    from stickgame import STICKS, TakeWild

    game = rig(
        Game.new(2, seed=1),
        hands={0: "7H 4C 5C 7C 9S 9H 9D 3D", 1: "3C"},
        melds=[(1, "5H 6H *")],
        discard="QC",
        sticks={0: STICKS[5]},
    )
    action = make_player("hard").act(game.view(0))
    assert isinstance(action, TakeWild)
    game.apply(0, action)
    assert game.stick(0) is None


def test_hard_answers_are_legal_in_a_full_size_game() -> None:
    game = Game.new(3, Rules(hand_size=11), seed=2)
    player = make_player("hard", 1)
    for _ in range(30):
        seat = game.turn
        try:
            game.apply(seat, player.act(game.view(seat)))
        except RuleError as error:
            raise AssertionError(f"illegal answer: {error}") from None


def test_normal_beats_random() -> None:
    rules = Rules(sticks_to_win=2)
    wins = 0.0
    for seed in range(STRENGTH_GAMES):
        levels = ("normal", "random") if seed % 2 == 0 else ("random", "normal")
        game = play_game(levels, seed, rules)
        wins += sum(levels[seat] == "normal" for seat in game.winners) / len(game.winners)
    assert wins >= 0.7 * STRENGTH_GAMES
