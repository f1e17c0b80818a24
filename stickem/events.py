"""What happened: the events each action returns, in the order they happened.

Events are frozen dataclasses. Seats are indexes (0-based, clockwise); ``trick`` is the
1-based number of the trick in its round. ``event.to_dict()`` gives a JSON-able dict with a
``"type"`` key (the class name).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

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
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple | list):
        return [jsonable(item) for item in value]
    if isinstance(value, dict):
        return {str(key): jsonable(item) for key, item in value.items()}
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if hasattr(value, "value") and not isinstance(value, int | str | float | bool):
        return value.value  # enums
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of every event."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict: ``{"type": "CardPlayed", "seat": 2, "card": "red 7", ...}``."""
        data: dict[str, Any] = {"type": type(self).__name__}
        for f in fields(self):
            data[f.name] = jsonable(getattr(self, f.name))
        return data


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
