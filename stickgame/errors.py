"""Errors: ``RuleError`` for an illegal action, ``CorruptGameError`` for a bad saved game.

A ``RuleError``'s message is a sentence for the player who acted. The engine raises it before
changing anything, so a rejected action leaves the game as it was.
"""

from __future__ import annotations

__all__ = ["CorruptGameError", "MeldError", "RuleError"]


class RuleError(Exception):
    """An action the rules do not allow. Nothing was changed. ``seat``: who tried (or None);
    ``turn_of``: the seats whose turn it is, when that is why (a host names them)."""

    def __init__(self, message: str, *, seat: int | None = None, turn_of: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.seat = seat
        self.turn_of = turn_of

    def __str__(self) -> str:
        return self.message


class MeldError(RuleError):
    """Cards that do not make the meld or stick asked for.

    ``need``: what was asked ("a run of 4 needs 4 cards of one suit in sequence");
    ``problem``: what is wrong with the cards ("7♥ 8♥ 10♥ has a gap at 9♥").
    """

    def __init__(self, need: str, problem: str) -> None:
        super().__init__(f"{need}; {problem}")
        self.need = need
        self.problem = problem


class CorruptGameError(ValueError):
    """A saved game that cannot be loaded: malformed, tampered with, or replaying illegally."""
