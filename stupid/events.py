"""What happened: the events each action returns, in the order they happened.

Events are frozen dataclasses. Seats are indexes (0-based, clockwise); ``trick`` is the 1-based
number of the trick in its round; seat-indexed tuples are indexed by seat.
``event.to_dict()`` gives a JSON-able dict with a ``"type"`` key (the class name).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .cards import Card

__all__ = [
    "BidMade",
    "BiddingDone",
    "CardPlayed",
    "Event",
    "GameOver",
    "RoundScored",
    "RoundStarted",
    "TrickWon",
    "jsonable",
]

Plays = tuple[tuple[int, Card], ...]


def jsonable(value: object) -> Any:
    """``value`` with cards as their codes (``"QC"``), tuples as lists and enums as values."""
    if isinstance(value, Card):
        return value.code
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
        """A JSON-able dict: ``{"type": "CardPlayed", "seat": 2, "card": "QC", ...}``."""
        data: dict[str, Any] = {"type": type(self).__name__}
        for f in fields(self):
            data[f.name] = jsonable(getattr(self, f.name))
        return data


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """Round ``round`` was dealt: ``hand_size`` cards each, ``trump`` turned (its suit is trump).
    ``first`` bids first and leads the first trick (the seat left of ``dealer``)."""

    round: int
    dealer: int
    hand_size: int
    trump: Card
    first: int


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """``seat`` bid ``bid`` tricks."""

    seat: int
    bid: int


@dataclass(frozen=True, slots=True)
class BiddingDone(Event):
    """Every seat has bid (``bids`` by seat); ``leader`` leads the first trick."""

    bids: tuple[int, ...]
    leader: int


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
class RoundScored(Event):
    """Round ``round`` was scored: ``bids``, ``taken`` (tricks), ``scores`` and running ``totals``."""

    round: int
    bids: tuple[int, ...]
    taken: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The last round was scored. ``winners``: every seat with the highest total (ties share)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
