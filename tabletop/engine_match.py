"""What a game's :class:`~tabletop.protocol.Match` shares when it wraps a game engine object.

Every hosted game keeps its engine as it is (``stickem.Game``, ...) and describes it to the host
in its ``hosting`` module. :class:`EngineMatch` does the common part once: the engine's seats,
seed, awaited seats, round and end, the options, and :meth:`EngineMatch.apply`, which turns the
engine's refusal (and a text that is no action at all) into :class:`~tabletop.protocol.Refused`.
A game supplies what is its own: how a text becomes an engine move (:meth:`EngineMatch.play`),
its stage, log, legal actions, views, results and copies. :func:`replayed` rebuilds a stored
game the same way for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar, Generic, Protocol, TypeVar

from tabletop.catalog import Text
from tabletop.options import OptionValue
from tabletop.protocol import CorruptLog, LogEntry, Refused
from tabletop.texts import t

__all__ = ["Engine", "EngineMatch", "replayed"]


class Engine(Protocol):
    """What every engine's game object offers the wrapper (read-only)."""

    @property
    def players(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def awaiting(self) -> tuple[int, ...]: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def round(self) -> int: ...


GameT = TypeVar("GameT", bound=Engine)
MatchT = TypeVar("MatchT")

NOT_A_MOVE = t("refusal.not_a_move")
"""The refusal of a text that names no action of the game at all (a forged or stale one)."""
NOT_ALLOWED = t("refusal.not_allowed")
"""The refusal of an action the engine refused without a catalog text to show (its own English
sentence stays the refusal's cause, for the log)."""


class EngineMatch(Generic[GameT]):
    """The common part of a game's :class:`~tabletop.protocol.Match` around its engine."""

    rule_errors: ClassVar[tuple[type[Exception], ...]] = ()
    """The engine's refusals (its ``RuleError``): a refusal whose message is a catalog
    :class:`~tabletop.catalog.Text` is what the player reads, in their language; one with only
    a plain sentence reads as :data:`NOT_ALLOWED` (each game here overrides :meth:`apply` with
    its own catalog's words)."""

    def __init__(self, game: GameT, options: Mapping[str, OptionValue]) -> None:
        self.game = game
        """The engine's game (the game's presentation reads it through views)."""
        self._options = dict(options)

    @property
    def players(self) -> int:
        """How many seats play."""
        return self.game.players

    @property
    def seed(self) -> int:
        """The seed the game deals from."""
        return self.game.seed

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """Every option's value."""
        return dict(self._options)

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The seats that may act now."""
        return self.game.awaiting

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_over

    @property
    def round(self) -> int:
        """The current round, from 1."""
        return self.game.round

    def play(self, seat: int, action: str) -> Sequence[object]:
        """Decode ``action`` and apply it to the engine (ValueError if it names no action; the
        engine's own refusal otherwise). Each game's wrapper supplies it."""
        raise NotImplementedError

    def apply(self, seat: int, action: str) -> tuple[object, ...]:
        """Apply ``seat``'s action; :class:`~tabletop.protocol.Refused` (nothing changed) if the
        rules do not allow it or the text is no action of the game."""
        try:
            return tuple(self.play(seat, action))
        except self.rule_errors as exc:
            raise Refused(_refusal_text(exc), turn_of=tuple(getattr(exc, "turn_of", ()))) from exc
        except ValueError as exc:
            raise Refused(NOT_A_MOVE) from exc


def _refusal_text(error: Exception) -> Text:
    """What a player reads of the engine's refusal ``error``: its catalog text if it carries one
    (as ``message`` or its first argument), else :data:`NOT_ALLOWED`."""
    for said in (getattr(error, "message", None), *error.args[:1]):
        if isinstance(said, Text):
            return said
    return NOT_ALLOWED


def replayed(
    title: str,
    start: Callable[[], MatchT],
    play: Callable[[MatchT, int, str], object],
    log: Sequence[LogEntry],
    rule_errors: tuple[type[Exception], ...],
) -> MatchT:
    """The match that ``start()`` and every action of ``log`` (applied by ``play``) make;
    :class:`~tabletop.protocol.CorruptLog` if they cannot have. The message names the action's
    number and the error's kind, never the engine's words: they may name a hidden card, and a
    corrupt stored game is logged."""
    try:
        match = start()
    except ValueError as exc:
        raise CorruptLog(f"the stored {title} game cannot be set up: {exc}") from exc
    refusals: tuple[type[Exception], ...] = (ValueError, *rule_errors)
    for number, (seat, text) in enumerate(log):
        try:
            play(match, seat, text)
        except refusals as exc:
            raise CorruptLog(f"action {number} is refused by the engine ({type(exc).__name__})") from exc
    return match
