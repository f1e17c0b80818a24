"""What one seat (or a spectator) may see (sticks.md section 7).

``Game.view(seat)`` builds a :class:`View`: everything public plus the seat's own hand and own
uncompleted stick; ``Game.public_view()`` the same without either. A view is safe to hand to a
player, a computer player or a renderer.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .cards import Card
from .events import jsonable
from .melds import Meld
from .rules import Rules
from .sticks import Stick

__all__ = ["Completion", "RoundEnd", "TableMeld", "View"]


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table: its ``owner`` and the ``meld`` (with what each wild stands for)."""

    owner: int
    meld: Meld

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"owner": self.owner, "meld": str(self.meld), "kind": self.meld.kind}


@dataclass(frozen=True, slots=True)
class Completion:
    """A completed stick, face up: ``stick``, the ``round`` it was completed in, and ``order``,
    its place among the round's completions (0 for a Free drawn at the round's start)."""

    stick: Stick
    round: int
    order: int

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"stick": str(self.stick), "number": self.stick.number, "round": self.round}


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """The whole table as a round ended, before the next deal (for replays and reviews; every
    hand face up, so not for players' eyes while the game goes on).

    ``actions``: how many actions the game had seen once the round had ended (the ending
    action included); ``went_out``: the seat that emptied its hand (None: the cards ran out);
    ``hands`` by seat, sorted; ``melds`` in the order laid; ``discard`` bottom first; ``totals``
    and ``completed`` (completed sticks by seat) as they stood then, before the next round's
    Frees."""

    round: int
    actions: int
    went_out: int | None
    hands: tuple[tuple[Card, ...], ...]
    melds: tuple[TableMeld, ...]
    discard: tuple[Card, ...]
    totals: tuple[int, ...]
    completed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class View:
    """What ``seat`` may see now (``seat`` None: the public view).

    ``hand`` and ``stick`` are the viewer's own (None for the public view; ``stick`` is also None
    once the viewer's stick is completed this round). ``phase``: "draw", "play" or "over".
    ``picked_up``: the cards each seat drew from the discard pile this round (seen by all).
    ``melds``: every meld on the table in the order laid (a lay-off keeps its index).
    ``actions``: how many actions the game has seen (public: everyone watched them).
    ``last_round_end``: how the last round ended, None before any did: the number of actions
    once it had (equal to ``actions`` right after the action that ended it) and the seat that
    went out (None: the cards ran out).
    """

    seat: int | None
    players: int
    rules: Rules
    actions: int
    round: int
    dealer: int
    turn: int
    phase: str
    awaiting: tuple[int, ...]
    hand: tuple[Card, ...] | None
    stick: Stick | None
    has_stick: tuple[bool, ...]
    completed: tuple[tuple[Completion, ...], ...]
    melds: tuple[TableMeld, ...]
    discard_top: Card | None
    discard_size: int
    stock_size: int
    hand_sizes: tuple[int, ...]
    picked_up: tuple[tuple[Card, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    last_round_end: tuple[int, int | None] | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (cards, melds and sticks as strings)."""
        return {f.name: jsonable(getattr(self, f.name)) for f in fields(self)}
