"""``hard`` plays for the game: its discards weigh its own speed against feeding the next
seat by the standing (a leader plays safe, a trailer in a deciding round takes the risk)."""

from __future__ import annotations

from stickgame import STICKS, Discard, Game
from stickgame.ai import make_player
from stickgame.ai.stakes import RISKY_DEFENSE, SAFE_DEFENSE, stakes
from stickgame.views import Completion

from .helpers import cards, rig

TWO_SETS = STICKS[1]
ELSEWHERE = STICKS[2]  # a stick completed in an earlier round (any will do)


def _position(mine: int, theirs: int) -> Game:
    """Seat 0 (to discard) holds 5C 5D 9S KC AD for "2 sets" (deficit 3 whichever of 9S, KC or
    AD goes; two aces in runs on the table, so keeping AD leaves fewer outs than keeping KC).
    Seat 1 picked up AC and AH this round: AD is what it collects. Seat 0 has ``mine``
    completed sticks, seat 1 ``theirs`` and still holds its stick."""
    game = rig(
        Game.new(2, seed=1),
        hands={0: "5C 5D 9S KC AD", 1: "AC AH 7S 8S"},
        melds=[(0, "AS * 3S"), (0, "AH * 3H")],
        discard="QC",
        sticks={0: TWO_SETS, 1: STICKS[3]},
    )
    game._picked[1] = cards("AC AH")
    game._completed[0] = [Completion(ELSEWHERE, 1, 1) for _ in range(mine)]
    game._completed[1] = [Completion(ELSEWHERE, 1, 1) for _ in range(theirs)]
    return game


def _discard(game: Game) -> str:
    action = make_player("hard", 5).act(game.view(0))
    assert isinstance(action, Discard)
    return action.card.code


def test_the_stakes_follow_the_standing() -> None:
    leading, trailing = stakes(_position(6, 4).view(0)), stakes(_position(5, 6).view(0))
    assert (leading.lead, leading.deciding, leading.desperate) == (2, True, False)
    assert leading.defense == SAFE_DEFENSE
    assert (trailing.lead, trailing.deciding, trailing.desperate) == (-1, True, True)
    assert trailing.defense == RISKY_DEFENSE


def test_hard_keeps_the_card_the_next_seat_collects_when_it_leads() -> None:
    # keeping AD costs two outs (two aces are on the table), feeding AD to seat 1 costs more
    assert _discard(_position(6, 4)) in {"9S", "KC"}


def test_hard_level_early_in_the_game_also_keeps_it() -> None:
    assert _discard(_position(0, 0)) in {"9S", "KC"}


def test_a_trailing_hard_in_the_deciding_round_takes_the_risky_line() -> None:
    # seat 1 completes its stick: game over and lost; only seat 0's own speed can save it
    assert _discard(_position(5, 6)) == "AD"


def test_hard_decides_the_same_from_the_same_seed() -> None:
    game = _position(2, 2)
    assert make_player("hard", 9).act(game.view(0)) == make_player("hard", 9).act(game.view(0))
