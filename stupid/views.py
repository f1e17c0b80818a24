"""What one seat (or a spectator) may see of a game: rules section 6.

A ``View`` is a frozen snapshot built by ``Game.view(seat)``. It holds the viewer's own hand
only (None for a spectator), so it is safe to hand to a player, a computer player or a renderer.

Decision: ``tricks`` (every completed trick of the round) is in every view. Each card was
played face up in front of everyone, so remembering them is part of the game and computer
players may; front ends for people can show just ``last_trick`` as section 6 lists.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from cardkit import records

from .cards import Card, Suit
from .events import Event, jsonable
from .phase import Phase
from .rules import Rules

__all__ = ["CompletedTrick", "View"]

Plays = tuple[tuple[int, Card], ...]


@dataclass(frozen=True, slots=True)
class CompletedTrick(records.Fields):
    """A finished trick: its number in the round, (seat, card) in play order, who took it."""

    number: int
    plays: Plays
    winner: int

    card_text = Event.card_text  # cards as their codes, as the events write them


@dataclass(frozen=True, slots=True)
class View:
    """Everything ``seat`` may see now (``seat`` None: a spectator, public information only).

    Seat-indexed tuples are indexed by seat. ``hand`` is the viewer's own, sorted (None for a
    spectator); ``hand_sizes`` counts every hand. ``bids`` holds None for a seat yet to bid;
    ``forbidden_bid`` is the number the dealer may not bid (None when unrestricted or not in
    the bidding). ``trick`` is the trick being played, ``tricks`` the completed ones of this
    round, ``last_trick`` the latest of them. ``legal`` lists what the viewer may do now:
    bids (ints) in the bidding, distinct cards in the tricks, () when it is not its turn.
    After the game the last round's state stays visible.
    """

    seat: int | None
    players: int
    rules: Rules
    decks: int
    phase: Phase
    round: int
    rounds: int
    hand_size: int
    dealer: int
    trump: Card
    awaiting: tuple[int, ...]
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    bids: tuple[int | None, ...]
    forbidden_bid: int | None
    tricks_taken: tuple[int, ...]
    leader: int
    trick: Plays
    lead_suit: Suit | None
    tricks: tuple[CompletedTrick, ...]
    last_trick: CompletedTrick | None
    legal: tuple[int, ...] | tuple[Card, ...]
    round_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def trump_suit(self) -> Suit:
        """The trump suit of this round."""
        return self.trump.suit

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (cards as codes, enums as their values)."""
        return {f.name: jsonable(getattr(self, f.name)) for f in fields(self)}
