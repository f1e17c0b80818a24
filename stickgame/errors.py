"""Errors: ``RuleError`` for an illegal action, ``CorruptGameError`` for a bad saved game.

A ``RuleError``'s message is an English sentence for the player who acted (what a library user
or the terminal reads). Beside it, ``code`` and ``fields`` name the refusal without words, so
that a presentation can say it in the reader's language (:mod:`stickgame.refusals`); a
``MeldError`` names what was asked and what is wrong as :class:`Reason` s. The engine raises it
before changing anything, so a rejected action leaves the game as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["CorruptGameError", "MeldError", "Reason", "RuleError"]


@dataclass(frozen=True)
class Reason:
    """One part of a refusal: its English ``text``, and the same as a ``code`` with the
    ``fields`` it names (cards, counts, a suit, a :class:`stickgame.sticks.Need`...)."""

    text: str
    code: str
    fields: Mapping[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text


class RuleError(Exception):
    """An action the rules do not allow. Nothing was changed. ``seat``: who tried (or None);
    ``turn_of``: the seats whose turn it is, when that is why (a host names them); ``code`` and
    ``fields``: the refusal without words ("" when the action named no action at all)."""

    def __init__(
        self,
        message: str,
        *,
        seat: int | None = None,
        turn_of: tuple[int, ...] = (),
        code: str = "",
        fields: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.seat = seat
        self.turn_of = turn_of
        self.code = code
        self.fields: Mapping[str, object] = dict(fields or {})

    def __str__(self) -> str:
        return self.message


class MeldError(RuleError):
    """Cards that do not make the meld or stick asked for.

    ``need``: what was asked ("a run of 4 needs 4 cards of one suit in sequence");
    ``problem``: what is wrong with the cards ("7♥ 8♥ 10♥ has a gap at 9♥"); each a
    :class:`Reason` in ``asked`` and ``wrong`` (code "meld").
    """

    def __init__(self, need: str | Reason, problem: str | Reason) -> None:
        asked = need if isinstance(need, Reason) else Reason(need, "")
        wrong = problem if isinstance(problem, Reason) else Reason(problem, "")
        super().__init__(f"{asked.text}; {wrong.text}", code="meld")
        self.need = asked.text
        self.problem = wrong.text
        self.asked = asked
        self.wrong = wrong


class CorruptGameError(ValueError):
    """A saved game that cannot be loaded: malformed, tampered with, or replaying illegally."""
