"""Rule options and the three presets (RULES section 7).

``Rules.preset("amigo")`` builds a preset; keyword overrides change single options:
``Rules.preset("online", rounds=4)``. On an instance, ``rules.preset`` is the preset's name.

Decision: the player limits are options like the others (RULES section 7 lists them in the
option table), so ``Rules.preset("amigo", max_players=7)`` is a 7-player game with the Amigo
scoring options and the 7-player deck. The presets themselves keep their documents' limits.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Final, Protocol, overload

__all__ = ["ALL_ZERO_OPTIONS", "FIRST_LEAD_OPTIONS", "PRESETS", "Rules", "RulesError"]

PRESETS: Final[tuple[str, ...]] = ("classic", "amigo", "online")
ALL_ZERO_OPTIONS: Final[tuple[str, ...]] = ("first", "nobody")
FIRST_LEAD_OPTIONS: Final[tuple[str, ...]] = ("lowest_score", "rotate")
OPTION_NAMES: Final[tuple[str, ...]] = (
    "rounds",
    "all_zero",
    "first_lead",
    "min_players",
    "max_players",
)
MAX_ROUNDS: Final = 20

_PRESET_OPTIONS: Final[dict[str, dict[str, Any]]] = {
    "classic": {
        "rounds": 5,
        "all_zero": "first",
        "first_lead": "lowest_score",
        "min_players": 3,
        "max_players": 7,
    },
    "amigo": {
        "rounds": None,
        "all_zero": "nobody",
        "first_lead": "rotate",
        "min_players": 3,
        "max_players": 6,
    },
    "online": {
        "rounds": 5,
        "all_zero": "first",
        "first_lead": "rotate",
        "min_players": 3,
        "max_players": 6,
    },
}


def _allowed(values: tuple[str, ...]) -> str:
    return ", ".join(repr(v) for v in values)


class RulesError(ValueError):
    """Rule options that are not allowed: an English sentence (``str()``, for the library's
    users) and the same without words, for a host to say in the reader's language: ``code``
    and its ``fields`` (``unknown_preset``: ``preset``, ``presets``; ``unknown_option``:
    ``option``, ``options``; ``rounds``: ``value``, ``high``; ``not_one_of``: ``option``,
    ``value``, ``allowed``; ``out_of_range``: ``option``, ``value``, ``low``, ``high``;
    ``min_above_max``: ``low``, ``high``). Values a player typed are given as ``repr()`` s."""

    def __init__(self, message: str, *, code: str, **fields: object) -> None:
        super().__init__(message)
        self.code = code
        self.fields: Mapping[str, object] = fields


def _unknown_preset(name: object) -> RulesError:
    presets = _allowed(PRESETS)
    return RulesError(
        f"unknown preset {name!r}; presets are {presets}",
        code="unknown_preset",
        preset=repr(name),
        presets=presets,
    )


def _unknown_option(key: str) -> RulesError:
    options = _allowed(OPTION_NAMES)
    return RulesError(
        f"unknown rule option {key!r}; options are {options}",
        code="unknown_option",
        option=repr(key),
        options=options,
    )


def _not_one_of(name: str, value: object, allowed: tuple[str, ...]) -> RulesError:
    choices = _allowed(allowed)
    return RulesError(
        f"{name}={value!r} is not allowed; use one of {choices}",
        code="not_one_of",
        option=name,
        value=repr(value),
        allowed=choices,
    )


class _PresetFactory(Protocol):
    def __call__(self, name: str = "classic", **overrides: Any) -> Rules: ...


class _PresetAttribute:
    """``Rules.preset(...)`` builds a preset; ``rules.preset`` is the preset's name."""

    @overload
    def __get__(self, obj: None, owner: type[Rules]) -> _PresetFactory: ...
    @overload
    def __get__(self, obj: Rules, owner: type[Rules] | None = None) -> str: ...
    def __get__(self, obj: Rules | None, owner: type[Rules] | None = None) -> _PresetFactory | str:
        if obj is None:
            return _build_preset
        return obj._preset


def _build_preset(name: str = "classic", **overrides: Any) -> Rules:
    if not isinstance(name, str) or name not in _PRESET_OPTIONS:
        raise _unknown_preset(name)
    for key in overrides:
        if key not in OPTION_NAMES:
            raise _unknown_option(key)
    options = {**_PRESET_OPTIONS[name], **overrides}
    return Rules(_preset=name, **options)


@dataclass(frozen=True, slots=True)
class Rules:
    """The options a game is played with; fixed when the game starts.

    - ``rounds``: how many rounds, or None for one round per player.
    - ``all_zero``: who takes a trick of zeros only: ``"first"`` (the leader) or ``"nobody"``
      (the cards are set aside and the same leader leads again).
    - ``first_lead``: who leads a round's first trick: ``"lowest_score"`` (the dealer: lowest
      total, RULES section 5) or ``"rotate"`` (the next player clockwise each round).
    - ``min_players`` / ``max_players``: the seats a game with these rules accepts (3-7).

    Build them with ``Rules.preset(name, **overrides)``; ``rules.preset`` names the preset they
    started from. Every option is validated; a bad one raises ValueError naming the allowed values.
    """

    _preset: str = "classic"
    rounds: int | None = 5
    all_zero: str = "first"
    first_lead: str = "lowest_score"
    min_players: int = 3
    max_players: int = 7
    # Not a field: a descriptor (see _PresetAttribute).
    preset = _PresetAttribute()
    PRESETS: ClassVar[tuple[str, ...]] = PRESETS

    def __post_init__(self) -> None:
        if not isinstance(self._preset, str) or self._preset not in _PRESET_OPTIONS:
            raise _unknown_preset(self._preset)
        rounds = self.rounds
        if rounds is not None and (type(rounds) is not int or not 1 <= rounds <= MAX_ROUNDS):
            raise RulesError(
                f"rounds={rounds!r} is not allowed; use None (one round per player) "
                f"or a whole number from 1 to {MAX_ROUNDS}",
                code="rounds",
                value=repr(rounds),
                high=MAX_ROUNDS,
            )
        if self.all_zero not in ALL_ZERO_OPTIONS:
            raise _not_one_of("all_zero", self.all_zero, ALL_ZERO_OPTIONS)
        if self.first_lead not in FIRST_LEAD_OPTIONS:
            raise _not_one_of("first_lead", self.first_lead, FIRST_LEAD_OPTIONS)
        for name in ("min_players", "max_players"):
            value = getattr(self, name)
            if type(value) is not int or not 3 <= value <= 7:
                raise RulesError(
                    f"{name}={value!r} is not allowed; use a whole number from 3 to 7",
                    code="out_of_range",
                    option=name,
                    value=repr(value),
                    low=3,
                    high=7,
                )
        if self.min_players > self.max_players:
            raise RulesError(
                f"min_players={self.min_players} is more than max_players={self.max_players}",
                code="min_above_max",
                low=self.min_players,
                high=self.max_players,
            )

    def rounds_for(self, players: int) -> int:
        """How many rounds a game of ``players`` lasts under these rules."""
        return players if self.rounds is None else self.rounds

    def allows(self, players: int) -> bool:
        """Whether these rules accept a game of ``players``."""
        return self.min_players <= players <= self.max_players

    def replace(self, **overrides: Any) -> Rules:
        """A copy with some options changed (validated like ``Rules.preset``)."""
        for key in overrides:
            if key not in OPTION_NAMES:
                raise _unknown_option(key)
        return replace(self, **overrides)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict: the preset name and every option."""
        return {
            "preset": self._preset,
            "rounds": self.rounds,
            "all_zero": self.all_zero,
            "first_lead": self.first_lead,
            "min_players": self.min_players,
            "max_players": self.max_players,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Inverse of ``to_dict``; ValueError on a missing, unknown or invalid entry."""
        if not isinstance(data, Mapping):
            raise ValueError(f"rules must be a mapping, not {type(data).__name__}")
        expected = {"preset", *OPTION_NAMES}
        if set(data) != expected:
            raise ValueError(
                f"rules must have exactly the keys {sorted(expected)}, not {sorted(data)}"
            )
        options = {key: data[key] for key in OPTION_NAMES}
        return _build_preset(data["preset"], **options)

    def summary(self) -> str:
        """The options in words for players, without the preset's name."""
        rounds = "one round per player" if self.rounds is None else f"{self.rounds} rounds"
        zero = (
            "a trick of zeros goes to its leader"
            if self.all_zero == "first"
            else "a trick of zeros is set aside"
        )
        lead = (
            "the lowest total deals and leads each round"
            if self.first_lead == "lowest_score"
            else "the first lead rotates clockwise"
        )
        return f"{rounds}; {zero}; {lead}"

    def describe(self) -> str:
        """One line for players: the preset and what each option means."""
        return f"{self._preset}: {self.summary()}"

    def __repr__(self) -> str:
        return (
            f"Rules(preset={self._preset!r}, rounds={self.rounds!r}, "
            f"all_zero={self.all_zero!r}, first_lead={self.first_lead!r}, "
            f"min_players={self.min_players}, max_players={self.max_players})"
        )
