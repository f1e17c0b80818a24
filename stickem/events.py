"""What happened: the events each action returns, in the order they happened.

Events are frozen dataclasses. Seats are indexes (0-based, clockwise); ``trick`` is the
1-based number of the trick in its round. ``event.to_dict()`` gives a JSON-able dict with a
``"type"`` key (the class name).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardkit import records

from .cards import Card

__all__ = [
    "CardPlayed",
    "Event",
    "GameOver",
    "MiseryChosen",
    "MiseryRevealed",
    "RoundScored",
    "RoundStarted",
    "TrickSetAside",
    "TrickWon",
    "jsonable",
]

Plays = tuple[tuple[int, Card], ...]


def jsonable(value: object) -> Any:
    """``value`` with cards as strings and tuples as lists, ready for ``json.dumps``."""
    return records.jsonable(value)


@dataclass(frozen=True, slots=True)
class Event(records.Record):
    """Base class of every event; ``to_dict()`` writes a card as ``"red 7"``."""


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round was dealt. ``dealer`` leads its first trick (``leader``, the same seat).

    ``undealt``: the cards left out of the deal (7 players: 3 cards, shown to everyone).
    """

    round: int
    dealer: int
    leader: int
    undealt: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class MiseryChosen(Event):
    """A seat picked its misery card (which card stays secret until the reveal)."""

    seat: int


@dataclass(frozen=True, slots=True)
class MiseryRevealed(Event):
    """Every seat has picked: the misery cards, indexed by seat, are shown together."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` played ``card`` to trick number ``trick``."""

    seat: int
    card: Card
    trick: int


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """``winner`` took trick number ``trick``; ``plays`` are (seat, card) in play order."""

    winner: int
    plays: Plays
    trick: int


@dataclass(frozen=True, slots=True)
class TrickSetAside(Event):
    """An all-zero trick under ``all_zero="nobody"``: nobody takes it; ``leader`` leads again."""

    plays: Plays
    trick: int
    leader: int


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """A round ended and was scored; every tuple is indexed by seat.

    ``scores``: this round's scores; ``totals``: running totals after it; ``misery_cards``: the
    revealed picks; ``captured_misery``: the captured cards of each seat's misery color (the
    ones that cost points), sorted; ``captured_counts``: how many cards each seat captured.
    """

    round: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    misery_cards: tuple[Card, ...]
    captured_misery: tuple[tuple[Card, ...], ...]
    captured_counts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The last round was scored. ``winners``: every seat with the highest total (ties share)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
