"""``hard`` holds a completed stick back until it can lay it down and go out in one turn, unless
another seat has completed its own (or the round may end the game, or the stock runs low); while
it waits it keeps what the lay-down can use (:mod:`stickgame.ai.going_out`)."""

from __future__ import annotations

from stickgame import STICKS, Discard, DrawDiscard, DrawStock, Game, LayDown, make_meld
from stickgame.ai import make_player
from stickgame.ai.going_out import leftover
from stickgame.solver import find_completion
from stickgame.views import Completion, TableMeld

from .helpers import cards, rig

RUN_OF_4_AND_A_SET = STICKS[5]
READY = "4C 5C * 7C 9S 9H 9H 8C"
"""Completes "a run of 4 and a set" (4C 5C W 7C, 9S 9H 9H) and lays 8C off on the run."""


def _held(rest: str, *, phase: str = "play", discard: str = "QC", theirs_done: bool = False) -> Game:
    game = rig(
        Game.new(2, seed=1),
        phase=phase,
        hands={0: f"{READY} {rest}", 1: "3C 6D 10S JH QS KC AS"},
        discard=discard,
        sticks={0: RUN_OF_4_AND_A_SET, 1: STICKS[3]},
    )
    if theirs_done:
        game._sticks[1] = None
    return game


def _standing(game: Game, mine: int, theirs: int) -> Game:
    """``game`` with ``mine`` completed sticks for seat 0 and ``theirs`` for seat 1."""
    earlier = Completion(STICKS[2], 1, 1)
    game._completed[0] = [earlier] * mine
    game._completed[1] = [earlier] * theirs
    return game


def _act(game: Game) -> object:
    return make_player("hard", 3).act(game.view(0))


def test_leftover_lays_off_on_its_own_melds_and_the_table() -> None:
    hand = cards(f"{READY} KD KS 3D")
    plays = find_completion(hand, RUN_OF_4_AND_A_SET)
    assert plays is not None
    assert sorted(leftover(0, hand, [], plays)) == sorted(cards("KD KS 3D"))
    kings = [TableMeld(1, make_meld(cards("KH KC KD")))]
    assert leftover(0, hand, kings, plays) == cards("3D")


def test_leftover_lays_new_melds_after_the_stick() -> None:
    hand = cards(f"{READY} KD KS KH 3D")
    plays = find_completion(hand, RUN_OF_4_AND_A_SET)
    assert plays is not None
    assert leftover(0, hand, [], plays) == cards("3D")


def test_hard_holds_its_stick_while_cards_that_fit_nothing_remain() -> None:
    action = _act(_held("KD KS 3D"))
    assert isinstance(action, Discard)
    assert action.card.code in {"KD", "KS", "3D"}  # never a card the lay-down uses


def test_normal_lays_the_same_stick_down_at_once() -> None:
    assert isinstance(make_player("normal", 3).act(_held("KD KS 3D").view(0)), LayDown)


def test_hard_lays_down_when_it_can_go_out_in_the_same_turn() -> None:
    game = _held("3D")
    action = _act(game)
    assert isinstance(action, LayDown)
    while game.round == 1:  # it lays down, lays 8C off and discards 3D: out
        game.apply(0, make_player("hard", 3).act(game.view(0)))
    end = game.round_end
    assert end is not None and end.went_out == 0


def test_hard_lays_down_once_another_seat_has_completed_its_stick() -> None:
    assert isinstance(_act(_held("KD KS 3D", theirs_done=True)), LayDown)


def test_a_held_stick_takes_the_discard_that_fits_what_it_will_lay() -> None:
    assert isinstance(_act(_held("KD KS 3D", phase="draw", discard="KH")), DrawDiscard)
    assert isinstance(_act(_held("KD KS 3D", phase="draw", discard="JD")), DrawStock)


def test_hard_lays_down_at_once_at_a_table_of_four() -> None:
    game = rig(
        Game.new(4, seed=1),
        hands={0: f"{READY} KD KS 3D", 1: "3C", 2: "6D", 3: "10S"},
        discard="QC",
        sticks={0: RUN_OF_4_AND_A_SET},
    )
    assert isinstance(_act(game), LayDown)


def test_hard_trailing_in_the_deciding_round_holds_its_stick_until_it_can_go_out() -> None:
    # seat 1 (six sticks) ends the game by completing its own: laying down now would give it
    # the turns hard needs to go out; only going out before it completes saves the game
    action = _act(_standing(_held("KD KS 3D"), 5, 6))
    assert isinstance(action, Discard)
    assert action.card.code in {"KD", "KS", "3D"}


def test_hard_trailing_in_the_deciding_round_lays_down_and_goes_out_when_it_can() -> None:
    assert isinstance(_act(_standing(_held("3D"), 5, 6)), LayDown)


def test_hard_level_or_ahead_in_the_deciding_round_lays_down_at_once() -> None:
    # its completion ends the game in its favour (a tie goes to the first to complete)
    assert isinstance(_act(_standing(_held("KD KS 3D"), 6, 6)), LayDown)
    assert isinstance(_act(_standing(_held("KD KS 3D"), 6, 4)), LayDown)
