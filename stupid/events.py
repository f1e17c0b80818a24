"""What happened: the events each action returns, in the order they happened.

Events are frozen dataclasses. Seats are indexes (0-based, clockwise); ``trick`` is the 1-based
number of the trick in its round; seat-indexed tuples are indexed by seat.
``event.to_dict()`` gives a JSON-able dict with a ``"type"`` key (the class name).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, Final

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


# ---------------------------------------------------------------------------- fast builders
# The engine builds several of these events per trick and round. A frozen dataclass's __init__
# stores each field with object.__setattr__(self, name, value); setting the slots through their
# descriptors (``new_event`` and every one of ``event_setters(cls)``) is about twice as fast,
# and the result is the very same event: no field has a default and no class a __post_init__.
# For the engine's use only.

new_event: Final = object.__new__
"""``new_event(cls)``: an event of class ``cls`` whose fields are all still to be set."""


def event_setters(cls: type[Event]) -> tuple[Callable[[Event, Any], None], ...]:
    """The slot setters of ``cls``'s fields, in field order."""
    return tuple(vars(cls)[f.name].__set__ for f in fields(cls))


_BD_BIDS, _BD_LEADER = event_setters(BiddingDone)
_GO_TOTALS, _GO_WINNERS = event_setters(GameOver)


def bidding_done(bids: tuple[int, ...], leader: int) -> BiddingDone:
    """``BiddingDone(bids, leader)``, built faster."""
    event: BiddingDone = new_event(BiddingDone)
    _BD_BIDS(event, bids)
    _BD_LEADER(event, leader)
    return event


def game_over(totals: tuple[int, ...], winners: tuple[int, ...]) -> GameOver:
    """``GameOver(totals, winners)``, built faster."""
    event: GameOver = new_event(GameOver)
    _GO_TOTALS(event, totals)
    _GO_WINNERS(event, winners)
    return event
