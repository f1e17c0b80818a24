"""``hard`` counts the wilds its naturals could free from the table: it takes several in one
turn to lay its stick down, keeps the naturals that free them, and answers from its view only."""

from __future__ import annotations

from stickgame import STICKS, Discard, Game, TakeWild
from stickgame.ai import make_player
from stickgame.ai.wild_swaps import reach, swap_paths, take_to_complete
from stickgame.solver import deficit
from stickgame.sticks import Stick

from .helpers import cards, rig

FIVE_WILDS: Stick = next(stick for stick in STICKS if stick.needs[0].kind == "wild5")


def _five_wilds_position() -> Game:
    """Seat 0 holds three wilds, 7H and 9C for "5 wild cards"; seat 1's melds hold a wild for
    7H (a run) and one for a nine (a set)."""
    return rig(
        Game.new(2, seed=3),
        hands={0: "* 2S 2D 7H 9C KS", 1: "3C 4D"},
        melds=[(1, "5H 6H *"), (1, "9D 9S *")],
        discard="QC",
        sticks={0: FIVE_WILDS, 1: STICKS[3]},
    )


def test_two_wilds_are_taken_in_one_turn_to_lay_down_five_wilds() -> None:
    game = _five_wilds_position()
    action = make_player("hard", 4).act(game.view(0))
    assert isinstance(action, TakeWild)
    assert len(action.swaps) == 2
    game.apply(0, action)
    assert game.stick(0) is None
    assert [card.code for card in game.hand(0)] == ["KS"]


def test_every_swap_path_is_found_once() -> None:
    game = _five_wilds_position()
    paths = list(swap_paths(game.hand(0), game.melds))
    assert sorted(len(path.swaps) for path in paths) == [1, 1, 2]
    assert len({path.swaps for path in paths}) == 3


def test_the_reach_counts_the_wilds_the_hand_could_free() -> None:
    game = _five_wilds_position()
    hand = cards("* 2S 7H KS")
    assert deficit(hand, FIVE_WILDS) == 3
    assert reach(hand, FIVE_WILDS, game.melds) == 2
    assert take_to_complete(hand, FIVE_WILDS, game.melds) is None


def test_hard_keeps_the_natural_that_frees_a_wild() -> None:
    # 7H, KS and 4C all leave three wilds in the hand; only 7H can bring a fourth from the table
    game = rig(
        Game.new(2, seed=3),
        hands={0: "* 2S 2D 7H KS 4C", 1: "3C 4D"},
        melds=[(1, "5H 6H *")],
        discard="QC",
        sticks={0: FIVE_WILDS, 1: STICKS[3]},
    )
    for seed in range(6):
        action = make_player("hard", seed).act(game.view(0))
        assert isinstance(action, Discard)
        assert action.card.code != "7H"


def test_hard_decides_from_the_view_alone_and_replays_from_its_seed() -> None:
    # the same view with seat 1's hand and the stock's order changed: the same answers
    first = _five_wilds_position()
    second = _five_wilds_position()
    second._hands[1] = cards("KD KH")
    second._stock.reverse()
    assert first.view(0) == second.view(0)
    answers = {repr(make_player("hard", 9).act(game.view(0))) for game in (first, second, first)}
    assert len(answers) == 1
