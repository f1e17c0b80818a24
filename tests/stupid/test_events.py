"""The engine's fast event builders make the very events the classes' constructors make."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from stupid import BiddingDone, Card, GameOver, RoundScored, RoundStarted, TrickWon
from stupid.events import Event, bidding_done, game_over, round_scored, round_started, trick_won

QC, AS = Card.parse("QC"), Card.parse("AS")
CASES: list[tuple[Callable[..., Event], type[Event], tuple[Any, ...]]] = [
    (round_started, RoundStarted, (3, 1, 3, QC, 2)),
    (bidding_done, BiddingDone, ((1, 0, 2), 2)),
    (trick_won, TrickWon, (1, ((2, QC), (0, AS), (1, QC)), 3)),
    (round_scored, RoundScored, (4, (1, 0), (1, 1), (15, -10), (40, -5))),
    (game_over, GameOver, ((40, 55, 55), (1, 2))),
]


@pytest.mark.parametrize(("build", "cls", "values"), CASES, ids=[cls.__name__ for _, cls, _ in CASES])
def test_builder_makes_the_constructors_event(
    build: Callable[..., Event], cls: type[Event], values: tuple[Any, ...]
) -> None:
    # A field added to an event class but not to its builder would stay unset: the == fails.
    built, made = build(*values), cls(*values)
    assert type(built) is cls
    assert built == made and hash(built) == hash(made) and repr(built) == repr(made)
    assert built.to_dict() == made.to_dict()
    first = dataclasses.fields(cls)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(built, first, 0)
