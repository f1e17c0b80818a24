"""Errors: ``RuleError`` for an illegal action, ``CorruptGameError`` for a bad saved game.

A ``RuleError``'s message is written for the player who acted ("it is not your turn"); its
fields (``seat``, ``awaited``, ``card``) let a front end rephrase it with player names.
The engine raises it before changing anything, so a rejected action leaves the game as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import Card

__all__ = [
    "AlreadyChosen",
    "CardNotInHand",
    "CorruptGameError",
    "GameIsOver",
    "InvalidSeat",
    "NotYourTurn",
    "RoundOver",
    "RuleError",
    "WrongPhase",
]


class RuleError(Exception):
    """An action the rules do not allow. Nothing was changed.

    ``seat``: the seat that tried to act (None if it was not a seat at all);
    ``awaited``: the seats the game is waiting for; ``card``: the card involved, if any.
    """

    def __init__(
        self,
        message: str,
        *,
        seat: int | None = None,
        awaited: tuple[int, ...] = (),
        card: Card | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.seat = seat
        self.awaited = awaited
        self.card = card

    def __str__(self) -> str:
        return self.message


class NotYourTurn(RuleError):
    """The seat may not act now: another seat is to play."""


class CardNotInHand(RuleError):
    """The card is not in the acting seat's hand (or is not a card of this game)."""


class WrongPhase(RuleError):
    """The action belongs to another phase (e.g. playing while misery cards are picked)."""


class GameIsOver(WrongPhase):
    """The game has ended; no action is possible."""


class RoundOver(WrongPhase):
    """The action was meant for another round than the current one (a stale button)."""


class AlreadyChosen(RuleError):
    """The seat has already picked its misery card this round; a pick is final."""


class InvalidSeat(RuleError):
    """The seat is not a seat of this game."""


class CorruptGameError(ValueError):
    """A saved game that cannot be loaded: malformed, tampered with, or replaying illegally."""
