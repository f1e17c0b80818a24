"""What happened: the events each action returns, in order. All of them are public.

Events are frozen dataclasses; ``event.to_dict()`` gives a JSON-able dict with a ``"type"``
key. Seats are indexes (0-based, clockwise). A card drawn from the stock is not named (only
its owner may know it); everything else happens face up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardkit import records

from .cards import Card
from .melds import Meld
from .sticks import Stick

__all__ = [
    "CardDrawn",
    "Discarded",
    "Event",
    "FreeDrawn",
    "GameOver",
    "LaidOff",
    "MeldAdded",
    "RoundEnded",
    "RoundStarted",
    "StickCompleted",
    "StickDrawn",
    "StockRebuilt",
    "WildTaken",
    "jsonable",
]


def jsonable(value: object) -> Any:
    """``value`` with cards, melds and sticks as strings and tuples as lists."""
    return records.jsonable(value)


@dataclass(frozen=True, slots=True)
class Event(records.Record):
    """Base class of every event; ``to_dict()`` writes a card as ``"7♥"``."""


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """Round ``round`` was dealt by ``dealer``; ``first`` plays first; ``discard`` is face up."""

    round: int
    dealer: int
    first: int
    discard: Card


@dataclass(frozen=True, slots=True)
class StickDrawn(Event):
    """``seat`` drew a stick from the bag in secret."""

    seat: int


@dataclass(frozen=True, slots=True)
class FreeDrawn(Event):
    """``seat`` drew a Free stick: laid face up, completed, and ``seat`` draws again."""

    seat: int


@dataclass(frozen=True, slots=True)
class StockRebuilt(Event):
    """The stock ran out: the discard pile but its top card was shuffled into ``size`` cards."""

    size: int


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """``seat`` drew from ``source`` ("stock" or "discard"); ``card`` only for the discard."""

    seat: int
    source: str
    card: Card | None


@dataclass(frozen=True, slots=True)
class StickCompleted(Event):
    """``seat`` laid down ``melds`` (table indexes ``first``...) completing ``stick``."""

    seat: int
    stick: Stick
    melds: tuple[Meld, ...]
    first: int


@dataclass(frozen=True, slots=True)
class MeldAdded(Event):
    """``seat`` laid down one more ``meld`` as table meld number ``index``."""

    seat: int
    index: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class LaidOff(Event):
    """``seat`` laid ``cards`` off on table meld ``index``, which is now ``meld``."""

    seat: int
    index: int
    cards: tuple[Card, ...]
    meld: Meld


@dataclass(frozen=True, slots=True)
class WildTaken(Event):
    """``seat`` put ``card`` in table meld ``index`` and took ``wild`` from it."""

    seat: int
    index: int
    card: Card
    wild: Card


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """``seat`` discarded ``card``, ending the turn."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """Round ``round`` ended: ``went_out`` emptied their hand (None: the cards ran out).
    ``completed``: each seat's completed sticks after the round."""

    round: int
    went_out: int | None
    completed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended: ``totals`` by the scoring option, ``winners`` (ties may share)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
