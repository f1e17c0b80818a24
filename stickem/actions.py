"""An action a seat takes: pick a misery card or play a card. A game is its actions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from .cards import Card

__all__ = ["ACTION_KINDS", "Action"]

ACTION_KINDS: Final[tuple[str, ...]] = ("misery", "play")


@dataclass(frozen=True, slots=True)
class Action:
    """``kind`` is ``"misery"`` (pick a misery card) or ``"play"`` (play a card to the trick)."""

    kind: Literal["misery", "play"]
    seat: int
    card: Card

    def __post_init__(self) -> None:
        if self.kind not in ACTION_KINDS:
            raise ValueError(f"unknown action kind {self.kind!r}; kinds are 'misery', 'play'")
        if not isinstance(self.card, Card):
            raise ValueError(f"{self.card!r} is not a Card")

    def __str__(self) -> str:
        verb = "picks misery card" if self.kind == "misery" else "plays"
        return f"seat {self.seat} {verb} {self.card}"
