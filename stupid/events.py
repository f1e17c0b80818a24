"""What happened: the events each action returns, in the order they happened.

Events are frozen dataclasses. Seats are indexes (0-based, clockwise); ``trick`` is the 1-based
number of the trick in its round; seat-indexed tuples are indexed by seat.
``event.to_dict()`` gives a JSON-able dict with a ``"type"`` key (the class name).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import Any, Final

from cardkit import records

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


def _code(card: Card) -> str:
    return card.code


def jsonable(value: object) -> Any:
    """``value`` with cards as their codes (``"QC"``), tuples as lists and enums as values."""
    return records.jsonable(value, _code)


@dataclass(frozen=True, slots=True)
class Event(records.Record):
    """Base class of every event; ``to_dict()`` writes a card as its code: ``"QC"``."""

    card_text = _code


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
# The engine builds a TrickWon per trick and a RoundStarted and a RoundScored per round. A frozen
# dataclass's __init__ stores each field with object.__setattr__(self, name, value); the
# builders below make the object with object.__new__ and set its slots through their
# descriptors' __set__, about twice as fast (benchmarks/stupid_engine.py: 2-4% of a whole
# game). The result is the very same event: no field has a default and no event class a
# __post_init__ (checked at import by _setters). tests/stupid/test_events.py compares each
# builder with its constructor.
# For the engine's use; everyone else calls the classes.

_new: Final = object.__new__


def _setters(cls: type[Event], *names: str) -> tuple[Callable[[Event, Any], None], ...]:
    """The slot setters of ``cls``'s fields ``names``, which must be all its fields in order,
    none with a default and the class without ``__post_init__`` (else the builder would not make
    what the constructor makes: checked at import)."""
    declared = fields(cls)
    if tuple(f.name for f in declared) != names or hasattr(cls, "__post_init__"):
        raise TypeError(f"the fast builder of {cls.__name__} no longer matches its fields")
    if any(f.default is not MISSING or f.default_factory is not MISSING for f in declared):
        raise TypeError(f"a field of {cls.__name__} has a default its fast builder would skip")
    return tuple(vars(cls)[name].__set__ for name in names)


_RS_ROUND, _RS_DEALER, _RS_HAND_SIZE, _RS_TRUMP, _RS_FIRST = _setters(
    RoundStarted, "round", "dealer", "hand_size", "trump", "first"
)
_BD_BIDS, _BD_LEADER = _setters(BiddingDone, "bids", "leader")
_TW_WINNER, _TW_PLAYS, _TW_TRICK = _setters(TrickWon, "winner", "plays", "trick")
_SC_ROUND, _SC_BIDS, _SC_TAKEN, _SC_SCORES, _SC_TOTALS = _setters(
    RoundScored, "round", "bids", "taken", "scores", "totals"
)
_GO_TOTALS, _GO_WINNERS = _setters(GameOver, "totals", "winners")


def round_started(round: int, dealer: int, hand_size: int, trump: Card, first: int) -> RoundStarted:
    """``RoundStarted(round, dealer, hand_size, trump, first)``, built faster."""
    event: RoundStarted = _new(RoundStarted)
    _RS_ROUND(event, round)
    _RS_DEALER(event, dealer)
    _RS_HAND_SIZE(event, hand_size)
    _RS_TRUMP(event, trump)
    _RS_FIRST(event, first)
    return event


def bidding_done(bids: tuple[int, ...], leader: int) -> BiddingDone:
    """``BiddingDone(bids, leader)``, built faster."""
    event: BiddingDone = _new(BiddingDone)
    _BD_BIDS(event, bids)
    _BD_LEADER(event, leader)
    return event


def trick_won(winner: int, plays: Plays, trick: int) -> TrickWon:
    """``TrickWon(winner, plays, trick)``, built faster."""
    event: TrickWon = _new(TrickWon)
    _TW_WINNER(event, winner)
    _TW_PLAYS(event, plays)
    _TW_TRICK(event, trick)
    return event


def round_scored(
    round: int,
    bids: tuple[int, ...],
    taken: tuple[int, ...],
    scores: tuple[int, ...],
    totals: tuple[int, ...],
) -> RoundScored:
    """``RoundScored(round, bids, taken, scores, totals)``, built faster."""
    event: RoundScored = _new(RoundScored)
    _SC_ROUND(event, round)
    _SC_BIDS(event, bids)
    _SC_TAKEN(event, taken)
    _SC_SCORES(event, scores)
    _SC_TOTALS(event, totals)
    return event


def game_over(totals: tuple[int, ...], winners: tuple[int, ...]) -> GameOver:
    """``GameOver(totals, winners)``, built faster."""
    event: GameOver = _new(GameOver)
    _GO_TOTALS(event, totals)
    _GO_WINNERS(event, winners)
    return event
