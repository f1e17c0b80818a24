"""Errors: ``RuleError`` for an illegal action, ``CorruptGameError`` for a bad saved game.

A ``RuleError``'s message is a sentence for the player who acted ("you must follow suit:
play a ♥"); its fields (``seat``, ``awaited``) let a front end rephrase it with names. The
engine raises it before changing anything, so a rejected action leaves the game as it was.
"""

from __future__ import annotations

__all__ = [
    "BidOutOfRange",
    "CardNotInHand",
    "CorruptGameError",
    "ForbiddenBid",
    "GameIsOver",
    "InvalidSeat",
    "MustFollowSuit",
    "NotYourTurn",
    "RuleError",
    "WrongPhase",
]


class RuleError(Exception):
    """An action the rules do not allow. Nothing was changed.

    ``seat``: the seat that tried to act (None if it is not a seat of the game);
    ``awaited``: the seats the game is waiting for.
    """

    def __init__(self, message: str, *, seat: int | None = None, awaited: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.seat = seat
        self.awaited = awaited

    def __str__(self) -> str:
        return self.message


class NotYourTurn(RuleError):
    """The seat may not act now: another seat is to bid or play."""


class WrongPhase(RuleError):
    """The action belongs to another phase (playing a card while bids are made, or the reverse)."""


class GameIsOver(WrongPhase):
    """The game has ended; no action is possible."""


class InvalidSeat(RuleError):
    """The seat is not a seat of this game."""


class BidOutOfRange(RuleError):
    """A bid that is not a whole number from 0 to the hand size."""


class ForbiddenBid(RuleError):
    """The dealer's bid that would make the bids add up to the hand size (rules section 3).

    ``forbidden``: that number.
    """

    def __init__(
        self, message: str, *, forbidden: int, seat: int | None = None, awaited: tuple[int, ...] = ()
    ) -> None:
        super().__init__(message, seat=seat, awaited=awaited)
        self.forbidden = forbidden


class MustFollowSuit(RuleError):
    """The seat holds a card of the suit led and played another suit. ``suit``: the suit led."""

    def __init__(
        self, message: str, *, suit: object, seat: int | None = None, awaited: tuple[int, ...] = ()
    ) -> None:
        super().__init__(message, seat=seat, awaited=awaited)
        self.suit = suit


class CardNotInHand(RuleError):
    """The card is not in the acting seat's hand (or is not a card at all)."""


class CorruptGameError(ValueError):
    """A saved game that cannot be loaded: malformed, tampered with, or replaying illegally."""
