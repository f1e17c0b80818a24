"""The options of a game (rules section 7) and the player limits (section 1).

``Rules()`` is the standard game: ``decks=None`` (one deck per seven players, counted when the
game starts) and ``max_hand=7`` (13 rounds of 1..7..1 cards). ``Rules.OPTIONS`` describes every
option declaratively (name, default, allowed values, one line of help) for a front end.

Options are checked twice: on their own when ``Rules`` is built (``decks`` 1-3 or None,
``max_hand`` 1-10), and against the player count when a game starts (``rules.check(players)``):
the decks must be at least ``ceil(players / 7)`` and hold ``players * max_hand + 1`` cards, so a
card is always left to turn for trump. The default deck count never grows by itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

__all__ = ["MAX_DECKS", "MAX_PLAYERS", "MIN_PLAYERS", "Option", "Rules", "RulesProblem", "min_decks"]

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 21
MAX_DECKS: Final = 3
MAX_HAND_LIMIT: Final = 10
DECK_SIZE: Final = 52


@dataclass(frozen=True, slots=True)
class RulesProblem:
    """Why options do not suit a player count (:meth:`Rules.problem`): the English ``message``
    that :meth:`Rules.check` raises, and the same as data for a front end that words it in
    another language: ``code`` ``players`` (details ``players``, ``min``, ``max``),
    ``too_few_decks`` (``decks``, ``players``, ``fewest``, ``most``) or ``too_few_cards``
    (``decks``, ``cards``, ``players``, ``max_hand``, ``needed``, ``largest``, and ``more``: the
    decks that would do, 0 if no allowed count would)."""

    code: str
    details: Mapping[str, int]
    message: str


def min_decks(players: int) -> int:
    """The fewest decks for ``players``: one for every seven players or part of seven."""
    return -(-players // 7)


@dataclass(frozen=True, slots=True)
class Option:
    """One option, described for a front end: its name, default, allowed values, help line.

    ``choices`` lists every allowed value (None included where None is allowed); whether a
    value also suits the player count is told by ``Rules.check``.
    """

    name: str
    default: int | None
    choices: tuple[int | None, ...]
    help: str


@dataclass(frozen=True, slots=True)
class Rules:
    """The options a game is played with; fixed when it starts and shown to the players.

    - ``decks``: how many 52-card decks are shuffled together, 1-3; None (the default) means
      ``ceil(players / 7)``.
    - ``max_hand``: the largest hand, 1-10 (default 7); the rounds deal 1, 2, ..., max_hand, ...,
      2, 1 cards, so a game has ``2 * max_hand - 1`` rounds.

    An invalid value raises ValueError naming the allowed ones.
    """

    decks: int | None = None
    max_hand: int = 7

    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option(
            "decks",
            None,
            (None, 1, 2, 3),
            "52-card decks shuffled together; default one per 7 players (at least that many)",
        ),
        Option(
            "max_hand",
            7,
            tuple(range(1, MAX_HAND_LIMIT + 1)),
            "the largest hand; rounds deal 1, 2, ... up to it and back down to 1",
        ),
    )

    def __post_init__(self) -> None:
        decks = self.decks
        if decks is not None and (type(decks) is not int or not 1 <= decks <= MAX_DECKS):
            raise ValueError(
                f"decks={decks!r} is not allowed; use None (one deck per 7 players) "
                f"or a whole number from 1 to {MAX_DECKS}"
            )
        hand = self.max_hand
        if type(hand) is not int or not 1 <= hand <= MAX_HAND_LIMIT:
            raise ValueError(
                f"max_hand={hand!r} is not allowed; use a whole number from 1 to {MAX_HAND_LIMIT}"
            )

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """The cards dealt in each round: 1, 2, ..., max_hand, ..., 2, 1."""
        up = tuple(range(1, self.max_hand + 1))
        return up + up[-2::-1]

    @property
    def rounds(self) -> int:
        """How many rounds a game lasts: ``2 * max_hand - 1`` (13 by default)."""
        return 2 * self.max_hand - 1

    def decks_for(self, players: int) -> int:
        """The decks a game of ``players`` uses (ValueError if these rules refuse it)."""
        self.check(players)
        return min_decks(players) if self.decks is None else self.decks

    def check(self, players: int) -> None:
        """Raise ValueError, naming what is allowed, unless a game of ``players`` may use these
        rules: 2-21 players, at least ``ceil(players / 7)`` decks, ``players * max_hand + 1``
        cards in the decks."""
        problem = self.problem(players)
        if problem is not None:
            raise ValueError(problem.message)

    def problem(self, players: int) -> RulesProblem | None:
        """Why a game of ``players`` may not use these rules (see :meth:`check`); None if it may."""
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            return RulesProblem(
                "players",
                {"players": players if type(players) is int else 0, "min": MIN_PLAYERS, "max": MAX_PLAYERS},
                f"Stupid is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players!r}",
            )
        fewest = min_decks(players)
        decks = fewest if self.decks is None else self.decks
        if decks < fewest:
            enough = f"decks={fewest}" if fewest == MAX_DECKS else f"{fewest}-{MAX_DECKS}"
            return RulesProblem(
                "too_few_decks",
                {"decks": decks, "players": players, "fewest": fewest, "most": MAX_DECKS},
                f"decks={decks} is too few for {players} players; use {enough} (one deck per 7 players)",
            )
        needed = players * self.max_hand + 1
        if decks * DECK_SIZE < needed:
            largest = (decks * DECK_SIZE - 1) // players
            more = -(-needed // DECK_SIZE)
            advice = f"max_hand at most {largest}"
            if more <= MAX_DECKS:
                advice += f", or decks={more}"
            details = {
                "decks": decks,
                "cards": decks * DECK_SIZE,
                "players": players,
                "max_hand": self.max_hand,
                "needed": needed,
                "largest": largest,
                "more": more if more <= MAX_DECKS else 0,
            }
            return RulesProblem(
                "too_few_cards",
                details,
                f"decks={decks} gives {decks * DECK_SIZE} cards, but {players} players with "
                f"max_hand={self.max_hand} need {needed} (a card is turned for trump); use {advice}",
            )
        return None

    def allows(self, players: int) -> bool:
        """Whether a game of ``players`` may use these rules."""
        try:
            self.check(players)
        except ValueError:
            return False
        return True

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of every option."""
        return {"decks": self.decks, "max_hand": self.max_hand}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Inverse of ``to_dict``; ValueError on a missing, unknown or invalid entry."""
        if not isinstance(data, Mapping):
            raise ValueError(f"rules must be a mapping, not {type(data).__name__}")
        names = {option.name for option in cls.OPTIONS}
        if set(data) != names:
            raise ValueError(f"rules must have exactly the keys {sorted(names)}, not {sorted(data)}")
        return cls(**dict(data))

    def decks_text(self, players: int | None = None) -> str:
        """The decks in words: ``2 decks``, ``one deck per 7 players``, or with ``players``
        given, ``2 decks (one per 7 players)``."""
        if self.decks is not None:
            return f"{self.decks} deck{'s' if self.decks > 1 else ''}"
        if players is None:
            return "one deck per 7 players"
        count = min_decks(players)
        return f"{count} deck{'s' if count > 1 else ''} (one per 7 players)"

    def describe(self, players: int | None = None) -> str:
        """The options in words for players (with the deck count for ``players`` if given)."""
        decks = self.decks_text(players)
        if self.max_hand == 1:
            return f"{decks}; 1 round of 1 card"
        return f"{decks}; {self.rounds} rounds of 1..{self.max_hand}..1 cards"
