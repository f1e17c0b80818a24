"""Rule options (sticks.md section 6) with a declarative description for hosts.

``Rules()`` is the standard game: ``scoring="sticks"``, seven sticks to win, 15 cards a hand.
``Rules.OPTIONS`` describes every option (name, default, allowed values, one-line help) so a
host can list, validate and document them without knowing this game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any, ClassVar, Final

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "SCORING", "Option", "Rules", "RulesError"]

SCORING: Final[tuple[str, ...]] = ("sticks", "points")
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 8


class RulesError(ValueError):
    """Rule options that are not allowed: an English sentence (``str()``, for the library's
    users) and the same without words, for a host to say in the reader's language: ``code``
    (``not_one_of``: ``option``, ``value``, ``allowed``; ``out_of_range``: ``option``,
    ``value``, ``low``, ``high``; ``unknown_option``: ``option``, ``options``) and its
    ``fields``."""

    def __init__(self, message: str, *, code: str, **fields: object) -> None:
        super().__init__(message)
        self.code = code
        self.fields: Mapping[str, object] = fields


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option: its ``name``, ``default``, ``allowed`` values and a one-line ``help``."""

    name: str
    default: Any
    allowed: tuple[Any, ...]
    help: str


@dataclass(frozen=True, slots=True)
class Rules:
    """The options a game is played with; fixed when the game starts.

    - ``scoring``: ``"sticks"`` (most completed sticks wins) or ``"points"`` (most points of
      completed sticks wins; the seed's variant).
    - ``sticks_to_win``: the game ends after a round in which someone has this many completed
      sticks (7; smaller values make short games for tests and quick play).
    - ``hand_size``: cards dealt to each player (15; 11-14 make quicker rounds). Decision: not
      below 11, since the biggest sticks take 12 cards and a hand holds its size plus the card
      drawn, so a smaller hand could never complete them and a round could go on forever.

    Invalid values raise :class:`RulesError` (a ValueError) naming the allowed ones.
    """

    scoring: str = "sticks"
    sticks_to_win: int = 7
    hand_size: int = 15

    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("scoring", "sticks", SCORING, "who wins: most completed sticks, or most points"),
        Option("sticks_to_win", 7, tuple(range(1, 8)), "completed sticks that end the game (1-7)"),
        Option("hand_size", 15, tuple(range(11, 16)), "cards dealt to each player (11-15)"),
    )

    def __post_init__(self) -> None:
        for option in self.OPTIONS:
            value = getattr(self, option.name)
            if type(value) is not type(option.default) or value not in option.allowed:
                given = repr(value)
                if isinstance(option.default, int):
                    low, high = option.allowed[0], option.allowed[-1]
                    raise RulesError(
                        f"{option.name}={given} is not allowed; use a whole number from {low} to {high}",
                        code="out_of_range",
                        option=option.name,
                        value=given,
                        low=low,
                        high=high,
                    )
                allowed = ", ".join(repr(v) for v in option.allowed)
                raise RulesError(
                    f"{option.name}={given} is not allowed; use {allowed}",
                    code="not_one_of",
                    option=option.name,
                    value=given,
                    allowed=allowed,
                )

    def replace(self, **overrides: Any) -> Rules:
        """A copy with some options changed (validated)."""
        names = {option.name for option in self.OPTIONS}
        for key in overrides:
            if key not in names:
                options = ", ".join(sorted(names))
                raise RulesError(
                    f"unknown rule option {key!r}; options are {options}",
                    code="unknown_option",
                    option=repr(key),
                    options=options,
                )
        return replace(self, **overrides)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of every option."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Inverse of ``to_dict``; ValueError on a missing, unknown or invalid entry."""
        if not isinstance(data, Mapping):
            raise ValueError(f"rules must be a mapping, not {type(data).__name__}")
        names = {option.name for option in cls.OPTIONS}
        if set(data) != names:
            raise ValueError(f"rules must have exactly the keys {sorted(names)}, not {sorted(data)}")
        return cls(**data)

    def summary(self) -> str:
        """The options in words for players."""
        scoring = "most completed sticks wins" if self.scoring == "sticks" else "most points wins"
        return f"{self.sticks_to_win} sticks end the game; {scoring}; {self.hand_size} cards a hand"
