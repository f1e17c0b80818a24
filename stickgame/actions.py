"""Actions a seat takes, as frozen values with a compact text form for the action log.

``encode()`` gives one line of ASCII; ``decode(text)`` reads it back (``decode(a.encode()) == a``).
The seat is not part of an action: ``game.apply(seat, action)``.

=================  ===========================================  ==============================
action             meaning                                      text
=================  ===========================================  ==============================
DrawStock          draw the top card of the stock              ``S``
DrawDiscard        draw the top card of the discard pile       ``D``
LayDown            lay down the melds that complete your stick ``L 4C 5C * 7C | 9S 9H 9H``
AddMeld            lay down one more set or run (after)        ``M run up 7H 8H *``
LayOff             add cards to a meld on the table (after)    ``O 3 8H``
TakeWild           swap naturals for wilds, then lay down      ``W 3 7H / L ...``
Discard            discard a card, ending the turn             ``X 7H``
=================  ===========================================  ==============================

A meld may start with its kind (``set``/``run``) and a placement (``up``/``down``/a start
position); cards are written in their codes (``7H``, ``10C``, ``AS``, ``*`` for a joker).
Identical cards of the four decks are equal, so the log names cards by value only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .cards import Card
from .melds import Placement

__all__ = [
    "Action",
    "AddMeld",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "LayDown",
    "LayOff",
    "MeldPlay",
    "Swap",
    "TakeWild",
    "decode",
]


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(card.code for card in cards)


def _placement_text(placement: Placement | None) -> list[str]:
    return [] if placement is None else [str(placement)]


@dataclass(frozen=True, slots=True)
class MeldPlay:
    """Cards to lay down as one meld; ``kind`` ("set"/"run"/"wild5") and ``placement`` (for a
    run: "up", "down" or the lowest card's position) are optional: the engine then reads the
    cards as the stick needs, by default a set, and a run's wilds upward."""

    cards: tuple[Card, ...]
    kind: str | None = None
    placement: Placement | None = None

    def encode(self) -> str:
        """The meld's text: ``"run up 7H 8H *"``."""
        head = ([self.kind] if self.kind else []) + _placement_text(self.placement)
        return " ".join([*head, _cards(self.cards)])

    @classmethod
    def decode(cls, text: str) -> MeldPlay:
        """Inverse of ``encode``."""
        tokens = text.split()
        kind: str | None = None
        placement: Placement | None = None
        if tokens and tokens[0] in ("set", "run", "wild5"):
            kind = tokens.pop(0)
        if tokens and (tokens[0] in ("up", "down") or tokens[0].isdigit()):
            word = tokens.pop(0)
            placement = int(word) if word.isdigit() else ("up" if word == "up" else "down")
        return cls(tuple(Card.parse(token) for token in tokens), kind, placement)


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of every action."""

    CODE: ClassVar[str] = "?"

    def encode(self) -> str:
        """The action as one line of text."""
        return self.CODE


@dataclass(frozen=True, slots=True)
class DrawStock(Action):
    """Draw the top card of the stock."""

    CODE: ClassVar[str] = "S"


@dataclass(frozen=True, slots=True)
class DrawDiscard(Action):
    """Draw the top card of the discard pile."""

    CODE: ClassVar[str] = "D"


@dataclass(frozen=True, slots=True)
class LayDown(Action):
    """Lay down exactly the melds your stick names, completing it."""

    CODE: ClassVar[str] = "L"
    melds: tuple[MeldPlay, ...]

    def encode(self) -> str:
        """``L <meld> | <meld> ...``."""
        return "L " + " | ".join(meld.encode() for meld in self.melds)


@dataclass(frozen=True, slots=True)
class AddMeld(Action):
    """Lay down one more set or run (only after completing your stick)."""

    CODE: ClassVar[str] = "M"
    meld: MeldPlay

    def encode(self) -> str:
        """``M <meld>``."""
        return "M " + self.meld.encode()


@dataclass(frozen=True, slots=True)
class LayOff(Action):
    """Add ``cards`` to the table's meld number ``meld`` (only after completing your stick)."""

    CODE: ClassVar[str] = "O"
    meld: int
    cards: tuple[Card, ...]
    placement: Placement | None = None

    def encode(self) -> str:
        """``O <meld index> [placement] <cards>``."""
        return " ".join(["O", str(self.meld), *_placement_text(self.placement), _cards(self.cards)])


@dataclass(frozen=True, slots=True)
class Swap:
    """Put the natural ``card`` from your hand in place of the wild it stands for in table
    meld number ``meld``; ``wild`` picks which wild where a set holds several (default: the
    first)."""

    meld: int
    card: Card
    wild: Card | None = None

    def encode(self) -> str:
        """``<meld>:<card>[:<wild>]``."""
        return f"{self.meld}:{self.card.code}" + (f":{self.wild.code}" if self.wild else "")


@dataclass(frozen=True, slots=True)
class TakeWild(Action):
    """Take wild cards from the table (``swaps``) and use them at once in ``then`` (a LayDown
    completing your stick or an AddMeld); the take and its use are one action, so a wild that
    could not be used is never taken (sticks.md 5.4: "otherwise the swap is refused")."""

    CODE: ClassVar[str] = "W"
    swaps: tuple[Swap, ...]
    then: LayDown | AddMeld

    def encode(self) -> str:
        """``W <swap> <swap> / <LayDown or AddMeld text>``."""
        return "W " + " ".join(swap.encode() for swap in self.swaps) + " / " + self.then.encode()


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard ``card``, ending the turn."""

    CODE: ClassVar[str] = "X"
    card: Card

    def encode(self) -> str:
        """``X <card>``."""
        return f"X {self.card.code}"


def decode(text: str) -> Action:
    """Read an action written by ``encode``; ValueError naming the problem."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"{text!r} is not an action")
    code, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    try:
        if code == "S" and not rest:
            return DrawStock()
        if code == "D" and not rest:
            return DrawDiscard()
        if code == "X":
            return Discard(Card.parse(rest))
        if code == "L":
            return LayDown(tuple(MeldPlay.decode(part) for part in rest.split("|")))
        if code == "M":
            return AddMeld(MeldPlay.decode(rest))
        if code == "O":
            index, _, tail = rest.partition(" ")
            meld = MeldPlay.decode(tail)
            return LayOff(int(index), meld.cards, meld.placement)
        if code == "W":
            swaps_text, _, then_text = rest.partition(" / ")
            swaps = []
            for part in swaps_text.split():
                fields = part.split(":")
                wild = Card.parse(fields[2]) if len(fields) > 2 else None
                swaps.append(Swap(int(fields[0]), Card.parse(fields[1]), wild))
            then = decode(then_text)
            if not isinstance(then, LayDown | AddMeld):
                raise ValueError("a taken wild must be used in a LayDown or AddMeld")
            return TakeWild(tuple(swaps), then)
    except (ValueError, IndexError) as error:
        raise ValueError(f"{text!r} is not an action: {error}") from None
    raise ValueError(f"{text!r} is not an action; actions start with S, D, L, M, O, W or X")
