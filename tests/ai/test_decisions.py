"""Decisions in hand-built positions where the right card is clear."""

from __future__ import annotations

import random
import time

import pytest

from stickem import Card, Game, Rules
from stickem.ai import search as search_module
from stickem.ai.heuristics import choose_misery_card, choose_play_card
from stickem.ai.observe import situation_from_view, to_card, to_code
from stickem.ai.search import SearchSettings, run_search, search_play
from stickem.ai.situation import Situation, unseen_cards


def codes(*texts: str) -> tuple[int, ...]:
    return tuple(to_code(Card.parse(t)) for t in texts)


def last_to_play_into_misery() -> Situation:
    """Seat 2 of 3 plays last in trick 13; the trick holds red 8, and red is seat 2's misery.

    blue 8 would take the trick (a -8 + 2 = -6 trick); blue 1 would not.
    """
    hand = codes("blue 1", "blue 8")
    misery = codes("green 3", "yellow 2", "red 4")
    trick = codes("red 8", "green 5")
    hidden = codes("brown 2", "yellow 7")  # the last cards of seats 0 and 1
    known = set(hand + misery + trick + hidden)
    earlier = tuple(c for c in unseen_cards(3, (), ()) if c not in known)
    return Situation(
        players=3,
        seat=2,
        hand=hand,
        misery=misery,
        leader=0,
        trick=trick,
        captured=(earlier, (), ()),  # seat 0 took every earlier trick
        hand_sizes=(1, 1, 2),
        unseen=unseen_cards(3, hand, misery + trick + earlier),
        nobody_on_zeros=False,
    )


def test_situation_fixture_is_consistent() -> None:
    sit = last_to_play_into_misery()
    assert sorted(sit.unseen) == sorted(codes("brown 2", "yellow 7"))
    assert sit.to_play == 2


@pytest.mark.parametrize("opponents", ["policy", "tree"])
@pytest.mark.parametrize("playout", ["random", "dump"])
def test_search_ducks_a_trick_full_of_its_misery(playout: str, opponents: str) -> None:
    sit = last_to_play_into_misery()
    settings = SearchSettings(iterations=200, playout=playout, opponents=opponents)
    card = search_play(sit, settings, random.Random(1))
    assert to_card(card) == Card.parse("blue 1")
    stats = run_search(sit, settings, random.Random(2))
    assert set(stats) == set(sit.hand)
    assert stats[to_code(Card.parse("blue 1"))][1] > stats[to_code(Card.parse("blue 8"))][1]


def test_heuristic_ducks_a_trick_full_of_its_misery() -> None:
    assert to_card(choose_play_card(last_to_play_into_misery())) == Card.parse("blue 1")


def test_heuristic_misery_is_lowest_card_of_a_long_low_color() -> None:
    hand = codes(
        "green 0",
        "green 1",
        "green 2",
        "green 4",
        "green 6",
        "red 9",
        "red 12",
        "blue 3",
        "blue 13",
        "yellow 11",
        "yellow 14",
        "brown 7",
        "brown 10",
        "brown 12",
        "red 14",
    )
    assert to_card(choose_misery_card(hand)) == Card.parse("green 0")


def test_search_refuses_when_it_is_not_its_turn() -> None:
    sit = last_to_play_into_misery()
    other = Situation(**{**{f: getattr(sit, f) for f in sit.__slots__}, "seat": 1})
    with pytest.raises(ValueError, match="not the one to play"):
        run_search(other, SearchSettings(iterations=5), random.Random(0))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"iterations": 0}, "iterations"),
        ({"time_budget": 0.0}, "time_budget"),
        ({"time_budget": -1.0}, "time_budget"),
        ({"playout": "smart"}, "playout"),
        ({"opponents": "oracle"}, "opponents"),
    ],
)
def test_bad_search_settings_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SearchSettings(**options)  # type: ignore[arg-type]


def first_trick_situation() -> Situation:
    """The first decision of the trick phase of a seeded 5-player classic round."""
    game = Game.new(5, Rules.preset("classic"), seed=3)
    for seat in range(5):
        game.choose_misery(seat, game.hand(seat)[0])
    return situation_from_view(game.view(game.awaiting[0]))


@pytest.mark.parametrize("opponents", ["policy", "tree"])
def test_time_budget_bounds_a_huge_iteration_budget(opponents: str) -> None:
    """A ten-million-iteration budget with a 20 ms limit stops early and prepares nothing per budget."""
    settings = SearchSettings(iterations=10**7, time_budget=0.02, opponents=opponents)
    started = time.perf_counter()
    stats = run_search(first_trick_situation(), settings, random.Random(5))
    elapsed = time.perf_counter() - started
    ran = sum(visits for visits, _ in stats.values())
    assert 0 < ran < 100_000
    assert len(search_module._LOGS) < 200_000
    assert elapsed < 0.5
