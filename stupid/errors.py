"""Errors: ``RuleError`` for an illegal action, ``CorruptGameError`` for a bad saved game.

A ``RuleError``'s message is an English sentence for the player who acted ("you must follow
suit: play a ♥"), its ``str()`` for library users; its fields (``seat``, ``awaited``) let a front
end rephrase it with names, and its ``code`` and ``details`` say the same as data (the refused
bid, the suit led...), so that a front end can word it in any language without reading the
English (``stupid.refusals`` does, for the host). The engine raises it before changing anything,
so a rejected action leaves the game as it was.
"""

from __future__ import annotations

from collections.abc import Mapping

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
    ``awaited``: the seats the game is waiting for; ``code``: the kind of refusal (the class's
    :attr:`CODE` unless the raise names a finer one); ``details``: the values the sentence
    names, by name (each class's docstring lists its codes and details).
    """

    CODE: str = "rule"

    def __init__(
        self,
        message: str,
        *,
        seat: int | None = None,
        awaited: tuple[int, ...] = (),
        code: str | None = None,
        details: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.seat = seat
        self.awaited = awaited
        self.code = code or self.CODE
        self.details: Mapping[str, object] = dict(details or {})

    def __str__(self) -> str:
        return self.message


class NotYourTurn(RuleError):
    """The seat may not act now: another seat is to bid or play. Codes ``not_your_turn_bid``
    and ``not_your_turn_play``; the seats awaited are ``awaited``."""

    CODE = "not_your_turn_play"


class WrongPhase(RuleError):
    """The action belongs to another phase: code ``bidding_not_over`` (a card played while bids
    are made) or ``bidding_over`` (a bid during the tricks)."""

    CODE = "bidding_not_over"


class GameIsOver(WrongPhase):
    """The game has ended; no action is possible (code ``game_over``)."""

    CODE = "game_over"


class InvalidSeat(RuleError):
    """The seat is not a seat of this game (code ``invalid_seat``; details: ``players``)."""

    CODE = "invalid_seat"


class BidOutOfRange(RuleError):
    """A bid that is not a whole number from 0 to the hand size (code ``bid_out_of_range``;
    details: ``bid``, the number or value given, and ``hand``, the hand size)."""

    CODE = "bid_out_of_range"


class ForbiddenBid(RuleError):
    """The dealer's bid that would make the bids add up to the hand size (rules section 3).

    ``forbidden``: that number. Code ``forbidden_bid``; details: ``bid`` (that number),
    ``bid_sum`` (the others' bids added up) and ``hand`` (the hand size).
    """

    CODE = "forbidden_bid"

    def __init__(
        self,
        message: str,
        *,
        forbidden: int,
        seat: int | None = None,
        awaited: tuple[int, ...] = (),
        details: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message, seat=seat, awaited=awaited, details=details)
        self.forbidden = forbidden


class MustFollowSuit(RuleError):
    """The seat holds a card of the suit led and played another suit. ``suit``: the suit led
    (code ``must_follow_suit``; details: ``suit``)."""

    CODE = "must_follow_suit"

    def __init__(
        self, message: str, *, suit: object, seat: int | None = None, awaited: tuple[int, ...] = ()
    ) -> None:
        super().__init__(message, seat=seat, awaited=awaited, details={"suit": suit})
        self.suit = suit


class CardNotInHand(RuleError):
    """The card is not in the acting seat's hand (code ``card_not_in_hand``; details: ``card``),
    or is not a card at all (code ``not_a_card``)."""

    CODE = "card_not_in_hand"


class CorruptGameError(ValueError):
    """A saved game that cannot be loaded: malformed, tampered with, or replaying illegally."""
