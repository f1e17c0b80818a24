"""The game protocol: what every hosted game implements, and nothing but the games.

The host drives a game only through these three shapes:

- a :class:`GameSpec` describes a game and makes its matches (``new_match``) or rebuilds one from
  its seed and action log (``replay``: a game *is* its player count, options, seed and log);
- a :class:`Match` is one game being played. Actions are the game's own compact text ("p:red7"),
  applied with the acting seat; a refused action raises :class:`Refused` and changes nothing;
- a :class:`ComputerPlayer` answers a seat's view with an action text.

Views are the game's own objects (information sets): ``view(seat)`` holds what that seat may
see, ``view(None)`` what everyone may see. The host never looks inside a view or an event; it
passes them to the game's presentation and to computer players.

``stage`` is the stale-action check (boardgame.io's state id, kept coarser): a short text that
changes whenever a new decision begins (a new turn, trick or round), and stays the same while
several seats decide at once. A prompt records the stage it was made for; a click on a prompt of
another stage is stale, and the turn timer restarts when the stage changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from tabletop.catalog import Text
from tabletop.options import Option, OptionValue, Preset
from tabletop.presentation import Presentation

__all__ = ["ComputerPlayer", "CorruptLog", "GameSpec", "LogEntry", "Match", "Refused", "Results"]

LogEntry = tuple[int, str]
"""One accepted action: the seat that took it and the action's text."""


class Refused(Exception):
    """The game refused an action (its own rule error, whose sentence this carries as
    ``message``, is the ``__cause__``). The match is unchanged. ``message`` is a plain string
    or a :class:`~tabletop.catalog.Text` of the game's catalog, shown in the reader's language
    (:func:`~tabletop.catalog.render`); ``str()`` is the English sentence. ``turn_of``: when the
    reason is that it is other seats' turn, those seats (the game knows seats; the host, which
    knows the players' names, says whose turn it is instead of ``message``). ``outdated``: the
    refusal of a click on a prompt that no longer fits what the seat holds or may do (a button of
    another game, a card played since): the host adds how to see the latest one, since no game
    text names the bot's commands."""

    def __init__(self, message: str | Text, *, turn_of: tuple[int, ...] = (), outdated: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.turn_of = turn_of
        self.outdated = outdated

    def __str__(self) -> str:
        return str(self.message)


class CorruptLog(ValueError):
    """A stored game that cannot be replayed: bad options, seed or action log."""


@dataclass(frozen=True)
class Results:
    """How a match stands (final once it is over).

    ``totals`` and ``winners`` by seat; ``round_scores`` one tuple per finished round, by seat;
    ``stats`` per-game counters by seat that the host stores with the results (Stick'em's
    ``misery_swallowed``), each a tuple by seat (the spec's ``stat_labels`` name them for
    players; a name is at most 64 characters).
    """

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...] = ()
    stats: Mapping[str, tuple[int, ...]] = field(default_factory=dict)


@runtime_checkable
class Match(Protocol):
    """One game being played, driven only through validated actions."""

    @property
    def players(self) -> int:
        """How many seats play."""
        ...

    @property
    def seed(self) -> int:
        """The seed the game deals from."""
        ...

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """Every option's value (as :meth:`GameSpec.resolve_options` gave them)."""
        ...

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The seats that may act now: one, several at once, or none once the game is over."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    @property
    def round(self) -> int:
        """The current round, from 1 (the last one once the game is over)."""
        ...

    @property
    def rounds(self) -> int | None:
        """How many rounds the game lasts, if that is known in advance."""
        ...

    @property
    def stage(self) -> str:
        """Which decision the game waits for now (see the module docstring)."""
        ...

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every accepted action so far, in order."""
        ...

    def legal_actions(self, seat: int) -> tuple[str, ...]:
        """The actions ``seat`` may take now (empty when it is not awaited). Games whose
        composite actions cannot be listed (laying down several melds) list the simple ones."""
        ...

    def apply(self, seat: int, action: str) -> tuple[object, ...]:
        """Apply ``seat``'s ``action`` and return what happened (the game's events).

        :class:`Refused` for anything the rules do not allow, a malformed text included; the
        match is then unchanged."""
        ...

    def view(self, seat: int | None) -> object:
        """What ``seat`` may see (None: what everyone may see)."""
        ...

    def results(self) -> Results:
        """Totals, winners and stats so far."""
        ...

    def copy(self) -> Match:
        """An independent copy (the host tries an action on a copy before it is stored)."""
        ...


@runtime_checkable
class ComputerPlayer(Protocol):
    """A computer seat: decides from the seat's view only."""

    def decide(self, view: object) -> str:
        """The action to take now, for the seat whose view this is."""
        ...


@runtime_checkable
class GameSpec(Protocol):
    """A game the host can seat: its description, its options, and its matches."""

    @property
    def name(self) -> str:
        """The stable id stored with every game of it ("stickem")."""
        ...

    @property
    def title(self) -> str | Text:
        """The name players read ("Stick'em"): a plain string, or a :class:`~tabletop.catalog.Text`
        of the game's catalog, shown in the reader's language ("Sticheln"); ``str()`` is English."""
        ...

    @property
    def description(self) -> str | Text:
        """One line that says what the game is (a string or a catalog text, as :attr:`title`)."""
        ...

    @property
    def min_players(self) -> int:
        """The fewest seats any options allow."""
        ...

    @property
    def max_players(self) -> int:
        """The most seats any options allow."""
        ...

    @property
    def options(self) -> tuple[Option, ...]:
        """Every option a table may set."""
        ...

    @property
    def presets(self) -> tuple[Preset, ...]:
        """Named sets of option values, the default first (may be empty)."""
        ...

    @property
    def levels(self) -> tuple[str, ...]:
        """The computer player levels, weakest first."""
        ...

    @property
    def stand_in_level(self) -> str:
        """The level that plays for an absent person (a timeout, away, left)."""
        ...

    @property
    def whole_turns(self) -> bool:
        """Whether a seat's turn is several actions in a row (Stick Game: draw, melds, discard):
        then the stand-in for a timed-out person plays the turn to its end, one timeout."""
        ...

    @property
    def shows_new_hands(self) -> bool:
        """Whether every person gets their hand by DM when a round is dealt, not only those who
        decide first (Stupid: a hand to weigh while the others bid)."""
        ...

    @property
    def stat_labels(self) -> Mapping[str, str | Text]:
        """What players read for each per-game stat of :attr:`Results.stats`, by the stat's name
        (Stick'em: ``{"misery_swallowed": "Misery cards swallowed"}``). The host stores every
        stat of a finished game and ``/stats`` shows the totals of the labelled ones, in this
        order; empty for a game without stats. A label is a string or a catalog text, as
        :attr:`title`."""
        ...

    @property
    def presentation(self) -> Presentation:
        """How the game shows itself: every message of it (:mod:`tabletop.presentation`)."""
        ...

    def resolve_options(self, raw: Mapping[str, object]) -> dict[str, OptionValue]:
        """Every option's value for a table that asked for ``raw`` (:class:`OptionError`)."""
        ...

    def player_range(self, options: Mapping[str, OptionValue]) -> tuple[int, int]:
        """The fewest and most seats a game with these (resolved) options takes."""
        ...

    def new_match(self, players: int, options: Mapping[str, OptionValue], seed: int) -> Match:
        """A new game (:class:`OptionError` if these options do not allow ``players``)."""
        ...

    def replay(
        self, players: int, options: Mapping[str, OptionValue], seed: int, log: Sequence[LogEntry]
    ) -> Match:
        """The game these actions made (:class:`CorruptLog` if they cannot have)."""
        ...

    def computer_player(self, level: str, seed: int) -> ComputerPlayer:
        """A computer player of ``level`` (one of :attr:`levels`), reproducible from ``seed``."""
        ...
