"""The solver finds every lay-down the engine accepts (issue 14), and says so to the engine.

The lay-downs below are the rare ones an earlier solver missed: a named run made of wilds and
a natural card outside the named cards; a meld that must leave one of its natural cards to
another meld (its only natural card); a run that holds only some of the cards of its window.
A brute-force search over small random hands, with the engine's own meld checks, looks for
any other miss.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache

import pytest

from stickgame import (
    JOKER,
    STICKS,
    Card,
    Game,
    Meld,
    MeldError,
    Need,
    Stick,
    Suit,
    completes,
    make_meld,
    match_stick,
)
from stickgame.actions import LayDown, MeldPlay
from stickgame.events import StickCompleted
from stickgame.melds import interpretations
from stickgame.solver import deficit, find_completion

from .helpers import cards, rig

# (stick number, hand, a lay-down of it that the engine accepts)
RARE_LAY_DOWNS = [
    pytest.param(37, "JH W W W", ["JH W W W"], id="AKQ-hearts-from-a-jack"),
    pytest.param(37, "10H W W W W 5C", ["10H W W W W"], id="AKQ-hearts-from-a-ten"),
    pytest.param(36, "9C W W W W W", ["9C W W W W W"], id="AKQJ10-clubs-from-a-nine"),
    pytest.param(38, "W W W 6H 3S 4S 5S", ["W W W 6H", "3S 4S 5S"], id="345-hearts-from-a-six"),
    pytest.param(38, "AH W W W W 3S 4S 5S", ["AH W W W W", "3S 4S 5S"], id="345-hearts-from-an-ace"),
    pytest.param(27, "6C 7C 8C 9C 10C W W W", ["6C 7C W 9C 10C", "8C W W"], id="eight-leaves-the-run"),
    pytest.param(33, "7D 8D 9D 10D JD W W 2D", ["7D 8D 9D 10D W", "JD W 2D"], id="jack-leaves-the-run"),
    pytest.param(2, "7S 7H 7D W W W", ["7S 7H W", "7D W W"], id="one-rank-split-in-two-sets"),
    pytest.param(1, "7H 8H 9H W W W W", ["W 8H 9H", "7H W W"], id="seven-leaves-the-run-for-a-set"),
    pytest.param(6, "5D 7D W W W W 2D", ["W W 2D 7D", "5D W W"], id="no-natural-left-for-the-set"),
    pytest.param(3, "10H 10H JH QH QH 2H", ["10H JH QH", "10H 2H QH"], id="a-run-with-part-of-its-window"),
    pytest.param(13, "W 2S 3S 3S 4S 5S 5S 6S", ["3S 4S 5S 6S", "W 2S 3S 5S"], id="two-runs-of-4-one-suit"),
]


def _stick(number: int) -> Stick:
    return STICKS[number - 1]


def _laid_down(hand: Sequence[Card], stick: Stick, plays: Sequence[MeldPlay]) -> bool:
    """Whether a game with ``hand`` and ``stick`` accepts ``LayDown(plays)`` (StickCompleted)."""
    game = rig(Game.new(2, seed=1), hands={0: " ".join(c.code for c in hand), 1: "3C"}, sticks={0: stick})
    events = game.apply(0, LayDown(tuple(plays)))
    return any(isinstance(event, StickCompleted) for event in events)


@pytest.mark.parametrize(("number", "hand", "witness"), RARE_LAY_DOWNS)
def test_the_engine_accepts_the_rare_lay_down(number: int, hand: str, witness: list[str]) -> None:
    held = cards(hand)
    groups = [cards(group) for group in witness]
    assert not Counter(c for g in groups for c in g) - Counter(held)
    assert completes(_stick(number), groups)
    assert _laid_down(held, _stick(number), [MeldPlay(tuple(group)) for group in groups])


@pytest.mark.parametrize(("number", "hand", "witness"), RARE_LAY_DOWNS)
def test_the_solver_finds_the_rare_lay_down_and_the_engine_takes_it(
    number: int, hand: str, witness: list[str]
) -> None:
    stick, held = _stick(number), cards(hand)
    plays = find_completion(held, stick)
    assert plays is not None, f"no lay-down of '{stick}' found in {hand} (the engine takes {witness})"
    assert not Counter(c for play in plays for c in play.cards) - Counter(held)
    assert _laid_down(held, stick, plays)
    assert deficit(held, stick) == 0
    game = rig(Game.new(2, seed=1), hands={0: hand, 1: "3C"}, sticks={0: stick})
    assert any(isinstance(action, LayDown) for action in game.legal_actions(0))


@pytest.mark.parametrize(
    ("number", "hand"),
    [
        (37, "JH W W"),  # J♥ Q♥ K♥ A♥ needs three wilds
        (37, "10H W W W 5C"),
        (27, "6C 7C 8C 9C 10C W W"),  # the set of eights would need its 8♣ and two wilds
        (2, "7S 7H 7D W W"),
    ],
)
def test_one_wild_short_of_a_rare_lay_down_lacks_one_card(number: int, hand: str) -> None:
    stick, held = _stick(number), cards(hand)
    assert find_completion(held, stick) is None
    assert exhaustive_lay_down(held, stick) is None
    assert deficit(held, stick) == 1


# --- brute force: the solver against every way to split a small hand ---------------------------


@cache
def _readings(group: tuple[Card, ...], kind: str) -> list[Meld]:
    """Every reading of the cards ``group`` as a meld of ``kind``: read once for all the needs
    of that kind (a set of 3 and a set of 4 read the same cards the same way)."""
    return interpretations(group, kind)


@cache
def _meets(need: Need, group: tuple[Card, ...]) -> bool:
    """Whether the cards ``group`` meet ``need`` in one of their readings (the engine's check;
    a reading of another kind never meets it, and cards fewer than its size none)."""
    return len(group) >= need.size and any(
        need.problem(meld) is None for meld in _readings(group, need.kind)
    )


def exhaustive_lay_down(hand: Sequence[Card], stick: Stick) -> list[tuple[Card, ...]] | None:
    """A lay-down of ``stick`` from ``hand`` found by trying every sub-multiset of the hand for
    every need (melds of any length), or None: slow, for small hands only."""
    items = sorted(Counter(hand).items())
    groups = []
    for counts in itertools.product(*(range(count + 1) for _, count in items)):
        group = tuple(card for (card, _), k in zip(items, counts, strict=True) for _ in range(k))
        if len(group) >= 3:
            groups.append((group, Counter(group)))

    # a meld can be no longer than the cards the other needs leave (they take their sizes)
    spare = len(hand) - sum(need.size for need in stick.needs)
    fitting = [
        [(group, used) for group, used in groups if len(group) <= need.size + spare and _meets(need, group)]
        for need in stick.needs
    ]

    def extend(
        index: int, free: Counter[Card], chosen: list[tuple[Card, ...]]
    ) -> list[tuple[Card, ...]] | None:
        if index == len(stick.needs):
            return chosen
        for group, used in fitting[index]:
            if all(free[card] >= count for card, count in used.items()):
                found = extend(index + 1, free - used, [*chosen, group])
                if found is not None:
                    return found
        return None

    found = extend(0, Counter(hand), [])
    assert found is None or completes(stick, [list(group) for group in found])
    return found


def _engine_melds(plays: Sequence[MeldPlay]) -> list[Meld]:
    return [make_meld(play.cards, play.kind, play.placement) for play in plays]


def _random_hand(rng: random.Random, stick: Stick) -> list[Card]:
    """A hand about the stick's size, from one to three suits and a few neighbouring ranks,
    often with several wild cards: where melds compete for the same cards."""
    suits = rng.sample(list(Suit), rng.randint(1, 3))
    low, span = rng.randint(1, 9), rng.randint(3, 7)
    wild_share = rng.choice((0.1, 0.25, 0.4))
    hand = []
    for _ in range(stick.points + rng.randint(0, 2)):
        if rng.random() < wild_share:
            hand.append(JOKER if rng.random() < 0.4 else Card(rng.choice(suits), 2))
        else:
            rank = rng.randint(low, min(14, low + span))
            hand.append(Card(rng.choice(suits), 1 if rank in (2, 14) else rank))
    return hand


def test_the_solver_finds_a_lay_down_exactly_when_an_exhaustive_search_does() -> None:
    rng = random.Random(14)
    small = [stick for stick in STICKS[:40] if stick.points <= 8]
    checked = found = 0
    while checked < 900:
        stick = rng.choice(small)
        hand = _random_hand(rng, stick)
        if len(set(hand)) > 10:
            continue  # the exhaustive search grows with the distinct cards
        checked += 1
        plays = find_completion(hand, stick)
        if plays is None:
            witness = exhaustive_lay_down(hand, stick)
            assert witness is None, f"'{stick}' in {' '.join(c.code for c in hand)}: missed {witness}"
            assert deficit(hand, stick) > 0
            continue
        found += 1
        assert not Counter(c for play in plays for c in play.cards) - Counter(hand)
        try:
            match_stick(stick, _engine_melds(plays))
        except MeldError as error:
            raise AssertionError(f"'{stick}' in {hand}: the engine refuses {plays}: {error}") from None
        assert deficit(hand, stick) == 0
    assert found > 100  # the hands are not all hopeless


def test_deficit_does_not_reach_far_for_a_named_runs_natural_card() -> None:
    # 9♥ would make 3♥-9♥ with six wilds; the estimate counts the hearts as missing instead
    hand = cards("9H 6S W W W")
    assert deficit(hand, _stick(38)) == 3  # three wilds for 6♠'s run, three cards for hearts
    assert deficit([*hand, *cards("W W W")], _stick(38)) == 1  # a heart to draw, wilds for the rest
    assert deficit([*hand, *cards("W W W W W W")], _stick(38)) == 0  # 9♥ and six wilds: 3♥-9♥
