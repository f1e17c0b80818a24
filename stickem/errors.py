"""Errors: ``RuleError`` for an illegal action, ``CorruptGameError`` for a bad saved game.

A ``RuleError``'s message is written for the player who acted ("it is not your turn"), in English
for the library's users; its ``code`` names the refusal (``not_your_turn``...: see
:data:`CODES`) and its fields (``seat``, ``awaited``, ``card``, ``round``) let a front end say it
in its own words and language (the Discord host does: :mod:`stickem.hosting`).
The engine raises it before changing anything, so a rejected action leaves the game as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import Card

__all__ = [
    "CODES",
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

CODES = frozenset(
    {
        "game_over",
        "no_seat",
        "round_over",
        "round_not_started",
        "misery_pending",
        "misery_revealed",
        "not_your_turn",
        "already_picked",
        "not_a_card",
        "misery_card",
        "not_in_hand",
    }
)
"""Every ``RuleError.code``: the game is over; no such seat; the round meant is over, or has not
started yet (``round``); the misery cards are still being picked, or already revealed; not the
seat's turn; a misery card already picked; not a card at all; the seat's misery card (never
played); a card not in the hand (``card``)."""


class RuleError(Exception):
    """An action the rules do not allow. Nothing was changed.

    ``seat``: the seat that tried to act (None if it was not a seat at all);
    ``awaited``: the seats the game is waiting for; ``card``: the card involved, if any;
    ``code``: which refusal it is (one of :data:`CODES`, "" if the raiser gave none);
    ``round``: the round the action was meant for, where that is the reason.
    """

    def __init__(
        self,
        message: str,
        *,
        seat: int | None = None,
        awaited: tuple[int, ...] = (),
        card: Card | None = None,
        code: str = "",
        round: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.seat = seat
        self.awaited = awaited
        self.card = card
        self.code = code
        self.round = round

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
