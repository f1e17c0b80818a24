"""Replays: a finished game stepped through again, every hand face up, from its stored log.

A game that offers replays (:class:`Replayable`: its spec has ``replay_rules``) knows what a
step of it is (a trick, a turn, a round's deal) and what the table looked like when the step
ended; :func:`replay_steps` does the rest for every game the same way: it rebuilds the match from
its seed, options and log through the protocol (``new_match`` and ``apply``), action by action,
and asks the game's :class:`ReplayRules` after each one whether a step ended there.

A step is game-agnostic data: the log index where it ends (:attr:`ReplayStep.end`: the number of
actions it includes; several steps may share one, such as the last trick of a round and the next
deal), the round, a label the game words in its own catalog (:class:`StepLabel`: a key and
fields, worded by the one convention it states),
and a :class:`TableSnapshot`: every hand, what lies on the table (the trick, or the melds), the
running scores and the game's own per-seat counters, with the reader's words for its cards
(:attr:`TableSnapshot.words`: catalog texts, shown in each reader's language). The host shows
nothing of it itself; the game's presentation (or a picture) turns a step into a message. A
game that draws pictures also gives each step its :class:`StepViews`: the public view and every
seat's view of that moment, as its drawing module draws them for a live table
(:data:`tabletop.pictures.REPLAY_PICTURE`).

``ReplayRules.export`` gives the game as the engine's own JSON document (seed, options, log and
the final results), the file its engine's ``Game.from_json`` reads back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar, runtime_checkable

from tabletop.catalog import Text
from tabletop.options import OptionValue
from tabletop.protocol import CorruptLog, LogEntry, Match, Refused

__all__ = [
    "SEAT_FIELDS",
    "ReplayRules",
    "ReplayStep",
    "Replayable",
    "ReplayableSpec",
    "StepLabel",
    "StepViews",
    "TableSnapshot",
    "card_names",
    "card_words",
    "engine_of",
    "replay_steps",
    "step_keys",
    "views_of",
]


SEAT_FIELDS = ("dealer", "winner", "seat")
"""The label fields that name a seat (by number; -1: no seat): a step's words show its name."""


@dataclass(frozen=True)
class StepLabel:
    """What a step is, worded by its game: a ``key``, the kind of step ("trick", "turn",
    "deal", ...), its ``fields`` (``round=2, trick=5, winner=1``) and ``words``, the name of the
    game's entry that words it when that is not the key (a variant of its kind: a trick nobody
    takes, the turn that ends a round).

    The one convention every game follows: the game's own catalog (``<game>/catalog/``,
    :func:`tabletop.registry.catalog`) words the step by the entry :attr:`entry`
    (``replay.step.<words or key>``), given those of the label's fields the entry names, each of
    :data:`SEAT_FIELDS` as that seat's name, and ``turn``: the step's place among its round's
    steps of the same key (1 for the first; so ``turn`` is no name for a field of its own). A
    step its game does not word shows its round alone: a game's replay still pages."""

    key: str
    fields: Mapping[str, int | str] = field(default_factory=dict)
    words: str = ""

    @property
    def entry(self) -> str:
        """The game's catalog key that words this step."""
        return f"replay.step.{self.words or self.key}"


def step_keys(*words: str) -> tuple[str, ...]:
    """The catalog keys of these step words (``replay.step.<words>``), which the host reads from
    the game's catalog: for a game's list of keys built at run time."""
    return tuple(f"replay.step.{name}" for name in words)


@dataclass(frozen=True)
class TableSnapshot:
    """The whole table at the end of a step, every hand face up (the game is over).

    ``hands``: each seat's cards (the game's own card texts); ``table``: what lies on the table
    as (seat, text): the trick's cards in play order, or the melds with their owners; ``scores``:
    the running totals by seat; ``counters``: the game's per-seat numbers (bids, tricks taken,
    completed sticks, a round's scores); ``extras``: other cards everyone saw (a trump card, the
    misery picks, the discard pile's top); ``words``: what a reader reads for each of those texts
    (the game's catalog names of its cards and melds, by text: "brown 7" is "braun 7" to a
    German reader); a text without words is shown as it is."""

    hands: tuple[tuple[str, ...], ...]
    table: tuple[tuple[int, str], ...]
    scores: tuple[int, ...]
    counters: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    extras: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    words: Mapping[str, str | Text] = field(default_factory=dict)


@dataclass(frozen=True)
class StepViews:
    """The game's own views of a step's moment, for its drawing module: ``table`` the public
    view (``view(None)``), ``hands`` each seat's view, by seat (every hand face up: the game is
    over). Plain, hashable data: a picture of it is kept by its content."""

    table: object
    hands: tuple[object, ...]


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: the actions it includes (``end``), its round, label and table, and
    the views a picture of it is drawn from (None for a game that gives none)."""

    end: int
    round: int
    label: StepLabel
    snapshot: TableSnapshot
    views: StepViews | None = None


class ReplayRules(Protocol):
    """A game's knowledge of its replay steps (implemented in each game's package)."""

    def opening(self, match: Match) -> tuple[ReplayStep, ...]:
        """The steps before any action (the first deal), for a new match."""
        ...

    def after(
        self, before: Match, after: Match, end: int, seat: int, events: tuple[object, ...]
    ) -> tuple[ReplayStep, ...]:
        """The steps that end with action number ``end`` (1-based), taken by ``seat`` with these
        ``events`` (none, or a trick and the next deal, ...): ``before`` is a copy of the match
        before it, ``after`` the match with it applied."""
        ...

    def export(self, match: Match) -> str:
        """The game as its engine's JSON document (seed, options, log, results), which the
        engine's ``Game.from_json`` reads back."""
        ...


@runtime_checkable
class Replayable(Protocol):
    """A game spec that offers replays."""

    @property
    def replay_rules(self) -> ReplayRules:
        """The game's replay steps and export."""
        ...


class ReplayableSpec(Replayable, Protocol):
    """What :func:`replay_steps` needs of a game spec: new matches and replay rules."""

    def new_match(self, players: int, options: Mapping[str, OptionValue], seed: int) -> Match:
        """A new game (see :class:`tabletop.protocol.GameSpec`)."""
        ...


def replay_steps(
    spec: ReplayableSpec,
    players: int,
    options: Mapping[str, OptionValue],
    seed: int,
    log: Sequence[LogEntry],
) -> tuple[ReplayStep, ...]:
    """Every step of the game these actions made, in order (:class:`CorruptLog` if they cannot
    have: the message names the action's number, never a card)."""
    try:
        match = spec.new_match(players, options, seed)
    except ValueError as exc:
        raise CorruptLog(f"the stored game cannot be set up: {exc}") from exc
    rules = spec.replay_rules
    steps = list(rules.opening(match))
    for number, (seat, action) in enumerate(log, start=1):
        before = match.copy()
        try:
            events = match.apply(seat, action)
        except Refused as exc:
            raise CorruptLog(f"action {number} of the stored game is refused") from exc
        steps.extend(rules.after(before, match, number, seat, events))
    return tuple(steps)


EngineT = TypeVar("EngineT")


def engine_of(match: Match, kind: type[EngineT]) -> EngineT:
    """The game engine of ``kind`` behind a hosted match (its ``game``); :class:`TypeError` for
    a match of another game."""
    game = getattr(match, "game", None)
    if not isinstance(game, kind):
        raise TypeError(f"not a match of {kind.__module__}: {type(match).__name__}")
    return game


class _Viewed(Protocol):
    """An engine that shows views: ``players`` and ``view(seat)``."""

    @property
    def players(self) -> int:
        """The number of seats."""
        ...

    def view(self, seat: int | None) -> object:
        """What ``seat`` sees (None: the public view)."""
        ...


def views_of(game: _Viewed) -> StepViews:
    """The public view and every seat's view of ``game`` as it is now."""
    return StepViews(game.view(None), tuple(game.view(seat) for seat in range(game.players)))


def card_names(cards: Sequence[object]) -> tuple[str, ...]:
    """Cards as a snapshot holds them: each one's own text."""
    return tuple(str(card) for card in cards)


CardT = TypeVar("CardT")


def card_words(cards: Iterable[CardT], name: Callable[[CardT], str | Text]) -> dict[str, str | Text]:
    """A snapshot's ``words`` for these cards: each card's own text to its ``name`` (the game's
    presentation's, a catalog text)."""
    return {str(card): name(card) for card in cards}
