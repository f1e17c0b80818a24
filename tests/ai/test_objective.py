"""``hard`` plays for the game: the reward is the chance of finishing first (stickem.ai.objective).

Two constructed last-round positions (4 players, amigo, seat 3 plays last in trick 13 of 14,
every other seat holds one card) where the round's points and the game's outcome disagree: a
leader takes the sure points instead of sticking a big penalty on an opponent, and a trailer
keeps the card that may still take the last trick instead of dumping points on a seat that does
not matter. The old objective (``"round"``) plays the other card in both, so each test fails
without the game objective.
"""

from __future__ import annotations

import random

import pytest

from stickem.ai.core import encode
from stickem.ai.misery import misery_candidates, search_misery
from stickem.ai.objective import GameObjective, round_reward
from stickem.ai.search import SearchSettings, search_play
from stickem.ai.situation import Situation

GREEN, BROWN, RED, BLUE, YELLOW = range(5)


def last_trick_situation(
    misery: tuple[int, ...],
    trick: tuple[int, ...],
    hand: tuple[int, ...],
    unseen: tuple[int, ...],
    totals: tuple[int, ...],
) -> Situation:
    """Seat 3 of 4 to play last in trick 13 (seat 0 led); nothing captured yet."""
    return Situation(
        players=4,
        seat=3,
        hand=hand,
        misery=misery,
        leader=0,
        trick=trick,
        captured=((), (), (), ()),
        hand_sizes=(1, 1, 1, 2),
        unseen=unseen,
        nobody_on_zeros=True,
        totals=totals,
        rounds_left=0,
    )


# Seat 0's misery color is red: red 11, red 10 and red 0 lie in the trick. Green 1 trumps them
# (+4 for seat 3, and red 6 then never takes the last trick); red 6 gives seat 0 the trick
# (-27 for seat 0) but leaves seat 3 with no points, so a seat that takes the last trick (+4)
# may draw level with it.
STICK_IT = dict(
    misery=(encode(RED, 8), encode(YELLOW, 5), encode(RED, 5), encode(BROWN, 9)),
    trick=(encode(RED, 11), encode(RED, 10), encode(RED, 0)),
    hand=(encode(GREEN, 1), encode(RED, 6)),
    unseen=(encode(GREEN, 10), encode(GREEN, 9), encode(RED, 4)),
)

# Seat 1 takes trick 13 whatever seat 3 plays (yellow 11). Yellow 7 dumps -7 on seat 1 (its
# misery color); green 9 keeps yellow 7, which takes the last trick (+4) when green 10 is led.
CATCH_UP = dict(
    misery=(encode(BROWN, 7), encode(YELLOW, 3), encode(GREEN, 5), encode(BROWN, 3)),
    trick=(encode(GREEN, 0), encode(YELLOW, 11), encode(BLUE, 2)),
    hand=(encode(GREEN, 9), encode(YELLOW, 7)),
    unseen=(encode(GREEN, 10), encode(BLUE, 3), encode(YELLOW, 6)),
)


@pytest.mark.parametrize("seed", range(4))
def test_a_leader_in_the_last_round_takes_the_safe_points(seed: int) -> None:
    """Four points ahead of everyone, seat 3 takes a sure +4 rather than stick -27 on seat 0."""
    sit = last_trick_situation(totals=(0, 0, 0, 4), **STICK_IT)  # type: ignore[arg-type]
    game = search_play(sit, SearchSettings(objective="game"), random.Random(seed))
    points = search_play(sit, SearchSettings(objective="round"), random.Random(seed))
    assert game == encode(GREEN, 1)
    assert points == encode(RED, 6)


@pytest.mark.parametrize("seed", range(4))
def test_a_trailer_in_the_last_round_keeps_the_card_that_may_catch_up(seed: int) -> None:
    """Five points behind seat 0, seat 3 keeps yellow 7 for a chance at the last trick."""
    sit = last_trick_situation(totals=(5, 0, 0, 0), **CATCH_UP)  # type: ignore[arg-type]
    game = search_play(sit, SearchSettings(objective="game"), random.Random(seed))
    points = search_play(sit, SearchSettings(objective="round"), random.Random(seed))
    assert game == encode(GREEN, 9)
    assert points == encode(YELLOW, 7)


def test_the_chance_of_winning_follows_the_totals_and_the_rounds_left() -> None:
    """A lead counts for more in the last round than with rounds to come; ties are a half."""
    final = [0, 0, 0, 0]
    last = GameObjective((0, 0, 0, 0), 0, 20.0)
    assert last.win_chance(final, 0) == pytest.approx(0.5**3)
    ahead_last = GameObjective((6, 0, 0, 0), 0, 20.0).win_chance(final, 0)
    ahead_early = GameObjective((6, 0, 0, 0), 3, 20.0).win_chance(final, 0)
    assert ahead_last > 0.99
    assert 0.125 < ahead_early < 0.5
    behind = GameObjective((0, 6, 0, 0), 0, 20.0).win_chance(final, 0)
    assert behind < 0.01
    # Decided games are still played for points: the round objective breaks the tie.
    won = GameObjective((100, 0, 0, 0), 0, 20.0)
    assert won.reward([3, 0, 0, 0], 0) - won.reward([0, 0, 0, 0], 0) == pytest.approx(
        0.05 * round_reward([3, 0, 0, 0], 0, 1 / 20.0)
    )
    with pytest.raises(ValueError):
        GameObjective((0, 0, 0, 0), -1, 20.0)


def test_misery_candidates_are_the_lowest_cards_of_the_best_colors() -> None:
    """The playouts compare the heuristic's three best colors, each by its lowest card."""
    hand = [encode(GREEN, v) for v in (0, 1, 2, 3)] + [encode(RED, v) for v in (5, 9, 11)]
    hand += [encode(BLUE, 2), encode(BLUE, 10), encode(YELLOW, 7)]
    picks = misery_candidates(hand)
    assert picks[0] == encode(GREEN, 0)
    assert len(picks) == 3
    assert all(p == min(c for c in hand if c >> 5 == p >> 5) for p in picks)


def test_the_misery_pick_is_reproducible_and_from_the_candidates() -> None:
    """Same seat's view and seed, same pick; the pick is one of the candidates."""
    rng = random.Random(7)
    deck = [encode(c, v) for c in range(5) for v in range(12)]
    rng.shuffle(deck)
    hand = tuple(sorted(deck[:15]))
    sit = Situation(
        players=4,
        seat=0,
        hand=hand,
        misery=(None, None, None, None),
        leader=0,
        trick=(),
        captured=((), (), (), ()),
        hand_sizes=(15, 15, 15, 15),
        unseen=tuple(deck[15:]),
        nobody_on_zeros=True,
        totals=(0, 0, 0, 0),
        rounds_left=3,
    )
    settings = SearchSettings(iterations=200)
    first = search_misery(sit, settings, random.Random(3))
    assert first == search_misery(sit, settings, random.Random(3))
    assert first in misery_candidates(hand)
