"""What one seat (or a spectator) may see of a game: RULES section 8.

A ``View`` is a frozen snapshot built by ``Game.view(seat)``. It never holds another seat's
hand, captured cards or unrevealed misery pick, so it is safe to hand to a player, a computer
player or a renderer.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from cardkit import records

from .cards import Card, Color
from .events import jsonable
from .phase import Phase
from .rules import Rules

__all__ = ["CompletedTrick", "View"]

Plays = tuple[tuple[int, Card], ...]


@dataclass(frozen=True, slots=True)
class CompletedTrick(records.Fields):
    """A finished trick: its number in the round, (seat, card) in play order, and who took it
    (None when it was set aside under ``all_zero="nobody"``)."""

    number: int
    plays: Plays
    winner: int | None


@dataclass(frozen=True, slots=True)
class View:
    """Everything ``seat`` may see now (``seat`` None: a spectator, public information only).

    Seat-indexed tuples are indexed by seat. ``hand``, ``misery_pick`` and ``captured`` are the
    viewer's own (None for spectators). ``misery_cards`` are None until the simultaneous reveal,
    even for seats that have picked; ``picked`` tells who has. ``trick`` is the trick being
    played, ``tricks`` every completed trick of this round and ``last_trick`` the latest of them
    (None before the round's first trick is complete; the round just scored is told by the
    ``RoundScored`` event and ``round_scores``).
    ``trick_number`` is 0 when no trick is being played (misery choice, game over).

    Decision: ``tricks`` is in every view, the public one too. Every card of a completed trick was
    played face up in front of everyone, so the history is what each player (and a spectator at the
    table) witnessed; remembering it is part of the game (RULES section 8), and computer players are
    allowed that memory. What stays hidden is the piles as such: ``captured`` is the viewer's own
    only, and front ends for people show just ``last_trick``, as the rules ask of the table.
    """

    seat: int | None
    players: int
    rules: Rules
    phase: Phase
    round: int
    rounds: int
    trick_number: int
    dealer: int
    leader: int
    awaiting: tuple[int, ...]
    hand: tuple[Card, ...] | None
    misery_pick: Card | None
    picked: tuple[bool, ...]
    misery_cards: tuple[Card | None, ...]
    undealt: tuple[Card, ...]
    trick: Plays
    lead_color: Color | None
    last_trick: CompletedTrick | None
    tricks: tuple[CompletedTrick, ...]
    captured_counts: tuple[int, ...]
    captured: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (cards as strings, enums as their values)."""
        return {f.name: jsonable(getattr(self, f.name)) for f in fields(self)}
